import { Fragment, useEffect, useRef, useState, type RefObject } from 'react';
import { Badge, Body1, Button, Caption1, Field, Input, MessageBar, MessageBarBody, Spinner, Textarea, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { Send20Regular, TextEditStyle20Regular } from '@fluentui/react-icons';
import { notifyDeliveryEndpoints } from '../../../../shared/api/notify-delivery';
import type { NotificationTemplate } from '../../../../shared/domain/notification';
import { MSG } from '../../../../shared/messages';
import { NOTIFICATION_CHANNEL_IDS, NOTIFICATION_EVENTS, type EventVariable } from '../../../../shared/notifications/events';
import { TEMPLATE_PART_LABELS } from '../../../../shared/notifications/liquid';
import { replaceAccents } from '../../../../shared/notifications/sms';
import { useNotify } from '../../../app/toasts';
import { TextField } from '../../../components/TextField';
import { useLoad, type Load } from '../../../components/use-load';
import { SelectField } from '../../../components/settings/fields';
import { checkWith } from '../../../components/settings/form';
import { callSettings } from '../../../components/settings/settings-client';
import type { SettingsForm } from '../../../components/settings/use-settings-form';
import type { Editing } from '../../../components/settings/use-settings-list';
import {
  LIQUID_PART,
  eventOf,
  isSms,
  liquidProblem,
  offeredTypes,
  smsOutcome,
  starters,
  TemplateBody,
  templateBody,
  templateId,
  type LiquidField,
  type TemplateValues,
  type TemplatesLookup
} from './template-rules';
import { EVENTS_TEXT as T } from './texts';

const useStyles = makeStyles({
  editor: { display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 340px), 1fr))', gap: tokens.spacingHorizontalXL, alignItems: 'start' },
  column: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, minWidth: 0 },
  panel: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    padding: tokens.spacingHorizontalM,
    borderRadius: tokens.borderRadiusMedium,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground2,
    minWidth: 0
  },
  heading: { margin: 0, fontSize: tokens.fontSizeBase300, fontWeight: tokens.fontWeightSemibold },
  hint: { color: tokens.colorNeutralForeground3 },
  variables: { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, maxHeight: '260px', overflowY: 'auto' },
  variable: { display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', columnGap: tokens.spacingHorizontalS },
  code: { fontFamily: tokens.fontFamilyMonospace, fontSize: tokens.fontSizeBase200 },
  liquid: { fontFamily: tokens.fontFamilyMonospace },
  count: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  summary: { fontWeight: tokens.fontWeightSemibold },
  over: { color: tokens.colorPaletteRedForeground1 },
  rendered: { margin: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', fontFamily: tokens.fontFamilyMonospace, fontSize: tokens.fontSizeBase200 },
  mark: { backgroundColor: tokens.colorPaletteYellowBackground3, color: tokens.colorNeutralForeground1, fontWeight: tokens.fontWeightSemibold },
  preview: { margin: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', fontFamily: tokens.fontFamilyBase, fontSize: tokens.fontSizeBase300, maxHeight: '280px', overflowY: 'auto' },
  previewRow: { display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: tokens.spacingHorizontalM, rowGap: tokens.spacingVerticalXS, margin: 0 },
  term: { fontWeight: tokens.fontWeightSemibold },
  value: { margin: 0, minWidth: 0 },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'end', flexWrap: 'wrap' },
  test: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, alignItems: 'flex-start' }
});

