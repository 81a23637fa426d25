import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Failed sign-ins of e-mails that are no one's account (issue 36 L1), counted and locked exactly as
 * a user's own (users.failed_attempts, is_locked), so that the answers — 401 until the count
 * reaches the lock, 403 'Usuario ha sido bloqueado' from then on — never tell whether an e-mail
 * has an account. Keyed by the e-mail's SHA-256: the typed addresses themselves are not kept.
 */
export const unknownSignIns = pgTable('unknown_sign_ins', {
  emailHash: text('email_hash').primaryKey(),
  failedAttempts: integer('failed_attempts').notNull(),
  lockedAt: timestamp('locked_at', { withTimezone: true }),
  lastFailureAt: timestamp('last_failure_at', { withTimezone: true }).notNull()
});
