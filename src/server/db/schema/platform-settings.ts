import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Platform-wide key/value settings and secrets (the JWT signing secret, the demo-seed marker).
 * Values are written once with ON CONFLICT DO NOTHING, so concurrent starts agree on them.
 */
export const platformSettings = pgTable('platform_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow()
});
