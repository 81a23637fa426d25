import type { NotificationTemplate, NotificationType } from '../../../../shared/domain/notification';
import { UpsertNotificationTemplate } from '../../../../shared/domain/notification';
import type { NotifyChannelsView } from '../../../../shared/domain/notify-channels';
import { NOTIFICATION_CHANNEL_IDS, NOTIFICATION_EVENTS, type NotificationEvent } from '../../../../shared/notifications/events';
import { exampleVariables, nestVariables, renderTemplate, templateProblem, withoutCustomerContent, type TemplatePart } from '../../../../shared/notifications/liquid';
import { countSms, replaceAccents, type SmsCount } from '../../../../shared/notifications/sms';
import { checkWith, numberFrom, type FieldErrors } from '../../../components/settings/form';
import type { Editing } from '../../../components/settings/use-settings-list';
import { EVENTS_TEXT as T } from './texts';

/**
 * The rules of a notification template as the editor applies them while the admin types — the
 * same Liquid engine, variables and SMS count as the platform (src/shared/notifications), so what
 * the editor accepts the platform accepts, and a typo is shown under its field before any call.
 */

/** A template's form: the type id as text (a select), the three Liquid texts, the switch. */
export interface TemplateValues {
  eventType: string;
  TypeNotification: string;
  codeTemplate: string;
  subject: string;
  body: string;
  BodySms: string;
  excludeCustomerContent: boolean;
}

/** The Liquid texts of the form, by the part of a template each is. */
export type LiquidField = 'subject' | 'body' | 'BodySms';
export const LIQUID_PART: Record<LiquidField, TemplatePart> = { subject: 'subject', body: 'body', BodySms: 'sms' };

/** What the form offers beside its values: the organisation's notification types and its channels (the SMS part limit). */
export interface TemplatesLookup {
  types: readonly NotificationType[];
  /** null when they could not be read: the part limit is then the platform's to check on save. */
  channels: NotifyChannelsView | null;
}

/** The types a template may be written for: e-mail and SMS (WhatsApp has no sender). */
export const OFFERED_TYPES: readonly number[] = [NOTIFICATION_CHANNEL_IDS.email, NOTIFICATION_CHANNEL_IDS.sms];

export function offeredTypes(types: readonly NotificationType[]): NotificationType[] {
  return types.filter((t) => OFFERED_TYPES.includes(t.typeNotificationId));
}

export const isSms = (values: Pick<TemplateValues, 'TypeNotification'>) => numberFrom(values.TypeNotification) === NOTIFICATION_CHANNEL_IDS.sms;

export function eventOf(code: string): NotificationEvent | undefined {
  return NOTIFICATION_EVENTS.find((e) => e.code === code);
}

/** A new template's texts for an event: a subject, a body and an SMS that render with any event's variables. */
export function starters(event: NotificationEvent): Pick<TemplateValues, 'subject' | 'body' | 'BodySms'> {
  return {
    subject: `{{ organizacion.nombre }}: ${event.label}`,
    body: `${event.label}\n\nFecha: {{ fecha }}\n{{ organizacion.nombre }}`,
    // Without accents: a new SMS starts in GSM-7.
    BodySms: `{{ organizacion.nombre }}: ${replaceAccents(event.label)} ({{ fecha }})`
  };
}

const FIRST_EVENT = NOTIFICATION_EVENTS[0];

export function blankTemplate(): TemplateValues {
  return {
    eventType: FIRST_EVENT.code,
    TypeNotification: String(NOTIFICATION_CHANNEL_IDS.email),
    codeTemplate: '',
    ...starters(FIRST_EVENT),
    excludeCustomerContent: false
  };
}

export function templateValues(t: NotificationTemplate): TemplateValues {
  const event = eventOf(t.eventType);
  return {
    eventType: t.eventType,
    TypeNotification: String(t.TypeNotification),
    codeTemplate: t.codeTemplate,
    subject: t.subject,
    body: t.body,
    // An SMS template without its text yet starts from the starter (an e-mail one keeps it unsent).
    BodySms: t.BodySms ?? (event ? starters(event).BodySms : ''),
    excludeCustomerContent: t.excludeCustomerContent
  };
}

