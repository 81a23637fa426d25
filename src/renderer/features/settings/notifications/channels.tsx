import { useState } from 'react';
import { Body1, Button, MessageBar, MessageBarBody, MessageBarTitle, Spinner, makeStyles, tokens } from '@fluentui/react-components';
import { NotifyChannelsBody, NotifyProbeBody, SMTP_SECURITY, SMTP_SECURITY_LABELS, type NotifyChannelsView } from '../../../../shared/domain/notify-channels';
import { TextField } from '../../../components/TextField';
import { checkWith, numberFrom, prefixedField, type FieldErrors } from '../../../components/settings/form';
import { recordScreen } from '../../../components/settings/RecordScreen';
import { callSettings } from '../../../components/settings/settings-client';
import { SETTINGS_TEXT } from '../../../components/settings/texts';
import type { SettingsForm } from '../../../components/settings/use-settings-form';
import { CHANNELS_TEXT as T } from './texts';

/**
 * The channels as typed: numbers as text, the two secrets empty (keep the stored ones). What is
 * stored about them (`hasSmtpPassword`, `hasSmsToken`) and the outbox folder ride along, unedited,
 * for the hints and the notice that read them.
 */
export interface ChannelValues {
  smtpHost: string;
  smtpPort: string;
  smtpSecurity: string;
  smtpUser: string;
  smtpPassword: string;
  fromAddress: string;
  smsUrl: string;
  smsUser: string;
  smsToken: string;
  smsMaxParts: string;
  capCount: string;
  capWindowMinutes: string;
  hasSmtpPassword: boolean;
  hasSmsToken: boolean;
  outboxFolder: string | null;
}

export function channelValues(view: NotifyChannelsView): ChannelValues {
  return {
    smtpHost: view.smtpHost,
    smtpPort: String(view.smtpPort),
    smtpSecurity: view.smtpSecurity,
    smtpUser: view.smtpUser,
    smtpPassword: '',
    fromAddress: view.fromAddress,
    smsUrl: view.smsUrl,
    smsUser: view.smsUser,
    smsToken: '',
    smsMaxParts: String(view.smsMaxParts),
    capCount: String(view.capCount),
    capWindowMinutes: String(view.capWindowMinutes),
    hasSmtpPassword: view.hasSmtpPassword,
    hasSmsToken: view.hasSmsToken,
    outboxFolder: view.outboxFolder
  };
}

/** What the schema is asked to accept: each secret only when typed (absent keeps the stored one). */
function bodyOf(values: ChannelValues): Record<string, unknown> {
  const { smtpPassword, smsToken, hasSmtpPassword: _p, hasSmsToken: _t, outboxFolder: _o, smtpPort, smsMaxParts, capCount, capWindowMinutes, ...fields } = values;
  return {
    ...fields,
    smtpPort: numberFrom(smtpPort),
    smsMaxParts: numberFrom(smsMaxParts),
    capCount: numberFrom(capCount),
    capWindowMinutes: numberFrom(capWindowMinutes),
    ...(smtpPassword === '' ? {} : { smtpPassword }),
    ...(smsToken === '' ? {} : { smsToken })
  };
}

const useStyles = makeStyles({
  heading: { margin: `${tokens.spacingVerticalS} 0 0`, fontSize: tokens.fontSizeBase400, fontWeight: tokens.fontWeightSemibold },
  hint: { color: tokens.colorNeutralForeground3 },
  probe: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, alignItems: 'flex-start' },
  result: { display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: tokens.spacingHorizontalL, rowGap: tokens.spacingVerticalXXS, margin: 0 },
  term: { fontWeight: tokens.fontWeightSemibold },
  value: { margin: 0, overflowWrap: 'anywhere' }
});

function Heading({ text }: { text: string }) {
  const styles = useStyles();
  return <h3 className={styles.heading}>{text}</h3>;
}

