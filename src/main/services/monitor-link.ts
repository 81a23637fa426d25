import { io, type Socket } from 'socket.io-client';
import { z } from 'zod';
import { HUMAN_STATS_READERS } from '../../shared/api/access';
import type { IpcResult } from '../../shared/ipc';
import { MSG } from '../../shared/messages';
import { MONITOR_NAMESPACE, MONITOR_TOPICS, SOCKET_PATH, monitorServerEvents, type MonitorTopic } from '../../shared/realtime';
import { choosesOrganisation } from '../../shared/roles';
import { GATEWAY_TEXT } from './catalogue-gateway';
import type { ApiClient } from './api-client';
import { backoffDelay, DEFAULT_BACKOFF, type BackoffOptions } from './backoff';
import type { EventBus } from './event-bus';
import { decodeClaims } from './jwt';
import type { Clock, Logger, ServiceUrls } from './ports';
import type { SessionStore } from './session-store';
import { classifyRefusal } from './socket-refusal';

export interface MonitorLink {
  init(): void;
  /**
   * 'analytics:follow': the organisation the pages show — null for the session's (the one a
   * Superadministrador administers, else the user's own), else the one roles 1–2 chose. Its notices
   * become 'analytics:live' from then on, and no other organisation's.
   */
  follow(idOrg: number | null): Promise<IpcResult<null>>;
  dispose(): void;
}

export interface MonitorLinkDeps {
  store: Pick<SessionStore, 'current' | 'onChange' | 'administering'>;
  api: Pick<ApiClient, 'renewSession'>;
  bus: EventBus;
  clock: Clock;
  logger: Logger;
  serviceUrls: () => ServiceUrls | null | Promise<ServiceUrls | null>;
  random?: () => number;
  backoff?: Omit<BackoffOptions, 'random'>;
}

const READERS: readonly number[] = HUMAN_STATS_READERS;
/** How long a monitor:follow waits for the platform's ack. */
export const FOLLOW_ACK_MS = 10_000;

const FollowAck = z.union([
  z.object({ ok: z.literal(true), data: z.object({ idOrg: z.number() }) }),
  z.object({ ok: z.literal(false), error: z.object({ status: z.number().int(), message: z.string() }) })
]);
const fail = (status: number, message: string): IpcResult<never> => ({ ok: false, error: { status, message } });

/**
 * The statistics readers' live link: while a role 1–4 or 6 session is open, the main process holds a
 * socket on the platform's monitor namespace and turns its notices into 'analytics:live' events, so
 * the agents' and chats' state pages reload when something changed instead of polling. After a
 * dropped connection it announces both topics (changes may have been missed). It carries no data.
 */
