import { io, type Socket } from 'socket.io-client';
import { HUMAN_STATS_READERS } from '../../shared/api/access';
import { MONITOR_NAMESPACE, MONITOR_TOPICS, SOCKET_PATH, monitorServerEvents, type MonitorTopic } from '../../shared/realtime';
import type { ApiClient } from './api-client';
import { backoffDelay, DEFAULT_BACKOFF, type BackoffOptions } from './backoff';
import type { EventBus } from './event-bus';
import { decodeClaims } from './jwt';
import type { Clock, Logger, ServiceUrls } from './ports';
import type { SessionStore } from './session-store';
import { classifyRefusal } from './socket-refusal';

export interface MonitorLink {
  init(): void;
  dispose(): void;
}

export interface MonitorLinkDeps {
  store: SessionStore;
  api: Pick<ApiClient, 'renewSession'>;
  bus: EventBus;
  clock: Clock;
  logger: Logger;
  serviceUrls: () => ServiceUrls | null | Promise<ServiceUrls | null>;
  random?: () => number;
  backoff?: Omit<BackoffOptions, 'random'>;
}

const READERS: readonly number[] = HUMAN_STATS_READERS;

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
        if (dropped) announce(MONITOR_TOPICS);
        dropped = false;
      });
      socket.on('disconnect', () => {
        dropped = true;
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

  function follow(): void {
    const next = readerOf(store.current()?.access);
    if (next === reader && socket) return;
    stop();
    if (!next) return;
    reader = next;
    attempt = 0;
    refreshed = false;
    dropped = false;
    void connect();
  }

  const unsubscribe = store.onChange((change) => (change.kind === 'end' ? stop() : follow()));

  return {
    init: follow,
    dispose() {
      unsubscribe();
      stop();
    }
  };
}