/** The event chosen, with what raises it and whom it informs; a new template's untouched texts follow it. */
export function EventField({ form, editing }: { form: SettingsForm<TemplateValues>; editing: Editing<NotificationTemplate> }) {
  const event = eventOf(form.values.eventType);
  function choose(code: string) {
    const next = eventOf(code);
    const before = event ? starters(event) : null;
    const { values } = form;
    // A new template whose texts are still the starter's: they become the new event's.
    const untouched = editing.mode === 'create' && before !== null && values.subject === before.subject && values.body === before.body && values.BodySms === before.BodySms;
    form.change(untouched && next ? { eventType: code, ...starters(next) } : { eventType: code });
  }
  return (
    <SelectField
      label={T.event}
      name="eventType"
      value={form.values.eventType}
      options={NOTIFICATION_EVENTS.map((e) => ({ value: e.code, label: e.label }))}
      hint={event ? T.eventHint(event.when, T.roles[event.role] ?? event.role) : undefined}
      onChange={choose}
      error={form.error('eventType')}
    />
  );
}

/** E-mail or SMS, as the organisation's catalogue names them (WhatsApp is not offered: no sender). */
export function TypeField({ form, lookup }: { form: SettingsForm<TemplateValues>; lookup: Load<TemplatesLookup> }) {
  const types = lookup.data ? offeredTypes(lookup.data.types) : [];
  const error = lookup.status === 'rejected' ? MSG.notifications.typesLoadFailed : form.error('TypeNotification');
  return (
    <SelectField
      label={T.type}
      name="TypeNotification"
      value={form.values.TypeNotification}
      options={types.map((t) => ({ value: String(t.typeNotificationId), label: t.name }))}
      placeholder={lookup.status === 'resolved' ? undefined : T.typesLoading}
      disabled={lookup.status !== 'resolved'}
      hint={T.typeHint}
      onChange={(v) => form.set('TypeNotification', v)}
      error={error}
    />
  );
}

/** Waits until `value` has stayed the same for `ms` (the preview is asked once the admin pauses). */
function useSettled<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

const PREVIEW_DELAY_MS = 600;

/** What `{{ … }}` or `{% for %}` inserts for a variable (a list: a loop over its items). */
function snippet(variable: EventVariable, field: LiquidField): string {
  if (!variable.item) return `{{ ${variable.name} }}`;
  const item = variable.item.map((f) => `{{ m.${f} }}`).join(' · ');
  return field === 'subject' ? `{% for m in ${variable.name} %}${item} {% endfor %}` : `{% for m in ${variable.name} %}${item}\n{% endfor %}`;
}

/**
 * The Liquid part of the template editor: the texts the type needs (the e-mail's subject and body,
 * or the SMS) with the platform's own Liquid problem under each as the admin types; beside them the
 * event's variables (a click inserts one where the cursor was), the preview rendered by the platform
 * with a real past record of the organisation, and 'Enviar prueba' of the saved template. For an SMS,
 * the live count of the text rendered with the event's examples, its UCS-2 characters marked.
 */
