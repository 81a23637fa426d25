import { useState } from 'react';
import { Button, Switch } from '@fluentui/react-components';
import { Add20Regular } from '@fluentui/react-icons';
import { DUPLICATE_TEXT, nameTaken } from '../../../../shared/domain/unique-name';
import { formatDateTime } from '../../../../shared/format';
import { MSG } from '../../../../shared/messages';
import { useNotify } from '../../../app/toasts';
import { DataState } from '../../../components/DataState';
import { DataTable, type DataColumn } from '../../../components/DataTable';
import { TextField } from '../../../components/TextField';
import { ConfirmDialog } from './ConfirmDialog';
import { FormDialog } from './FormDialog';
import { SwitchField, TextAreaField } from './fields';
import { afterBlur, changed, refusedField, type FieldErrors } from './form';
import { CODE_FIELD, REASON_APIS, type ReasonKind, type ReasonRow, type ReasonValues } from './reasons';
import { RowActions } from './RowActions';
import { SettingsPage } from './SettingsPage';
import { REASONS_TEXT, SETTINGS_TEXT } from './texts';
import { useLoad } from './use-settings-load';

type Editing = { mode: 'create' } | { mode: 'edit'; row: ReasonRow };

const EMPTY: ReasonValues = { codigo: '', nombre: '', descripcion: '', activo: true };

/**
 * The causales-negocio and causales-finalizacion pages: the organisation's reasons of one kind,
 * newest first. A created reason goes to the top; an edit changes activo, nombre, descripcion and
 * fechaActualizacion in place; a delete (logical) removes it only when the platform answers true.
 */
export function ReasonsEditor({ kind, title, intro }: { kind: ReasonKind; title: string; intro: string }) {
  const api = REASON_APIS[kind];
  const notify = useNotify();
  const reasons = useLoad(`reasons:${kind}`, api.list);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [deleting, setDeleting] = useState<ReasonRow | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const [toggling, setToggling] = useState<number | null>(null);

  /** Applies an update's answer: the fields an update changes (SPEC §4). */
  function replace(saved: ReasonRow) {
    reasons.update((list) =>
      list.map((r) => (r.idCausal === saved.idCausal ? { ...r, activo: saved.activo, nombre: saved.nombre, descripcion: saved.descripcion, fechaActualizacion: saved.fechaActualizacion } : r))
    );
  }

  async function toggle(row: ReasonRow) {
    setToggling(row.idCausal);
    const result = await api.update(row.idCausal, { ...row, activo: !row.activo });
    setToggling(null);
    if (!result.ok) return notify.error(MSG.causales.updateFailed);
    replace(result.data);
    notify.success(MSG.causales.updated);
  }

  async function remove(row: ReasonRow) {
    const result = await api.remove(row.idCausal);
    if (result.ok && result.data) {
      reasons.update((list) => list.filter((r) => r.idCausal !== row.idCausal));
      notify.success(MSG.causales.deleted);
      setDeleting(null);
      return;
    }
    notify.error(MSG.causales.deleteFailed);
    setDeleteError(result.ok ? null : result.error.message);
  }

  const columns: DataColumn<ReasonRow>[] = [
    { key: 'nombre', header: SETTINGS_TEXT.name, render: (r) => r.nombre },
    { key: 'codigo', header: SETTINGS_TEXT.code, render: (r) => r.codigo },
    { key: 'descripcion', header: SETTINGS_TEXT.description, render: (r) => r.descripcion },
    {
      key: 'activo',
      header: SETTINGS_TEXT.activeFemale,
      render: (r) => (
        <Switch
          checked={r.activo}
          disabled={toggling === r.idCausal}
          aria-label={SETTINGS_TEXT.toggleItem(r.nombre)}
          label={r.activo ? SETTINGS_TEXT.yes : SETTINGS_TEXT.no}
          onChange={() => void toggle(r)}
        />
      )
    },
    { key: 'fecha', header: SETTINGS_TEXT.updatedAt, render: (r) => formatDateTime(r.fechaActualizacion) },
    {
      key: 'acciones',
      header: SETTINGS_TEXT.actions,
      render: (r) => <RowActions name={r.nombre} onEdit={() => setEditing({ mode: 'edit', row: r })} onDelete={() => {
            setDeleteError(null);
            setDeleting(r);
          }}
        />
    }
  ];

  return (
    <SettingsPage
      title={title}
      description={intro}
      actions={
        <Button appearance="primary" icon={<Add20Regular />} onClick={() => setEditing({ mode: 'create' })}>
          {REASONS_TEXT.create}
        </Button>
      }
    >
      <DataState status={reasons.status} errorTitle={MSG.causales.loadFailed} errorDetail={reasons.error?.message} empty={(reasons.data ?? []).length === 0} onRetry={reasons.reload} level="h2">
        <DataTable caption={REASONS_TEXT.list} captionHidden columns={columns} rows={reasons.data ?? []} rowKey={(r) => String(r.idCausal)} />
      </DataState>
      {editing ? (
        <ReasonDialog
          kind={kind}
          rows={reasons.data ?? []}
          editing={editing}
          onClose={() => setEditing(null)}
          onSaved={(saved) => {
            if (editing.mode === 'create') reasons.update((list) => [saved, ...list.filter((r) => r.idCausal !== saved.idCausal)]);
            else replace(saved);
          }}
        />
      ) : null}
      {deleting ? (
        <ConfirmDialog
          title={SETTINGS_TEXT.confirmDelete(`la causal ${deleting.nombre}`)}
          text={REASONS_TEXT.deleteText(deleting.nombre)}
          error={deleteError}
          onConfirm={() => remove(deleting)}
          onCancel={() => setDeleting(null)}
        />
      ) : null}
    </SettingsPage>
  );
}

