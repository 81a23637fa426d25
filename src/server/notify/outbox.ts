import { randomUUID } from 'node:crypto';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { Role } from '../../shared/roles';
import { NOTIFICATION_CHANNEL_IDS, notificationEvent, type NotificationEventCode, type RecipientRole } from '../../shared/notifications/events';
import { notificationEmails, notificationOutbox, notificationTemplates, users } from '../db/schema';
import type { Db } from '../db/types';

/** One person an event is addressed to: an e-mail address, a phone for SMS, or both. */
export interface Recipient {
  email?: string | null;
  phone?: string | null;
  role: RecipientRole;
}

export interface RaisedEvent {
  organizationId: number;
  eventType: NotificationEventCode;
  /** The event's variables as flat paths ('cliente.nombre'), the names of NOTIFICATION_EVENTS. */
  variables: Record<string, unknown>;
  /**
   * Who it goes to: 'staff' — the organisation's people of the event's role (supervisors: role 6;
   * administrators: roles 1 and 3) and its active notification e-mails —, or the given recipients.
   */
  to: 'staff' | readonly Recipient[];
  conversationId?: string | null;
  /** Raising the same event id again queues nothing more (the idempotency key holds it). Default: a new one. */
  eventId?: string;
}

/** The roles the 'staff' recipients of an event's role hold. */
const STAFF_ROLES: Partial<Record<RecipientRole, readonly number[]>> = {
  SUPERVISOR: [Role.SupervisorAsesorHumano],
  ADMINISTRADOR: [Role.Superadministrador, Role.AdministradorEntidad]
};

/** An e-mail address or phone as the outbox keys it (lower-case, trimmed; a phone's digits and +). */
export function normaliseAddress(address: string, channel: 'email' | 'sms'): string {
  const trimmed = address.trim();
  return channel === 'sms' ? trimmed.replace(/[^\d+]/g, '') : trimmed.toLowerCase();
}

/** The recipients of 'staff': active users of the role in the organisation, then its active notification e-mails (each address once). */
async function staffRecipients(tx: Db, organizationId: number, role: RecipientRole): Promise<Recipient[]> {
  const roles = STAFF_ROLES[role] ?? [];
  const people =
    roles.length === 0 ? [] : (
      await tx
        .select({ email: users.email })
        .from(users)
        .where(and(eq(users.organizationId, organizationId), inArray(users.role, [...roles]), eq(users.isActive, true), isNull(users.deletedAt)))
    );
  const listed = await tx
    .select({ email: notificationEmails.email })
    .from(notificationEmails)
    .where(and(eq(notificationEmails.organizationId, organizationId), eq(notificationEmails.activo, true)));
  return [...people, ...listed].map((r) => ({ email: r.email, role }));
}

/** The key that makes a send happen once: event, recipient, channel and template version. */
export function idempotencyKey(eventId: string, recipient: string, typeNotificationId: number, templateVersion: number): string {
  return `${eventId}:${recipient}:${typeNotificationId}:${templateVersion}`;
}

/**
 * Issue 39: writes an event's notifications to the durable outbox, in the caller's transaction
 * (the change that raised it commits with them, or neither does). One row per recipient and per
 * template the organisation keeps for the event: its e-mail templates to the recipients with an
 * address, its SMS templates to those with a phone. Nothing is rendered or sent here — the worker
 * does that (src/server/notify/worker.ts) — so raising costs the chat a few inserts. Answers how
 * many rows were queued (0 when the organisation keeps no template for the event).
 */
export async function raiseEvent(tx: Db, event: RaisedEvent): Promise<number> {
  const definition = notificationEvent(event.eventType);
  if (!definition) throw new Error(`raiseEvent: unknown event ${event.eventType}`);
  const templates = await tx
    .select({ id: notificationTemplates.id, typeNotificationId: notificationTemplates.typeNotificationId, version: notificationTemplates.version })
    .from(notificationTemplates)
    .where(and(eq(notificationTemplates.organizationId, event.organizationId), eq(notificationTemplates.eventType, event.eventType)));
  if (templates.length === 0) return 0;
  const recipients =
    event.to === 'staff' ? await staffRecipients(tx, event.organizationId, definition.role === 'USUARIO' ? 'ADMINISTRADOR' : definition.role) : event.to;
  const eventId = event.eventId ?? randomUUID();
  const rows: (typeof notificationOutbox.$inferInsert)[] = [];
  const seen = new Set<string>();
  for (const template of templates) {
    const channel =
      template.typeNotificationId === NOTIFICATION_CHANNEL_IDS.email ? 'email'
      : template.typeNotificationId === NOTIFICATION_CHANNEL_IDS.sms ? 'sms'
      : null;
    if (channel === null) continue;
    for (const recipient of recipients) {
      const raw = channel === 'email' ? recipient.email : recipient.phone;
      if (!raw) continue;
      const address = normaliseAddress(raw, channel);
      const key = idempotencyKey(eventId, address, template.typeNotificationId, template.version);
      if (address === '' || seen.has(key)) continue;
      seen.add(key);
      rows.push({
        organizationId: event.organizationId,
        eventId,
        eventType: event.eventType,
        typeNotificationId: template.typeNotificationId,
        templateId: template.id,
        templateVersion: template.version,
        recipient: address,
        recipientRole: recipient.role,
        idempotencyKey: key,
        variables: event.variables,
        conversationId: event.conversationId ?? null
      });
    }
  }
  if (rows.length === 0) return 0;
  const inserted = await tx.insert(notificationOutbox).values(rows).onConflictDoNothing({ target: notificationOutbox.idempotencyKey }).returning({ id: notificationOutbox.id });
  return inserted.length;
}
