import { and, eq, sql } from 'drizzle-orm';
import type { LoginBody, LoginResult } from '../../shared/domain/session';
import { MSG } from '../../shared/messages';
import { organizations, users } from '../db/schema';
import type { Db } from '../db/types';
import { HttpError } from '../http/errors';
import { recordAccess } from './access-log';
import { canSignIn, findAccount } from './accounts';
import { releaseExpiredLock } from './auto-unlock';
import type { SignInFailureBudget } from './failure-budget';
import { passwordChangeDue } from './password';
import { verifyAgainstDummy, verifyPassword } from './passwords';
import type { PlatformServices } from '../services';
import { endUserSessions } from './revocation';
import { emailKey, failUnknownSignIn } from './unknown-accounts';
import { issueSession } from './session-tokens';
import { raiseAccountLocked } from '../notify/events';
import { kickNotifyWorker } from '../notify/kick';

const invalidCredentials = (): HttpError => new HttpError(401, MSG.session.invalidCredentials);
const locked = (): HttpError => new HttpError(403, MSG.session.userLocked);

/** Where a sign-in attempt came from (request.ip) and when (the platform's clock). */
export interface AttemptOrigin {
  ip: string;
  at: Date;
}

/**
 * Password sign-in. An unknown e-mail answers exactly as a real account with a wrong password —
 * the same argon2 work, a failure counted in one statement, 401 until the count reaches the lock and
 * 403 from then on (auth/unknown-accounts.ts) — so no answer tells whether an e-mail has an account.
 * Consecutive failures are counted in one UPDATE, which also locks the account when the count
 * reaches the organisation's loginAttemptsAllowed — that failure already answers 403 — and records
 * the lock's origin (address and time), in one transaction with the notice of the lock to the
 * organisation's administrators (BLOQUEO_USUARIO, src/server/notify/events.ts). That lock ends the
 * account's open sessions at once (endUserSessions), as an administrator's lock does. A locked or inactive account answers 403
 * whatever the password, unless the organisation's automatic unlock has come (the lock is lifted
 * first). Before a wrong password is counted against any account, the address's budget of
 * different accounts is asked (auth/failure-budget.ts): past it, 429 and nothing counted. Sign-ins
 * and locks are written to the staff access log. Per-address throttling runs before all of this
 * (auth/throttle.ts).
 */
export async function signIn(
  db: Db,
  services: PlatformServices,
  failures: SignInFailureBudget,
  { email, password }: LoginBody,
  origin: AttemptOrigin
): Promise<LoginResult> {
  const stored = await findAccount(db, { email });
  if (!stored) {
    await verifyAgainstDummy(password);
    await admitFailure(failures, origin, email);
    const { locked: lockedNow } = await failUnknownSignIn(db, email, origin.at);
    throw lockedNow ? locked() : invalidCredentials();
  }
  // A lock older than the organisation's automatic unlock no longer holds (auth/auto-unlock.ts).
  const account = await releaseExpiredLock(db, stored, origin.at);
  const valid = await verifyPassword(account.passwordHash, password);
  if (!canSignIn(account)) {
    // Charged as an unknown e-mail's attempts are (above), so the address's budget tells nothing either.
    await admitFailure(failures, origin, email);
    throw locked();
  }

  if (!valid) {
    await admitFailure(failures, origin, email);
    const locksNow = sql`${users.failedAttempts} + 1 >= (select ${organizations.loginAttemptsAllowed} from ${organizations} where ${organizations.idOrg} = ${users.organizationId})`;
    // The failure and, when it locks the account, the administrators' notice (BLOQUEO_USUARIO, issue 39) commit together.
    const { after, queued } = await db.transaction(async (tx) => {
      const [row] = await tx
        .update(users)
        .set({
          failedAttempts: sql`${users.failedAttempts} + 1`,
          isLocked: locksNow,
          lockedFromIp: sql`case when ${locksNow} then ${origin.ip}::text else ${users.lockedFromIp} end`,
          lockedAt: sql`case when ${locksNow} then ${origin.at.toISOString()}::timestamptz else ${users.lockedAt} end`
        })
        .where(and(eq(users.idUser, account.idUser), eq(users.isLocked, false)))
        .returning({ isLocked: users.isLocked });
      return { after: row, queued: row?.isLocked ? await raiseAccountLocked(tx, account.idUser, origin) : 0 };
    });
    if (queued > 0) kickNotifyWorker();
    // This failure locked the account (committed): whoever is signed in as it is signed out.
    if (after?.isLocked) {
      await recordAccess(db, { userId: account.idUser, organizationId: account.organizationId, event: 'locked', at: origin.at, ip: origin.ip });
      await endUserSessions(db, services, account.idUser);
    }
    throw !after || after.isLocked ? locked() : invalidCredentials();
  }

  // Reset the counter only if nothing locked the account since we read it.
  const [reset] = await db
    .update(users)
    .set({ failedAttempts: 0 })
    .where(and(eq(users.idUser, account.idUser), eq(users.isLocked, false), eq(users.isActive, true)))
    .returning({ idUser: users.idUser });
  if (!reset) throw locked();
  await recordAccess(db, { userId: account.idUser, organizationId: account.organizationId, event: 'signIn', at: origin.at, ip: origin.ip });
  // A password that must be changed first gives a session good for that change only (TokenClaims.mustChangePassword).
  return issueSession(db, services.tokens, { ...account, mustChangePassword: passwordChangeDue(account, origin.at) });
}

/** Throws the 429 when the address is past its budget of different accounts (auth/failure-budget.ts); the failure is then not counted. */
async function admitFailure(failures: SignInFailureBudget, origin: AttemptOrigin, email: string): Promise<void> {
  const refused = await failures.admit(origin.ip, emailKey(email));
  if (refused) throw refused;
}
