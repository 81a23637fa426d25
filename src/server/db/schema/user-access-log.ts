import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { organizations } from './organizations';
import { users } from './users';

/**
 * The staff access log (issue 19): each sign-in, each lock by failed sign-ins, and each unlock — by
 * an administrator (actor_id) or automatic — of the platform's users. The customers' accesses are
 * the conversations (the 'Accesos' report); this is who entered the dashboard and the console.
 */
export const userAccessLog = pgTable(
  'user_access_log',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.idOrg, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.idUser, { onDelete: 'cascade' }),
    /** One of USER_ACCESS_EVENTS (src/shared/domain/user.ts). */
    event: text('event').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    /** The client address of a sign-in or a lock (request.ip). */
    ip: text('ip'),
    /** The administrator who unlocked. */
    actorId: integer('actor_id').references(() => users.idUser, { onDelete: 'set null' })
  },
  (t) => [
    check('user_access_log_event_check', sql`${t.event} in ('signIn', 'locked', 'unlocked', 'autoUnlocked')`),
    index('user_access_log_org_at_idx').on(t.organizationId, t.at),
    index('user_access_log_user_idx').on(t.userId)
  ]
);
