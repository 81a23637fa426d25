import { CreateOrganization, UpdateOrganization, type Organization } from '../../../../shared/domain/organization';
import { MSG } from '../../../../shared/messages';
import { checkWith } from '../../../components/settings/form';
import { ListScreen, listScreen } from '../../../components/settings/ListScreen';
import { callSettings } from '../../../components/settings/settings-client';
import { COMPANIES_TEXT } from './texts';

const fieldsOf = (o: Organization) => ({ name: o.name, schemaName: o.schemaName, organizationType: o.organizationType, isActive: o.isActive });

/**
 * SPEC §2 configuracion/companias (role 1): the organisations of the platform, by id. A created one
 * is added at the end and works at once (the platform gives it its defaults); an edit or an
 * activation (the same update with isActive changed: a deactivated one's users cannot sign in)
 * replaces it; a delete (logical: its data stays) removes it only when the platform answers
 * success (SPEC §5).
 */
export const companiesScreen = listScreen({
  screen: 'companies',
  description: COMPANIES_TEXT.intro,
  calls: { list: 'organizations', create: 'createOrganization', update: 'updateOrganization', remove: 'deleteOrganization', toggle: 'updateOrganization' },
  load: ({ search }) => callSettings('organizations', { query: search === '' ? {} : { search } }),
  key: (o) => o.idOrg,
  name: (o) => o.name,
  created: 'append',
  search: { label: COMPANIES_TEXT.search, hint: COMPANIES_TEXT.searchHint },
  columns: [
    { key: 'nombre', header: COMPANIES_TEXT.name, render: (o) => o.name },
    { key: 'esquema', header: COMPANIES_TEXT.schemaName, render: (o) => o.schemaName },
    { key: 'tipo', header: COMPANIES_TEXT.type, render: (o) => o.organizationType }
  ],
  toggle: {
    header: COMPANIES_TEXT.state,
    checked: (o) => o.isActive,
    label: (on) => (on ? COMPANIES_TEXT.active : COMPANIES_TEXT.inactive),
    send: (o) => callSettings('updateOrganization', { body: { idOrg: o.idOrg, ...fieldsOf(o), isActive: !o.isActive } })
  },
  form: {
    initial: (editing) => (editing.mode === 'edit' ? fieldsOf(editing.item) : { name: '', schemaName: '', organizationType: '', isActive: true }),
    check: (values, editing) => (editing.mode === 'create' ? checkWith(CreateOrganization, values) : checkWith(UpdateOrganization, { idOrg: editing.item.idOrg, ...values })),
    // A schema already in use comes back naming its field ('schemaName: …'): it shows there.
    fields: [
      { kind: 'text', name: 'name', label: COMPANIES_TEXT.name },
      [
        { kind: 'text', name: 'schemaName', label: COMPANIES_TEXT.schemaName, hint: COMPANIES_TEXT.schemaHint },
        { kind: 'text', name: 'organizationType', label: COMPANIES_TEXT.type }
      ],
      { kind: 'switch', name: 'isActive', label: COMPANIES_TEXT.active }
    ]
  },
  save: (body, editing) => (editing.mode === 'create' ? callSettings('createOrganization', { body }) : callSettings('updateOrganization', { body: { ...body, idOrg: editing.item.idOrg } })),
  remove: (o) => callSettings('deleteOrganization', { params: { idOrg: o.idOrg } }),
  texts: {
    list: COMPANIES_TEXT.list,
    create: COMPANIES_TEXT.create,
    editTitle: (o) => COMPANIES_TEXT.editTitle(o.name),
    deleteWhat: (o) => `la compañía ${o.name}`,
    deleteText: (o) => COMPANIES_TEXT.deleteText(o.name)
  },
  messages: MSG.companies
});

/** The page of companias (screens.ts loads it). */
export function CompaniesScreen() {
  return <ListScreen descriptor={companiesScreen} />;
}