export function createMonitorLink(deps: MonitorLinkDeps): MonitorLink {
  const { store, bus, clock, logger } = deps;
  const backoff: BackoffOptions = { ...DEFAULT_BACKOFF, ...deps.backoff, random: deps.random ?? Math.random };
  let socket: Socket | null = null;
  let reader: string | null = null;
  let attempt = 0;
  let refreshed = false;
  let dropped = false;
  let usedToken = '';
  let cancelRetry: (() => void) | null = null;
  /** The organisation the pages show (null: the socket's own, nothing to ask); `followed`: the one the platform confirmed on this socket. */
  let wanted: number | null = null;
  let followed: number | null = null;

  const announce = (topics: readonly MonitorTopic[]) => {
    for (const topic of topics) bus.emit('analytics:live', { topic });
  };

  function readerOf(access: string | undefined): string | null {
    const claims = access ? decodeClaims(access) : null;
    return claims && READERS.includes(claims.role) ? `${claims.company}:${claims.sub}` : null;
  }

  function stop(): void {
    reader = null;
    cancelRetry?.();
    cancelRetry = null;
    socket?.removeAllListeners();
    socket?.disconnect();
    socket = null;
  }

  function retry(): void {
    if (!reader || cancelRetry) return;
    cancelRetry = clock.after(backoffDelay(attempt++, backoff), () => {
      cancelRetry = null;
      void connect();
    });
  }

  async function refused(error: unknown): Promise<void> {
    const kind = classifyRefusal(error);
    if (kind === 'forbidden' || (kind === 'auth' && refreshed)) {
      logger.warn(`The platform refused the monitor connection (${kind})`);
      return stop();
    }
    if (kind === 'other') return retry();
    refreshed = true;
    const renewal = await deps.api.renewSession(usedToken);
    if (renewal.ok) void connect();
    else if (store.current()) retry();
  }

  async function connect(): Promise<void> {
    if (!reader) return;
    let urls: ServiceUrls | null = null;
    try {
      urls = await deps.serviceUrls();
    } catch (error) {
      logger.warn('No platform address for the monitor link', error);
    }
    if (!reader) return;
    if (!urls) return retry();
    if (!socket) {
      const base = new URL(urls.humanAgent);
      socket = io(`${base.origin}${MONITOR_NAMESPACE}`, {
        path: `${base.pathname.replace(/\/+$/, '')}${SOCKET_PATH}`,
        forceNew: true,
        reconnection: false,
        autoConnect: false,
        transports: ['websocket'],
        auth: (send) => {
          usedToken = store.current()?.access ?? '';
          send({ token: usedToken });
        }
      });
      socket.on('connect', () => {
        attempt = 0;
        refreshed = false;
        followed = null;
        // A new socket starts in the user's own organisation's room: back to the one the pages show.
        if (wanted !== null) {
          void send(wanted).then((result) => {
            if (!result.ok) logger.warn(`The platform refused to follow organisation ${wanted} (${result.error.status})`);
          });
        }
        if (dropped) announce(MONITOR_TOPICS);
        dropped = false;
      });
      socket.on('disconnect', () => {
        dropped = true;
        followed = null;
        retry();
      });
      socket.on('connect_error', (error: unknown) => void refused(error));
      socket.on('monitor:changed', (payload: unknown) => {
        const parsed = monitorServerEvents['monitor:changed'].safeParse(payload);
        if (parsed.success) announce(parsed.data.topics);
      });
    }
    if (!socket.connected) socket.connect();
  }

  async function send(idOrg: number): Promise<IpcResult<null>> {
    const current = socket;
    if (!current?.connected) return { ok: true, data: null };
    let raw: unknown;
    try {
      raw = await current.timeout(FOLLOW_ACK_MS).emitWithAck('monitor:follow', { idOrg });
    } catch {
      return fail(503, MSG.generic.networkError);
    }
    const ack = FollowAck.safeParse(raw);
    if (!ack.success) return fail(502, MSG.generic.serverError);
    if (!ack.data.ok) return { ok: false, error: ack.data.error };
    if (socket === current && wanted === idOrg) followed = idOrg;
    return { ok: true, data: null };
  }

  async function follow(idOrg: number | null): Promise<IpcResult<null>> {
    const access = store.current()?.access;
    const claims = access ? decodeClaims(access) : null;
    if (!claims) return fail(401, MSG.session.sessionExpired);
    if (!READERS.includes(claims.role)) return fail(403, MSG.generic.unauthorized);
    // The same rule as the statistics calls (catalogue-gateway.ts): only roles 1–2 choose, and
    // 'Administrar entidad' shows the administered organisation and no other.
    if (idOrg !== null && !choosesOrganisation(claims.role)) return fail(403, MSG.generic.unauthorized);
    const administered = store.administering();
    if (administered && idOrg !== null && idOrg !== administered.idOrg) return fail(400, GATEWAY_TEXT.orgFromSession);
    const target = administered?.idOrg ?? idOrg ?? claims.company;
    wanted = target;
    if (followed === target) return { ok: true, data: null };
    // Not connected yet (or between reconnections): the connect handler asks for it.
    return send(target);
  }

  function track(): void {
    const next = readerOf(store.current()?.access);
    if (next === reader && socket) return;
    stop();
    wanted = null;
    followed = null;
    if (!next) return;
    reader = next;
    attempt = 0;
    refreshed = false;
    dropped = false;
    void connect();
  }

  const unsubscribe = store.onChange((change) => {
    if (change.kind !== 'end') return track();
    stop();
    wanted = null;
    followed = null;
  });

  return {
    init: track,
    follow,
    dispose() {
      unsubscribe();
      stop();
    }
  };
}
