import { useEffect, useRef, useState } from 'react';
import { Button, makeStyles, tokens } from '@fluentui/react-components';
import { Add20Regular } from '@fluentui/react-icons';
import { UI } from '../../../../shared/constants';
import { CreateContact, DEFAULT_IDENTIFICATION_TYPE, UpdateContact, flattenContact, type DirectoryContact } from '../../../../shared/domain/directory';
import type { LocationList } from '../../../../shared/domain/location';
import { MSG } from '../../../../shared/messages';
import { settingsTitle } from '../../../../shared/settings-screens';
import { useNotify } from '../../../app/toasts';
import { DataState } from '../../../components/DataState';
import { DataTable, type DataColumn } from '../../../components/DataTable';
import { TextField } from '../../../components/TextField';
import { ConfirmDialog } from '../../../components/settings/ConfirmDialog';
import { FormDialog } from '../../../components/settings/FormDialog';
import { SelectField, SwitchField, TextAreaField } from '../../../components/settings/fields';
import { checkWith, linesFrom, type FieldErrors } from '../../../components/settings/form';
import { RowActions } from '../../../components/settings/RowActions';
import { callSettings } from '../../../components/settings/settings-client';
import { SettingsPage } from '../../../components/settings/SettingsPage';
import { SETTINGS_TEXT } from '../../../components/settings/texts';
import { DIRECTORY_TEXT } from './texts';
import { useSettingsForm } from '../../../components/settings/use-settings-form';
import { useSettingsList, type Editing } from '../../../components/settings/use-settings-list';
import { useSettingsLoad, type SettingsLoad } from '../../../components/settings/use-settings-load';

const useStyles = makeStyles({
  toolbar: { display: 'flex', gap: tokens.spacingHorizontalL, alignItems: 'end', flexWrap: 'wrap', maxWidth: '360px' },
  // Each field keeps its height when its neighbour shows a message under it.
  pair: { display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 220px), 1fr))', gap: tokens.spacingHorizontalM, alignItems: 'start' }
});

/**
 * SPEC §2 configuracion/asesor-humano/directorio-contactos: the contacts of one virtual agent with
 * their city and department (the form edits them as SPEC §3 flattens them: idCity, idDepartment). Create appends, an edit
 * replaces by idContact, a delete removes (SPEC §4); an empty directory says so for 3 s (SPEC §9).
 */
