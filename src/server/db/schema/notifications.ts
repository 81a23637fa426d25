import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { organizations } from './organizations';
import { conversations } from './conversations';

/** SPEC §3 "Notification type": the channels a notification goes out by (correo, SMS, WhatsApp…). */
export const notificationTypes = pgTable('notification_types', {
  typeNotificationId: integer('type_notification_id').primaryKey(),
  name: text('name').notNull()
});

/**
 * Every notification the platform sent (the notification log and its statistics): which event
 * raised it, by which type, to whom (and that recipient's role), and whether delivery succeeded.
 */
export const notificationsLog = pgTable(
  'notifications_log',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.idOrg, { onDelete: 'cascade' }),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
    /** The event that raised it ('CHAT_NO_ATENDIDO', 'BLOQUEO_USUARIO'…). */
    eventType: text('event_type').notNull(),
    typeNotificationId: integer('type_notification_id')
      .notNull()
      .references(() => notificationTypes.typeNotificationId),
    recipient: text('recipient').notNull(),
    /** 'CLIENTE', 'ASESOR', 'SUPERVISOR' or 'ADMINISTRADOR'. */
    recipientRole: text('recipient_role').notNull(),
    /** 'ENVIADA', 'FALLIDA' or 'SUPRIMIDA' (issue 39: a cap, a bounced address or the platform's own address). */
    status: text('status').notNull(),
    detail: text('detail').notNull().default(''),
    conversationId: text('conversation_id').references(() => conversations.idConv, { onDelete: 'set null' }),
    /** Issue 39: the outbox row this attempt delivered (null: generated history). */
    outboxId: bigint('outbox_id', { mode: 'number' })
  },
  (t) => [
    check('notifications_log_status_check', sql`${t.status} in ('ENVIADA','FALLIDA','SUPRIMIDA')`),
    index('notifications_log_org_sent_idx').on(t.organizationId, t.sentAt)
  ]
);

/**
 * Issue 39: an organisation's template of one event for one notification type (SPEC §3
 * "Notification template"). code_template is the template's short code (the list shows it);
 * subject and body are the e-mail's (and WhatsApp's body), body_sms the SMS text: all Liquid,
 * checked against the event's variables on save (src/server/notify/templates.ts). version grows
 * on every save, so an outbox row names exactly what it renders (its idempotency key holds it).
 */
export const notificationTemplates = pgTable(
  'notification_templates',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.idOrg, { onDelete: 'cascade' }),
    eventType: text('event_type').notNull(),
    typeNotificationId: integer('type_notification_id')
      .notNull()
      .references(() => notificationTypes.typeNotificationId),
    codeTemplate: text('code_template').notNull(),
    subject: text('subject').notNull().default(''),
    body: text('body').notNull().default(''),
    bodySms: text('body_sms'),
    /** 'No incluir contenido del cliente': the customer's words are left out of what is rendered. */
    excludeCustomerContent: boolean('exclude_customer_content').notNull().default(false),
    version: integer('version').notNull().default(1),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow()
  },
  (t) => [unique('notification_templates_org_event_type_unique').on(t.organizationId, t.eventType, t.typeNotificationId)]
);

/** Issue 39: SPEC §3 "Notification email": the addresses of an organisation that receive its staff notifications. */
export const notificationEmails = pgTable(
  'notification_emails',
  {
    idEmail: integer('id_email').primaryKey().generatedAlwaysAsIdentity(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.idOrg, { onDelete: 'cascade' }),
    /** Stored lower-case. */
    email: text('email').notNull(),
    descripcion: text('descripcion').notNull().default(''),
    activo: boolean('activo').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow()
  },
  (t) => [unique('notification_emails_org_email_unique').on(t.organizationId, t.email)]
);

/**
 * Issue 39: how an organisation's notifications leave the platform. No row, or no smtp_host: its
 * e-mails are written as .eml files to the platform's outbox folder. Passwords and tokens are kept
 * encrypted (src/server/notify/secrets.ts) and never answered by any route.
 */
