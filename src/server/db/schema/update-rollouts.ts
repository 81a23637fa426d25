import { boolean, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Issue 41: the staged rollout of each published desktop version (the `version` of the feed's
 * latest*.yml). The feed serves `stagingPercentage` from here, 0 while paused; a version with no row
 * keeps the percentage its latest*.yml was published with (all desks when it names none).
 */
export const updateRollouts = pgTable('update_rollouts', {
  version: text('version').primaryKey(),
  percentage: integer('percentage').notNull(),
  paused: boolean('paused').notNull().default(false),
  updatedBy: integer('updated_by').references(() => users.idUser, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow()
});
