import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { UpsertNotificationTemplate } from '../../shared/domain/notification';
import { NOTIFICATION_CHANNEL_IDS, notificationEvent, type NotificationEvent } from '../../shared/notifications/events';
import { nestVariables, renderTemplate, templateProblem, withoutCustomerContent, type TemplatePart } from '../../shared/notifications/liquid';
import { countSms } from '../../shared/notifications/sms';
import { notificationTypes } from '../db/schema';
import type { Db } from '../db/types';
import { HttpError } from '../http/errors';
import { smsMaxParts } from './channel-settings';

/**
 * Issue 39: what makes a notification template one the platform can send, checked on every save and
 * preview (SPEC §3 "Notification template"): an event of the catalogue (NOTIFICATION_EVENTS), an
 * existing notification type with a sender on this platform (e-mail or SMS: there is no WhatsApp
 * sender), the texts its channel needs and no other, every Liquid text parsed and reading only the
 * event's variables (liquid.ts templateProblem: a typo such as {{ cliente.nombr }}, bad Liquid or an
 * include is refused by name), and an SMS that, rendered with the event's examples, fits the
 * organisation's part limit (sms_max_parts). Every refusal is a Spanish 400 naming its field.
 */

export type TemplateBody = z.output<typeof UpsertNotificationTemplate>;
export type TemplateChannel = 'email' | 'sms';

export const TEMPLATE_TEXT = {
  notFound: 'La plantilla de notificación no existe',
  duplicate: 'eventType: Ya existe una plantilla de ese evento para ese tipo de notificación',
  unknownEvent: (code: string) => `eventType: El evento «${code}» no existe`,
  unknownType: (id: number) => `TypeNotification: El tipo de notificación ${id} no existe`,
  noSender: (name: string) => `TypeNotification: Esta plataforma no envía notificaciones por ${name}; use Correo electrónico o SMS`,
  subjectRequired: 'subject: Ingrese el asunto del correo',
  bodyRequired: 'body: Ingrese el cuerpo del correo',
  noSmsInEmail: 'BodySms: Una plantilla de correo electrónico no lleva cuerpo de SMS',
  smsRequired: 'BodySms: Ingrese el cuerpo del SMS',
  noEmailInSms: (field: 'subject' | 'body') => `${field}: Una plantilla de SMS no lleva asunto ni cuerpo de correo`,
  smsTooLong: (parts: number, characters: number, encoding: string, max: number) =>
    `BodySms: El SMS, con los datos de ejemplo del evento, ocupa ${parts} partes (${characters} caracteres, ${encoding}); el máximo de la entidad es ${max} ${max === 1 ? 'parte' : 'partes'}`
} as const;

/** The field of the upsert body each Liquid text is. */
const FIELD_OF: Record<TemplatePart, 'subject' | 'body' | 'BodySms'> = { subject: 'subject', body: 'body', sms: 'BodySms' };

/** A template that passed every rule, as it is stored. */
export interface CheckedTemplate {
  event: NotificationEvent;
  channel: TemplateChannel;
  subject: string;
  body: string;
  bodySms: string | null;
  excludeCustomerContent: boolean;
}

/** The event's variables a template renders with: flat paths, the customer's emptied when the template says so, nested. */
export function templateVariables(event: NotificationEvent, flat: Readonly<Record<string, unknown>>, excludeCustomerContent: boolean): Record<string, unknown> {
  return nestVariables(excludeCustomerContent ? withoutCustomerContent(event, flat) : flat);
}

/** The catalogue's examples of the event as flat paths. */
export function exampleFlatVariables(event: NotificationEvent): Record<string, unknown> {
  return Object.fromEntries(event.variables.map((v) => [v.name, v.example]));
}

/** Checks `body` for organisation `orgId` (see the module's comment): the template as it is stored, or a Spanish 400. */
export async function checkTemplate(db: Db, orgId: number, body: TemplateBody): Promise<CheckedTemplate> {
  const event = notificationEvent(body.eventType);
  if (!event) throw new HttpError(400, TEMPLATE_TEXT.unknownEvent(body.eventType));
  const [type] = await db.select({ name: notificationTypes.name }).from(notificationTypes).where(eq(notificationTypes.typeNotificationId, body.TypeNotification)).limit(1);
  if (!type) throw new HttpError(400, TEMPLATE_TEXT.unknownType(body.TypeNotification));
  const channel: TemplateChannel | null =
    body.TypeNotification === NOTIFICATION_CHANNEL_IDS.email ? 'email'
    : body.TypeNotification === NOTIFICATION_CHANNEL_IDS.sms ? 'sms'
    : null;
  if (channel === null) throw new HttpError(400, TEMPLATE_TEXT.noSender(type.name));
  const bodySms = body.BodySms ?? '';
  const parts: [TemplatePart, string][] = [];
  if (channel === 'email') {
    if (body.subject === '') throw new HttpError(400, TEMPLATE_TEXT.subjectRequired);
    if (body.body === '') throw new HttpError(400, TEMPLATE_TEXT.bodyRequired);
    if (bodySms !== '') throw new HttpError(400, TEMPLATE_TEXT.noSmsInEmail);
    parts.push(['subject', body.subject], ['body', body.body]);
  } else {
    if (bodySms === '') throw new HttpError(400, TEMPLATE_TEXT.smsRequired);
    if (body.subject !== '') throw new HttpError(400, TEMPLATE_TEXT.noEmailInSms('subject'));
    if (body.body !== '') throw new HttpError(400, TEMPLATE_TEXT.noEmailInSms('body'));
    parts.push(['sms', bodySms]);
  }
  for (const [part, source] of parts) {
    const problem = templateProblem(source, event, part);
    if (problem) throw new HttpError(400, `${FIELD_OF[problem.part]}: ${problem.message}`);
  }
  if (channel === 'sms') {
    const max = await smsMaxParts(db, orgId);
    const count = countSms(renderTemplate(bodySms, templateVariables(event, exampleFlatVariables(event), body.excludeCustomerContent)));
    if (count.parts > max) throw new HttpError(400, TEMPLATE_TEXT.smsTooLong(count.parts, count.characters, count.encoding, max));
  }
  return {
    event,
    channel,
    subject: channel === 'email' ? body.subject : '',
    body: channel === 'email' ? body.body : '',
    bodySms: channel === 'sms' ? bodySms : null,
    excludeCustomerContent: body.excludeCustomerContent
  };
}

/** A checked template rendered with the event's variables (flat paths): what the preview shows. */
export function renderChecked(template: CheckedTemplate, flat: Readonly<Record<string, unknown>>): { subject: string; body: string; sms: string | null } {
  const variables = templateVariables(template.event, flat, template.excludeCustomerContent);
  return {
    subject: template.subject === '' ? '' : renderTemplate(template.subject, variables),
    body: template.body === '' ? '' : renderTemplate(template.body, variables),
    sms: template.bodySms === null ? null : renderTemplate(template.bodySms, variables)
  };
}