function ReasonDialog({ kind, rows, editing, onClose, onSaved }: { kind: ReasonKind; rows: readonly ReasonRow[]; editing: Editing; onClose(): void; onSaved(row: ReasonRow): void }) {
  const api = REASON_APIS[kind];
  const notify = useNotify();
  const codeKey = CODE_FIELD[kind];
  const [start] = useState<ReasonValues>(() =>
    editing.mode === 'edit' ? { codigo: editing.row.codigo, nombre: editing.row.nombre, descripcion: editing.row.descripcion, activo: editing.row.activo } : EMPTY
  );
  const [values, setValues] = useState<ReasonValues>(start);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string>();
  const set = <K extends keyof ReasonValues>(key: K, value: ReasonValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [key === 'codigo' ? codeKey : key]: '' }));
  };
  const check = () => (editing.mode === 'create' ? api.checkCreate(values) : api.checkUpdate(editing.row.idCausal, values));
  /**
   * What the loaded list already has, compared as the platform compares them: the name folded
   * (unique-name.ts), the code as typed (trimmed) on create.
   */
  const taken = (): FieldErrors => {
    const found: FieldErrors = {};
    if (nameTaken(rows, values.nombre, (r) => r.nombre, (r) => r.idCausal, editing.mode === 'edit' ? editing.row.idCausal : undefined)) found.nombre = DUPLICATE_TEXT.reason;
    const code = values.codigo.trim();
    if (editing.mode === 'create' && code !== '' && rows.some((r) => r.codigo === code)) found[codeKey] = DUPLICATE_TEXT.reasonCode;
    return found;
  };

  async function submit(): Promise<boolean> {
    const checked = check();
    const duplicates = taken();
    setFormError(undefined);
    if (!checked.ok || Object.keys(duplicates).length > 0) {
      setErrors({ ...(checked.ok ? {} : checked.errors), ...duplicates });
      return false;
    }
    const result = editing.mode === 'create' ? await api.create(values) : await api.update(editing.row.idCausal, values);
    const failed = editing.mode === 'create' ? MSG.causales.createFailed : MSG.causales.updateFailed;
    if (!result.ok) {
      notify.error(failed);
      const field = refusedField(result.error);
      if (field) setErrors((e) => ({ ...e, [field === 'name' ? 'nombre' : codeKey]: result.error.message }));
      else setFormError(result.error.message);
      return false;
    }
    onSaved(result.data);
    notify.success(editing.mode === 'create' ? MSG.causales.created : MSG.causales.updated);
    return true;
  }

  function blurred(field: string) {
    const key = field === 'codigo' ? codeKey : field;
    setErrors((e) => {
      const next = afterBlur(e, check(), key);
      const duplicate = taken()[key];
      return duplicate ? { ...next, [key]: duplicate } : next;
    });
  }

  return (
    <FormDialog
      title={editing.mode === 'create' ? REASONS_TEXT.createTitle : REASONS_TEXT.editTitle(editing.row.nombre)}
      formError={formError}
      dirty={changed(start, values)}
      onSubmit={submit}
      onClose={onClose}
      onBlurField={blurred}
    >
      {editing.mode === 'create' ? (
        <TextField label={SETTINGS_TEXT.code} name="codigo" value={values.codigo} onChange={(v) => set('codigo', v)} error={errors[codeKey] || undefined} />
      ) : null}
      <TextField label={SETTINGS_TEXT.name} name="nombre" value={values.nombre} onChange={(v) => set('nombre', v)} error={errors.nombre || undefined} />
      <TextAreaField label={SETTINGS_TEXT.description} name="descripcion" value={values.descripcion} onChange={(v) => set('descripcion', v)} error={errors.descripcion || undefined} />
      <SwitchField label={SETTINGS_TEXT.activeFemale} checked={values.activo} onChange={(v) => set('activo', v)} />
    </FormDialog>
  );
}