/** A write-only secret: empty, saying whether one is stored; what is typed replaces it. */
function SecretField({ form, name, label, stored, storedText, noneText }: { form: SettingsForm<ChannelValues>; name: 'smtpPassword' | 'smsToken'; label: string; stored: boolean; storedText: string; noneText: string }) {
  return (
    <TextField
      label={label}
      name={name}
      type="password"
      autoComplete="new-password"
      required={false}
      hint={stored ? storedText : noneText}
      value={form.values[name]}
      onChange={(v) => form.set(name, v)}
      error={form.error(name)}
    />
  );
}

type ProbeOutcome = { ok: boolean; detail: string; latencyMs: number } | { refused: string };

/** 'Probar conexión' of one channel with the settings as typed (unsaved; a secret left empty is the stored one). */
function ProbeChannel({ form, idOrg, channel }: { form: SettingsForm<ChannelValues>; idOrg: number | null; channel: 'email' | 'sms' }) {
  const styles = useStyles();
  const [probing, setProbing] = useState(false);
  const [outcome, setOutcome] = useState<ProbeOutcome | null>(null);
  const label = channel === 'email' ? T.probeEmail : T.probeSms;

  async function probe() {
    if (probing) return;
    setOutcome(null);
    // A channel is tried against its server: an empty one is said under its field, nothing asked.
    const missing: FieldErrors =
      channel === 'email' && form.values.smtpHost.trim() === '' ? { smtpHost: T.probeNeedsHost } : channel === 'sms' && form.values.smsUrl.trim() === '' ? { smsUrl: T.probeNeedsUrl } : {};
    const body = form.accept(checkWith(NotifyProbeBody, { ...bodyOf(form.values), channel }), missing);
    if (body === null) return setOutcome({ refused: SETTINGS_TEXT.checkFields });
    setProbing(true);
    const result = await callSettings('probeNotifyChannel', { body, idOrg });
    setProbing(false);
    if (result.ok) return setOutcome(result.data);
    // A refusal naming a field ('smtpHost: …') shows under it too, in its own words.
    form.refused(result.error);
    setOutcome({ refused: prefixedField(result.error.message, Object.keys(form.values))?.message ?? result.error.message });
  }

  return (
    <div className={styles.probe}>
      <Button onClick={() => void probe()} disabledFocusable={probing} icon={probing ? <Spinner size="tiny" aria-hidden /> : undefined}>
        {probing ? T.probing : label}
      </Button>
      <Body1 className={styles.hint}>{T.probeHint}</Body1>
      <div aria-live="polite">
        {outcome === null ? null : 'refused' in outcome ? (
          <MessageBar intent="error">
            <MessageBarBody>
              <MessageBarTitle>{T.probeRefused}</MessageBarTitle>
              {outcome.refused}
            </MessageBarBody>
          </MessageBar>
        ) : (
          <MessageBar intent={outcome.ok ? 'success' : 'error'}>
            <MessageBarBody>
              <MessageBarTitle>{outcome.ok ? T.probeOk : T.probeFailed}</MessageBarTitle>
              <dl className={styles.result}>
                {outcome.detail ? (
                  <>
                    <dt className={styles.term}>{T.probeDetail}</dt>
                    <dd className={styles.value}>{outcome.detail}</dd>
                  </>
                ) : null}
                <dt className={styles.term}>{T.probeLatency}</dt>
                <dd className={styles.value}>{T.latency(outcome.latencyMs)}</dd>
              </dl>
            </MessageBarBody>
          </MessageBar>
        )}
      </div>
    </div>
  );
}

function NoSmtpNotice({ form }: { form: SettingsForm<ChannelValues> }) {
  if (form.values.smtpHost.trim() !== '') return null;
  return (
    <MessageBar intent="info">
      <MessageBarBody>{T.noSmtp(form.values.outboxFolder)}</MessageBarBody>
    </MessageBar>
  );
}

