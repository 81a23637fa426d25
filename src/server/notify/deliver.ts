import { inArray } from 'drizzle-orm';
import { NOTIFICATION_CHANNEL_IDS, notificationEvent } from '../../shared/notifications/events';
import { nestVariables, renderTemplate, withoutCustomerContent } from '../../shared/notifications/liquid';
import { NOTIFY_DEFAULTS } from '../../shared/domain/notify-channels';
import { notificationChannels, notificationOutbox, notificationTemplates } from '../db/schema';
import type { Db } from '../db/types';
import { errorText, PLATFORM_FROM_ADDRESS, type SendOutcome } from './channels/channel';
import type { ChannelSet, SmtpSettings } from './channels';
import type { AttemptResult } from './delivery-log';
import { ownAddressReason, smsTooLongReason, suppressedAmong, suppressedReason, type Cap, type Suppressed } from './guards';
import { unseal } from './secrets';

export type OutboxRow = typeof notificationOutbox.$inferSelect;
type TemplateRow = typeof notificationTemplates.$inferSelect;
type ChannelsRow = typeof notificationChannels.$inferSelect;

/** A claimed row: its lease is what proves it is still this process's to send. */
export type ClaimedRow = OutboxRow & { leaseUntil: Date };

/** What a batch of claimed rows needs, read once for the batch: their templates, their organisations' channels, their suppressed recipients. */
export interface BatchContext {
  templates: Map<number, TemplateRow>;
  channels: Map<number, ChannelsRow>;
  suppressed: Map<string, Suppressed>;
}

export async function batchContext(db: Db, rows: readonly ClaimedRow[]): Promise<BatchContext> {
  const templateIds = [...new Set(rows.flatMap((r) => (r.templateId === null ? [] : [r.templateId])))];
  const orgIds = [...new Set(rows.map((r) => r.organizationId))];
  const templates = templateIds.length === 0 ? [] : await db.select().from(notificationTemplates).where(inArray(notificationTemplates.id, templateIds));
  const channels = await db.select().from(notificationChannels).where(inArray(notificationChannels.organizationId, orgIds));
  const suppressed = await suppressedAmong(
    db,
    rows.map((r) => ({ organizationId: r.organizationId, address: r.recipient }))
  );
  return {
    templates: new Map(templates.map((t) => [t.id, t])),
    channels: new Map(channels.map((c) => [c.organizationId, c])),
    suppressed
  };
}

export interface DeliverDeps {
  db: Db;
  channels: ChannelSet;
  secretKey: () => Promise<Buffer>;
}

/** A failure that no retry can mend (a missing template, a refused configuration): 'FALLIDA' at once. */
const failed = (detail: string): AttemptResult => ({ outcome: 'FALLIDA', detail });
const suppressed = (detail: string): AttemptResult => ({ outcome: 'SUPRIMIDA', detail });

type Rendered = { channel: 'email'; subject: string; body: string } | { channel: 'sms'; text: string };

/**
 * Renders the row with its template as it stands (the editor checked its Liquid against the
 * event's variables on save): the e-mail's subject — on one line, so no rendered value can start
 * a header of its own — and body, or the SMS text; with 'No incluir contenido del cliente', the
 * customer's variables empty.
 */
function render(row: OutboxRow, template: TemplateRow): Rendered | string {
  const event = notificationEvent(row.eventType);
  if (!event) return `El evento ${row.eventType} no existe en el catálogo`;
  const flat = template.excludeCustomerContent ? withoutCustomerContent(event, row.variables) : row.variables;
  const variables = nestVariables(flat);
  try {
    if (row.typeNotificationId === NOTIFICATION_CHANNEL_IDS.email) {
      const subject = renderTemplate(template.subject, variables).replace(/[\r\n]+/g, ' ').trim();
      return { channel: 'email', subject, body: renderTemplate(template.body, variables) };
    }
    if (row.typeNotificationId === NOTIFICATION_CHANNEL_IDS.sms) {
      if (template.bodySms === null || template.bodySms.trim() === '') return 'La plantilla no tiene texto de SMS';
      return { channel: 'sms', text: renderTemplate(template.bodySms, variables) };
    }
  } catch (error) {
    return `La plantilla no se pudo generar: ${errorText(error).split('\n')[0] ?? ''}`;
  }
  return `El tipo de notificación ${row.typeNotificationId} no tiene un canal de envío`;
}

/** Which try this is: the wait before the next one, or null when it is the last. */
export interface Tries {
  attempt: number;
  max: number;
  retryInMs: number | null;
}

