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
import { ConfirmDialog } from '../../../components/settings/ConfirmDialog';
import { FormDialog } from '../../../components/settings/FormDialog';
import { SwitchField, TextAreaField } from '../../../components/settings/fields';
import type { FieldErrors } from '../../../components/settings/form';
import { RowActions } from '../../../components/settings/RowActions';
import { SettingsPage } from '../../../components/settings/SettingsPage';
import { SETTINGS_TEXT } from '../../../components/settings/texts';
import { useSettingsForm } from '../../../components/settings/use-settings-form';
import { useSettingsList, type Editing } from '../../../components/settings/use-settings-list';
import { useLoad } from '../../../components/use-load';
import { REASON_APIS, type ReasonKind, type ReasonRow, type ReasonValues } from './reasons';
import { REASONS_TEXT } from './texts';

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
  const list = useSettingsList(reasons, {
    key: (r) => r.idCausal,
    created: 'prepend',
    // The fields an update changes (SPEC §4).
    merge: (r, saved) => ({ ...r, activo: saved.activo, nombre: saved.nombre, descripcion: saved.descripcion, fechaActualizacion: saved.fechaActualizacion }),
    remove: (r) => api.remove(r.idCausal),
    messages: MSG.causales
  });
  const [toggling, setToggling] = useState<number | null>(null);

  async function toggle(row: ReasonRow) {
    setToggling(row.idCausal);
    const result = await api.update(row.idCausal, { ...row, activo: !row.activo });
    setToggling(null);
    if (!result.ok) return notify.error(MSG.causales.updateFailed);
    list.replace(result.data);
    notify.success(MSG.causales.updated);
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
      render: (r) => <RowActions name={r.nombre} onEdit={() => list.edit(r)} onDelete={() => list.askDelete(r)} />
    }
  ];

  return (
    <SettingsPage
      title={title}
      description={intro}
      actions={
        <Button appearance="primary" icon={<Add20Regular />} onClick={list.create}>
          {REASONS_TEXT.create}
        </Button>
      }
    >
      <DataState status={reasons.status} errorTitle={MSG.causales.loadFailed} errorDetail={reasons.error?.message} empty={list.items.length === 0} onRetry={reasons.reload} level="h2">
        <DataTable caption={REASONS_TEXT.list} captionHidden columns={columns} rows={list.items} rowKey={(r) => String(r.idCausal)} />
      </DataState>
      {list.editing ? <ReasonDialog kind={kind} rows={list.items} editing={list.editing} onClose={list.closeEditor} onSaved={list.saved} /> : null}
      {list.deleting ? (
        <ConfirmDialog
          title={SETTINGS_TEXT.confirmDelete(`la causal ${list.deleting.nombre}`)}
          text={REASONS_TEXT.deleteText(list.deleting.nombre)}
          error={list.deleteError}
          onConfirm={list.confirmDelete}
          onCancel={list.cancelDelete}
        />
      ) : null}
    </SettingsPage>
  );
}

function ReasonDialog({ kind, rows, editing, onClose, onSaved }: { kind: ReasonKind; rows: readonly ReasonRow[]; editing: Editing<ReasonRow>; onClose(): void; onSaved(row: ReasonRow): void }) {
  const api = REASON_APIS[kind];
  const notify = useNotify();
  const form = useSettingsForm<ReasonValues>(() =>
    editing.mode === 'edit' ? { codigo: editing.item.codigo, nombre: editing.item.nombre, descripcion: editing.item.descripcion, activo: editing.item.activo } : EMPTY
  );
  const { values } = form;
  const selfId = editing.mode === 'edit' ? editing.item.idCausal : undefined;
  const check = () => (selfId === undefined ? api.checkCreate(values) : api.checkUpdate(selfId, values));
  /**
   * What the loaded list already has, compared as the platform compares them: the name folded
   * (unique-name.ts), the code as typed (trimmed) on create.
   */
  const taken = (): FieldErrors => {
    const found: FieldErrors = {};
    if (nameTaken(rows, values.nombre, (r) => r.nombre, (r) => r.idCausal, selfId)) found.nombre = DUPLICATE_TEXT.reason;
    const code = values.codigo.trim();
    if (selfId === undefined && code !== '' && rows.some((r) => r.codigo === code)) found.codigo = DUPLICATE_TEXT.reasonCode;
    return found;
  };

  async function submit(): Promise<boolean> {
    if (form.accept(check(), taken()) === null) return false;
    const result = selfId === undefined ? await api.create(values) : await api.update(selfId, values);
    if (!result.ok) {
      notify.error(selfId === undefined ? MSG.causales.createFailed : MSG.causales.updateFailed);
      form.refused(result.error, { name: 'nombre', code: 'codigo' });
      return false;
    }
    onSaved(result.data);
    notify.success(selfId === undefined ? MSG.causales.created : MSG.causales.updated);
    return true;
  }

  return (
    <FormDialog
      title={editing.mode === 'create' ? REASONS_TEXT.createTitle : REASONS_TEXT.editTitle(editing.item.nombre)}
      formError={form.formError}
      dirty={form.dirty}
      onSubmit={submit}
      onClose={onClose}
      onBlurField={(field) => form.blurred(field, check(), taken())}
    >
      {editing.mode === 'create' ? <TextField label={SETTINGS_TEXT.code} name="codigo" value={values.codigo} onChange={(v) => form.set('codigo', v)} error={form.error('codigo')} /> : null}
      <TextField label={SETTINGS_TEXT.name} name="nombre" value={values.nombre} onChange={(v) => form.set('nombre', v)} error={form.error('nombre')} />
      <TextAreaField label={SETTINGS_TEXT.description} name="descripcion" value={values.descripcion} onChange={(v) => form.set('descripcion', v)} error={form.error('descripcion')} />
      <SwitchField label={SETTINGS_TEXT.activeFemale} checked={values.activo} onChange={(v) => form.set('activo', v)} />
    </FormDialog>
  );
}
