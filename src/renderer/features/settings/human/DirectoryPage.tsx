import { useEffect, useMemo, useRef, useState } from 'react';
import { Button, makeStyles, tokens } from '@fluentui/react-components';
import { Add20Regular } from '@fluentui/react-icons';
import { UI } from '../../../../shared/constants';
import { CreateContact, DEFAULT_IDENTIFICATION_TYPE, UpdateContact, flattenContact, type DirectoryContact, type FlatDirectoryContact } from '../../../../shared/domain/directory';
import type { LocationList } from '../../../../shared/domain/location';
import { MSG } from '../../../../shared/messages';
import { useNotify } from '../../../app/toasts';
import { DataState } from '../../../components/DataState';
import { DataTable, type DataColumn } from '../../../components/DataTable';
import { TextField } from '../../../components/TextField';
import { ConfirmDialog } from './ConfirmDialog';
import { FormDialog } from './FormDialog';
import { SelectField, SwitchField, TextAreaField } from './fields';
import { afterBlur, changed, checkWith, linesFrom, type FieldErrors } from './form';
import { HUMAN_SETTINGS_PAGES } from './routes';
import { RowActions } from './RowActions';
import { callSettings, confirmed } from './settings-client';
import { SettingsPage } from './SettingsPage';
import { DIRECTORY_TEXT, SETTINGS_TEXT } from './texts';
import { useSettingsLoad, type SettingsLoad } from './use-settings-load';

const useStyles = makeStyles({
  toolbar: { display: 'flex', gap: tokens.spacingHorizontalL, alignItems: 'end', flexWrap: 'wrap', maxWidth: '360px' },
  // Each field keeps its height when its neighbour shows a message under it.
  pair: { display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 220px), 1fr))', gap: tokens.spacingHorizontalM, alignItems: 'start' }
});

type Editing = { mode: 'create' } | { mode: 'edit'; contact: FlatDirectoryContact };

/**
 * SPEC §2 configuracion/asesor-humano/directorio-contactos: the contacts of one virtual agent, as
 * SPEC §3 flattens them (idCity, idDepartment, city and department names). Create appends, an edit
 * replaces by idContact, a delete removes (SPEC §4); an empty directory says so for 3 s (SPEC §9).
 */
