import { useEffect, useState, type FormEvent } from 'react';
import { useAtomValue } from 'jotai';
import { Body1, Button, MessageBar, MessageBarBody, makeStyles, tokens } from '@fluentui/react-components';
import { LockOpen20Regular } from '@fluentui/react-icons';
import {
  AutoUnlockBody,
  LoginAttemptsBody,
  PasswordExpirationBody,
  type AutoUnlockParameter,
  type LockedUser,
  type LoginAttemptsParameter,
  type PasswordExpirationParameter
} from '../../../../shared/domain/user';
import { formatDateTime, formatNumber } from '../../../../shared/format';
import type { IpcError } from '../../../../shared/ipc';
import { MSG } from '../../../../shared/messages';
import { settingsTitle } from '../../../../shared/settings-screens';
import { useNotify } from '../../../app/toasts';
import { DataState } from '../../../components/DataState';
import { DataTable, type DataColumn } from '../../../components/DataTable';
import { SubmitButton, TextField } from '../../../components/TextField';
import { SwitchField } from '../../../components/settings/fields';
import { checkWith, numberFrom, type FieldErrors, type FormCheck } from '../../../components/settings/form';
import { callSettings } from '../../../components/settings/settings-client';
import { useScopePicker } from '../../../components/settings/ScopePicker';
import { SettingsPage, SettingsSection } from '../../../components/settings/SettingsPage';
import { SETTINGS_TEXT } from '../../../components/settings/texts';
import { UnsavedChangesGuard } from '../../../components/settings/UnsavedChanges';
import { onFieldBlur, useSettingsForm } from '../../../components/settings/use-settings-form';
import { useSettingsLoad } from '../../../components/settings/use-settings-load';
import { currentUserAtom } from '../../session/atoms';
import { LdapSection } from './LdapSection';
import { PARAMETERS_TEXT } from './texts';

const useStyles = makeStyles({
  form: { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(260px, 1fr))', gap: tokens.spacingHorizontalL, alignItems: 'start' },
  wide: { gridColumn: '1 / -1' },
  actions: { gridColumn: '1 / -1', display: 'flex', justifyContent: 'flex-end' }
});

/**
 * SPEC §2 configuracion/administrar-usuarios/parametros (roles 1 and 3): the block and expiry
 * parameters of an organisation (SPEC §3; the Superadministrador chooses which, its own first), the
 * automatic unlock beside them, the accounts locked now with a one-click unlock (written to the
 * access log by the platform) and the organisation's LDAP directory with its 'Probar' (LdapSection).
 */