/** The upsert body as the renderer sends it: the organisation is the session's (or the one chosen), never the page's. */
export const TemplateBody = UpsertNotificationTemplate.omit({ companyId: true });

/**
 * What is sent (SPEC §5: BodySms and id only when present): an e-mail template its subject and
 * body, an SMS template its BodySms; the id of the template edited.
 */
export function templateBody(values: TemplateValues, id: number | undefined): Record<string, unknown> {
  return {
    eventType: values.eventType,
    TypeNotification: numberFrom(values.TypeNotification),
    codeTemplate: values.codeTemplate,
    ...(isSms(values) ? { BodySms: values.BodySms } : { subject: values.subject, body: values.body }),
    excludeCustomerContent: values.excludeCustomerContent,
    ...(id === undefined ? {} : { id })
  };
}

export const templateId = (editing: Editing<NotificationTemplate>) => (editing.mode === 'edit' ? editing.item.id : undefined);

export function checkTemplate(values: TemplateValues, editing: Editing<NotificationTemplate>) {
  return checkWith(TemplateBody, templateBody(values, templateId(editing)));
}

/** The event's variables with the catalogue's examples, the customer's emptied when the template leaves them out. */
export function exampleFor(event: NotificationEvent, excludeCustomerContent: boolean) {
  if (!excludeCustomerContent) return exampleVariables(event);
  const flat = Object.fromEntries(event.variables.map((v) => [v.name, v.example]));
  return nestVariables(withoutCustomerContent(event, flat));
}

/** Why a Liquid text of the form does not fit the event (the platform's words), or undefined. */
export function liquidProblem(values: TemplateValues, field: LiquidField): string | undefined {
  const event = eventOf(values.eventType);
  if (!event || values[field].trim() === '') return undefined;
  return templateProblem(values[field], event, LIQUID_PART[field])?.message;
}

/** The SMS as it would leave with the event's examples, and its count; null while the Liquid has a problem. */
export interface SmsOutcome {
  rendered: string;
  count: SmsCount;
  /** The characters of the template's own text that force UCS-2 ('Reemplazar tildes' replaces them). */
  ownUcs2: string[];
}

export function smsOutcome(values: TemplateValues): SmsOutcome | null {
  const event = eventOf(values.eventType);
  if (!event || liquidProblem(values, 'BodySms') !== undefined) return null;
  let rendered: string;
  try {
    rendered = renderTemplate(values.BodySms, exampleFor(event, values.excludeCustomerContent));
  } catch {
    return null;
  }
  return { rendered, count: countSms(rendered), ownUcs2: countSms(values.BodySms).ucs2Characters };
}

/**
 * The rules beyond the body schema: a type chosen; one template per event and type (the list has
 * it: edit that one); the texts the type needs, each valid Liquid for the event; an SMS within the
 * organisation's part limit.
 */
export function templateRules(values: TemplateValues, rows: readonly NotificationTemplate[], editing: Editing<NotificationTemplate>, lookup: TemplatesLookup | null): FieldErrors {
  const errors: FieldErrors = {};
  const typeId = numberFrom(values.TypeNotification);
  if (typeId === undefined || !OFFERED_TYPES.includes(typeId)) errors.TypeNotification = T.chooseType;
  const self = editing.mode === 'edit' ? editing.item : null;
  if (rows.some((r) => r !== self && r.eventType === values.eventType && r.TypeNotification === typeId && (self?.id === undefined || r.id !== self.id))) errors.eventType = T.duplicate;

  const required = (field: LiquidField, message: string) => {
    if (values[field].trim() === '') errors[field] = message;
    else {
      const problem = liquidProblem(values, field);
      if (problem) errors[field] = problem;
    }
  };
  if (isSms(values)) {
    required('BodySms', T.smsRequired);
    const max = lookup?.channels?.smsMaxParts;
    const outcome = errors.BodySms ? null : smsOutcome(values);
    if (outcome && max !== undefined && outcome.count.parts > max) errors.BodySms = T.tooManyParts(outcome.count.parts, max);
  } else {
    required('subject', T.subjectRequired);
    required('body', T.bodyRequired);
  }
  return errors;
}
