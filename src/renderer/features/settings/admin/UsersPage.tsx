import { useState } from 'react';
import { useAtomValue } from 'jotai';
import { Badge, Button, MessageBar, MessageBarBody, Switch, makeStyles, tokens } from '@fluentui/react-components';
import { Add20Regular, LockOpen20Regular } from '@fluentui/react-icons';
import { COMPANY_ASSIGNABLE_ROLES, CreateCompanyUser, CreateUser, UpdateUser, type User } from '../../../../shared/domain/user';
import type { IpcResult } from '../../../../shared/ipc';
import { MSG } from '../../../../shared/messages';
import { ROLE_IDS, ROLE_LABELS, type RoleId } from '../../../../shared/roles';
import { settingsTitle } from '../../../../shared/settings-screens';
import { useNotify } from '../../../app/toasts';
import { DataState } from '../../../components/DataState';
import { DataTable, type DataColumn } from '../../../components/DataTable';
import { TextField } from '../../../components/TextField';
import { ConfirmDialog } from '../../../components/settings/ConfirmDialog';
import { FormDialog } from '../../../components/settings/FormDialog';
import { SelectField } from '../../../components/settings/fields';
import { checkWith, numberFrom, type FieldErrors } from '../../../components/settings/form';
import { IconAction, RowActions } from '../../../components/settings/RowActions';
import { SearchField } from '../../../components/settings/SearchField';
import { callSettings } from '../../../components/settings/settings-client';
import { SettingsPage } from '../../../components/settings/SettingsPage';
import { SETTINGS_TEXT } from '../../../components/settings/texts';
import { useSettingsForm } from '../../../components/settings/use-settings-form';
import { useSettingsList, type Editing } from '../../../components/settings/use-settings-list';
import { useSettingsLoad } from '../../../components/settings/use-settings-load';
import { currentUserAtom } from '../../session/atoms';
import { administeringAtom } from '../../session/entity';
import { USERS_TEXT } from './texts';

const useStyles = makeStyles({
  toolbar: { display: 'flex', gap: tokens.spacingHorizontalL, alignItems: 'end', flexWrap: 'wrap' },
  organization: { minWidth: '240px', maxWidth: '360px', flexGrow: 1 },
  state: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  pair: { display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 220px), 1fr))', gap: tokens.spacingHorizontalM, alignItems: 'start' }
});

/**
 * SPEC §2 configuracion/administrar-usuarios/usuarios (roles 1 and 3). The Superadministrador sees
 * any organisation's users (the organisation chosen above the list, its own first) through
 * /api/users; the Administrador de entidad its own organisation's roles 3–6 through the
 * /api/users/company variants (SPEC §6). A created user is prepended; an edit, an activation and an
 * unlock replace it by idUser; a delete (logical: the reports keep the name) removes it (SPEC §4).
 * While a Superadministrador administers an organisation ('Administrar entidad'), the page is the
 * role-3 one for that organisation (roles 3–6, no chooser) made of the role-1 calls: the platform
 * still sees role 1, and the role-3-only company variants would be refused.
 */