export function ParametersPage() {
  const me = useAtomValue(currentUserAtom);
  // The Superadministrador's organisation (chosen, its own first, or administered with 'Administrar entidad'); null: the administrator's own.
  const scope = useScopePicker({ organization: true });
  const chosen = scope.value.idOrg;
  const attempts = useSettingsLoad('loginAttempts');
  const expiry = useSettingsLoad('passwordExpiration');
  const autoUnlock = useSettingsLoad('autoUnlock');
  /** Bumped by a save: the form starts again from what is stored now. */
  const [saved, setSaved] = useState(0);
  /** Unsaved edits in either form: one guard for the page (a router keeps one blocker at a time). */
  const [securityDirty, setSecurityDirty] = useState(false);
  const [ldapDirty, setLdapDirty] = useState(false);
  const idOrg = chosen ?? me?.company ?? attempts.data?.[0]?.idOrg ?? null;
  const loads = [attempts, expiry, autoUnlock];
  const failed = loads.find((l) => l.status === 'rejected');
  const status = failed ? 'rejected' : loads.every((l) => l.status === 'resolved') ? 'resolved' : 'pending';
  const records = {
    attempts: attempts.data?.find((r) => r.idOrg === idOrg) ?? null,
    expiry: expiry.data?.find((r) => r.idOrg === idOrg) ?? null,
    autoUnlock: autoUnlock.data?.find((r) => r.idOrg === idOrg) ?? null
  };

  return (
    <SettingsPage title={settingsTitle('userParameters')} description={PARAMETERS_TEXT.intro}>
      <UnsavedChangesGuard when={securityDirty || ldapDirty} />
      {scope.frame(null)}
      <SettingsSection title={PARAMETERS_TEXT.section}>
        <DataState
          status={status}
          errorTitle={failed === expiry ? MSG.securityParameters.expiryLoadFailed : failed === autoUnlock ? MSG.securityParameters.autoUnlockLoadFailed : MSG.securityParameters.lockLoadFailed}
          errorDetail={failed?.error?.message}
          empty={false}
          onRetry={() => loads.forEach((l) => l.status === 'rejected' && l.reload())}
        >
          {idOrg === null ? null : (
            <SecurityForm
              key={`${idOrg}:${saved}`}
              idOrg={chosen}
              records={records}
              onDirty={setSecurityDirty}
              onSaved={(change) => {
                if (change.attempts) attempts.update((list) => list.map((r) => (r.idOrg === change.attempts?.idOrg ? change.attempts : r)));
                if (change.expiry) expiry.update((list) => list.map((r) => (r.idOrg === change.expiry?.idOrg ? change.expiry : r)));
                if (change.autoUnlock) autoUnlock.update((list) => list.map((r) => (r.idOrg === change.autoUnlock?.idOrg ? change.autoUnlock : r)));
                if (change.complete) setSaved((n) => n + 1);
              }}
            />
          )}
        </DataState>
      </SettingsSection>
      {idOrg === null ? null : <LockedAccounts idOrg={chosen} />}
      {idOrg === null ? null : <LdapSection key={idOrg} idOrg={chosen} onDirty={setLdapDirty} />}
    </SettingsPage>
  );
}

interface SecurityValues {
  loginAttemptsAllowed: string;
  passwordExpirationDays: string;
  autoUnlockOn: boolean;
  autoUnlockMinutes: string;
}

interface SecurityRecords {
  attempts: LoginAttemptsParameter | null;
  expiry: PasswordExpirationParameter | null;
  autoUnlock: AutoUnlockParameter | null;
}

/** What a save stored (each part that was sent and accepted), and whether every part sent was. */
interface SecurityChange {
  attempts?: LoginAttemptsParameter;
  expiry?: PasswordExpirationParameter;
  autoUnlock?: AutoUnlockParameter;
  complete: boolean;
}

function valuesOf(records: SecurityRecords): SecurityValues {
  const minutes = records.autoUnlock?.autoUnlockMinutes ?? null;
  return {
    loginAttemptsAllowed: records.attempts ? String(records.attempts.loginAttemptsAllowed) : '',
    passwordExpirationDays: records.expiry ? String(records.expiry.passwordExpirationDays) : '',
    autoUnlockOn: minutes !== null,
    autoUnlockMinutes: minutes === null ? '' : String(minutes)
  };
}

/** The errors of a check (none when it passed). */
const errorsOf = (check: FormCheck<unknown>): FieldErrors => (check.ok ? {} : check.errors);

/**
 * The three parameters of one organisation (`idOrg`: the one a Superadministrador chose; null: the
 * administrator's own). Only the parts that changed are sent, each with its own SPEC §8 toast.
 */
