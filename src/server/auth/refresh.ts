import { and, eq, gt, isNull } from 'drizzle-orm';
import type { LoginResult } from '../../shared/domain/session';
import { refreshTokens } from '../db/schema';
import type { Db } from '../db/types';
import { HttpError } from '../http/errors';
import { MSG } from '../../shared/messages';
import { canSignIn, findAccount } from './accounts';
import { passwordChangeDue } from './password';
import { issueSession } from './session-tokens';
import type { SessionGuard } from './session-guard';
import { hashTokenId, type TokenService } from './tokens';

const rejected = (): HttpError => new HttpError(401, MSG.session.sessionExpired);

/** A refused refresh, and the session it revoked (a replayed token, a user who may no longer sign in). */
interface Refused {
  revoked: { familyId: string; userId: number } | null;
}

/**
 * Rotates a refresh token: the presented one is marked used and a new pair of the same family is
 * issued. A token that was already used means it leaked (or was replayed): the whole family is
 * revoked, so the thief's and the owner's newest tokens both stop working — the access tokens of
 * that session too, at once (`sessions`). A token whose family was revoked (endUserSessions) or
 * whose user may no longer sign in is refused. A session that signed in with a password it must
 * change keeps that restriction through its refreshes until the password is changed.
 */
export async function rotateRefreshToken(
  db: Db,
  services: { tokens: TokenService; sessions: SessionGuard; now: () => Date },
  refreshToken: string
): Promise<LoginResult> {
  const { tokens } = services;
  const claims = await tokens.verifyRefresh(refreshToken);
  if (!claims) throw rejected();
  const tokenHash = hashTokenId(claims.jti);

  // Errors are returned, not thrown, inside the transaction so that a family revocation commits.
  const outcome = await db.transaction(async (tx): Promise<LoginResult | Refused> => {
    const now = new Date();
    const [claimed] = await tx
      .update(refreshTokens)
      .set({ usedAt: now })
      .where(and(eq(refreshTokens.tokenHash, tokenHash), isNull(refreshTokens.usedAt), isNull(refreshTokens.revokedAt), gt(refreshTokens.expiresAt, now)))
      .returning({ familyId: refreshTokens.familyId, userId: refreshTokens.userId });

    if (!claimed) {
      const [known] = await tx
        .select({ familyId: refreshTokens.familyId, userId: refreshTokens.userId, usedAt: refreshTokens.usedAt })
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, tokenHash));
      if (!known?.usedAt) return { revoked: null };
      await revokeFamily(tx, known.familyId, now);
      return { revoked: known };
    }

    const account = claimed.userId === Number(claims.sub) ? await findAccount(tx, { idUser: claimed.userId }) : undefined;
    if (!account || !canSignIn(account)) {
      await revokeFamily(tx, claimed.familyId, now);
      return { revoked: claimed };
    }
    // A session that must change its password stays so until it is changed (a refresh does not lift it).
    const mustChangePassword = claims.mustChangePassword === true && passwordChangeDue(account, services.now());
    return issueSession(tx, tokens, { ...account, mustChangePassword }, claimed.familyId);
  });
  if ('token' in outcome) return outcome;
  // Committed: the session's access tokens and sockets end too, on every instance.
  if (outcome.revoked) services.sessions.ended({ scope: 'session', userId: outcome.revoked.userId, sid: outcome.revoked.familyId });
  throw rejected();
}

async function revokeFamily(db: Db, familyId: string, now: Date): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}
