import { useEffect, useState, type FormEvent } from 'react';
import { Body1, Button, MessageBar, MessageBarBody, MessageBarTitle, makeStyles, tokens } from '@fluentui/react-components';
import { Add20Regular, Delete20Regular } from '@fluentui/react-icons';
import {
  LDAP_ROLES,
  LDAP_TEXT,
  LdapProbeBody,
  LdapSettingsBody,
  ldapSettingsProblem,
  type LdapProbeResult,
  type LdapSettingsView
} from '../../../../shared/domain/ldap';
import { ROLE_LABELS, type RoleId } from '../../../../shared/roles';
import { useNotify } from '../../../app/toasts';
import { DataState } from '../../../components/DataState';
import { SubmitButton, TextField } from '../../../components/TextField';
import { SelectField, SwitchField } from '../../../components/settings/fields';
import { checkWith, numberFrom, type FieldErrors, type FormCheck } from '../../../components/settings/form';
import { callSettings } from '../../../components/settings/settings-client';
import { SettingsSection } from '../../../components/settings/SettingsPage';
import { SETTINGS_TEXT } from '../../../components/settings/texts';
import { onFieldBlur, useSettingsForm } from '../../../components/settings/use-settings-form';
import { useSettingsLoad } from '../../../components/settings/use-settings-load';
import { LDAP_SETTINGS_TEXT as T } from './texts';

const useStyles = makeStyles({
  form: { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(260px, 1fr))', gap: tokens.spacingHorizontalL, alignItems: 'start' },
  wide: { gridColumn: '1 / -1' },
  mappings: { gridColumn: '1 / -1', display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, border: 'none', margin: 0, padding: 0 },
  legend: { padding: 0, fontWeight: tokens.fontWeightSemibold },
  hint: { color: tokens.colorNeutralForeground3 },
  error: { color: tokens.colorPaletteRedForeground1, fontSize: tokens.fontSizeBase200 },
  mapping: { display: 'grid', gridTemplateColumns: 'minmax(240px, 3fr) minmax(180px, 1fr) auto', gap: tokens.spacingHorizontalM, alignItems: 'end' },
  actions: { gridColumn: '1 / -1', display: 'flex', justifyContent: 'flex-end' },
  result: { display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: tokens.spacingHorizontalL, rowGap: tokens.spacingVerticalXS, margin: 0 },
  term: { fontWeight: tokens.fontWeightSemibold },
  value: { margin: 0, overflowWrap: 'anywhere' },
  groups: { margin: 0, paddingLeft: tokens.spacingHorizontalL }
});

interface MappingValues {
  groupDn: string;
  role: string;
}

/** The directory settings as typed (numbers as text, the password empty: keep the stored one). */
interface LdapValues {
  enabled: boolean;
  url: string;
  bindDn: string;
  bindPassword: string;
  searchBase: string;
  userFilter: string;
  groupSearchBase: string;
  emailAttribute: string;
  nameAttribute: string;
  roleMappings: MappingValues[];
  timeoutMs: string;
  connectTimeoutMs: string;
}

function valuesOf(view: LdapSettingsView): LdapValues {
  return {
    enabled: view.enabled,
    url: view.url,
    bindDn: view.bindDn,
    bindPassword: '',
    searchBase: view.searchBase,
    userFilter: view.userFilter,
    groupSearchBase: view.groupSearchBase,
    emailAttribute: view.emailAttribute,
    nameAttribute: view.nameAttribute,
    roleMappings: view.roleMappings.map((m) => ({ groupDn: m.groupDn, role: String(m.role) })),
    timeoutMs: String(view.timeoutMs),
    connectTimeoutMs: String(view.connectTimeoutMs)
  };
}

/** What the schema is asked to accept: the password only when typed (absent keeps the stored one). */
function bodyOf(values: LdapValues): unknown {
  const { bindPassword, roleMappings, timeoutMs, connectTimeoutMs, ...fields } = values;
  return {
    ...fields,
    roleMappings: roleMappings.map((m) => ({ groupDn: m.groupDn, role: numberFrom(m.role) })),
    timeoutMs: numberFrom(timeoutMs),
    connectTimeoutMs: numberFrom(connectTimeoutMs),
    ...(bindPassword === '' ? {} : { bindPassword })
  };
}

/**
 * Whether the stored service password may still be used with these values: the platform sends it
 * only to the URL and bind DN it was saved for (src/server/ldap/settings.ts), so changing either
 * asks for it again.
 */
