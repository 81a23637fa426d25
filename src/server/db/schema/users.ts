import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { organizations } from './organizations';

/** SPEC §3 "User". Emails are stored lower-case; password_hash is argon2id. */
export const users = pgTable(
  'users',
  {
    idUser: integer('id_user').primaryKey().generatedByDefaultAsIdentity(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.idOrg, { onDelete: 'restrict' }),
    email: text('email').notNull().unique(),
    name: text('name').notNull(),
    role: smallint('role').notNull(),
    passwordHash: text('password_hash').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    isLocked: boolean('is_locked').notNull().default(false),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    /** Where and when the failed sign-in that last locked the account came from (the administration screens show it). */
    lockedFromIp: text('locked_from_ip'),
    lockedAt: timestamp('locked_at', { withTimezone: true }),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }).notNull().defaultNow(),
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    /**
     * A logical delete (issue 19): the row stays, so conversations, reports and the access log keep
     * the person's name; is_active is false and the e-mail is replaced by a placeholder (the
     * original kept in deleted_email), so the person cannot sign in and the e-mail is free again.
     */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    deletedEmail: text('deleted_email'),
    dateCreate: timestamp('date_create', { withTimezone: true }).notNull().defaultNow(),
    dateUpdate: timestamp('date_update', { withTimezone: true }).notNull().defaultNow()
  },
  (t) => [
    check('users_role_check', sql`${t.role} between 1 and 6`),
    check('users_failed_attempts_check', sql`${t.failedAttempts} >= 0`),
    index('users_organization_idx').on(t.organizationId)
  ]
);
