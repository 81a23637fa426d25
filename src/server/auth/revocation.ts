import { and, eq, isNull, ne } from 'drizzle-orm';
import { refreshTokens, users } from '../db/schema';
import type { Db } from '../db/types';
import type { PlatformServices } from '../services';

export interface EndUserSessionsOptions {
  /**
   * The session that stays (the `sid` claim of the caller's access token, see sessionOf): the one
   * that changed its own password. Omitted: every session of the user ends.
   */
  keepSession?: string | null;
}

export interface EndedUserSessions {
  /** How many sessions (refresh-token families) were still open and are now ended. */
  sessionsEnded: number;
  /** How many conversations the agent held (ASIGNADA, ACTIVA) and gave back to their queues. */
  chatsRequeued: number;
}

/**
 * Ends a user's access now: call it when a user is deactivated, locked (by an administrator or by
 * the failed sign-in that reached loginAttemptsAllowed), deleted, or their password changed.
 *
 * - Every refresh token of the user not yet revoked is revoked in the database (except the
 *   `keepSession` family): refreshing answers 401.
 * - Every access token of those sessions answers 401 from its next call, on this instance and on
 *   every other one (SessionGuard: the kept answers are forgotten here and through the fan-out).
 * - The user's sockets on the agent and monitor namespaces close, on every instance (those of the
 *   kept session stay); a reconnection is refused at the handshake.
 * - Without `keepSession`, an agent's state becomes Desconectado as a sign-out makes it, and every
 *   chat it held (ENTRANTE/ASIGNADA and ACTIVA) goes back to its split's queue
 *   (ChatEngine.endAgentAccess). With `keepSession` the kept session goes on holding its chats.
 *
 * Call it AFTER the change that ends the access has committed, never inside its transaction: an
 * instance that asks the database meanwhile must already read the new state. `db` is the
 * platform's database (`app.db`). Safe to call twice; a user with no session is a no-op.
 */
export async function endUserSessions(db: Db, services: PlatformServices, idUser: number, options: EndUserSessionsOptions = {}): Promise<EndedUserSessions> {
  const keep = options.keepSession ?? null;
  const revoked = await db
    .update(refreshTokens)
    .set({ revokedAt: services.now() })
    .where(and(eq(refreshTokens.userId, idUser), isNull(refreshTokens.revokedAt), keep === null ? undefined : ne(refreshTokens.familyId, keep)))
    .returning({ familyId: refreshTokens.familyId });
  services.sessions.ended({ scope: 'user', userId: idUser, keep });
  const chatsRequeued = keep === null ? await services.chat.endAgentAccess(idUser) : 0;
  return { sessionsEnded: new Set(revoked.map((r) => r.familyId)).size, chatsRequeued };
}

/**
 * Ends the access of every user of an organisation (deactivated or deleted: its users can no
 * longer sign in), one endUserSessions each, with the same rule: after the change committed.
 */
export async function endOrganisationSessions(db: Db, services: PlatformServices, idOrg: number): Promise<EndedUserSessions> {
  const members = await db.select({ idUser: users.idUser }).from(users).where(eq(users.organizationId, idOrg));
  const total: EndedUserSessions = { sessionsEnded: 0, chatsRequeued: 0 };
  for (const { idUser } of members) {
    const ended = await endUserSessions(db, services, idUser);
    total.sessionsEnded += ended.sessionsEnded;
    total.chatsRequeued += ended.chatsRequeued;
  }
  return total;
}
