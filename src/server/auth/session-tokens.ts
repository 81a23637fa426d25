import { randomUUID } from 'node:crypto';
import type { LoginResult } from '../../shared/domain/session';
import { refreshTokens } from '../db/schema';
import type { Db } from '../db/types';
import type { AccessSubject, TokenService } from './tokens';

/**
 * Issues an access token and a refresh token of `familyId` (a new family for a new sign-in). The
 * family is the session: the access token names it (`sid`) and lives only while it does.
 */
export async function issueSession(db: Db, tokens: TokenService, subject: AccessSubject, familyId: string = randomUUID()): Promise<LoginResult> {
  const { result, row } = await signSession(tokens, subject, familyId);
  await db.insert(refreshTokens).values(row);
  return result;
}

/** A session's tokens and the refresh_tokens row that makes it live, for a caller that writes the row with more (one statement). */
export async function signSession(tokens: TokenService, subject: AccessSubject, familyId: string = randomUUID()): Promise<{ result: LoginResult; row: typeof refreshTokens.$inferInsert }> {
  const token = await tokens.signAccess(subject, familyId);
  const refresh = await tokens.signRefresh(subject.idUser);
  return {
    result: { token, refreshToken: refresh.token },
    row: { tokenHash: refresh.tokenHash, familyId, userId: subject.idUser, expiresAt: refresh.expiresAt }
  };
}
