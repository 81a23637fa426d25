import type { DefaultEventsMap, Namespace } from 'socket.io';
import { z } from 'zod';
import { agentClientEvents } from '../../shared/realtime';
import type { SessionGuard } from '../auth/session-guard';
import type { TokenService } from '../auth/tokens';
import type { ChatEngine } from '../chat/engine';
import type { AgentIdentity } from '../chat/presence';
import { takesChats } from '../chat/presence-words';
import { CHAT_TEXT } from '../chat/texts';
import { bindEvent, refusal } from './handlers';

export interface AgentSocketData {
  agent: AgentIdentity & { name: string };
  /** The session (sid) of the token the socket signed in with: its events stop when that session ends. */
  session: string;
}
/** Untyped event maps: every payload is validated by bindEvent; every emit goes through the typed Notifier. */
export type AgentNamespace = Namespace<DefaultEventsMap, DefaultEventsMap, DefaultEventsMap, AgentSocketData>;

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

  nsp.on('connection', (socket) => {
    const { agent, session } = socket.data;
    const report = (error: unknown) => deps.report(error, 'agent event');
    void socket.join([agentRoom(agent.userId), sessionRoom(session)]);
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

    bindEvent(socket, 'agent:status', agentClientEvents['agent:status'], (p) => engine.setStatus(agent, p), report);
    bindEvent(socket, 'chat:sync', agentClientEvents['chat:sync'], (p) => engine.sync(agent, p), report);
    bindEvent(socket, 'chat:accept', agentClientEvents['chat:accept'], (p) => engine.accept(agent, p), report);
    bindEvent(socket, 'chat:send', agentClientEvents['chat:send'], (p) => engine.send(agent, p, socket.id), report);
    bindEvent(socket, 'chat:transfer', agentClientEvents['chat:transfer'], (p) => engine.transfer(agent, p), report);
    bindEvent(socket, 'chat:finish', agentClientEvents['chat:finish'], (p) => engine.finish(agent, p), report);
    bindEvent(socket, 'chat:typing', agentClientEvents['chat:typing'], (p) => engine.agentTyping(agent, p), report);

    socket.on('disconnect', () => {
      if (deps.closing()) return;
      nsp
        .in(agentRoom(agent.userId))
        .fetchSockets()
        .then((left) => (left.length === 0 && !deps.closing() ? engine.agentGone(agent.userId) : undefined))
        .catch(report);
    });
  });
}
