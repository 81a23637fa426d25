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
  const { row, signed } = startSession(tokens, subject, familyId);
  const [result] = await both(signed, db.insert(refreshTokens).values(row));
  return result;
}

/**
 * A session's refresh_tokens row, which makes it live, and its tokens, signed meanwhile (the
 * signatures run off the event loop): the caller writes the row — alone, or in a statement with
 * more — beside the signing, and answers the tokens once both are done (`both`).
 */
export function startSession(tokens: TokenService, subject: AccessSubject, familyId: string = randomUUID()): { row: typeof refreshTokens.$inferInsert; signed: Promise<LoginResult> } {
  const refresh = tokens.issueRefresh(subject.idUser, subject.mustChangePassword === true);
  const signed = Promise.all([tokens.signAccess(subject, familyId), refresh.token]).then(([token, refreshToken]) => ({ token, refreshToken }));
  return { row: { tokenHash: refresh.tokenHash, familyId, userId: subject.idUser, expiresAt: refresh.expiresAt }, signed };
}

/** Both results, once both have settled (nothing left running behind a failure, e.g. in a transaction); the first failure otherwise. */
export async function both<A, B>(a: Promise<A>, b: Promise<B>): Promise<[A, B]> {
  const [first, second] = await Promise.allSettled([a, b]);
  if (first.status === 'rejected') throw first.reason;
  if (second.status === 'rejected') throw second.reason;
  return [first.value, second.value];
}