export function DirectoryPage() {
  const styles = useStyles();
  const notify = useNotify();
  const agents = useSettingsLoad('virtualAgents');
  const [chosen, setChosen] = useState('');
  const idVa = chosen === '' ? (agents.data?.[0]?.idVa ?? null) : Number(chosen);
  const load = useSettingsLoad('directoryContacts', { query: { idVa: idVa ?? 0 } }, { enabled: idVa !== null });
  const list = useSettingsList(load, {
    key: (c) => c.idContact,
    created: 'append',
    remove: (c) => callSettings('deleteDirectoryContact', { params: { idContact: c.idContact } }),
    messages: MSG.contacts
  });
  const locations = useSettingsLoad('locationList', { query: { requireCities: true } });
  const deleting = list.deleting;

  // SPEC §8/§9: the info notice of an empty directory, once per load, for 3 s.
  const noticed = useRef<unknown>(null);
  useEffect(() => {
    if (load.status !== 'resolved' || load.data === null || load.data.length > 0 || noticed.current === load.data) return;
    noticed.current = load.data;
    notify.info(MSG.contacts.empty, UI.emptyContactsNoticeMs);
  }, [load.status, load.data, notify]);

  const columns: DataColumn<DirectoryContact>[] = [
    { key: 'nombre', header: DIRECTORY_TEXT.name, render: (c) => c.nombre },
    { key: 'email', header: DIRECTORY_TEXT.email, render: (c) => c.email },
    { key: 'telefono', header: DIRECTORY_TEXT.phone, render: (c) => c.telefono },
    { key: 'identificacion', header: DIRECTORY_TEXT.id, render: (c) => `${c.tipoIdentificacion} ${c.identificacion}` },
    { key: 'ciudad', header: DIRECTORY_TEXT.city, render: (c) => `${c.city.name}, ${c.department.name}` },
    { key: 'activo', header: SETTINGS_TEXT.active, render: (c) => (c.activo ? SETTINGS_TEXT.yes : SETTINGS_TEXT.no) },
    {
      key: 'acciones',
      header: SETTINGS_TEXT.actions,
      render: (c) => <RowActions name={c.nombre} onEdit={() => list.edit(c)} onDelete={() => list.askDelete(c)} />
    }
  ];

  return (
    <SettingsPage
      title={settingsTitle('directory')}
      description={DIRECTORY_TEXT.intro}
      actions={
        <Button appearance="primary" icon={<Add20Regular />} disabled={idVa === null} onClick={list.create}>
          {DIRECTORY_TEXT.create}
        </Button>
      }
    >
      <DataState status={agents.status} errorTitle={MSG.statistics.virtualAgentsLoadFailed} errorDetail={agents.error?.message} empty={(agents.data ?? []).length === 0} onRetry={agents.reload} level="h2">
        <div className={styles.toolbar}>
          <SelectField
            label={DIRECTORY_TEXT.virtualAgent}
            name="idVa"
            placeholder={null}
            value={idVa === null ? '' : String(idVa)}
            options={(agents.data ?? []).map((va) => ({ value: String(va.idVa), label: va.name }))}
            onChange={setChosen}
          />
        </div>
        <DataState status={load.status} errorTitle={MSG.contacts.loadFailed} errorDetail={load.error?.message} empty={list.items.length === 0} onRetry={load.reload} level="h2">
          <DataTable caption={DIRECTORY_TEXT.list} captionHidden columns={columns} rows={list.items} rowKey={(c) => String(c.idContact)} />
        </DataState>
      </DataState>
      {list.editing && idVa !== null ? <ContactDialog editing={list.editing} idVa={idVa} locations={locations} onClose={list.closeEditor} onSaved={list.saved} /> : null}
      {deleting ? (
        <ConfirmDialog
          title={SETTINGS_TEXT.confirmDelete(`el contacto ${deleting.nombre}`)}
          text={DIRECTORY_TEXT.deleteText(deleting.nombre)}
          error={list.deleteError}
          onConfirm={list.confirmDelete}
          onCancel={list.cancelDelete}
        />
      ) : null}
    </SettingsPage>
  );
}

interface ContactValues {
  nombre: string;
  email: string;
  telefono: string;
  tipoIdentificacion: string;
  identificacion: string;
  idDepartment: string;
  idCity: string;
  activo: boolean;
  mensajes: string;
}

function valuesOf(editing: Editing<DirectoryContact>): ContactValues {
  if (editing.mode === 'create') {
    return { nombre: '', email: '', telefono: '', tipoIdentificacion: DEFAULT_IDENTIFICATION_TYPE, identificacion: '', idDepartment: '', idCity: '', activo: true, mensajes: '' };
  }
  const c = flattenContact(editing.item);
  return {
    nombre: c.nombre,
    email: c.email,
    telefono: c.telefono,
    tipoIdentificacion: c.tipoIdentificacion,
    identificacion: c.identificacion,
    idDepartment: String(c.idDepartment),
    idCity: String(c.idCity),
    activo: c.activo,
    mensajes: c.listadoMensajes.join('\n')
  };
}

