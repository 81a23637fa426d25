import type { z } from 'zod';
import { UI } from '../../../../shared/constants';
import { CreateContact, DEFAULT_IDENTIFICATION_TYPE, UpdateContact, flattenContact, type DirectoryContact } from '../../../../shared/domain/directory';
import type { LocationList } from '../../../../shared/domain/location';
import { MSG } from '../../../../shared/messages';
import { SelectField } from '../../../components/settings/fields';
import { checkWith, linesFrom, type FieldErrors } from '../../../components/settings/form';
import { ListScreen, listScreen } from '../../../components/settings/ListScreen';
import { callSettings } from '../../../components/settings/settings-client';
import { SETTINGS_TEXT } from '../../../components/settings/texts';
import type { Editing } from '../../../components/settings/use-settings-list';
import { DIRECTORY_TEXT } from './texts';

interface ContactValues {
  nombre: string;
  email: string;
  telefono: string;
  tipoIdentificacion: string;
  identificacion: string;
  idDepartment: string;
  idCity: string;
  activo: boolean;
  /** One message per line. */
  listadoMensajes: string;
}

function valuesOf(editing: Editing<DirectoryContact>): ContactValues {
  if (editing.mode === 'create') {
    return { nombre: '', email: '', telefono: '', tipoIdentificacion: DEFAULT_IDENTIFICATION_TYPE, identificacion: '', idDepartment: '', idCity: '', activo: true, listadoMensajes: '' };
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
    listadoMensajes: c.listadoMensajes.join('\n')
  };
}

/**
 * SPEC §2 configuracion/asesor-humano/directorio-contactos: the contacts of one virtual agent with
 * their city and department (the form edits them as SPEC §3 flattens them: idCity, idDepartment).
 * Create appends, an edit replaces by idContact, a delete removes (SPEC §4); an empty directory
 * says so for 3 s (SPEC §9).
 */
export const directoryScreen = listScreen<DirectoryContact, ContactValues, z.output<typeof CreateContact> | z.output<typeof UpdateContact>, LocationList>({
  screen: 'directory',
  description: DIRECTORY_TEXT.intro,
  scope: { virtualAgent: true },
  calls: { list: 'directoryContacts', create: 'createDirectoryContact', update: 'updateDirectoryContact', remove: 'deleteDirectoryContact' },
  load: ({ scope }) => callSettings('directoryContacts', { query: { idVa: scope.idVa ?? 0 } }),
  lookup: () => callSettings('locationList', { query: { requireCities: true } }),
  emptyNotice: { text: MSG.contacts.empty, ms: UI.emptyContactsNoticeMs },
  key: (c) => c.idContact,
  name: (c) => c.nombre,
  created: 'append',
  columns: [
    { key: 'nombre', header: DIRECTORY_TEXT.name, render: (c) => c.nombre },
    { key: 'email', header: DIRECTORY_TEXT.email, render: (c) => c.email },
    { key: 'telefono', header: DIRECTORY_TEXT.phone, render: (c) => c.telefono },
    { key: 'identificacion', header: DIRECTORY_TEXT.id, render: (c) => `${c.tipoIdentificacion} ${c.identificacion}` },
    { key: 'ciudad', header: DIRECTORY_TEXT.city, render: (c) => `${c.city.name}, ${c.department.name}` },
    { key: 'activo', header: SETTINGS_TEXT.active, render: (c) => (c.activo ? SETTINGS_TEXT.yes : SETTINGS_TEXT.no) }
  ],
  form: {
    initial: valuesOf,
    check: (values, editing, { scope }) => {
      const fields = {
        nombre: values.nombre,
        email: values.email,
        telefono: values.telefono,
        tipoIdentificacion: values.tipoIdentificacion,
        identificacion: values.identificacion,
        idVa: scope.idVa ?? undefined,
        idCity: values.idCity === '' ? undefined : Number(values.idCity),
        activo: values.activo,
        listadoMensajes: linesFrom(values.listadoMensajes)
      };
      return editing.mode === 'create' ? checkWith(CreateContact, fields) : checkWith(UpdateContact, { idContact: editing.item.idContact, ...fields });
    },
    /** The two choices the schemas do not word (the department is not sent; the city is sent as its id). */
    extra: (values) => {
      const local: FieldErrors = {};
      if (values.idDepartment === '') local.idDepartment = DIRECTORY_TEXT.departmentRequired;
      if (values.idCity === '') local.idCity = DIRECTORY_TEXT.cityRequired;
      return local;
    },
    fields: [
      { kind: 'text', name: 'nombre', label: DIRECTORY_TEXT.name },
      [
        { kind: 'text', name: 'email', label: DIRECTORY_TEXT.email, type: 'email' },
        { kind: 'text', name: 'telefono', label: DIRECTORY_TEXT.phone, type: 'tel' }
      ],
      [
        { kind: 'text', name: 'tipoIdentificacion', label: DIRECTORY_TEXT.idType },
        { kind: 'text', name: 'identificacion', label: DIRECTORY_TEXT.id }
      ],
      [
        {
          kind: 'custom',
          name: 'idDepartment',
          label: DIRECTORY_TEXT.department,
          // A new department empties the city chosen in the old one.
          render: (form, locations) => (
            <SelectField
              label={DIRECTORY_TEXT.department}
              name="idDepartment"
              value={form.values.idDepartment}
              options={(locations.data?.departments ?? []).map((d) => ({ value: String(d.id), label: d.name }))}
              onChange={(v) => form.change({ idDepartment: v, idCity: '' })}
              error={form.error('idDepartment') ?? (locations.status === 'rejected' ? MSG.locations.loadFailed : undefined)}
              disabled={locations.status !== 'resolved'}
            />
          )
        },
        {
          kind: 'custom',
          name: 'idCity',
          label: DIRECTORY_TEXT.city,
          // Only the cities of the chosen department.
          render: (form, locations) => (
            <SelectField
              label={DIRECTORY_TEXT.city}
              name="idCity"
              value={form.values.idCity}
              options={(locations.data?.cities ?? []).filter((c) => String(c.idDepartment) === form.values.idDepartment).map((c) => ({ value: String(c.id), label: c.name }))}
              onChange={(v) => form.set('idCity', v)}
              error={form.error('idCity')}
              disabled={form.values.idDepartment === ''}
            />
          )
        }
      ],
      { kind: 'textarea', name: 'listadoMensajes', label: DIRECTORY_TEXT.messages, hint: DIRECTORY_TEXT.messagesHint },
      { kind: 'switch', name: 'activo', label: SETTINGS_TEXT.active }
    ]
  },
  save: (body, editing) =>
    editing.mode === 'create' ? callSettings('createDirectoryContact', { body }) : callSettings('updateDirectoryContact', { body: { ...body, idContact: editing.item.idContact } }),
  remove: (c) => callSettings('deleteDirectoryContact', { params: { idContact: c.idContact } }),
  texts: {
    list: DIRECTORY_TEXT.list,
    create: DIRECTORY_TEXT.create,
    createTitle: DIRECTORY_TEXT.createTitle,
    editTitle: (c) => DIRECTORY_TEXT.editTitle(c.nombre),
    deleteWhat: (c) => `el contacto ${c.nombre}`,
    deleteText: (c) => DIRECTORY_TEXT.deleteText(c.nombre)
  },
  messages: MSG.contacts
});

/** The page of directorio-contactos (screens.ts loads it). */
export function DirectoryScreen() {
  return <ListScreen descriptor={directoryScreen} />;
}
