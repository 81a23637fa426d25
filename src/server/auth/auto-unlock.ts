import { and, eq } from 'drizzle-orm';
import { users } from '../db/schema';
import type { Db } from '../db/types';
import { recordAccess } from './access-log';
import { findAccount, type Account } from './accounts';

const MINUTE_MS = 60_000;

/** When a lock unlocks by itself, or null (not locked by failed sign-ins, or the organisation has no automatic unlock). */
export function unlocksAt(lockedAt: Date | null, autoUnlockMinutes: number | null): Date | null {
  if (lockedAt === null || autoUnlockMinutes === null) return null;
  return new Date(lockedAt.getTime() + autoUnlockMinutes * MINUTE_MS);
}

/**
 * The organisation's automatic unlock, applied at the next sign-in attempt: a lock older than its
 * minutes is lifted (the failed count starts again) and written to the access log, and the attempt
 * goes on as on any unlocked account. Compare-and-set on the lock's time, so two attempts lift one
 * lock once and an administrator's newer lock is left alone; the attempts that lost the race read
 * the account again, so they too go on unlocked (issue 21). Answers the account as it now is.
 */
export async function releaseExpiredLock<A extends Account>(db: Db, account: A, now: Date): Promise<A> {
  const lockedAt = account.lockedAt ?? null;
  const due = account.isLocked ? unlocksAt(lockedAt, account.autoUnlockMinutes ?? null) : null;
  if (due === null || due > now || lockedAt === null) return account;
  const [released] = await db
    .update(users)
    .set({ isLocked: false, failedAttempts: 0, dateUpdate: now })
    .where(and(eq(users.idUser, account.idUser), eq(users.isLocked, true), eq(users.lockedAt, lockedAt)))
    .returning({ idUser: users.idUser });
  // Another attempt (on this instance or another) lifted it first, or an administrator changed the
  // lock meanwhile: go on with the account as it now is, not as it was read.
  if (!released) {
    const current = await findAccount(db, { idUser: account.idUser });
    return current ? { ...account, ...current } : account;
  }
  await recordAccess(db, { userId: account.idUser, organizationId: account.organizationId, event: 'autoUnlocked', at: now });
  return { ...account, isLocked: false };
}
