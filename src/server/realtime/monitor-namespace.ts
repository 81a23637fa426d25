import type { DefaultEventsMap, Namespace, Socket } from 'socket.io';
import { z } from 'zod';
import { HUMAN_STATS_READERS } from '../../shared/api/access';
import { monitorClientEvents, type MonitorTopic } from '../../shared/realtime';
import { choosesOrganisation, type RoleId } from '../../shared/roles';
import type { TokenService } from '../auth/tokens';
import { sessionRoom } from './agent-namespace';
import { ChatError } from '../chat/errors';
import { CHAT_TEXT } from '../chat/texts';
import { designRoom } from './design-broadcast';
import { bindEvents, eventBinding, refusal } from './handlers';

/**
 * Untyped maps: the one client event (monitor:follow) is validated by eventBinding with the contract's
 * schema; every emit goes through the typed Notifier. `followed`: the organisation whose room it is in.
 */
interface MonitorSocketData {
  organizationId: number;
  userId: number;
  session: string;
  role: RoleId;
  followed: number;
}
export type MonitorNamespace = Namespace<DefaultEventsMap, DefaultEventsMap, DefaultEventsMap, MonitorSocketData>;
type MonitorSocket = Socket<DefaultEventsMap, DefaultEventsMap, DefaultEventsMap, MonitorSocketData>;

export const monitorRoom = (organizationId: number): string => `org:${organizationId}`;
/** Every monitor socket of one user: ending the user's sessions closes them. */
export const monitorUserRoom = (userId: number): string => `user:${userId}`;

const MonitorAuth = z.object({ token: z.string().min(1).max(8192) });
const READERS: readonly number[] = HUMAN_STATS_READERS;

/**
 * The monitor namespace: a statistics reader (roles 1–4, 6) with a valid access token of a live
 * session joins its organisation's room and hears when the live state there changed. With
 * monitor:follow it moves to the room of the organisation its pages show instead: roles 1 and 2
 * any, the others only their own — another is refused (403) and changes nothing. It also joins its
 * user's and its session's rooms, by which endUserSessions closes it.
 */
export function registerMonitorNamespace(nsp: MonitorNamespace, deps: { tokens: TokenService; report: (error: unknown, context: string) => void }): void {
  nsp.use((socket, next) => {
    const auth = MonitorAuth.safeParse(socket.handshake.auth);
    if (!auth.success) return next(refusal(401, CHAT_TEXT.sessionExpired));
    deps.tokens
      .verifyAccess(auth.data.token)
      .then((claims) => {
        if (!claims) return next(refusal(401, CHAT_TEXT.sessionExpired));
        if (claims.mustChangePassword || !READERS.includes(claims.role)) return next(refusal(403, CHAT_TEXT.unauthorized));
        socket.data = { organizationId: claims.company, userId: Number(claims.sub), session: claims.sid, role: claims.role, followed: claims.company };
        next();
      })
      .catch((error: unknown) => {
        deps.report(error, 'monitor handshake');
        next(refusal(500, CHAT_TEXT.serverError));
      });
  });
  // Made once for the namespace: every socket shares the listener (eventBinding).
  const events = [
    eventBinding(
      'monitor:follow',
      monitorClientEvents['monitor:follow'],
      async (socket: MonitorSocket, { idOrg }) => {
        const { organizationId, role, followed } = socket.data;
        if (idOrg !== organizationId && !choosesOrganisation(role)) throw new ChatError(403, CHAT_TEXT.unauthorized);
        if (followed !== idOrg) {
          // One organisation at a time: notices of the one no longer shown would only reload pages for nothing.
          await socket.join(monitorRoom(idOrg));
          await socket.leave(monitorRoom(followed));
          socket.data.followed = idOrg;
        }
        return { idOrg };
      },
      (error) => deps.report(error, 'monitor:follow')
    )
  ];
  nsp.on('connection', (socket) => {
    const { organizationId, userId, session } = socket.data;
    // The design room stays the user's own organisation's: following another one's notices does not change what the app wears.
    void socket.join([monitorRoom(organizationId), monitorUserRoom(userId), sessionRoom(session), designRoom(organizationId)]);
    bindEvents(socket, events);
  });
}

export function emitMonitorChange(nsp: MonitorNamespace, organizationId: number, topics: MonitorTopic[]): void {
  nsp.to(monitorRoom(organizationId)).emit('monitor:changed', { topics });
}