export function DirectoryPage() {
  const styles = useStyles();
  const notify = useNotify();
  const agents = useSettingsLoad('virtualAgents');
  const [chosen, setChosen] = useState('');
  const idVa = chosen === '' ? (agents.data?.[0]?.idVa ?? null) : Number(chosen);
  const load = useSettingsLoad('directoryContacts', { query: { idVa: idVa ?? 0 } }, { enabled: idVa !== null });
  const contacts = useMemo(() => (load.data ?? []).map(flattenContact), [load.data]);
  const locations = useSettingsLoad('locationList', { query: { requireCities: true } });
  const [editing, setEditing] = useState<Editing | null>(null);
  const [deleting, setDeleting] = useState<FlatDirectoryContact | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);

  // SPEC §8/§9: the info notice of an empty directory, once per load, for 3 s.
  const noticed = useRef<unknown>(null);
  useEffect(() => {
    if (load.status !== 'resolved' || load.data === null || load.data.length > 0 || noticed.current === load.data) return;
    noticed.current = load.data;
    notify.info(MSG.contacts.empty, UI.emptyContactsNoticeMs);
  }, [load.status, load.data, notify]);

  async function remove(contact: FlatDirectoryContact) {
    const result = await callSettings('deleteDirectoryContact', { params: { idContact: contact.idContact } });
    if (result.ok && confirmed(result.data)) {
      load.update((list) => list.filter((c) => c.idContact !== contact.idContact));
      notify.success(MSG.contacts.deleted);
      setDeleting(null);
      return;
    }
    notify.error(MSG.contacts.deleteFailed);
    setDeleteError(result.ok ? null : result.error.message);
  }

  const columns: DataColumn<FlatDirectoryContact>[] = [
    { key: 'nombre', header: DIRECTORY_TEXT.name, render: (c) => c.nombre },
    { key: 'email', header: DIRECTORY_TEXT.email, render: (c) => c.email },
    { key: 'telefono', header: DIRECTORY_TEXT.phone, render: (c) => c.telefono },
    { key: 'identificacion', header: DIRECTORY_TEXT.id, render: (c) => `${c.tipoIdentificacion} ${c.identificacion}` },
    { key: 'ciudad', header: DIRECTORY_TEXT.city, render: (c) => `${c.city}, ${c.department}` },
    { key: 'activo', header: SETTINGS_TEXT.active, render: (c) => (c.activo ? SETTINGS_TEXT.yes : SETTINGS_TEXT.no) },
    {
      key: 'acciones',
      header: SETTINGS_TEXT.actions,
      render: (c) => (
        <RowActions
          name={c.nombre}
          onEdit={() => setEditing({ mode: 'edit', contact: c })}
          onDelete={() => {
            setDeleteError(null);
            setDeleting(c);
          }}
        />
      )
    }
  ];

  return (
    <SettingsPage
      title={HUMAN_SETTINGS_PAGES.directory.title}
      description={DIRECTORY_TEXT.intro}
      actions={
        <Button appearance="primary" icon={<Add20Regular />} disabled={idVa === null} onClick={() => setEditing({ mode: 'create' })}>
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
        <DataState status={load.status} errorTitle={MSG.contacts.loadFailed} errorDetail={load.error?.message} empty={contacts.length === 0} onRetry={load.reload} level="h2">
          <DataTable caption={DIRECTORY_TEXT.list} captionHidden columns={columns} rows={contacts} rowKey={(c) => String(c.idContact)} />
        </DataState>
      </DataState>
      {editing && idVa !== null ? (
        <ContactDialog
          editing={editing}
          idVa={idVa}
          locations={locations}
          onClose={() => setEditing(null)}
          onSaved={(saved) =>
            load.update((list) => (editing.mode === 'create' ? [...list, saved] : list.map((c) => (c.idContact === saved.idContact ? saved : c))))
          }
        />
      ) : null}
      {deleting ? (
        <ConfirmDialog
          title={SETTINGS_TEXT.confirmDelete(`el contacto ${deleting.nombre}`)}
          text={DIRECTORY_TEXT.deleteText(deleting.nombre)}
          error={deleteError}
          onConfirm={() => remove(deleting)}
          onCancel={() => setDeleting(null)}
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

function valuesOf(editing: Editing): ContactValues {
  if (editing.mode === 'create') {
    return { nombre: '', email: '', telefono: '', tipoIdentificacion: DEFAULT_IDENTIFICATION_TYPE, identificacion: '', idDepartment: '', idCity: '', activo: true, mensajes: '' };
  }
  const c = editing.contact;
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
  editing: Editing;
  idVa: number;
  locations: SettingsLoad<LocationList>;
  onClose(): void;
  onSaved(contact: DirectoryContact): void;
}) {
  const styles = useStyles();
  const notify = useNotify();
  const [start] = useState<ContactValues>(() => valuesOf(editing));
  const [values, setValues] = useState<ContactValues>(start);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string>();
  const set = <K extends keyof ContactValues>(key: K, value: ContactValues[K]) => {
    setValues((v) => ({ ...v, [key]: value, ...(key === 'idDepartment' ? { idCity: '' } : {}) }));
    setErrors((e) => ({ ...e, [key]: '', ...(key === 'idDepartment' ? { idCity: '' } : {}) }));
  };
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
    return editing.mode === 'create' ? checkWith(CreateContact, fields) : checkWith(UpdateContact, { idContact: editing.contact.idContact, ...fields });
  }
  /** The two choices the schemas do not word (the department is not sent; the city is sent as its id). */
  function choices(): FieldErrors {
    const local: FieldErrors = {};
    if (values.idDepartment === '') local.idDepartment = DIRECTORY_TEXT.departmentRequired;
    if (values.idCity === '') local.idCity = DIRECTORY_TEXT.cityRequired;
    return local;
  }

  async function submit(): Promise<boolean> {
    setFormError(undefined);
    const checked = check();
    const local = choices();
    if (!checked.ok || Object.keys(local).length > 0) {
      setErrors({ ...(checked.ok ? {} : checked.errors), ...local });
      return false;
    }
    const result =
      editing.mode === 'create'
        ? await callSettings('createDirectoryContact', { body: checked.data })
        : await callSettings('updateDirectoryContact', { body: { ...checked.data, idContact: editing.contact.idContact } });
    if (!result.ok) {
      notify.error(editing.mode === 'create' ? MSG.contacts.createFailed : MSG.contacts.updateFailed);
      setFormError(result.error.message);
      return false;
    }
    onSaved(result.data);
    notify.success(editing.mode === 'create' ? MSG.contacts.created : MSG.contacts.updated);
    return true;
  }

  const err = (key: string) => errors[key] || undefined;
  return (
    <FormDialog
      title={editing.mode === 'create' ? DIRECTORY_TEXT.createTitle : DIRECTORY_TEXT.editTitle(editing.contact.nombre)}
      formError={formError}
      dirty={changed(start, values)}
      onSubmit={submit}
      onClose={onClose}
      onBlurField={(field) =>
        setErrors((e) => {
          const local = choices()[field];
          return local ? { ...e, [field]: local } : afterBlur(e, check(), field);
        })
      }
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
