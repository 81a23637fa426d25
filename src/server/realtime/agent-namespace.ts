import type { DefaultEventsMap, Namespace, Socket } from 'socket.io';
import { z } from 'zod';
import { agentClientEvents } from '../../shared/realtime';
import type { SessionGuard } from '../auth/session-guard';
import type { TokenService } from '../auth/tokens';
import type { ChatEngine } from '../chat/engine';
import type { AgentIdentity } from '../chat/presence';
import { takesChats } from '../chat/presence-words';
import { CHAT_TEXT } from '../chat/texts';
import { designRoom } from './design-broadcast';
import { bindEvents, eventBinding, refusal } from './handlers';

export interface AgentSocketData {
  agent: AgentIdentity & { name: string };
  /** The session (sid) of the token the socket signed in with: its events stop when that session ends. */
  session: string;
}
/** Untyped event maps: every payload is validated by eventBinding; every emit goes through the typed Notifier. */
export type AgentNamespace = Namespace<DefaultEventsMap, DefaultEventsMap, DefaultEventsMap, AgentSocketData>;
type AgentSocket = Socket<DefaultEventsMap, DefaultEventsMap, DefaultEventsMap, AgentSocketData>;

export const agentRoom = (userId: number): string => `agent:${userId}`;
/** Every socket (agent or monitor) of one session, so ending a session can spare or single it out. */
export const sessionRoom = (sid: string): string => `session:${sid}`;

const AgentAuth = z.object({ token: z.string().min(1).max(8192) });

export interface AgentNamespaceDeps {
  engine: ChatEngine;
  tokens: TokenService;
  sessions: SessionGuard;
  /** True once the platform is shutting down: dropped sockets then start no grace period. */
  closing: () => boolean;
  report: (error: unknown, context: string) => void;
}

/**
 * The agent namespace: the handshake's access token is verified (also on connection-state
 * recovery: skipMiddlewares is false) and must name an active user of a live session whose role takes chats (5, or 6 attending chats). Each
 * socket joins agent:{userId} and session:{sid}; the agent's state survives a dropped socket until
 * the grace period runs out. Every event first checks that the session still lives (a Map lookup):
 * one that ended (endUserSessions, maybe on another instance whose disconnect has not arrived yet)
 * closes the socket and the event is dropped.
 */
export function registerAgentNamespace(nsp: AgentNamespace, deps: AgentNamespaceDeps): void {
  const { engine } = deps;

  nsp.use((socket, next) => {
    const auth = AgentAuth.safeParse(socket.handshake.auth);
    if (!auth.success) return next(refusal(401, CHAT_TEXT.sessionExpired));
    deps.tokens
      .verifyAccess(auth.data.token)
      .then(async (claims) => {
        if (!claims) return next(refusal(401, CHAT_TEXT.sessionExpired));
        // A session that must change its password first reaches nothing else (TokenClaims.mustChangePassword).
        if (claims.mustChangePassword) return next(refusal(403, CHAT_TEXT.unauthorized));
        if (!takesChats(claims.role)) return next(refusal(403, CHAT_TEXT.onlyAgents));
        const agent = await engine.agentFor(Number(claims.sub), claims.company);
        if (!agent) return next(refusal(403, CHAT_TEXT.unauthorized));
        socket.data.agent = agent;
        socket.data.session = claims.sid;
        next();
      })
      .catch((error: unknown) => {
        deps.report(error, 'agent handshake');
        next(refusal(500, CHAT_TEXT.serverError));
      });
  });

  const report = (error: unknown) => deps.report(error, 'agent event');
  // Made once for the namespace: every socket shares these listeners (eventBinding).
  const events = [
    eventBinding('agent:status', agentClientEvents['agent:status'], (socket: AgentSocket, p) => engine.setStatus(socket.data.agent, p), report),
    eventBinding('chat:sync', agentClientEvents['chat:sync'], (socket: AgentSocket, p) => engine.sync(socket.data.agent, p), report),
    eventBinding('chat:accept', agentClientEvents['chat:accept'], (socket: AgentSocket, p) => engine.accept(socket.data.agent, p), report),
    eventBinding('chat:send', agentClientEvents['chat:send'], (socket: AgentSocket, p) => engine.send(socket.data.agent, p, socket.id), report),
    eventBinding('chat:transfer', agentClientEvents['chat:transfer'], (socket: AgentSocket, p) => engine.transfer(socket.data.agent, p), report),
    eventBinding('chat:finish', agentClientEvents['chat:finish'], (socket: AgentSocket, p) => engine.finish(socket.data.agent, p), report),
    eventBinding('chat:typing', agentClientEvents['chat:typing'], (socket: AgentSocket, p) => engine.agentTyping(socket.data.agent, p), report)
  ];
  const disconnected = function (this: AgentSocket): void {
    if (deps.closing()) return;
    const { userId } = this.data.agent;
    nsp
      .in(agentRoom(userId))
      .fetchSockets()
      .then((left) => (left.length === 0 && !deps.closing() ? engine.agentGone(userId) : undefined))
      .catch(report);
  };

  nsp.on('connection', (socket) => {
    const { agent, session } = socket.data;
    void socket.join([agentRoom(agent.userId), sessionRoom(session), designRoom(agent.organizationId)]);
    socket.use((_packet, next) => {
      const live = deps.sessions.check(session, agent.userId);
      const cut = () => void socket.disconnect(true);
      if (live === true) return next();
      if (live === false) return cut();
      live.then(
        (ok) => (ok ? next() : cut()),
        (error: unknown) => {
          report(error);
          cut();
        }
      );
    });
    engine
      .agentConnected(agent)
      .then(() => engine.waitingFor(agent.userId))
      .then((waiting) => socket.emit('queue:size', { waiting }))
      .catch(report);
    bindEvents(socket, events);
    socket.on('disconnect', disconnected);
  });
}
