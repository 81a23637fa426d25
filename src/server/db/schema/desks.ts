import { foreignKey, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { organizations } from './organizations';
import { users } from './users';

/**
 * Issue 41: each desktop install ('puesto') as it last reported itself — its app version, system,
 * uptime and update state — per organisation (one PC may serve agents of several client
 * organisations: each sees it while its own users sign in there), with the user of its last report.
 */
export const desks = pgTable(
  'desks',
  {
    deskId: uuid('desk_id').notNull(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.idOrg, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.idUser, { onDelete: 'set null' }),
    appVersion: text('app_version').notNull(),
    os: text('os').notNull(),
    osVersion: text('os_version').notNull(),
    uptimeSeconds: integer('uptime_seconds').notNull(),
    updatePhase: text('update_phase').notNull(),
    updateVersion: text('update_version'),
    platformRestarts: integer('platform_restarts').notNull().default(0),
    firstSeen: timestamp('first_seen', { withTimezone: true }).notNull(),
    lastSeen: timestamp('last_seen', { withTimezone: true }).notNull()
  },
  (t) => [primaryKey({ columns: [t.deskId, t.organizationId] }), index('desks_org_idx').on(t.organizationId, t.lastSeen)]
);

/** The errors a desk reported (its renderer's, its main process's), kept DESK_ERROR_RETENTION_DAYS. */
export const deskErrors = pgTable(
  'desk_errors',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    deskId: uuid('desk_id').notNull(),
    organizationId: integer('organization_id').notNull(),
    /** 'renderer' or 'main'. */
    source: text('source').notNull(),
    message: text('message').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull()
  },
  (t) => [
    foreignKey({ columns: [t.deskId, t.organizationId], foreignColumns: [desks.deskId, desks.organizationId] }).onDelete('cascade'),
    index('desk_errors_desk_idx').on(t.organizationId, t.deskId, t.at)
  ]
);
