import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { ldapAllowedHosts, type ServerConfig } from '../../../src/server/config';
import { integrationCalls, notificationChannels, notificationOutbox, notificationsLog, notificationTemplates, organizations, users } from '../../../src/server/db/schema';
import { DEFAULT_NOTIFY_DELIVERY, type NotifyDeliveryOptions } from '../../../src/server/notify/options';
import { raiseEvent, type RaisedEvent } from '../../../src/server/notify/outbox';
import { loadSecretKey, seal } from '../../../src/server/notify/secrets';
import { kickNotifyWorker } from '../../../src/server/notify/kick';
import { NOTIFICATION_CHANNEL_IDS, type NotificationEventCode } from '../../../src/shared/notifications/events';
import { eventually } from '../../support/platform';

/** The notification tests' platform settings: loopback allowed, their own outbox folder, waits of milliseconds. */
export function notifyConfig(delivery: Partial<NotifyDeliveryOptions> = {}): Partial<ServerConfig> & { notifyOutboxDir: string } {
  return {
    notifyAllowedHosts: ldapAllowedHosts('127.0.0.1', 'NOTIFY_ALLOWED_HOSTS'),
    notifyOutboxDir: mkdtempSync(join(tmpdir(), 'atiende-outbox-test-')),
    notifyDelivery: { ...DEFAULT_NOTIFY_DELIVERY, retryBaseMs: 40, retryMaxMs: 200, pollMs: 50, maxAttempts: 3, smtpTimeoutMs: 3_000, smsTimeoutMs: 2_000, ...delivery }
  };
}

export interface TemplateSpec {
  event: NotificationEventCode;
  channel?: 'email' | 'sms';
  subject?: string;
  body?: string;
  bodySms?: string | null;
  excludeCustomerContent?: boolean;
}

export interface NotifyOrg {
  orgId: number;
  name: string;
  /** The template ids, in the order given. */
  templates: number[];
}

export interface ChannelSpec {
  smtpPort?: number;
  fromAddress?: string;
  smtpUser?: string;
  smtpPassword?: string;
  smsUrl?: string;
  smsUser?: string;
  smsToken?: string;
  smsMaxParts?: number;
  capCount?: number;
  capWindowMinutes?: number;
}

/** An organisation of its own, with `templates` and (when `channel` is given) its channel settings; without a channel row its e-mails go to .eml files. */
export async function createNotifyOrg(app: FastifyInstance, templates: readonly TemplateSpec[], channel?: ChannelSpec): Promise<NotifyOrg> {
  const db = app.db;
  const tag = randomBytes(4).toString('hex');
  const name = `Señales Ñandú ${tag}`;
  const [org] = await db
    .insert(organizations)
    .values({ name, schemaName: `pruebas_notif_${tag}`, organizationType: 'Contact center' })
    .returning({ idOrg: organizations.idOrg });
  if (!org) throw new Error('fixture: organisation');
  const made = await db
    .insert(notificationTemplates)
    .values(
      templates.map((t) => ({
        organizationId: org.idOrg,
        eventType: t.event,
        typeNotificationId: t.channel === 'sms' ? NOTIFICATION_CHANNEL_IDS.sms : NOTIFICATION_CHANNEL_IDS.email,
        codeTemplate: `${t.event}_${t.channel ?? 'email'}`,
        subject: t.subject ?? '',
        body: t.body ?? '',
        bodySms: t.bodySms ?? null,
        excludeCustomerContent: t.excludeCustomerContent ?? false
      }))
    )
    .returning({ id: notificationTemplates.id });
  if (channel) {
    const key = channel.smtpPassword || channel.smsToken ? await loadSecretKey(db) : null;
    await db.insert(notificationChannels).values({
      organizationId: org.idOrg,
      smtpHost: channel.smtpPort ? '127.0.0.1' : '',
      smtpPort: channel.smtpPort ?? 587,
      smtpSecurity: 'none',
      smtpUser: channel.smtpUser ?? '',
      smtpPasswordEnc: key && channel.smtpPassword ? seal(key, channel.smtpPassword) : null,
      fromAddress: channel.fromAddress ?? '',
      smsUrl: channel.smsUrl ?? '',
      smsUser: channel.smsUser ?? '',
      smsTokenEnc: key && channel.smsToken ? seal(key, channel.smsToken) : null,
      smsMaxParts: channel.smsMaxParts ?? 3,
      capCount: channel.capCount ?? 5,
      capWindowMinutes: channel.capWindowMinutes ?? 10
    });
  }
  return { orgId: org.idOrg, name, templates: made.map((m) => m.id) };
}

/** A person of the organisation (role 6: a supervisor) whose address the 'staff' recipients include. */
export async function addUser(app: FastifyInstance, orgId: number, email: string, role: number): Promise<void> {
  const [seeded] = await app.db.select({ hash: users.passwordHash }).from(users).where(eq(users.email, 'asesor@demo.co'));
  if (!seeded) throw new Error('fixture: the seeded asesor@demo.co is missing');
  await app.db.insert(users).values({ organizationId: orgId, email, name: 'Camila Núñez', role, passwordHash: seeded.hash });
}

/** Raises an event as the platform's code does: in a transaction, then a kick once it committed. Answers the rows queued. */
export async function raise(app: FastifyInstance, event: RaisedEvent): Promise<number> {
  const queued = await app.db.transaction((tx) => raiseEvent(tx, event));
  kickNotifyWorker();
  return queued;
}

export function outboxOf(app: FastifyInstance, orgId: number) {
  return app.db.select().from(notificationOutbox).where(eq(notificationOutbox.organizationId, orgId)).orderBy(asc(notificationOutbox.id));
}

export function logOf(app: FastifyInstance, orgId: number) {
  return app.db.select().from(notificationsLog).where(eq(notificationsLog.organizationId, orgId)).orderBy(asc(notificationsLog.id));
}

export function callsOf(app: FastifyInstance, orgId: number) {
  return app.db.select().from(integrationCalls).where(eq(integrationCalls.organizationId, orgId)).orderBy(asc(integrationCalls.id));
}

/** Waits until none of the organisation's notifications is queued or under way (a retry's wait included). */
export async function settled(app: FastifyInstance, orgId: number, timeoutMs = 15_000): Promise<(typeof notificationOutbox.$inferSelect)[]> {
  await eventually(async () => {
    const open = await app.db
      .select({ id: notificationOutbox.id })
      .from(notificationOutbox)
      .where(and(eq(notificationOutbox.organizationId, orgId), inArray(notificationOutbox.status, ['PENDIENTE', 'ENVIANDO'])));
    if (open.length > 0) throw new Error(`${open.length} notifications still open`);
  }, timeoutMs);
  return outboxOf(app, orgId);
}

export const staffVariables = (orgName: string): Record<string, unknown> => ({
  'organizacion.nombre': orgName,
  fecha: '02/03/2026 10:00',
  'conversacion.id': 'c-prueba',
  'chat.split': 'Atención general',
  'chat.espera': 7,
  'chat.motivo': 'El cliente abandonó la cola',
  'cliente.nombre': 'José Ñúñez'
});
