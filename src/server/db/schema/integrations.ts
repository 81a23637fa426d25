import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { organizations } from './organizations';
import { virtualAgents } from './virtual-agents';
import { conversations } from './conversations';

/**
 * Every call the platform made to an external service (the integration log and its statistics): the
 * virtual assistant's integrations, and (issue 39) each SMTP or SMS provider call of a notification,
 * whose id_va is null (service 'smtp', 'sms' or 'eml').
 */
export const integrationCalls = pgTable(
  'integration_calls',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.idOrg, { onDelete: 'cascade' }),
    idVa: integer('id_va').references(() => virtualAgents.idVa, { onDelete: 'cascade' }),
    conversationId: text('conversation_id').references(() => conversations.idConv, { onDelete: 'set null' }),
    calledAt: timestamp('called_at', { withTimezone: true }).notNull(),
    /** The integration's service name ('consulta_saldo', 'agendar_cita'…): the integrationService filter. */
    service: text('service').notNull(),
    /** 'success' or 'failed' (INTEGRATION_STATUSES). */
    status: text('status').notNull(),
    durationMs: integer('duration_ms').notNull(),
    detail: text('detail').notNull().default('')
  },
  (t) => [
    check('integration_calls_status_check', sql`${t.status} in ('success','failed')`),
    index('integration_calls_org_called_idx').on(t.organizationId, t.calledAt)
  ]
);
