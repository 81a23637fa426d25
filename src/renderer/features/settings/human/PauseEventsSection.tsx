import { useState } from 'react';
import { Button } from '@fluentui/react-components';
import { Add20Regular } from '@fluentui/react-icons';
import { CreatePauseEvent, UpdatePauseEvent, type PauseEvent } from '../../../../shared/domain/parameters';
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
import { afterBlur, changed, checkWith, refusedField, type FieldErrors } from './form';
import { RowActions } from './RowActions';
import { callSettings, confirmed } from './settings-client';
import { SettingsSection } from './SettingsPage';
import { PAUSE_TEXT, SETTINGS_TEXT } from './texts';
import { useSettingsLoad } from './use-settings-load';

type Editing = { mode: 'create' } | { mode: 'edit'; event: PauseEvent };

/** The pause events of the general page: created at the top (SPEC §4), edited in place, deleted logically. */
export function PauseEventsSection() {
  const notify = useNotify();
  const load = useSettingsLoad('pauseEvents', { query: { alsoDeleted: false } });
  const events = load.data ?? [];
  const [editing, setEditing] = useState<Editing | null>(null);
  const [deleting, setDeleting] = useState<PauseEvent | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);

  async function remove(event: PauseEvent) {
    const result = await callSettings('deletePauseEvent', { query: { id: event.id } });
    if (result.ok && confirmed(result.data)) {
      load.update((list) => list.filter((e) => e.id !== event.id));
      notify.success(MSG.pauseEvents.deleted);
      setDeleting(null);
      return;
    }
    notify.error(MSG.pauseEvents.deleteFailed);
    setDeleteError(result.ok ? null : result.error.message);
  }

  const columns: DataColumn<PauseEvent>[] = [
    { key: 'nombre', header: SETTINGS_TEXT.name, render: (e) => e.nombre },
    { key: 'descripcion', header: SETTINGS_TEXT.description, render: (e) => e.descripcion },
    { key: 'activo', header: SETTINGS_TEXT.active, render: (e) => (e.activo ? SETTINGS_TEXT.yes : SETTINGS_TEXT.no) },
    { key: 'fecha', header: SETTINGS_TEXT.updatedAt, render: (e) => formatDateTime(e.fechaActualizacion) },
    {
      key: 'acciones',
      header: SETTINGS_TEXT.actions,
      render: (e) => (
        <RowActions
          name={e.nombre}
          onEdit={() => setEditing({ mode: 'edit', event: e })}
          onDelete={() => {
            setDeleteError(null);
            setDeleting(e);
          }}
        />
      )
    }
  ];

  return (
    <SettingsSection
      title={PAUSE_TEXT.section}
      actions={
        <Button appearance="primary" icon={<Add20Regular />} onClick={() => setEditing({ mode: 'create' })}>
          {PAUSE_TEXT.create}
        </Button>
      }
    >
      <DataState status={load.status} errorTitle={MSG.pauseEvents.loadFailed} errorDetail={load.error?.message} empty={events.length === 0} onRetry={load.reload}>
        <DataTable caption={PAUSE_TEXT.list} captionHidden columns={columns} rows={events} rowKey={(e) => String(e.id)} />
      </DataState>
      {editing ? (
        <PauseEventDialog
          editing={editing}
          events={events}
          onClose={() => setEditing(null)}
          onSaved={(saved) =>
            load.update((list) => (editing.mode === 'create' ? [saved, ...list.filter((e) => e.id !== saved.id)] : list.map((e) => (e.id === saved.id ? saved : e))))
          }
        />
      ) : null}
      {deleting ? (
        <ConfirmDialog
          title={SETTINGS_TEXT.confirmDelete(`el evento de pausa ${deleting.nombre}`)}
          text={PAUSE_TEXT.deleteText(deleting.nombre)}
          error={deleteError}
          onConfirm={() => remove(deleting)}
          onCancel={() => setDeleting(null)}
        />
      ) : null}
    </SettingsSection>
  );
}

function PauseEventDialog({ editing, events, onClose, onSaved }: { editing: Editing; events: readonly PauseEvent[]; onClose(): void; onSaved(event: PauseEvent): void }) {
  const notify = useNotify();
  const [start] = useState(() =>
    editing.mode === 'edit' ? { nombre: editing.event.nombre, descripcion: editing.event.descripcion, activo: editing.event.activo } : { nombre: '', descripcion: '', activo: true }
  );
  const [values, setValues] = useState(start);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string>();
  const set = <K extends keyof typeof values>(key: K, value: (typeof values)[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [key]: '' }));
  };
  const selfId = editing.mode === 'edit' ? editing.event.id : undefined;
  const check = () => (editing.mode === 'create' ? checkWith(CreatePauseEvent, values) : checkWith(UpdatePauseEvent, { id: editing.event.id, ...values }));
  /** The name of another live event of the organisation, compared as the platform compares them (unique-name.ts). */
  const duplicate = () => (nameTaken(events, values.nombre, (e) => e.nombre, (e) => e.id, selfId) ? DUPLICATE_TEXT.pauseEvent : undefined);

  /** A refused save keeps the dialog and what was typed; the toast is SPEC §8's, the reason shows in the form (a taken name, under it). */
  function failed(toast: string, error: { status: number; message: string }): boolean {
    notify.error(toast);
    if (refusedField(error) === 'name') setErrors((e) => ({ ...e, nombre: error.message }));
    else setFormError(error.message);
    return false;
  }

  async function submit(): Promise<boolean> {
    setFormError(undefined);
    const checked = check();
    const taken = duplicate();
    if (!checked.ok || taken) {
      setErrors({ ...(checked.ok ? {} : checked.errors), ...(taken ? { nombre: taken } : {}) });
      return false;
    }
    const result =
      editing.mode === 'create'
        ? await callSettings('createPauseEvent', { body: checked.data })
        : await callSettings('updatePauseEvent', { body: { id: editing.event.id, ...checked.data } });
    if (!result.ok) return failed(editing.mode === 'create' ? MSG.pauseEvents.createFailed : MSG.pauseEvents.updateFailed, result.error);
    onSaved(result.data);
    notify.success(editing.mode === 'create' ? MSG.pauseEvents.created : MSG.pauseEvents.updated);
    return true;
  }

  function blurred(field: string) {
    setErrors((e) => {
      const next = afterBlur(e, check(), field);
      const taken = field === 'nombre' ? duplicate() : undefined;
      return taken ? { ...next, nombre: taken } : next;
    });
  }

  return (
    <FormDialog
      title={editing.mode === 'create' ? PAUSE_TEXT.create : PAUSE_TEXT.editTitle(editing.event.nombre)}
      formError={formError}
      dirty={changed(start, values)}
      onSubmit={submit}
      onClose={onClose}
      onBlurField={blurred}
    >
      <TextField label={SETTINGS_TEXT.name} name="nombre" value={values.nombre} onChange={(v) => set('nombre', v)} error={errors.nombre || undefined} />
      <TextAreaField label={SETTINGS_TEXT.description} name="descripcion" value={values.descripcion} onChange={(v) => set('descripcion', v)} error={errors.descripcion || undefined} />
      <SwitchField label={SETTINGS_TEXT.active} checked={values.activo} onChange={(v) => set('activo', v)} />
    </FormDialog>
  );
}
