import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { DEFAULT_LOGIN_ATTEMPTS_ALLOWED, unknownSignIns } from '../db/schema';
import type { Db } from '../db/types';

/**
 * The failures an e-mail with no account gets, told apart from a real account's by nothing
 * (issue 36 L1): the same count before the lock — what a new organisation allows — the same 403
 * from then on, and one statement of the same kind as a real account's failure (an UPDATE of
 * users there, an upsert here) after the same argon2 work (auth/login.ts).
 */

/** The key an e-mail's failures are counted under (here and in the per-address budget): its SHA-256, never the address typed. */
export const emailKey = (email: string): string => createHash('sha256').update(email).digest('hex');

/**
 * Counts one failed sign-in of `email` (no one's account) and answers whether it is locked now —
 * the failure that reaches the count already is, as a real account's. A locked one counts no more.
 */
export async function failUnknownSignIn(db: Db, email: string, at: Date): Promise<{ locked: boolean }> {
  const stamp = sql`${at.toISOString()}::timestamptz`;
  const [row] = await db
    .insert(unknownSignIns)
    .values({ emailHash: emailKey(email), failedAttempts: 1, lastFailureAt: at, lockedAt: DEFAULT_LOGIN_ATTEMPTS_ALLOWED <= 1 ? at : null })
    .onConflictDoUpdate({
      target: unknownSignIns.emailHash,
      set: {
        failedAttempts: sql`case when ${unknownSignIns.lockedAt} is null then ${unknownSignIns.failedAttempts} + 1 else ${unknownSignIns.failedAttempts} end`,
        lockedAt: sql`case when ${unknownSignIns.lockedAt} is null and ${unknownSignIns.failedAttempts} + 1 >= ${DEFAULT_LOGIN_ATTEMPTS_ALLOWED} then ${stamp} else ${unknownSignIns.lockedAt} end`,
        lastFailureAt: at
      }
    })
    .returning({ lockedAt: unknownSignIns.lockedAt });
  return { locked: (row?.lockedAt ?? null) !== null };
}
