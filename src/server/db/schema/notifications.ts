import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
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
    /** 'ENVIADA' or 'FALLIDA'. */
    status: text('status').notNull(),
    detail: text('detail').notNull().default(''),
    conversationId: text('conversation_id').references(() => conversations.idConv, { onDelete: 'set null' })
  },
  (t) => [
    check('notifications_log_status_check', sql`${t.status} in ('ENVIADA','FALLIDA')`),
    index('notifications_log_org_sent_idx').on(t.organizationId, t.sentAt)
  ]
);
