import type { DefaultEventsMap, Namespace } from 'socket.io';
import { z } from 'zod';
import { HUMAN_STATS_READERS } from '../../shared/api/access';
import type { MonitorTopic } from '../../shared/realtime';
import type { TokenService } from '../auth/tokens';
import { sessionRoom } from './agent-namespace';
import { CHAT_TEXT } from '../chat/texts';
import { refusal } from './handlers';

/** Untyped maps: nothing is received from monitors; every emit goes through the typed Notifier. */
export type MonitorNamespace = Namespace<DefaultEventsMap, DefaultEventsMap, DefaultEventsMap, { organizationId: number; userId: number; session: string }>;

export const monitorRoom = (organizationId: number): string => `org:${organizationId}`;
/** Every monitor socket of one user: ending the user's sessions closes them. */
export const monitorUserRoom = (userId: number): string => `user:${userId}`;

const MonitorAuth = z.object({ token: z.string().min(1).max(8192) });
const READERS: readonly number[] = HUMAN_STATS_READERS;

/**
 * The monitor namespace: a statistics reader (roles 1–4, 6) with a valid access token of a live
 * session joins its organisation's room and hears when the live state there changed. It sends
 * nothing. It also joins its user's and its session's rooms, by which endUserSessions closes it.
 */
export function registerMonitorNamespace(nsp: MonitorNamespace, deps: { tokens: TokenService; report: (error: unknown, context: string) => void }): void {
  nsp.use((socket, next) => {
    const auth = MonitorAuth.safeParse(socket.handshake.auth);
    if (!auth.success) return next(refusal(401, CHAT_TEXT.sessionExpired));
    deps.tokens
      .verifyAccess(auth.data.token)
      .then((claims) => {
        if (!claims) return next(refusal(401, CHAT_TEXT.sessionExpired));
        if (!READERS.includes(claims.role)) return next(refusal(403, CHAT_TEXT.unauthorized));
        socket.data = { organizationId: claims.company, userId: Number(claims.sub), session: claims.sid };
        next();
      })
      .catch((error: unknown) => {
        deps.report(error, 'monitor handshake');
        next(refusal(500, CHAT_TEXT.serverError));
      });
  });
  nsp.on('connection', (socket) => {
    const { organizationId, userId, session } = socket.data;
    void socket.join([monitorRoom(organizationId), monitorUserRoom(userId), sessionRoom(session)]);
  });
}

export function emitMonitorChange(nsp: MonitorNamespace, organizationId: number, topics: MonitorTopic[]): void {
  nsp.to(monitorRoom(organizationId)).emit('monitor:changed', { topics });
}