const BLANK: ChannelValues = {
  smtpHost: '',
  smtpPort: '',
  smtpSecurity: '',
  smtpUser: '',
  smtpPassword: '',
  fromAddress: '',
  smsUrl: '',
  smsUser: '',
  smsToken: '',
  smsMaxParts: '',
  capCount: '',
  capWindowMinutes: '',
  hasSmtpPassword: false,
  hasSmsToken: false,
  outboxFolder: null
};

/**
 * The organisation's channels (issue 39) as a record of the kit, beside the templates: its SMTP
 * server (none: .eml files in the platform's outbox folder), its SMS provider, and the cap per
 * recipient; each channel tried with 'Probar conexión' before saving. Saved as a whole
 * (saveNotifyChannels); the password and the token go in, never out.
 */
export function channelsRecord(idOrg: number | null) {
  return recordScreen({
    title: T.section,
    description: T.intro,
    calls: { load: 'notifyChannels', save: 'saveNotifyChannels' },
    load: () => callSettings('notifyChannels', { idOrg }),
    blank: BLANK,
    valuesOf: channelValues,
    check: (values) => checkWith(NotifyChannelsBody, bodyOf(values)),
    fields: [
      { kind: 'custom', label: T.email, wide: true, render: () => <Heading text={T.email} /> },
      { kind: 'custom', label: T.noSmtp(null), wide: true, render: (form) => <NoSmtpNotice form={form} /> },
      { kind: 'text', name: 'smtpHost', label: T.smtpHost, hint: T.smtpHostHint, required: false, autoComplete: 'off' },
      { kind: 'text', name: 'smtpPort', label: T.smtpPort },
      { kind: 'select', name: 'smtpSecurity', label: T.smtpSecurity, options: SMTP_SECURITY.map((s) => ({ value: s, label: SMTP_SECURITY_LABELS[s] })) },
      { kind: 'text', name: 'smtpUser', label: T.smtpUser, hint: T.smtpUserHint, required: false, autoComplete: 'off' },
      {
        kind: 'custom',
        name: 'smtpPassword',
        label: T.smtpPassword,
        render: (form) => <SecretField form={form} name="smtpPassword" label={T.smtpPassword} stored={form.values.hasSmtpPassword} storedText={T.secretStored} noneText={T.secretNone} />
      },
      { kind: 'text', name: 'fromAddress', label: T.fromAddress, hint: T.fromAddressHint, type: 'email', required: false, autoComplete: 'off' },
      { kind: 'custom', label: T.probeEmail, wide: true, render: (form) => <ProbeChannel form={form} idOrg={idOrg} channel="email" /> },
      { kind: 'custom', label: T.sms, wide: true, render: () => <Heading text={T.sms} /> },
      { kind: 'text', name: 'smsUrl', label: T.smsUrl, hint: T.smsUrlHint, required: false, autoComplete: 'off' },
      { kind: 'text', name: 'smsUser', label: T.smsUser, required: false, autoComplete: 'off' },
      {
        kind: 'custom',
        name: 'smsToken',
        label: T.smsToken,
        render: (form) => <SecretField form={form} name="smsToken" label={T.smsToken} stored={form.values.hasSmsToken} storedText={T.tokenStored} noneText={T.tokenNone} />
      },
      { kind: 'text', name: 'smsMaxParts', label: T.smsMaxParts, hint: T.smsMaxPartsHint },
      { kind: 'custom', label: T.probeSms, wide: true, render: (form) => <ProbeChannel form={form} idOrg={idOrg} channel="sms" /> },
      { kind: 'custom', label: T.cap, wide: true, render: () => <CapHeading /> },
      { kind: 'text', name: 'capCount', label: T.capCount },
      { kind: 'text', name: 'capWindowMinutes', label: T.capWindowMinutes }
    ],
    save: (body) => callSettings('saveNotifyChannels', { body, idOrg }),
    messages: T.messages
  });
}

function CapHeading() {
  const styles = useStyles();
  return (
    <>
      <Heading text={T.cap} />
      <Body1 className={styles.hint}>{T.capHint}</Body1>
    </>
  );
}