function ContactDialog({
  editing,
  idVa,
  locations,
  onClose,
  onSaved
}: {
  editing: Editing<DirectoryContact>;
  idVa: number;
  locations: SettingsLoad<LocationList>;
  onClose(): void;
  onSaved(contact: DirectoryContact): void;
}) {
  const styles = useStyles();
  const notify = useNotify();
  const form = useSettingsForm<ContactValues>(() => valuesOf(editing));
  const { values } = form;
  const selfId = editing.mode === 'edit' ? editing.item.idContact : undefined;
  /** A new department empties the city chosen in the old one. */
  const set = <K extends keyof ContactValues>(key: K, value: ContactValues[K]) => form.change({ [key]: value, ...(key === 'idDepartment' ? { idCity: '' } : {}) });
  const departments = locations.data?.departments ?? [];
  const cities = (locations.data?.cities ?? []).filter((c) => String(c.idDepartment) === values.idDepartment);

  function check() {
    const fields = {
      nombre: values.nombre,
      email: values.email,
      telefono: values.telefono,
      tipoIdentificacion: values.tipoIdentificacion,
      identificacion: values.identificacion,
      idVa,
      idCity: values.idCity === '' ? undefined : Number(values.idCity),
      activo: values.activo,
      listadoMensajes: linesFrom(values.mensajes)
    };
    return selfId === undefined ? checkWith(CreateContact, fields) : checkWith(UpdateContact, { idContact: selfId, ...fields });
  }
  /** The two choices the schemas do not word (the department is not sent; the city is sent as its id). */
  function choices(): FieldErrors {
    const local: FieldErrors = {};
    if (values.idDepartment === '') local.idDepartment = DIRECTORY_TEXT.departmentRequired;
    if (values.idCity === '') local.idCity = DIRECTORY_TEXT.cityRequired;
    return local;
  }

  async function submit(): Promise<boolean> {
    const data = form.accept(check(), choices());
    if (!data) return false;
    const result =
      selfId === undefined
        ? await callSettings('createDirectoryContact', { body: data })
        : await callSettings('updateDirectoryContact', { body: { ...data, idContact: selfId } });
    if (!result.ok) {
      notify.error(selfId === undefined ? MSG.contacts.createFailed : MSG.contacts.updateFailed);
      form.refused(result.error);
      return false;
    }
    onSaved(result.data);
    notify.success(selfId === undefined ? MSG.contacts.created : MSG.contacts.updated);
    return true;
  }

  const err = form.error;
  return (
    <FormDialog
      title={editing.mode === 'create' ? DIRECTORY_TEXT.createTitle : DIRECTORY_TEXT.editTitle(editing.item.nombre)}
      formError={form.formError}
      dirty={form.dirty}
      onSubmit={submit}
      onClose={onClose}
      onBlurField={(field) => form.blurred(field, check(), choices())}
    >
      <TextField label={DIRECTORY_TEXT.name} name="nombre" value={values.nombre} onChange={(v) => set('nombre', v)} error={err('nombre')} />
      <div className={styles.pair}>
        <TextField label={DIRECTORY_TEXT.email} name="email" type="email" value={values.email} onChange={(v) => set('email', v)} error={err('email')} />
        <TextField label={DIRECTORY_TEXT.phone} name="telefono" type="tel" value={values.telefono} onChange={(v) => set('telefono', v)} error={err('telefono')} />
      </div>
      <div className={styles.pair}>
        <TextField label={DIRECTORY_TEXT.idType} name="tipoIdentificacion" value={values.tipoIdentificacion} onChange={(v) => set('tipoIdentificacion', v)} error={err('tipoIdentificacion')} />
        <TextField label={DIRECTORY_TEXT.id} name="identificacion" value={values.identificacion} onChange={(v) => set('identificacion', v)} error={err('identificacion')} />
      </div>
      <div className={styles.pair}>
        <SelectField
          label={DIRECTORY_TEXT.department}
          name="idDepartment"
          value={values.idDepartment}
          options={departments.map((d) => ({ value: String(d.id), label: d.name }))}
          onChange={(v) => set('idDepartment', v)}
          error={err('idDepartment') ?? (locations.status === 'rejected' ? MSG.locations.loadFailed : undefined)}
          disabled={locations.status !== 'resolved'}
        />
        <SelectField
          label={DIRECTORY_TEXT.city}
          name="idCity"
          value={values.idCity}
          options={cities.map((c) => ({ value: String(c.id), label: c.name }))}
          onChange={(v) => set('idCity', v)}
          error={err('idCity')}
          disabled={values.idDepartment === ''}
        />
      </div>
      <TextAreaField label={DIRECTORY_TEXT.messages} name="listadoMensajes" hint={DIRECTORY_TEXT.messagesHint} value={values.mensajes} onChange={(v) => set('mensajes', v)} error={err('listadoMensajes')} />
      <SwitchField label={SETTINGS_TEXT.active} checked={values.activo} onChange={(v) => set('activo', v)} />
    </FormDialog>
  );
}