function storedPasswordApplies(view: LdapSettingsView, values: LdapValues): boolean {
  return view.hasBindPassword && values.url.trim() === view.url && values.bindDn.trim() === view.bindDn;
}

/** The messages of a failed check by whole path (rows of the mapping), plus the list's own under 'mappings'. */
function nestedErrors(check: FormCheck<unknown>): FieldErrors {
  if (check.ok) return {};
  const errors: FieldErrors = {};
  for (const [path, message] of Object.entries(check.byPath)) {
    if (path === 'roleMappings') errors.mappings = message;
    else if (path.startsWith('roleMappings.')) errors[path] = message;
  }
  return errors;
}

/** The rules that need what is stored (a group mapped when enabled; the service password when it cannot be the stored one). */
function storedRules(values: LdapValues, view: LdapSettingsView, check: FormCheck<LdapSettingsBody>, probing: boolean): FieldErrors {
  if (!check.ok) return {};
  const hasPassword = storedPasswordApplies(view, values);
  const problem = ldapSettingsProblem(probing ? { ...check.data, enabled: false } : check.data, hasPassword);
  if (problem === LDAP_TEXT.mappingRequired) return { mappings: problem };
  if (problem !== null) return { bindPassword: problem };
  if (probing && check.data.bindDn !== '' && check.data.bindPassword === undefined && !hasPassword) return { bindPassword: LDAP_TEXT.bindPasswordRequired };
  return {};
}

/**
 * 'Directorio LDAP' on administrar-usuarios/parametros (issue 19): an organisation's directory
 * settings (`idOrg`: the one a Superadministrador chose; null: the administrator's own) and
 * 'Probar', which tries them as they stand in the form, before anything is saved.
 */
export function LdapSection({ idOrg, onDirty }: { idOrg: number | null; onDirty(dirty: boolean): void }) {
  const load = useSettingsLoad('ldapSettings', { idOrg });
  const view = load.data;
  return (
    <SettingsSection title={T.section}>
      <Body1>{T.intro}</Body1>
      <DataState status={load.status} errorTitle={T.loadFailed} errorDetail={load.error?.message} empty={false} onRetry={load.reload}>
        {view ? <LdapForm key={`${view.idOrg}:${view.dateUpdate ?? ''}`} idOrg={idOrg} view={view} onSaved={(saved) => load.update(() => saved)} onDirty={onDirty} /> : null}
      </DataState>
    </SettingsSection>
  );
}

