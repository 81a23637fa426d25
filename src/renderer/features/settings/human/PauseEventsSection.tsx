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
import { ConfirmDialog } from '../../../components/settings/ConfirmDialog';
import { FormDialog } from '../../../components/settings/FormDialog';
import { SwitchField, TextAreaField } from '../../../components/settings/fields';
import { checkWith, numberFrom, type FieldErrors } from '../../../components/settings/form';
import { RowActions } from '../../../components/settings/RowActions';
import { callSettings } from '../../../components/settings/settings-client';
import { SettingsSection } from '../../../components/settings/SettingsPage';
import { PAUSE_TEXT } from './texts';
import { SETTINGS_TEXT } from '../../../components/settings/texts';
import { useSettingsForm } from '../../../components/settings/use-settings-form';
import { useSettingsList, type Editing } from '../../../components/settings/use-settings-list';
import { useSettingsLoad } from '../../../components/settings/use-settings-load';

/** The pause events of the general page: created at the top (SPEC §4), edited in place, deleted logically. */
export function PauseEventsSection() {
  const load = useSettingsLoad('pauseEvents', { query: { alsoDeleted: false } });
  const list = useSettingsList(load, {
    key: (e) => e.id,
    created: 'prepend',
    remove: (e) => callSettings('deletePauseEvent', { query: { id: e.id } }),
    messages: MSG.pauseEvents
  });

  const columns: DataColumn<PauseEvent>[] = [
    { key: 'nombre', header: SETTINGS_TEXT.name, render: (e) => e.nombre },
    { key: 'descripcion', header: SETTINGS_TEXT.description, render: (e) => e.descripcion },
    { key: 'activo', header: SETTINGS_TEXT.active, render: (e) => (e.activo ? SETTINGS_TEXT.yes : SETTINGS_TEXT.no) },
    { key: 'tiempoMaximo', header: PAUSE_TEXT.maxMinutes, render: (e) => (e.tiempoMaximo === null ? PAUSE_TEXT.noLimit : PAUSE_TEXT.minutes(e.tiempoMaximo)) },
    { key: 'fecha', header: SETTINGS_TEXT.updatedAt, render: (e) => formatDateTime(e.fechaActualizacion) },
    {
      key: 'acciones',
      header: SETTINGS_TEXT.actions,
      render: (e) => <RowActions name={e.nombre} onEdit={() => list.edit(e)} onDelete={() => list.askDelete(e)} />
    }
  ];

  return (
    <SettingsSection
      title={PAUSE_TEXT.section}
      actions={
        <Button appearance="primary" icon={<Add20Regular />} onClick={list.create}>
          {PAUSE_TEXT.create}
        </Button>
      }
    >
      <DataState status={load.status} errorTitle={MSG.pauseEvents.loadFailed} errorDetail={load.error?.message} empty={list.items.length === 0} onRetry={load.reload}>
        <DataTable caption={PAUSE_TEXT.list} captionHidden columns={columns} rows={list.items} rowKey={(e) => String(e.id)} />
      </DataState>
      {list.editing ? <PauseEventDialog editing={list.editing} events={list.items} onClose={list.closeEditor} onSaved={list.saved} /> : null}
      {list.deleting ? (
        <ConfirmDialog
          title={SETTINGS_TEXT.confirmDelete(`el evento de pausa ${list.deleting.nombre}`)}
          text={PAUSE_TEXT.deleteText(list.deleting.nombre)}
          error={list.deleteError}
          onConfirm={list.confirmDelete}
          onCancel={list.cancelDelete}
        />
      ) : null}
    </SettingsSection>
  );
}

function PauseEventDialog({ editing, events, onClose, onSaved }: { editing: Editing<PauseEvent>; events: readonly PauseEvent[]; onClose(): void; onSaved(event: PauseEvent): void }) {
  const notify = useNotify();
  const form = useSettingsForm(() =>
    editing.mode === 'edit'
      ? { nombre: editing.item.nombre, descripcion: editing.item.descripcion, activo: editing.item.activo, tiempoMaximo: editing.item.tiempoMaximo === null ? '' : String(editing.item.tiempoMaximo) }
      : { nombre: '', descripcion: '', activo: true, tiempoMaximo: '' }
  );
  const selfId = editing.mode === 'edit' ? editing.item.id : undefined;
  // A blank limit is no limit; anything else must be whole minutes within range.
  const fields = () => ({ ...form.values, tiempoMaximo: numberFrom(form.values.tiempoMaximo) ?? null });
  const check = () => (selfId === undefined ? checkWith(CreatePauseEvent, fields()) : checkWith(UpdatePauseEvent, { id: selfId, ...fields() }));
  /** The name of another live event of the organisation, compared as the platform compares them (unique-name.ts). */
  const taken = (): FieldErrors => (nameTaken(events, form.values.nombre, (e) => e.nombre, (e) => e.id, selfId) ? { nombre: DUPLICATE_TEXT.pauseEvent } : {});

  /** A refused save keeps the dialog and what was typed; the toast is SPEC §8's, the reason shows in the form (a taken name, under it). */
  async function submit(): Promise<boolean> {
    const data = form.accept(check(), taken());
    if (!data) return false;
    const result = selfId === undefined ? await callSettings('createPauseEvent', { body: data }) : await callSettings('updatePauseEvent', { body: { ...data, id: selfId } });
    if (!result.ok) {
      notify.error(selfId === undefined ? MSG.pauseEvents.createFailed : MSG.pauseEvents.updateFailed);
      form.refused(result.error, { name: 'nombre' });
      return false;
    }
    onSaved(result.data);
    notify.success(selfId === undefined ? MSG.pauseEvents.created : MSG.pauseEvents.updated);
    return true;
  }

  return (
    <FormDialog
      title={editing.mode === 'create' ? PAUSE_TEXT.create : PAUSE_TEXT.editTitle(editing.item.nombre)}
      formError={form.formError}
      dirty={form.dirty}
      onSubmit={submit}
      onClose={onClose}
      onBlurField={(field) => form.blurred(field, check(), taken())}
    >
      <TextField label={SETTINGS_TEXT.name} name="nombre" value={form.values.nombre} onChange={(v) => form.set('nombre', v)} error={form.error('nombre')} />
      <TextAreaField label={SETTINGS_TEXT.description} name="descripcion" value={form.values.descripcion} onChange={(v) => form.set('descripcion', v)} error={form.error('descripcion')} />
      <TextField
        label={PAUSE_TEXT.maxMinutesField}
        name="tiempoMaximo"
        required={false}
        value={form.values.tiempoMaximo}
        onChange={(v) => form.set('tiempoMaximo', v)}
        error={form.error('tiempoMaximo')}
        hint={PAUSE_TEXT.maxMinutesHint}
      />
      <SwitchField label={SETTINGS_TEXT.active} checked={form.values.activo} onChange={(v) => form.set('activo', v)} />
    </FormDialog>
  );
}