export function UsersPage() {
  const styles = useStyles();
  const notify = useNotify();
  const me = useAtomValue(currentUserAtom);
  const superadmin = me?.role === 1;
  /** 'Administrar entidad' (SPEC §2): the organisation administered is the only one, with the role-1 calls. */
  const administering = useAtomValue(administeringAtom);
  const organizations = useSettingsLoad('organizations', {}, { enabled: superadmin && !administering });
  const [chosenOrg, setChosenOrg] = useState<number | null>(null);
  /** The organisation whose users are shown: the one administered or chosen (role 1), else the user's own. */
  const idOrg = superadmin ? (administering?.idOrg ?? chosenOrg ?? me.company) : null;
  const [search, setSearch] = useState('');
  const load = useSettingsLoad('users', { query: search === '' ? {} : { search }, idOrg });
  const list = useSettingsList(load, {
    key: (u) => u.idUser,
    created: 'prepend',
    remove: (u) => (superadmin ? callSettings('deleteUser', { params: { id: u.idUser } }) : callSettings('deleteCompanyUser', { params: { id: u.idUser } })),
    messages: MSG.users
  });
  const [busy, setBusy] = useState<number | null>(null);
  /** Why the last activation or unlock was refused (the platform's words: the user's own account, say). */
  const [flagError, setFlagError] = useState<string | null>(null);

  /** Activates or deactivates (a deactivated user's sessions end), or unlocks (isLocked=false). */
  async function setFlag(user: User, flag: { isActive: boolean } | { isLocked: false }) {
    setBusy(user.idUser);
    setFlagError(null);
    const result = await callSettings('updateUserFlags', { params: { idUser: user.idUser }, body: flag });
    setBusy(null);
    const unlocking = 'isLocked' in flag;
    if (!result.ok) {
      setFlagError(result.error.message);
      return notify.error(unlocking ? MSG.users.unlockFailed : MSG.users.toggleFailed);
    }
    list.replace(result.data);
    notify.success(unlocking ? MSG.users.unlocked : result.data.isActive ? MSG.users.activated : MSG.users.deactivated);
  }

  const columns: DataColumn<User>[] = [
    { key: 'nombre', header: USERS_TEXT.name, render: (u) => u.name },
    { key: 'email', header: USERS_TEXT.email, render: (u) => u.email },
    { key: 'rol', header: USERS_TEXT.role, render: (u) => u.roleLabel },
    ...(superadmin && !administering ? [{ key: 'organizacion', header: USERS_TEXT.organization, render: (u: User) => u.nameCompany }] : []),
    {
      key: 'estado',
      header: USERS_TEXT.state,
      render: (u) => (
        <span className={styles.state}>
          <Switch
            checked={u.isActive}
            disabled={busy === u.idUser}
            aria-label={u.isActive ? SETTINGS_TEXT.deactivate(u.name) : SETTINGS_TEXT.activate(u.name)}
            label={u.isActive ? USERS_TEXT.active : USERS_TEXT.inactive}
            onChange={() => void setFlag(u, { isActive: !u.isActive })}
          />
          {u.isLocked ? (
            <Badge appearance="tint" color="danger">
              {USERS_TEXT.locked}
            </Badge>
          ) : null}
        </span>
      )
    },
    {
      key: 'acciones',
      header: SETTINGS_TEXT.actions,
      render: (u) => (
        <RowActions name={u.name} onEdit={() => list.edit(u)} onDelete={() => list.askDelete(u)}>
          {u.isLocked ? <IconAction label={USERS_TEXT.unlock(u.name)} icon={<LockOpen20Regular />} disabled={busy === u.idUser} onClick={() => void setFlag(u, { isLocked: false })} /> : null}
        </RowActions>
      )
    }
  ];

  return (
    <SettingsPage
      title={settingsTitle('users')}
      description={USERS_TEXT.intro}
      actions={
        <Button appearance="primary" icon={<Add20Regular />} disabled={!me} onClick={list.create}>
          {USERS_TEXT.create}
        </Button>
      }
    >
      <div className={styles.toolbar}>
        {superadmin && !administering ? (
          <div className={styles.organization}>
            <SelectField
              label={USERS_TEXT.organization}
              name="idOrg"
              placeholder={null}
              value={idOrg === null ? '' : String(idOrg)}
              options={(organizations.data ?? []).map((o) => ({ value: String(o.idOrg), label: o.name }))}
              onChange={(v) => setChosenOrg(Number(v))}
              error={organizations.status === 'rejected' ? MSG.companies.loadFailed : undefined}
              disabled={organizations.status !== 'resolved'}
            />
          </div>
        ) : null}
        <SearchField label={USERS_TEXT.search} hint={USERS_TEXT.searchHint} onSearch={setSearch} />
      </div>
      {flagError ? (
        <MessageBar intent="error" role="alert">
          <MessageBarBody>{flagError}</MessageBarBody>
        </MessageBar>
      ) : null}
      <DataState status={load.status} errorTitle={MSG.users.loadFailed} errorDetail={load.error?.message} empty={list.items.length === 0} onRetry={load.reload} level="h2">
        <DataTable caption={USERS_TEXT.list} captionHidden columns={columns} rows={list.items} rowKey={(u) => String(u.idUser)} />
      </DataState>
      {list.editing && me ? <UserDialog editing={list.editing} roles={superadmin && !administering ? ROLE_IDS : COMPANY_ASSIGNABLE_ROLES} idOrg={idOrg} onClose={list.closeEditor} onSaved={list.saved} /> : null}
      {list.deleting ? (
        <ConfirmDialog
          title={SETTINGS_TEXT.confirmDelete(`el usuario ${list.deleting.name}`)}
          text={USERS_TEXT.deleteText(list.deleting.name)}
          error={list.deleteError}
          onConfirm={list.confirmDelete}
          onCancel={list.cancelDelete}
        />
      ) : null}
    </SettingsPage>
  );
}

interface UserValues {
  name: string;
  email: string;
  role: string;
  password: string;
}