/** A provider's answer as an attempt: a failure to retry, to give up on, or a bounce to suppress. */
export function fromOutcome(outcome: SendOutcome, tries: Tries): AttemptResult {
  const call = outcome.ok || outcome.called ? { service: outcome.service, ok: outcome.ok, durationMs: outcome.durationMs, detail: outcome.detail } : undefined;
  if (outcome.ok) return { outcome: 'ENVIADA', detail: outcome.detail, call };
  if (outcome.kind === 'bounce') {
    return { outcome: 'FALLIDA', detail: `Rechazo permanente del servidor de correo: ${outcome.detail}`, call, suppress: `Rechazo permanente: ${outcome.detail}` };
  }
  if (outcome.kind === 'permanent') return { outcome: 'FALLIDA', detail: outcome.detail, call };
  if (tries.retryInMs === null) return { outcome: 'FALLIDA', detail: `${outcome.detail} — sin más intentos (${tries.attempt} de ${tries.max})`, call };
  const retryInMs = tries.retryInMs;
  return { outcome: 'RETRY', detail: `${outcome.detail} — intento ${tries.attempt} de ${tries.max}; se reintentará en ${Math.ceil(retryInMs / 1000)} s`, retryInMs, call };
}

function smtpSettings(row: ChannelsRow, key: Buffer | null): SmtpSettings {
  return {
    host: row.smtpHost,
    port: row.smtpPort,
    security: row.smtpSecurity === 'none' || row.smtpSecurity === 'tls' ? row.smtpSecurity : 'starttls',
    user: row.smtpUser,
    password: row.smtpPasswordEnc && key ? unseal(key, row.smtpPasswordEnc) : null
  };
}

/** What a claimed row needs before it can go: an outcome already (nothing to send), or a send under the cap. */
export type Prepared =
  | { kind: 'done'; result: AttemptResult }
  | {
      kind: 'send';
      /** The per-recipient cap of its template (guards.ts reserveUnderCaps). */
      cap: Cap;
      templateId: number;
      send: () => Promise<SendOutcome>;
    };

/**
 * The first half of one try of one claimed row: render, then the guards that need no count (the
 * platform's own address, the suppression list, the SMS part limit) and the channel's credentials.
 * The worker then reserves the batch's places under the cap at once (guards.ts) and sends.
 */
export async function prepareDelivery(deps: DeliverDeps, row: ClaimedRow, context: BatchContext): Promise<Prepared> {
  const done = (result: AttemptResult): Prepared => ({ kind: 'done', result });
  const template = row.templateId === null ? undefined : context.templates.get(row.templateId);
  if (!template) return done(failed('La plantilla de la notificación fue eliminada'));
  const settings = context.channels.get(row.organizationId);
  const rendered = render(row, template);
  if (typeof rendered === 'string') return done(failed(rendered));

  const fromAddress = settings?.fromAddress ?? NOTIFY_DEFAULTS.fromAddress;
  if (rendered.channel === 'email') {
    const own = ownAddressReason(row.recipient, fromAddress);
    if (own) return done(suppressed(own));
  }
  const listed = context.suppressed.get(`${row.organizationId}:${row.recipient}`);
  if (listed) return done(suppressed(suppressedReason(listed)));
  if (rendered.channel === 'sms') {
    if (!settings || settings.smsUrl.trim() === '') return done(failed('La organización no tiene un proveedor de SMS configurado'));
    const tooLong = smsTooLongReason(rendered.text, settings.smsMaxParts);
    if (tooLong) return done(failed(tooLong));
  }

  let smtp: SmtpSettings | null = null;
  let smsToken: string | null = null;
  try {
    const needsKey = Boolean(settings && ((rendered.channel === 'email' && settings.smtpHost !== '' && settings.smtpPasswordEnc) || (rendered.channel === 'sms' && settings.smsTokenEnc)));
    const key = needsKey ? await deps.secretKey() : null;
    if (settings && rendered.channel === 'email' && settings.smtpHost.trim() !== '') smtp = smtpSettings(settings, key);
    if (settings && rendered.channel === 'sms' && settings.smsTokenEnc && key) smsToken = unseal(key, settings.smsTokenEnc);
  } catch (error) {
    return done(failed(`No se pudo descifrar la credencial guardada del canal (${errorText(error)}): vuelva a guardarla en la configuración de canales`));
  }

  const cap = { count: settings?.capCount ?? NOTIFY_DEFAULTS.capCount, windowMinutes: settings?.capWindowMinutes ?? NOTIFY_DEFAULTS.capWindowMinutes };
  const send = () =>
    rendered.channel === 'email' ?
      deps.channels.sendEmail(smtp, {
        from: fromAddress === '' ? PLATFORM_FROM_ADDRESS : fromAddress,
        to: row.recipient,
        subject: rendered.subject,
        text: rendered.body,
        idempotencyKey: row.idempotencyKey,
        outboxId: row.id
      })
    : deps.channels.sendSms({ url: settings?.smsUrl ?? '', user: settings?.smsUser ?? '', token: smsToken }, { to: row.recipient, text: rendered.text, idempotencyKey: row.idempotencyKey });
  return { kind: 'send', cap, templateId: template.id, send };
}

/** The result of a row the cap held back. */
export const capped = (cap: Cap): AttemptResult => suppressed(`Se alcanzó el máximo de ${cap.count} notificaciones en ${cap.windowMinutes} minutos para este destinatario y esta plantilla`);
