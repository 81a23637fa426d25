import type { Server as HttpServer } from 'node:http';
import { Server } from 'socket.io';
import { MAX_UPLOAD_BYTES } from '../../shared/domain/media';
import { AGENT_NAMESPACE, MONITOR_NAMESPACE, SOCKET_PATH, WIDGET_NAMESPACE } from '../../shared/realtime';
import { SessionsEnded, type SessionGuard } from '../auth/session-guard';
import type { TokenService } from '../auth/tokens';
import type { ChatEngine } from '../chat/engine';
import type { SocketRateLimits } from '../config';
import { designRoom, type DesignBroadcast } from './design-broadcast';
import { agentRoom, registerAgentNamespace, sessionRoom, type AgentNamespace } from './agent-namespace';
import { monitorUserRoom, registerMonitorNamespace, type MonitorNamespace } from './monitor-namespace';
import { socketNotifier } from './notifier';
import { throttleSocket, type WidgetConnectBudget } from './rate-limits';
import { redisAdapter, type RedisAdapter } from './redis';
import { registerWidgetNamespace, type WidgetNamespace } from './widget-namespace';

/** A 10 MB upload travels as base64 (4/3 of it) inside a JSON packet: room for that and the envelope. */
export const MAX_SOCKET_PACKET_BYTES = Math.ceil((MAX_UPLOAD_BYTES * 4) / 3) + 1024 * 1024;
/** How long socket.io keeps a dropped socket's rooms and missed packets for it to recover. */
const RECOVERY_WINDOW_MS = 2 * 60 * 1000;

export interface RealtimeOptions {
  engine: ChatEngine;
  tokens: TokenService;
  /** Told how to reach every instance's sockets and caches when sessions end (endUserSessions). */
  sessions: SessionGuard;
  /** Told how to reach every signed-in user of an organisation when its dashboard design changes. */
  designs: DesignBroadcast;
  /** Shares rooms between server instances through Redis. */
  redisUrl?: string;
  /** Before every name the adapter uses in Redis (config.redisKeyPrefix). */
  redisKeyPrefix?: string;
  /** Per-socket token buckets (rate-limits.ts). */
  limits: SocketRateLimits;
  /** New-chat widget handshakes per client address (rate-limits.ts). */
  widgetConnections?: WidgetConnectBudget;
  report: (error: unknown, context: string) => void;
}

export interface Realtime {
  io: Server;
  /** PING to the Redis the rooms are shared on (the readiness route); null without Redis. */
  pingRedis: (() => Promise<void>) | null;
  /** Drops every connection (clients reconnect by themselves), lets the engine finish what is under way, and leaves Redis. */
  close(): Promise<void>;
}

/** The server-side event by which one instance tells the others that sessions ended. */
const SESSIONS_ENDED = 'sessions:ended';

/** The platform's socket.io server options (also the bench's bare echo, so both pay the same transport costs). */
export const SOCKET_SERVER_OPTIONS = {
  path: SOCKET_PATH,
  serveClient: false,
  maxHttpBufferSize: MAX_SOCKET_PACKET_BYTES,
  connectionStateRecovery: { maxDisconnectionDuration: RECOVERY_WINDOW_MS, skipMiddlewares: false }
} as const;

/**
 * socket.io on the platform's HTTP server (so listening serves both), with the agent and widget
 * namespaces of src/shared/realtime.ts, and the engine's events routed to their rooms.
 */
export async function attachRealtime(server: HttpServer, options: RealtimeOptions): Promise<Realtime> {
  const io = new Server(server, SOCKET_SERVER_OPTIONS);
  let redis: RedisAdapter | null = null;
  if (options.redisUrl) {
    // A reconnection may have missed "sessions ended" messages: forget every kept answer.
    redis = await redisAdapter(options.redisUrl, (error) => options.report(error, 'redis'), () => options.sessions.forgetAll(), options.redisKeyPrefix);
    io.adapter(redis.adapter);
  }
  let closing = false;
  const agents: AgentNamespace = io.of(AGENT_NAMESPACE);
  const widgets: WidgetNamespace = io.of(WIDGET_NAMESPACE);
  const monitors: MonitorNamespace = io.of(MONITOR_NAMESPACE);
  // First middleware of each namespace: every socket (a recovered one too) starts with full buckets.
  for (const nsp of [agents, widgets, monitors]) {
    nsp.use((socket, next) => {
      throttleSocket(socket, options.limits);
      next();
    });
  }
  registerAgentNamespace(agents, { engine: options.engine, tokens: options.tokens, sessions: options.sessions, closing: () => closing, report: options.report });
  registerWidgetNamespace(widgets, { engine: options.engine, connections: options.widgetConnections, report: options.report });
  registerMonitorNamespace(monitors, { tokens: options.tokens, report: options.report });
  options.engine.attach(socketNotifier(agents, widgets, monitors));
  attachSessionFanout(io, agents, monitors, options, redis !== null);
  options.designs.attach((organizationId, payload) => {
    for (const nsp of [agents, monitors]) nsp.to(designRoom(organizationId)).emit('design:changed', payload);
  });

  let closed: Promise<void> | null = null;
  return {
    io,
    pingRedis: redis ? redis.ping : null,
    close: () =>
      (closed ??= (async () => {
        closing = true;
        options.sessions.attach(null);
        options.designs.attach(null);
        // Cut the connections without a socket.io "disconnect": clients see a transport drop and reconnect (to this address, maybe to a new server).
        io.engine.close();
        await options.engine.close();
        // Every namespace's adapter, the main one too: the Redis adapter stops reading its stream when all are closed.
        await Promise.allSettled([io.sockets.adapter.close(), agents.adapter.close(), widgets.adapter.close(), monitors.adapter.close()]);
        await redis?.close();
      })())
  };
}

/**
 * What ending sessions does beyond this process's cache: the other instances forget theirs
 * (socket.io server-side events, over the Redis adapter; with the in-memory adapter there is no
 * other instance), and the sockets of what ended close on every instance (the adapter's
 * disconnectSockets reaches them all).
 */
function attachSessionFanout(io: Server, agents: AgentNamespace, monitors: MonitorNamespace, options: RealtimeOptions, shared: boolean): void {
  const { sessions } = options;
  if (shared) {
    io.on(SESSIONS_ENDED, (raw: unknown) => {
      const ended = SessionsEnded.safeParse(raw);
      if (ended.success) sessions.forget(ended.data);
      else options.report(ended.error, 'sessions:ended message');
    });
  }
  sessions.attach({
    publish: (ended) => {
      if (shared) io.serverSideEmit(SESSIONS_ENDED, ended);
    },
    disconnect: (ended) => {
      for (const [nsp, userRoom] of [
        [agents, agentRoom(ended.userId)],
        [monitors, monitorUserRoom(ended.userId)]
      ] as const) {
        if (ended.scope === 'session') nsp.in(sessionRoom(ended.sid)).disconnectSockets(true);
        else if (ended.keep === null) nsp.in(userRoom).disconnectSockets(true);
        else nsp.in(userRoom).except(sessionRoom(ended.keep)).disconnectSockets(true);
      }
    }
  });
}