function SecurityForm({
  idOrg,
  records,
  onSaved,
  onDirty
}: {
  idOrg: number | null;
  records: SecurityRecords;
  onSaved(change: SecurityChange): void;
  onDirty(dirty: boolean): void;
}) {
  const styles = useStyles();
  const notify = useNotify();
  const form = useSettingsForm<SecurityValues>(() => valuesOf(records));
  const { values } = form;
  const [saving, setSaving] = useState(false);
  const start = valuesOf(records);
  const missing = records.attempts === null || records.expiry === null;
  useEffect(() => onDirty(form.dirty), [form.dirty, onDirty]);
  useEffect(() => () => onDirty(false), [onDirty]);

  const checks = () => ({
    attempts: checkWith(LoginAttemptsBody, { loginAttemptsAllowed: numberFrom(values.loginAttemptsAllowed) }),
    expiry: checkWith(PasswordExpirationBody, { passwordExpirationDays: numberFrom(values.passwordExpirationDays) }),
    autoUnlock: checkWith(AutoUnlockBody, { autoUnlockMinutes: values.autoUnlockOn ? numberFrom(values.autoUnlockMinutes) : null })
  });

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (saving) return;
    const c = checks();
    const accepted = form.accept(c.attempts, { ...errorsOf(c.expiry), ...errorsOf(c.autoUnlock) }) !== null;
    if (!accepted || !c.attempts.ok || !c.expiry.ok || !c.autoUnlock.ok) return;
    const request = idOrg === null ? {} : { idOrg };
    setSaving(true);
    const change: SecurityChange = { complete: true };
    const refusals: IpcError[] = [];
    if (missing || values.loginAttemptsAllowed !== start.loginAttemptsAllowed) {
      const result = await callSettings('updateLoginAttempts', { body: c.attempts.data, ...request });
      if (result.ok) {
        change.attempts = result.data;
        notify.success(MSG.securityParameters.lockUpdated);
      } else {
        notify.error(MSG.securityParameters.lockUpdateFailed);
        refusals.push(result.error);
      }
    }
    if (missing || values.passwordExpirationDays !== start.passwordExpirationDays) {
      const result = await callSettings('updatePasswordExpiration', { body: c.expiry.data, ...request });
      if (result.ok) {
        change.expiry = result.data;
        notify.success(MSG.securityParameters.expiryUpdated);
      } else {
        notify.error(MSG.securityParameters.expiryUpdateFailed);
        refusals.push(result.error);
      }
    }
    if (values.autoUnlockOn !== start.autoUnlockOn || (values.autoUnlockOn && values.autoUnlockMinutes !== start.autoUnlockMinutes)) {
      const result = await callSettings('updateAutoUnlock', { body: c.autoUnlock.data, ...request });
      if (result.ok) {
        change.autoUnlock = result.data;
        notify.success(MSG.securityParameters.autoUnlockUpdated);
      } else {
        notify.error(MSG.securityParameters.autoUnlockUpdateFailed);
        refusals.push(result.error);
      }
    }
    setSaving(false);
    change.complete = refusals.length === 0;
    // A refused part keeps what was typed; its reason shows under its field, or above the fields.
    for (const error of refusals) form.refused(error);
    onSaved(change);
  }

  return (
    <form
      className={styles.form}
      onSubmit={(e) => void submit(e)}
      onBlur={onFieldBlur((field) => {
        const all = checks();
        form.blurred(field, field === 'loginAttemptsAllowed' ? all.attempts : field === 'passwordExpirationDays' ? all.expiry : all.autoUnlock);
      })}
      noValidate
      aria-label={PARAMETERS_TEXT.section}
    >
      {missing ? (
        <MessageBar className={styles.wide} intent="info">
          <MessageBarBody>{PARAMETERS_TEXT.notConfigured}</MessageBarBody>
        </MessageBar>
      ) : null}
      {form.formError ? (
        <MessageBar className={styles.wide} intent="error" role="alert">
          <MessageBarBody>{form.formError}</MessageBarBody>
        </MessageBar>
      ) : null}
      <TextField
        label={PARAMETERS_TEXT.attempts}
        name="loginAttemptsAllowed"
        hint={PARAMETERS_TEXT.attemptsHint}
        value={values.loginAttemptsAllowed}
        onChange={(v) => form.set('loginAttemptsAllowed', v)}
        error={form.error('loginAttemptsAllowed')}
      />
      <TextField
        label={PARAMETERS_TEXT.expiry}
        name="passwordExpirationDays"
        hint={PARAMETERS_TEXT.expiryHint}
        value={values.passwordExpirationDays}
        onChange={(v) => form.set('passwordExpirationDays', v)}
        error={form.error('passwordExpirationDays')}
      />
      <div className={styles.wide}>
        <SwitchField label={PARAMETERS_TEXT.autoUnlockOn} checked={values.autoUnlockOn} onChange={(v) => form.set('autoUnlockOn', v)} />
      </div>
      {values.autoUnlockOn ? (
        <TextField
          label={PARAMETERS_TEXT.autoUnlockMinutes}
          name="autoUnlockMinutes"
          hint={PARAMETERS_TEXT.autoUnlockHint}
          value={values.autoUnlockMinutes}
          onChange={(v) => form.set('autoUnlockMinutes', v)}
          error={form.error('autoUnlockMinutes')}
        />
      ) : null}
      <div className={styles.actions}>
        <SubmitButton label={SETTINGS_TEXT.save} submitting={saving} disabled={saving || !form.dirty} />
      </div>
    </form>
  );
}

