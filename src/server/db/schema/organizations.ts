import { boolean, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Failed sign-ins a new organisation allows before an account locks (also the count of an e-mail with no account: auth/unknown-accounts.ts). */
export const DEFAULT_LOGIN_ATTEMPTS_ALLOWED = 5;

/** SPEC §3 "Organisation", plus the per-organisation block and expiry parameters. */
export const organizations = pgTable('organizations', {
  idOrg: integer('id_org').primaryKey().generatedByDefaultAsIdentity(),
  name: text('name').notNull(),
  schemaName: text('schema_name').notNull().unique(),
  isActive: boolean('is_active').notNull().default(true),
  organizationType: text('organization_type').notNull(),
  loginAttemptsAllowed: integer('login_attempts_allowed').notNull().default(DEFAULT_LOGIN_ATTEMPTS_ALLOWED),
  /** 0 disables expiry. */
  passwordExpirationDays: integer('password_expiration_days').notNull().default(90),
  /** An account locked by failed sign-ins unlocks by itself this many minutes after the lock; null: only an administrator unlocks it. */
  autoUnlockMinutes: integer('auto_unlock_minutes'),
  /** A logical delete (issue 19): the data stays, the organisation is no longer listed, and is_active is false so its users cannot sign in. */
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
  dateCreate: timestamp('date_create', { withTimezone: true }).notNull().defaultNow(),
  dateUpdate: timestamp('date_update', { withTimezone: true }).notNull().defaultNow()
});