function LdapForm({ idOrg, view, onSaved, onDirty }: { idOrg: number | null; view: LdapSettingsView; onSaved(view: LdapSettingsView): void; onDirty(dirty: boolean): void }) {
  const styles = useStyles();
  const notify = useNotify();
  const form = useSettingsForm<LdapValues>(() => valuesOf(view));
  const { values } = form;
  const [saving, setSaving] = useState(false);
  const request = idOrg === null ? {} : { idOrg };
  const retype = view.hasBindPassword && values.bindDn.trim() !== '' && values.bindPassword === '' && !storedPasswordApplies(view, values);

  useEffect(() => onDirty(form.dirty), [form.dirty, onDirty]);
  useEffect(() => () => onDirty(false), [onDirty]);

  const check = () => checkWith(LdapSettingsBody, bodyOf(values));

  /** The checked settings, or null with every message under its field (`probing`: for 'Probar', which needs no mapping). */
  function accepted(probing: boolean): LdapSettingsBody | null {
    const c = check();
    return form.accept(c, { ...nestedErrors(c), ...storedRules(values, view, c, probing) });
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (saving) return;
    const body = accepted(false);
    if (!body) return;
    setSaving(true);
    const result = await callSettings('saveLdapSettings', { body, ...request });
    setSaving(false);
    if (!result.ok) {
      notify.error(T.saveFailed);
      form.refused(result.error);
      return;
    }
    notify.success(T.saved);
    onDirty(false);
    onSaved(result.data);
  }

  function setMappings(roleMappings: MappingValues[]) {
    form.set('roleMappings', roleMappings);
  }

  return (
    <>
      <form
        className={styles.form}
        onSubmit={(e) => void submit(e)}
        onBlur={onFieldBlur((field) => {
          const c = check();
          form.blurred(field, c, nestedErrors(c));
        })}
        noValidate
        aria-label={T.section}
      >
        {view.configured ? null : (
          <MessageBar className={styles.wide} intent="info">
            <MessageBarBody>{T.notConfigured}</MessageBarBody>
          </MessageBar>
        )}
        {form.formError ? (
          <MessageBar className={styles.wide} intent="error" role="alert">
            <MessageBarBody>{form.formError}</MessageBarBody>
          </MessageBar>
        ) : null}
        <div className={styles.wide}>
          <SwitchField label={T.enabled} checked={values.enabled} onChange={(v) => form.set('enabled', v)} />
        </div>
        <TextField label={T.url} name="url" hint={T.urlHint} value={values.url} onChange={(v) => form.set('url', v)} error={form.error('url')} />
        <TextField label={T.bindDn} name="bindDn" required={false} hint={T.bindDnHint} value={values.bindDn} onChange={(v) => form.set('bindDn', v)} error={form.error('bindDn')} />
        <TextField
          label={T.bindPassword}
          name="bindPassword"
          type="password"
          autoComplete="new-password"
          required={false}
          hint={`${view.hasBindPassword ? T.passwordStored : T.passwordNone} ${T.passwordRule}`}
          value={values.bindPassword}
          onChange={(v) => form.set('bindPassword', v)}
          error={form.error('bindPassword')}
        />
        {retype ? (
          <MessageBar className={styles.wide} intent="warning">
            <MessageBarBody>{T.passwordRetype}</MessageBarBody>
          </MessageBar>
        ) : null}
        <TextField label={T.searchBase} name="searchBase" hint={T.searchBaseHint} value={values.searchBase} onChange={(v) => form.set('searchBase', v)} error={form.error('searchBase')} />
        <TextField label={T.userFilter} name="userFilter" hint={T.userFilterHint} value={values.userFilter} onChange={(v) => form.set('userFilter', v)} error={form.error('userFilter')} />
        <TextField
          label={T.groupSearchBase}
          name="groupSearchBase"
          required={false}
          hint={T.groupSearchBaseHint}
          value={values.groupSearchBase}
          onChange={(v) => form.set('groupSearchBase', v)}
          error={form.error('groupSearchBase')}
        />
        <TextField label={T.emailAttribute} name="emailAttribute" value={values.emailAttribute} onChange={(v) => form.set('emailAttribute', v)} error={form.error('emailAttribute')} />
        <TextField label={T.nameAttribute} name="nameAttribute" value={values.nameAttribute} onChange={(v) => form.set('nameAttribute', v)} error={form.error('nameAttribute')} />
        <TextField label={T.timeout} name="timeoutMs" hint={T.timeoutHint} value={values.timeoutMs} onChange={(v) => form.set('timeoutMs', v)} error={form.error('timeoutMs')} />
        <TextField
          label={T.connectTimeout}
          name="connectTimeoutMs"
          hint={T.timeoutHint}
          value={values.connectTimeoutMs}
          onChange={(v) => form.set('connectTimeoutMs', v)}
          error={form.error('connectTimeoutMs')}
        />
        <fieldset className={styles.mappings}>
          <legend className={styles.legend}>{T.mappings}</legend>
          <Body1 className={styles.hint}>{T.mappingsHint}</Body1>
          {values.roleMappings.length === 0 ? <Body1>{T.noMappings}</Body1> : null}
          {values.roleMappings.map((m, i) => (
            <div key={i} className={styles.mapping}>
              <TextField
                label={T.groupDn(i + 1)}
                name={`roleMappings.${i}.groupDn`}
                value={m.groupDn}
                onChange={(v) => setMappings(values.roleMappings.map((x, j) => (j === i ? { ...x, groupDn: v } : x)))}
                error={form.error(`roleMappings.${i}.groupDn`)}
              />
              <SelectField
                label={T.groupRole(i + 1)}
                name={`roleMappings.${i}.role`}
                value={m.role}
                options={LDAP_ROLES.map((r) => ({ value: String(r), label: `${r} · ${ROLE_LABELS[r]}` }))}
                onChange={(v) => setMappings(values.roleMappings.map((x, j) => (j === i ? { ...x, role: v } : x)))}
                error={form.error(`roleMappings.${i}.role`)}
              />
              <Button icon={<Delete20Regular />} aria-label={T.removeGroup(i + 1)} onClick={() => setMappings(values.roleMappings.filter((_, j) => j !== i))} />
            </div>
          ))}
          {form.error('mappings') ? (
            <div className={styles.error} role="alert">
              {form.error('mappings')}
            </div>
          ) : null}
          <div>
            <Button icon={<Add20Regular />} onClick={() => setMappings([...values.roleMappings, { groupDn: '', role: '5' }])}>
              {T.addGroup}
            </Button>
          </div>
        </fieldset>
        <div className={styles.actions}>
          <SubmitButton label={SETTINGS_TEXT.save} submitting={saving} disabled={saving || !form.dirty} />
        </div>
      </form>
      <ProbeForm idOrg={idOrg} settings={() => accepted(true)} />
    </>
  );
}

