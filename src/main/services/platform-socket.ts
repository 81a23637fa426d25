import { io, type Socket } from 'socket.io-client';
import type { z } from 'zod';
import type { ConnectionState } from '../../shared/chat-console';
import { SOCKET_PATH } from '../../shared/realtime';
import type { ApiClient } from './api-client';
import { backoffDelay, type BackoffOptions } from './backoff';
import type { Clock, Logger, ServiceUrls } from './ports';
import type { SessionStore } from './session-store';
import { classifyRefusal, type Refusal } from './socket-refusal';

/** How long a farewell (a last event before closing) waits for its ack before the socket closes anyway. */
export const FAREWELL_TIMEOUT_MS = 3000;

/** A namespace's events, event name → payload schema (src/shared/realtime.ts). */
export type EventSchemas = Record<string, z.ZodType>;

/** What the link says about itself: its state changed; the socket is gone (no ack in flight will come). */
export interface LinkEvents {
  state: ConnectionState;
  lost: undefined;
}

/** A last event the platform should hear before the socket closes (the agent's Desconectado). */
export type Farewell<C extends EventSchemas> = { [E in keyof C & string]: { event: E; payload: z.input<C[E]> } }[keyof C & string];

/**
 * Called after every connect. Asks the platform what the link missed and answers how to take it in
 * (run in the same tick, just before the link counts as online), or null when the platform did not
 * answer: the socket is then dropped and tried again later. `reconnect`: a connection of this
 * holder dropped before this one.
 */
export type Resync = (context: { reconnect: boolean }) => Promise<(() => void) | null>;

export interface PlatformSocketOptions<S extends EventSchemas> {
  /** Names the link in the log. */
  name: string;
  namespace: string;
  /** What the platform sends on the namespace: a payload reaches a handler only once its schema accepts it. */
  events: S;
  store: Pick<SessionStore, 'current'>;
  api: Pick<ApiClient, 'renewSession'>;
  serviceUrls: () => ServiceUrls | null | Promise<ServiceUrls | null>;
  clock: Clock;
  logger: Logger;
  backoff: BackoffOptions;
  resync: Resync;
}

/**
 * One socket.io connection of the main process to a platform namespace, with the session's access
 * token the renderer never sees (DESIGN §3). It owns the lifecycle the chat and monitor links share:
 * it connects for a holder with the token current at each handshake; on a refusal for the token it
 * renews the session once and tries again, on a refusal of the user it stops ('unauthorized'), on
 * anything else — and on a drop — it retries with capped exponential backoff and jitter; after every
 * connect it runs the owner's resync before it counts as online; it closes, optionally after a
 * farewell. Who is served, and what the events mean, is the owner's business.
 */
export class PlatformSocket<S extends EventSchemas, C extends EventSchemas> {
  private current: Socket | null = null;
  private address = '';
  private served: string | null = null;
  private connection: ConnectionState = 'unauthorized';
  private attempt = 0;
  /** The session was renewed for a refused handshake since the last connect: a second refusal stops. */
  private refreshed = false;
  private dropped = false;
  private usedToken = '';
  private cancelRetry: (() => void) | null = null;
  private readonly handlers = new Map<string, Set<(payload: unknown) => void>>();
  private readonly listeners: { [K in keyof LinkEvents]: Set<(payload: LinkEvents[K]) => void> } = { state: new Set(), lost: new Set() };

  constructor(private readonly options: PlatformSocketOptions<S>) {}

  get state(): ConnectionState {
    return this.connection;
  }

  /** Who the link serves (an agent, a statistics reader); null once closed. A holder the platform refused stays until closed. */
  get holder(): string | null {
    return this.served;
  }

  /** The socket, connected or not; for helpers that wait for their own acks (agent requests, the outbox). */
  get socket(): Socket | null {
    return this.current;
  }

  /** Serving `holder` already (connected or retrying) and not refused by the platform: a session change needs nothing. */
  serves(holder: string | null): boolean {
    return holder !== null && this.served === holder && this.connection !== 'unauthorized';
  }

  /** Starts serving `holder` from a fresh backoff; the owner closes the previous holder's link first. */
  start(holder: string): void {
    this.served = holder;
    this.attempt = 0;
    this.refreshed = false;
    this.dropped = false;
    void this.connect();
  }

  /** Stops serving: no retry, the socket closed (after `farewell` is acked, or a short timeout), state 'unauthorized'. */
  close(farewell?: Farewell<C>): void {
    this.served = null;
    this.cancelRetry?.();
    this.cancelRetry = null;
    this.notify('lost', undefined);
    this.closeSocket(farewell);
    this.setState('unauthorized');
  }

  /** Closes (when still open) and drops every subscription. */
  dispose(): void {
    if (this.served !== null || this.current) this.close();
    this.handlers.clear();
    this.listeners.state.clear();
    this.listeners.lost.clear();
  }

  /** A platform event, validated against its schema; a payload the contract does not allow is logged and dropped. */
  on<E extends keyof S & string>(event: E, handle: (payload: z.infer<S[E]>) => void): () => void {
    const set = this.handlers.get(event) ?? new Set();
    this.handlers.set(event, set);
    const handler = handle as (payload: unknown) => void;
    set.add(handler);
    return () => set.delete(handler);
  }

  /** The link's own events. */
  when<K extends keyof LinkEvents>(event: K, listener: (payload: LinkEvents[K]) => void): () => void {
    const set: Set<(payload: LinkEvents[K]) => void> = this.listeners[event];
    set.add(listener);
    return () => set.delete(listener);
  }