export const notificationChannels = pgTable(
  'notification_channels',
  {
    organizationId: integer('organization_id')
      .primaryKey()
      .references(() => organizations.idOrg, { onDelete: 'cascade' }),
    smtpHost: text('smtp_host').notNull().default(''),
    smtpPort: integer('smtp_port').notNull().default(587),
    /** 'none', 'starttls' or 'tls'. */
    smtpSecurity: text('smtp_security').notNull().default('starttls'),
    smtpUser: text('smtp_user').notNull().default(''),
    smtpPasswordEnc: text('smtp_password_enc'),
    /** The From address; nothing is ever sent to it (a loop guard). */
    fromAddress: text('from_address').notNull().default(''),
    smsUrl: text('sms_url').notNull().default(''),
    smsUser: text('sms_user').notNull().default(''),
    smsTokenEnc: text('sms_token_enc'),
    /** An SMS whose rendered text needs more parts is refused on save and not sent. */
    smsMaxParts: integer('sms_max_parts').notNull().default(3),
    /** Per recipient and template: at most cap_count notifications in cap_window_minutes; past it, suppressed. */
    capCount: integer('cap_count').notNull().default(5),
    capWindowMinutes: integer('cap_window_minutes').notNull().default(10),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow()
  },
  (t) => [
    check('notification_channels_port_check', sql`${t.smtpPort} between 1 and 65535`),
    check('notification_channels_security_check', sql`${t.smtpSecurity} in ('none','starttls','tls')`),
    check('notification_channels_limits_check', sql`${t.smsMaxParts} between 1 and 10 and ${t.capCount} between 1 and 1000 and ${t.capWindowMinutes} between 1 and 1440`)
  ]
);

/**
 * Issue 39: the durable outbox. A row is written in the transaction of the change that raised its
 * event (src/server/notify/outbox.ts raiseEvent), one per recipient and channel; the worker claims
 * due rows with FOR UPDATE SKIP LOCKED, so with several platform processes each row is sent by one.
 * idempotency_key (event id, recipient, channel, template version) is unique: raising the same
 * event twice queues nothing more.
 */
export const notificationOutbox = pgTable(
  'notification_outbox',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.idOrg, { onDelete: 'cascade' }),
    eventId: uuid('event_id').notNull(),
    eventType: text('event_type').notNull(),
    typeNotificationId: integer('type_notification_id')
      .notNull()
      .references(() => notificationTypes.typeNotificationId),
    templateId: integer('template_id').references(() => notificationTemplates.id, { onDelete: 'set null' }),
    templateVersion: integer('template_version').notNull(),
    recipient: text('recipient').notNull(),
    /** 'CLIENTE', 'ASESOR', 'SUPERVISOR' or 'ADMINISTRADOR'. */
    recipientRole: text('recipient_role').notNull(),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    /** The event's variables, as the template reads them. */
    variables: jsonb('variables').$type<Record<string, unknown>>().notNull(),
    conversationId: text('conversation_id').references(() => conversations.idConv, { onDelete: 'set null' }),
    /** 'PENDIENTE', 'ENVIANDO' (claimed until lease_until), 'ENVIADA', 'FALLIDA' or 'SUPRIMIDA'. */
    status: text('status').notNull().default('PENDIENTE'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    lastError: text('last_error').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true })
  },
  (t) => [
    check('notification_outbox_status_check', sql`${t.status} in ('PENDIENTE','ENVIANDO','ENVIADA','FALLIDA','SUPRIMIDA')`),
    index('notification_outbox_due_idx').on(t.status, t.nextAttemptAt),
    index('notification_outbox_org_idx').on(t.organizationId, t.createdAt),
    // The per-recipient cap (src/server/notify/guards.ts): a template's recent sends to one recipient.
    index('notification_outbox_cap_idx').on(t.templateId, t.recipient, t.sentAt)
  ]
);

/** Issue 39: addresses nothing is sent to any more (a permanent bounce), with why and since when. */
export const notificationSuppressions = pgTable(
  'notification_suppressions',
  {
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.idOrg, { onDelete: 'cascade' }),
    /** Lower-case address or phone number. */
    address: text('address').notNull(),
    reason: text('reason').notNull(),
    since: timestamp('since', { withTimezone: true }).notNull().defaultNow()
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.address] })]
);