/** 'Probar': a person's directory credentials tried with the settings as they stand in the form (`settings`: null when they are refused). */
function ProbeForm({ idOrg, settings }: { idOrg: number | null; settings(): LdapSettingsBody | null }) {
  const styles = useStyles();
  const notify = useNotify();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [probing, setProbing] = useState(false);
  const [outcome, setOutcome] = useState<LdapProbeResult | { refused: string } | null>(null);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (probing) return;
    setOutcome(null);
    const checked = settings();
    const c = checkWith(LdapProbeBody.pick({ username: true, password: true }), { username, password });
    setErrors(c.ok ? {} : c.errors);
    if (!checked) return setOutcome({ refused: SETTINGS_TEXT.checkFields });
    if (!c.ok) return;
    setProbing(true);
    const result = await callSettings('probeLdap', { body: { settings: checked, ...c.data }, ...(idOrg === null ? {} : { idOrg }) });
    setProbing(false);
    if (!result.ok) {
      notify.error(T.probeFailed);
      return setOutcome({ refused: result.error.message });
    }
    setOutcome(result.data);
  }

  return (
    <SettingsSection title={T.probe} level="h3">
      <Body1>{T.probeIntro}</Body1>
      <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate aria-label={T.probe}>
        <TextField label={T.probeUsername} name="probeUsername" autoComplete="off" value={username} onChange={setUsername} error={errors.username} />
        <TextField label={T.probePassword} name="probePassword" type="password" autoComplete="off" value={password} onChange={setPassword} error={errors.password} />
        <div className={styles.actions}>
          <SubmitButton label={T.probeButton} submitting={probing} />
        </div>
      </form>
      {outcome ? <ProbeOutcome outcome={outcome} /> : null}
    </SettingsSection>
  );
}

function ProbeOutcome({ outcome }: { outcome: LdapProbeResult | { refused: string } }) {
  const styles = useStyles();
  if ('refused' in outcome) {
    return (
      <MessageBar intent="error" role="alert">
        <MessageBarBody>{outcome.refused}</MessageBarBody>
      </MessageBar>
    );
  }
  if (!outcome.ok) {
    return (
      <MessageBar intent="error" role="alert">
        <MessageBarBody>
          <MessageBarTitle>{outcome.message}</MessageBarTitle>
          <dl className={styles.result}>
            <dt className={styles.term}>{T.stage}</dt>
            <dd className={styles.value}>{T.stages[outcome.stage]}</dd>
            {outcome.detail ? (
              <>
                <dt className={styles.term}>{T.detail}</dt>
                <dd className={styles.value}>{outcome.detail}</dd>
              </>
            ) : null}
          </dl>
        </MessageBarBody>
      </MessageBar>
    );
  }
  return (
    <MessageBar intent={outcome.role === null ? 'warning' : 'success'} role="status">
      <MessageBarBody>
        <MessageBarTitle>{outcome.message}</MessageBarTitle>
        <dl className={styles.result}>
          <dt className={styles.term}>{T.dn}</dt>
          <dd className={styles.value}>{outcome.dn}</dd>
          {outcome.name ? (
            <>
              <dt className={styles.term}>{T.name}</dt>
              <dd className={styles.value}>{outcome.name}</dd>
            </>
          ) : null}
          {outcome.email ? (
            <>
              <dt className={styles.term}>{T.email}</dt>
              <dd className={styles.value}>{outcome.email}</dd>
            </>
          ) : null}
          <dt className={styles.term}>{T.groups}</dt>
          <dd className={styles.value}>
            {outcome.groups.length === 0 ? (
              T.noGroups
            ) : (
              <ul className={styles.groups}>
                {outcome.groups.map((g) => (
                  <li key={g}>{g}</li>
                ))}
              </ul>
            )}
          </dd>
          <dt className={styles.term}>{T.role}</dt>
          <dd className={styles.value}>{outcome.role === null ? T.noRole : `${outcome.role} · ${ROLE_LABELS[outcome.role as RoleId]}`}</dd>
        </dl>
      </MessageBarBody>
    </MessageBar>
  );
}