  /** Emits on the connected socket and waits for the platform's ack; rejects when not connected or when none comes within `timeoutMs`. */
  emitWithAck<E extends keyof C & string>(event: E, payload: z.input<C[E]>, timeoutMs: number): Promise<unknown> {
    const socket = this.current;
    if (!socket?.connected) return Promise.reject(new Error(`The ${this.options.name} link is not connected`));
    return socket.timeout(timeoutMs).emitWithAck(event, payload);
  }

  /* ───────────── connecting ───────────── */

  private async connect(): Promise<void> {
    if (!this.served) return;
    this.setState('connecting');
    const urls = await this.platformUrls();
    // Closed meanwhile, or a retry already scheduled (it connects then).
    if (!this.served || this.cancelRetry) return;
    if (!urls) return this.scheduleRetry();
    const socket = this.socketFor(urls.humanAgent);
    if (!socket.connected) socket.connect();
  }

  private async platformUrls(): Promise<ServiceUrls | null> {
    try {
      return await this.options.serviceUrls();
    } catch (error) {
      this.options.logger.warn(`No platform address for the ${this.options.name} link`, error);
      return null;
    }
  }

  /** The socket for the platform at `humanAgent`: the one there is, or a new one when the address changed (an embedded platform restarted on another port). */
  private socketFor(humanAgent: string): Socket {
    const base = new URL(humanAgent);
    const path = `${base.pathname.replace(/\/+$/, '')}${SOCKET_PATH}`;
    const address = `${base.origin}${this.options.namespace}|${path}`;
    if (this.current && address === this.address) return this.current;
    this.closeSocket();
    this.address = address;
    const socket = io(`${base.origin}${this.options.namespace}`, {
      path,
      forceNew: true,
      reconnection: false,
      autoConnect: false,
      transports: ['websocket'],
      // Read at every handshake, so a reconnect presents the token as refreshed meanwhile.
      auth: (send) => {
        this.usedToken = this.options.store.current()?.access ?? '';
        send({ token: this.usedToken });
      }
    });
    this.current = socket;
    this.listen(socket);
    return socket;
  }

  private listen(socket: Socket): void {
    for (const event of Object.keys(this.options.events)) {
      socket.on(event, (raw: unknown) => {
        if (socket === this.current) this.dispatch(event, raw);
      });
    }
    socket.on('connect', () => {
      if (socket !== this.current) return;
      this.refreshed = false;
      void this.resync(socket);
    });
    socket.on('disconnect', (reason: string) => {
      if (socket !== this.current) return;
      this.dropped = true;
      this.notify('lost', undefined);
      if (this.served && reason !== 'io client disconnect') this.scheduleRetry();
    });
    socket.on('connect_error', (error: unknown) => {
      if (socket !== this.current) return;
      this.notify('lost', undefined);
      void this.refused(classifyRefusal(error));
    });
  }

  private dispatch(event: string, raw: unknown): void {
    const handlers = this.handlers.get(event);
    const schema = this.options.events[event];
    if (!handlers?.size || !schema) return;
    const parsed = schema.safeParse(raw);
    if (!parsed.success) return this.options.logger.warn(`Dropped a ${event} the contract does not allow`, parsed.error.issues.slice(0, 3));
    for (const handle of [...handlers]) handle(parsed.data);
  }

  private async resync(socket: Socket): Promise<void> {
    const reconnect = this.dropped;
    this.dropped = false;
    const takeIn = await this.options.resync({ reconnect });
    if (socket !== this.current || !socket.connected) return;
    if (!takeIn) {
      socket.disconnect();
      this.notify('lost', undefined);
      this.scheduleRetry();
      return;
    }
    this.attempt = 0;
    takeIn();
    this.setState('online');
  }

  /* ───────────── refusals and retries ───────────── */

  private async refused(kind: Refusal): Promise<void> {
    if (!this.served) return;
    if (kind === 'forbidden' || (kind === 'auth' && this.refreshed)) {
      this.options.logger.warn(`The platform refused the ${this.options.name} link (${kind})`);
      this.closeSocket();
      this.setState('unauthorized');
      return;
    }
    if (kind === 'other') return this.scheduleRetry();
    this.refreshed = true;
    this.setState('connecting');
    const renewal = await this.options.api.renewSession(this.usedToken);
    if (!this.served) return;
    if (renewal.ok) return void this.connect();
    // A rejected renewal ends the session (the store tells the owner); an unreachable platform is retried.
    this.refreshed = false;
    if (this.options.store.current()) this.scheduleRetry();
  }

  private scheduleRetry(): void {
    if (!this.served || this.cancelRetry) return;
    this.setState('offline');
    const delay = backoffDelay(this.attempt++, this.options.backoff);
    this.cancelRetry = this.options.clock.after(delay, () => {
      this.cancelRetry = null;
      void this.connect();
    });
  }

  /**
   * Closes the socket; with a farewell, first emits it and waits for its ack (socket.io drops events
   * that arrive with the disconnect), or for a short timeout.
   */
  private closeSocket(farewell?: Farewell<C>): void {
    const socket = this.current;
    this.current = null;
    if (!socket) return;
    socket.removeAllListeners();
    if (!farewell || !socket.connected) {
      socket.disconnect();
      return;
    }
    let closed = false;
    const close = () => {
      if (closed) return;
      closed = true;
      cancel();
      socket.disconnect();
    };
    const cancel = this.options.clock.after(FAREWELL_TIMEOUT_MS, close);
    socket.emit(farewell.event, farewell.payload, close);
  }

  private setState(next: ConnectionState): void {
    if (this.connection === next) return;
    this.connection = next;
    this.notify('state', next);
  }

  private notify<K extends keyof LinkEvents>(event: K, payload: LinkEvents[K]): void {
    const set: Set<(payload: LinkEvents[K]) => void> = this.listeners[event];
    for (const listener of [...set]) listener(payload);
  }
}
