import type { z } from 'zod';
import { Badge } from '@fluentui/react-components';
import { LockOpen20Regular } from '@fluentui/react-icons';
import { COMPANY_ASSIGNABLE_ROLES, CreateCompanyUser, CreateUser, UpdateUser, type User } from '../../../../shared/domain/user';
import { MSG } from '../../../../shared/messages';
import { ROLE_IDS, ROLE_LABELS } from '../../../../shared/roles';
import { checkWith, numberFrom, type FieldErrors } from '../../../components/settings/form';
import { ListScreen, listScreen, type ListContext } from '../../../components/settings/ListScreen';
import { callSettings } from '../../../components/settings/settings-client';
import type { Editing } from '../../../components/settings/use-settings-list';
import { USERS_TEXT } from './texts';

interface UserValues {
  name: string;
  email: string;
  role: string;
  password: string;
}

type UserBody = z.output<typeof UpdateUser> | z.output<typeof CreateCompanyUser> | z.output<typeof CreateUser>;

/**
 * The calls of the scope: a Superadministrador (an organisation chosen, or administered with
 * 'Administrar entidad') uses /api/users for that organisation; the Administrador de entidad the
 * /api/users/company variants for its own (SPEC §6). While administering, the page is the role-3
 * one for that organisation (roles 3–6, no chooser) made of the role-1 calls: the platform still
 * sees role 1, and the role-3-only company variants would be refused.
 */
const superadmin = ({ scope }: ListContext) => scope.idOrg !== null;

function check(values: UserValues, editing: Editing<User>, context: ListContext) {
  const fields = { name: values.name, email: values.email, role: numberFrom(values.role), password: values.password };
  if (editing.mode === 'edit') return checkWith(UpdateUser, { idUser: editing.item.idUser, ...fields, password: values.password === '' ? undefined : values.password });
  return superadmin(context) ? checkWith(CreateUser, { ...fields, company: context.scope.idOrg ?? undefined }) : checkWith(CreateCompanyUser, fields);
}

/**
 * SPEC §2 configuracion/administrar-usuarios/usuarios (roles 1 and 3). The Superadministrador sees
 * any organisation's users (the organisation chosen above the list, its own first); the
 * Administrador de entidad its own organisation's roles 3–6. A created user is prepended; an edit,
 * an activation and an unlock replace it by idUser; a delete (logical: the reports keep the name)
 * removes it (SPEC §4). A new user changes its initial password at its first sign-in; an edit may
 * give a new one.
 */
export const usersScreen = listScreen<User, UserValues, UserBody>({
  screen: 'users',
  description: USERS_TEXT.intro,
  scope: { organization: true },
  calls: { list: 'users', create: 'createCompanyUser', update: 'updateUser', remove: 'deleteCompanyUser', toggle: 'updateUserFlags' },
  search: { label: USERS_TEXT.search, hint: USERS_TEXT.searchHint },
  load: ({ scope, search }) => callSettings('users', { query: search === '' ? {} : { search }, idOrg: scope.idOrg }),
  key: (u) => u.idUser,
  name: (u) => u.name,
  created: 'prepend',
  columns: ({ scope }) => [
    { key: 'nombre', header: USERS_TEXT.name, render: (u) => u.name },
    { key: 'email', header: USERS_TEXT.email, render: (u) => u.email },
    { key: 'rol', header: USERS_TEXT.role, render: (u) => u.roleLabel },
    ...(scope.chooser ? [{ key: 'organizacion', header: USERS_TEXT.organization, render: (u: User) => u.nameCompany }] : [])
  ],
  // Activating or deactivating (a deactivated user's sessions end).
  toggle: {
    header: USERS_TEXT.state,
    checked: (u) => u.isActive,
    label: (on) => (on ? USERS_TEXT.active : USERS_TEXT.inactive),
    send: (u) => callSettings('updateUserFlags', { params: { idUser: u.idUser }, body: { isActive: !u.isActive } }),
    beside: (u) =>
      u.isLocked ? (
        <Badge appearance="tint" color="danger">
          {USERS_TEXT.locked}
        </Badge>
      ) : null,
    messages: { done: (u) => (u.isActive ? MSG.users.activated : MSG.users.deactivated), failed: MSG.users.toggleFailed }
  },
  actions: [
    {
      label: (u) => USERS_TEXT.unlock(u.name),
      icon: <LockOpen20Regular />,
      shown: (u) => u.isLocked,
      send: (u) => callSettings('updateUserFlags', { params: { idUser: u.idUser }, body: { isLocked: false } }),
      messages: { done: MSG.users.unlocked, failed: MSG.users.unlockFailed }
    }
  ],
  form: {
    initial: (editing) => (editing.mode === 'edit' ? { name: editing.item.name, email: editing.item.email, role: String(editing.item.role), password: '' } : { name: '', email: '', role: '', password: '' }),
    check,
    /** The choice the schemas do not word (a role left unchosen). */
    extra: (values): FieldErrors => (values.role === '' ? { role: USERS_TEXT.roleRequired } : {}),
    // SPEC §5: a 422 (the e-mail is another user's) has its own message; it shows under the e-mail.
    refusal: { byStatus: { 422: 'email' } },
    failed: (error) => (error.status === 422 ? MSG.users.validationFailed : undefined),
    fields: (editing, { scope }) => {
      const creating = editing.mode === 'create';
      return [
        { kind: 'text', name: 'name', label: USERS_TEXT.name },
        [
          { kind: 'text', name: 'email', label: USERS_TEXT.email, type: 'email', autoComplete: 'off' },
          { kind: 'select', name: 'role', label: USERS_TEXT.role, options: (scope.chooser ? ROLE_IDS : COMPANY_ASSIGNABLE_ROLES).map((r) => ({ value: String(r), label: ROLE_LABELS[r] })) }
        ],
        {
          kind: 'text',
          name: 'password',
          type: 'password',
          autoComplete: 'new-password',
          label: creating ? USERS_TEXT.password : USERS_TEXT.newPassword,
          hint: creating ? USERS_TEXT.passwordHint : USERS_TEXT.newPasswordHint,
          required: creating
        }
      ];
    }
  },
  save: (body, editing, context) => {
    if ('idUser' in body) return callSettings('updateUser', { body });
    // The chosen organisation travels beside the body; the main process puts it in company.
    if ('company' in body) {
      const { company: _company, ...rest } = body;
      return callSettings('createUser', { body: rest, idOrg: context.scope.idOrg });
    }
    return callSettings('createCompanyUser', { body });
  },
  remove: (u, context) => (superadmin(context) ? callSettings('deleteUser', { params: { id: u.idUser } }) : callSettings('deleteCompanyUser', { params: { id: u.idUser } })),
  texts: {
    list: USERS_TEXT.list,
    create: USERS_TEXT.create,
    editTitle: (u) => USERS_TEXT.editTitle(u.name),
    deleteWhat: (u) => `el usuario ${u.name}`,
    deleteText: (u) => USERS_TEXT.deleteText(u.name)
  },
  messages: MSG.users
});

/** The page of administrar-usuarios/usuarios (screens.ts loads it). */
export function UsersScreen() {
  return <ListScreen descriptor={usersScreen} />;
}
