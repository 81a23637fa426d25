import { and, eq, gt, isNull } from 'drizzle-orm';
import type { LoginResult } from '../../shared/domain/session';
import { refreshTokens } from '../db/schema';
import type { Db } from '../db/types';
import { HttpError } from '../http/errors';
import { MSG } from '../../shared/messages';
import { canSignIn, findAccount } from './accounts';
import { issueSession } from './session-tokens';
import { hashTokenId, type TokenService } from './tokens';

const rejected = (): HttpError => new HttpError(401, MSG.session.sessionExpired);

/**
 * Rotates a refresh token: the presented one is marked used and a new pair of the same family is
 * issued. A token that was already used means it leaked (or was replayed): the whole family is
 * revoked, so the thief's and the owner's newest tokens both stop working.
 */
export async function rotateRefreshToken(db: Db, tokens: TokenService, refreshToken: string): Promise<LoginResult> {
  const claims = await tokens.verifyRefresh(refreshToken);
  if (!claims) throw rejected();
  const tokenHash = hashTokenId(claims.jti);

  // Errors are returned, not thrown, inside the transaction so that a family revocation commits.
  const outcome = await db.transaction(async (tx): Promise<LoginResult | null> => {
    const now = new Date();
    const [claimed] = await tx
      .update(refreshTokens)
      .set({ usedAt: now })
      .where(and(eq(refreshTokens.tokenHash, tokenHash), isNull(refreshTokens.usedAt), isNull(refreshTokens.revokedAt), gt(refreshTokens.expiresAt, now)))
      .returning({ familyId: refreshTokens.familyId, userId: refreshTokens.userId });

    if (!claimed) {
      const [known] = await tx
        .select({ familyId: refreshTokens.familyId, usedAt: refreshTokens.usedAt })
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, tokenHash));
      if (known?.usedAt) await revokeFamily(tx, known.familyId, now);
      return null;
    }

    const account = claimed.userId === Number(claims.sub) ? await findAccount(tx, { idUser: claimed.userId }) : undefined;
    if (!account || !canSignIn(account)) {
      await revokeFamily(tx, claimed.familyId, now);
      return null;
    }
    return issueSession(tx, tokens, account, claimed.familyId);
  });
  if (!outcome) throw rejected();
  return outcome;
}

async function revokeFamily(db: Db, familyId: string, now: Date): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}