/**
 * Creates a user with an initial password it changes at its first sign-in, or edits one (a new
 * initial password is optional there). `idOrg`: the organisation chosen by a Superadministrador
 * (null: the administrator's own, through the company variant).
 */
function UserDialog({
  editing,
  roles,
  idOrg,
  onClose,
  onSaved
}: {
  editing: Editing<User>;
  roles: readonly RoleId[];
  idOrg: number | null;
  onClose(): void;
  onSaved(user: User): void;
}) {
  const styles = useStyles();
  const notify = useNotify();
  const form = useSettingsForm<UserValues>(() =>
    editing.mode === 'edit' ? { name: editing.item.name, email: editing.item.email, role: String(editing.item.role), password: '' } : { name: '', email: '', role: '', password: '' }
  );
  const { values } = form;
  const selfId = editing.mode === 'edit' ? editing.item.idUser : undefined;

  /** The rules the save applies, for the message of a field just left. */
  function check() {
    const fields = { name: values.name, email: values.email, role: numberFrom(values.role), password: values.password };
    if (selfId !== undefined) return checkWith(UpdateUser, { idUser: selfId, ...fields, password: values.password === '' ? undefined : values.password });
    return idOrg === null ? checkWith(CreateCompanyUser, fields) : checkWith(CreateUser, { ...fields, company: idOrg });
  }

  /** The choice the schemas do not word (a role left unchosen). */
  const choices = (): FieldErrors => (values.role === '' ? { role: USERS_TEXT.roleRequired } : {});

  /** The save, or null when the form refused it before sending (its messages then under the fields). */
  async function save(): Promise<IpcResult<User> | null> {
    const fields = { name: values.name, email: values.email, role: numberFrom(values.role) };
    if (selfId !== undefined) {
      const body = form.accept(checkWith(UpdateUser, { idUser: selfId, ...fields, ...(values.password === '' ? {} : { password: values.password }) }), choices());
      return body && callSettings('updateUser', { body });
    }
    if (idOrg === null) {
      const body = form.accept(checkWith(CreateCompanyUser, { ...fields, password: values.password }), choices());
      return body && callSettings('createCompanyUser', { body });
    }
    // The chosen organisation travels beside the body; the main process puts it in company.
    const checked = form.accept(checkWith(CreateUser, { ...fields, password: values.password, company: idOrg }), choices());
    if (!checked) return null;
    const { company: _company, ...body } = checked;
    return callSettings('createUser', { body, idOrg });
  }

  async function submit(): Promise<boolean> {
    const result = await save();
    if (result === null) return false;
    if (!result.ok) {
      // SPEC §5: a 422 (the e-mail is another user's) has its own message; it shows under the e-mail.
      notify.error(result.error.status === 422 ? MSG.users.validationFailed : selfId === undefined ? MSG.users.createFailed : MSG.users.updateFailed);
      form.refused(result.error, { byStatus: { 422: 'email' } });
      return false;
    }
    onSaved(result.data);
    notify.success(selfId === undefined ? MSG.users.created : MSG.users.updated);
    return true;
  }

  return (
    <FormDialog
      title={editing.mode === 'create' ? USERS_TEXT.create : USERS_TEXT.editTitle(editing.item.name)}
      formError={form.formError}
      dirty={form.dirty}
      onSubmit={submit}
      onClose={onClose}
      onBlurField={(field) => form.blurred(field, check(), choices())}
    >
      <TextField label={USERS_TEXT.name} name="name" value={values.name} onChange={(v) => form.set('name', v)} error={form.error('name')} />
      <div className={styles.pair}>
        <TextField label={USERS_TEXT.email} name="email" type="email" autoComplete="off" value={values.email} onChange={(v) => form.set('email', v)} error={form.error('email')} />
        <SelectField
          label={USERS_TEXT.role}
          name="role"
          value={values.role}
          options={roles.map((r) => ({ value: String(r), label: ROLE_LABELS[r] }))}
          onChange={(v) => form.set('role', v)}
          error={form.error('role')}
        />
      </div>
      <TextField
        label={selfId === undefined ? USERS_TEXT.password : USERS_TEXT.newPassword}
        name="password"
        type="password"
        autoComplete="new-password"
        required={selfId === undefined}
        hint={selfId === undefined ? USERS_TEXT.passwordHint : USERS_TEXT.newPasswordHint}
        value={values.password}
        onChange={(v) => form.set('password', v)}
        error={form.error('password')}
      />
    </FormDialog>
  );
}