export function TemplateEditor({ form, lookup, editing, idOrg }: { form: SettingsForm<TemplateValues>; lookup: Load<TemplatesLookup>; editing: Editing<NotificationTemplate>; idOrg: number | null }) {
  const styles = useStyles();
  const { values } = form;
  const sms = isSms(values);
  const event = eventOf(values.eventType);
  const subjectRef = useRef<HTMLInputElement>(null);
  const bodyRef = useRef<HTMLTextAreaElement>(null);
  const smsRef = useRef<HTMLTextAreaElement>(null);
  const [focused, setFocused] = useState<LiquidField>('body');
  const target: LiquidField = sms ? 'BodySms' : focused === 'BodySms' ? 'body' : focused;
  /** Where the cursor goes once an inserted variable is on screen. */
  const [cursor, setCursor] = useState<{ field: LiquidField; at: number } | null>(null);

  useEffect(() => {
    if (cursor === null) return;
    const element = cursor.field === 'subject' ? subjectRef.current : cursor.field === 'body' ? bodyRef.current : smsRef.current;
    element?.focus();
    element?.setSelectionRange(cursor.at, cursor.at);
  }, [cursor]);

  function insert(variable: EventVariable) {
    const element = target === 'subject' ? subjectRef.current : target === 'body' ? bodyRef.current : smsRef.current;
    const text = values[target];
    const start = element?.selectionStart ?? text.length;
    const end = element?.selectionEnd ?? start;
    const piece = snippet(variable, target);
    form.set(target, text.slice(0, start) + piece + text.slice(end));
    setCursor({ field: target, at: start + piece.length });
  }

  /** The field's message: the Liquid problem as typed, else what the last save said under it. */
  const message = (field: LiquidField) => liquidProblem(values, field) ?? form.error(field);

  return (
    <div className={styles.editor}>
      <div className={styles.column}>
        {sms ? (
          <>
            <LiquidArea field="BodySms" label={T.sms} rows={5} area={smsRef} value={values.BodySms} message={message('BodySms')} onFocus={setFocused} onChange={(value) => form.set('BodySms', value)} />
            <SmsCountPanel values={values} maxParts={lookup.data?.channels?.smsMaxParts ?? null} onReplace={() => form.set('BodySms', replaceAccents(values.BodySms))} />
          </>
        ) : (
          <>
            <Field label={T.subject} required validationMessage={message('subject')} validationState={message('subject') ? 'error' : 'none'}>
              <Input ref={subjectRef} name="subject" className={styles.liquid} value={values.subject} onFocus={() => setFocused('subject')} onChange={(_, d) => form.set('subject', d.value)} />
            </Field>
            <LiquidArea field="body" label={T.body} rows={12} area={bodyRef} value={values.body} message={message('body')} onFocus={setFocused} onChange={(value) => form.set('body', value)} />
          </>
        )}
      </div>
      <div className={styles.column}>
        {event ? (
          <section className={styles.panel} aria-label={T.variables}>
            <h3 className={styles.heading}>{T.variables}</h3>
            <Caption1 className={styles.hint}>{T.variablesHint(TEMPLATE_PART_LABELS[LIQUID_PART[target]])}</Caption1>
            <ul className={styles.variables}>
              {event.variables.map((v) => (
                <li key={v.name} className={styles.variable}>
                  <Button size="small" appearance="subtle" aria-label={T.insert(v.name, TEMPLATE_PART_LABELS[LIQUID_PART[target]])} onClick={() => insert(v)}>
                    <span className={styles.code}>{`{{ ${v.name} }}`}</span>
                  </Button>
                  <Caption1>
                    {v.item ? `${v.description}. ${T.listVariable(v.item)}` : v.description}
                  </Caption1>
                  {v.customer ? (
                    <Badge size="small" appearance="tint" color={values.excludeCustomerContent ? 'warning' : 'informative'}>
                      {T.customerVariable}
                    </Badge>
                  ) : null}
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        <PreviewPanel values={values} editing={editing} idOrg={idOrg} />
        {editing.mode === 'edit' ? <TestSend template={editing.item} dirty={form.dirty} idOrg={idOrg} /> : null}
      </div>
    </div>
  );
}

/** The rendered SMS with the characters that force UCS-2 marked. */
/** A Liquid textarea of the editor (the SMS text, the e-mail's body): its problem as typed under it, its focus telling where a variable goes. */
function LiquidArea({
  field,
  label,
  rows,
  area,
  value,
  message,
  onFocus,
  onChange
}: {
  field: 'BodySms' | 'body';
  label: string;
  rows: number;
  area: RefObject<HTMLTextAreaElement | null>;
  value: string;
  message: string | undefined;
  onFocus(field: LiquidField): void;
  onChange(value: string): void;
}) {
  const styles = useStyles();
  return (
    <Field label={label} required hint={T.liquidHint} validationMessage={message} validationState={message ? 'error' : 'none'}>
      <Textarea ref={area} name={field} textarea={{ className: styles.liquid }} value={value} rows={rows} resize="vertical" onFocus={() => onFocus(field)} onChange={(_, d) => onChange(d.value)} />
    </Field>
  );
}

function Marked({ text, marked }: { text: string; marked: readonly string[] }) {
  const styles = useStyles();
  const set = new Set(marked);
  return (
    <p className={styles.rendered}>
      {Array.from(text).map((char, i) =>
        set.has(char) ? (
          <mark key={i} className={styles.mark}>
            {char}
          </mark>
        ) : (
          <Fragment key={i}>{char}</Fragment>
        )
      )}
    </p>
  );
}

/** Characters, encoding and parts of the SMS rendered with the event's examples, as the admin types. */
function SmsCountPanel({ values, maxParts, onReplace }: { values: TemplateValues; maxParts: number | null; onReplace(): void }) {
  const styles = useStyles();
  const outcome = smsOutcome(values);
  const replaceable = replaceAccents(values.BodySms) !== values.BodySms;
  const over = outcome !== null && maxParts !== null && outcome.count.parts > maxParts;
  const fromData = outcome !== null && outcome.count.ucs2Characters.some((c) => !outcome.ownUcs2.includes(c));
  return (
    <section className={styles.panel} aria-label={T.smsCount}>
      <h3 className={styles.heading}>{T.smsCount}</h3>
      <Caption1 className={styles.hint}>{T.smsCountHint}</Caption1>
      <div className={styles.count} aria-live="polite">
        {outcome === null ? (
          <Body1>{T.smsWaiting}</Body1>
        ) : (
          <>
            <Body1 className={mergeClasses(styles.summary, over && styles.over)} data-testid="sms-summary">
              {T.smsSummary(outcome.count.characters, outcome.count.encoding, outcome.count.parts)}
            </Body1>
            {maxParts !== null ? <Caption1 className={over ? styles.over : undefined}>{T.smsMax(maxParts)}</Caption1> : null}
            {outcome.count.ucs2Characters.length > 0 ? <Body1>{T.smsUcs2(outcome.count.ucs2Characters)}</Body1> : null}
            {fromData ? <Caption1 className={styles.hint}>{T.smsUcs2FromData}</Caption1> : null}
          </>
        )}
      </div>
      {outcome !== null && outcome.rendered !== '' ? (
        <div>
          <Caption1 className={styles.term}>{T.smsRendered}</Caption1>
          <Marked text={outcome.rendered} marked={outcome.count.ucs2Characters} />
        </div>
      ) : null}
      <div className={styles.actions}>
        <Button icon={<TextEditStyle20Regular />} disabled={!replaceable} onClick={onReplace}>
          {T.replaceAccents}
        </Button>
      </div>
      <Caption1 className={styles.hint}>{T.replaceAccentsHint}</Caption1>
    </section>
  );
}

/**
 * The preview the platform renders (previewNotificationTemplate) with the organisation's latest
 * real record of the event, naming which; asked once the admin pauses, only for a template without
 * Liquid problems.
 */
function PreviewPanel({ values, editing, idOrg }: { values: TemplateValues; editing: Editing<NotificationTemplate>; idOrg: number | null }) {
  const styles = useStyles();
  const sms = isSms(values);
  const ready = sms ? values.BodySms.trim() !== '' && !liquidProblem(values, 'BodySms') : values.subject.trim() !== '' && values.body.trim() !== '' && !liquidProblem(values, 'subject') && !liquidProblem(values, 'body');
  const current = ready ? templateBody({ ...values, codeTemplate: values.codeTemplate.trim() || T.previewCode }, templateId(editing)) : null;
  const request = current ? JSON.stringify(current) : null;
  const asked = useSettled(request, PREVIEW_DELAY_MS);
  const typing = request !== asked;
  const checked = current && !typing ? checkWith(TemplateBody, current) : null;
  const body = checked?.ok ? checked.data : null;
  const preview = useLoad(JSON.stringify(['notification-preview', idOrg, asked]), () => callSettings('previewNotificationTemplate', { body: body ?? undefined, idOrg }), { enabled: body !== null });

  let content;
  if (request === null) content = <Body1 className={styles.hint}>{T.previewWaiting}</Body1>;
  else if (typing || preview.status === 'pending' || preview.status === 'idle')
    content = (
      <div role="status">
        <Spinner size="tiny" label={T.previewLoading} />
      </div>
    );
  else if (preview.status === 'rejected')
    content = (
      <MessageBar intent="error">
        <MessageBarBody>
          {T.previewFailed}: {preview.error?.message}
        </MessageBarBody>
      </MessageBar>
    );
  else if (preview.data) {
    const p = preview.data;
    content = (
      <>
        <Caption1 className={styles.hint}>{p.source ? T.previewSource(p.source) : T.previewExamples}</Caption1>
        {sms ? (
          <dl className={styles.previewRow}>
            <dt className={styles.term}>{T.previewSms}</dt>
            <dd className={styles.value}>
              <p className={styles.preview}>{p.sms ?? ''}</p>
            </dd>
          </dl>
        ) : (
          <dl className={styles.previewRow}>
            <dt className={styles.term}>{T.previewSubject}</dt>
            <dd className={styles.value}>{p.subject}</dd>
            <dt className={styles.term}>{T.previewBody}</dt>
            <dd className={styles.value}>
              <p className={styles.preview}>{p.body}</p>
            </dd>
          </dl>
        )}
      </>
    );
  }

  return (
    <section className={styles.panel} aria-label={T.preview}>
      <h3 className={styles.heading}>{T.preview}</h3>
      <div aria-live="polite">{content}</div>
    </section>
  );
}

const TestBody = notifyDeliveryEndpoints.sendTestNotificationTemplate.body;

/** 'Enviar prueba': the saved template to the editor's own address (an SMS one: to the phone typed), said in a toast. */
function TestSend({ template, dirty, idOrg }: { template: NotificationTemplate; dirty: boolean; idOrg: number | null }) {
  const styles = useStyles();
  const notify = useNotify();
  const sms = template.TypeNotification === NOTIFICATION_CHANNEL_IDS.sms;
  const [phone, setPhone] = useState('');
  const [phoneError, setPhoneError] = useState<string>();
  const [sending, setSending] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const id = template.id;

  async function send() {
    if (sending || id === undefined) return;
    setRefusal(null);
    const checked = checkWith(TestBody, sms ? { phone } : {});
    if (!checked.ok) {
      setPhoneError(checked.errors.phone ?? checked.first);
      return;
    }
    setPhoneError(undefined);
    setSending(true);
    const result = await callSettings('sendTestNotificationTemplate', { params: { id }, body: checked.data, idOrg });
    setSending(false);
    if (!result.ok) {
      setRefusal(result.error.message);
      return notify.error(T.testFailed);
    }
    if (result.data.queued) notify.success(T.testQueued(result.data.recipient));
    else notify.warning(T.testNotQueued(result.data.recipient));
  }

  return (
    <section className={styles.panel} aria-label={T.test}>
      <h3 className={styles.heading}>{T.test}</h3>
      <Caption1 className={styles.hint}>{sms ? T.testIntroSms : T.testIntro}</Caption1>
      {dirty ? <Caption1>{T.testUnsaved(template.version)}</Caption1> : null}
      {refusal ? (
        <MessageBar intent="error" role="alert">
          <MessageBarBody>{refusal}</MessageBarBody>
        </MessageBar>
      ) : null}
      <div
        className={styles.test}
        // Enter in the phone sends the test, not the editor's form (which would save the template).
        onKeyDown={(e) => {
          if (e.key === 'Enter' && e.target instanceof HTMLInputElement) {
            e.preventDefault();
            void send();
          }
        }}
      >
        {sms ? <TextField label={T.testPhone} name="testPhone" type="tel" autoComplete="off" hint={T.testPhoneHint} value={phone} onChange={setPhone} error={phoneError} /> : null}
        <Button icon={sending ? <Spinner size="tiny" aria-hidden /> : <Send20Regular />} disabledFocusable={sending || id === undefined} onClick={() => void send()}>
          {T.test}
        </Button>
      </div>
    </section>
  );
}