/** The accounts locked now in the organisation (`idOrg` as above), each with its one-click unlock. */
function LockedAccounts({ idOrg }: { idOrg: number | null }) {
  const notify = useNotify();
  const load = useSettingsLoad('lockedUsers', { idOrg });
  const [unlocking, setUnlocking] = useState<number | null>(null);
  const [unlockError, setUnlockError] = useState<string | null>(null);
  const locked = load.data ?? [];

  async function unlock(user: LockedUser) {
    setUnlocking(user.idUser);
    setUnlockError(null);
    const result = await callSettings('updateUserFlags', { params: { idUser: user.idUser }, body: { isLocked: false } });
    setUnlocking(null);
    if (!result.ok) {
      setUnlockError(result.error.message);
      return notify.error(MSG.users.unlockFailed);
    }
    load.update((list) => list.filter((u) => u.idUser !== user.idUser));
    notify.success(MSG.users.unlocked);
  }

  const columns: DataColumn<LockedUser>[] = [
    { key: 'usuario', header: PARAMETERS_TEXT.user, render: (u) => u.name },
    { key: 'email', header: PARAMETERS_TEXT.email, render: (u) => u.email },
    { key: 'intentos', header: PARAMETERS_TEXT.failures, numeric: true, render: (u) => formatNumber(u.failedAttempts) },
    { key: 'bloqueo', header: PARAMETERS_TEXT.lockedAt, render: (u) => (u.lockedAt ? formatDateTime(u.lockedAt) : PARAMETERS_TEXT.unknown) },
    { key: 'ip', header: PARAMETERS_TEXT.from, render: (u) => u.lockedFromIp ?? PARAMETERS_TEXT.unknown },
    { key: 'desbloqueo', header: PARAMETERS_TEXT.unlocksAt, render: (u) => (u.unlocksAt ? formatDateTime(u.unlocksAt) : PARAMETERS_TEXT.never) },
    {
      key: 'acciones',
      header: SETTINGS_TEXT.actions,
      render: (u) => (
        <Button size="small" icon={<LockOpen20Regular />} disabledFocusable={unlocking === u.idUser} aria-label={PARAMETERS_TEXT.unlock(u.name)} onClick={() => void unlock(u)}>
          {PARAMETERS_TEXT.unlockShort}
        </Button>
      )
    }
  ];

  return (
    <SettingsSection title={PARAMETERS_TEXT.locked}>
      {unlockError ? (
        <MessageBar intent="error" role="alert">
          <MessageBarBody>{unlockError}</MessageBarBody>
        </MessageBar>
      ) : null}
      <DataState status={load.status} errorTitle={MSG.users.lockedLoadFailed} errorDetail={load.error?.message} empty={false} onRetry={load.reload}>
        {locked.length === 0 ? <Body1>{PARAMETERS_TEXT.noneLocked}</Body1> : <DataTable caption={PARAMETERS_TEXT.lockedList} captionHidden columns={columns} rows={locked} rowKey={(u) => String(u.idUser)} />}
      </DataState>
    </SettingsSection>
  );
}
