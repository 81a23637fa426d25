import { sql } from 'drizzle-orm';
import { check, integer, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { organizations } from './organizations';
import { virtualAgents } from './virtual-agents';

/**
 * SPEC §3 "Session expiry type" of a virtual agent (configuracion/asesor-virtual/expiracion-sesion):
 * how long a conversation may stay silent (closing_time, minutes, counted from the last message of
 * either side) before the engine closes it with client_message. One row per kind: 'BOT' for a
 * conversation with the assistant, 'ASESOR' for one with an agent (ASIGNADA/ACTIVA). The sweeper
 * reads them at each sweep (src/server/chat/sweeper.ts): nothing caches them.
 */
export const sessionExpirationTypes = pgTable(
  'session_expiration_types',
  {
    idSessionExpirationType: integer('id_session_expiration_type').primaryKey().generatedByDefaultAsIdentity(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.idOrg, { onDelete: 'cascade' }),
    idVa: integer('id_va')
      .notNull()
      .references(() => virtualAgents.idVa, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    clientMessage: text('client_message').notNull(),
    closingTime: integer('closing_time').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow()
  },
  (t) => [
    unique('session_expiration_types_va_kind_unique').on(t.idVa, t.kind),
    check('session_expiration_types_kind_check', sql`${t.kind} in ('BOT','ASESOR')`),
    check('session_expiration_types_closing_time_check', sql`${t.closingTime} between 1 and 1440`)
  ]
);
