import { z } from 'zod';
import { HUMAN_STATS_READERS } from '../../shared/api/access';
import type { IpcResult } from '../../shared/ipc';
import { MSG } from '../../shared/messages';
import { MONITOR_NAMESPACE, MONITOR_TOPICS, monitorClientEvents, monitorServerEvents, type DesignChanged, type MonitorTopic } from '../../shared/realtime';
import { choosesOrganisation } from '../../shared/roles';
import { GATEWAY_TEXT } from './catalogue-gateway';
import type { ApiClient } from './api-client';
import { DEFAULT_BACKOFF, type BackoffOptions } from './backoff';
import type { EventBus } from './event-bus';
import { decodeClaims } from './jwt';
import { PlatformSocket } from './platform-socket';
import type { Clock, Logger, ServiceUrls } from './ports';
import type { SessionStore } from './session-store';

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
const done = (): IpcResult<null> => ({ ok: true, data: null });

function readerOf(access: string | undefined): string | null {
  const claims = access ? decodeClaims(access) : null;
  return claims && READERS.includes(claims.role) ? `${claims.company}:${claims.sub}` : null;
}

/**
 * The statistics readers' live link: while a role 1–4 or 6 session is open, the main process holds a
 * socket on the platform's monitor namespace (a PlatformSocket) and turns its notices into
 * 'analytics:live' events, so the agents' and chats' state pages reload when something changed
 * instead of polling. After a dropped connection it announces both topics (changes may have been
 * missed) and asks again for the organisation the pages show. It carries no data.
 */
export class MonitorLink {
  private readonly link: PlatformSocket<typeof monitorServerEvents, typeof monitorClientEvents>;
  /** The organisation the pages show (null: the socket's own, nothing to ask); `followed`: the one the platform confirmed on this socket. */
  private wanted: number | null = null;
  private followed: number | null = null;
  private readonly unsubscribe: () => void;

  constructor(private readonly deps: MonitorLinkDeps) {
    this.link = new PlatformSocket({
      name: 'monitor',
      namespace: MONITOR_NAMESPACE,
      events: monitorServerEvents,
      store: deps.store,
      api: deps.api,
      serviceUrls: deps.serviceUrls,
      clock: deps.clock,
      logger: deps.logger,
      backoff: { ...DEFAULT_BACKOFF, ...deps.backoff, random: deps.random ?? Math.random },
      resync: (context) => this.resync(context)
    });
    this.link.on('monitor:changed', ({ topics }) => this.announce(topics));
    this.link.when('lost', () => {
      this.followed = null;
    });
    this.unsubscribe = deps.store.onChange((change) => (change.kind === 'end' ? this.leave() : this.track()));
  }

  init(): void {
    this.track();
  }

  /**
   * 'analytics:follow': the organisation the pages show — null for the session's (the one a
   * Superadministrador administers, else the user's own), else the one roles 1–2 chose. Its notices
   * become 'analytics:live' from then on, and no other organisation's.
   */
  async follow(idOrg: number | null): Promise<IpcResult<null>> {
    const access = this.deps.store.current()?.access;
    const claims = access ? decodeClaims(access) : null;
    if (!claims) return fail(401, MSG.session.sessionExpired);
    if (!READERS.includes(claims.role)) return fail(403, MSG.generic.unauthorized);
    // The same rule as the statistics calls (catalogue-gateway.ts): only roles 1–2 choose, and
    // 'Administrar entidad' shows the administered organisation and no other.
    if (idOrg !== null && !choosesOrganisation(claims.role)) return fail(403, MSG.generic.unauthorized);
    const administered = this.deps.store.administering();
    if (administered && idOrg !== null && idOrg !== administered.idOrg) return fail(400, GATEWAY_TEXT.orgFromSession);
    const target = administered?.idOrg ?? idOrg ?? claims.company;
    this.wanted = target;
    if (this.followed === target) return done();
    // Not connected yet (or between reconnections): the resync after the connect asks for it.
    return this.send(target);
  }

  /** The platform's dashboard-design pushes on this link's socket (design.service.ts takes them in). */
  onDesignChanged(listener: (payload: DesignChanged) => void): () => void {
    return this.link.on('design:changed', listener);
  }

  dispose(): void {
    this.unsubscribe();
    this.link.dispose();
  }

  /** Follows the session: a new reader (or one whose link the platform refused) starts over; anyone else has no link. */
  private track(): void {
    const next = readerOf(this.deps.store.current()?.access);
    if (next === this.link.holder && this.link.socket) return;
    this.leave();
    if (next) this.link.start(next);
  }

  private leave(): void {
    this.link.close();
    this.wanted = null;
    this.followed = null;
  }

  /** A new socket starts in the user's own organisation's room: back to the one the pages show; after a drop, every topic may have changed. */
  private async resync({ reconnect }: { reconnect: boolean }): Promise<() => void> {
    this.followed = null;
    const wanted = this.wanted;
    if (wanted !== null) {
      void this.send(wanted).then((result) => {
        if (!result.ok) this.deps.logger.warn(`The platform refused to follow organisation ${wanted} (${result.error.status})`);
      });
    }
    if (reconnect) this.announce(MONITOR_TOPICS);
    return () => undefined;
  }

  private async send(idOrg: number): Promise<IpcResult<null>> {
    const socket = this.link.socket;
    if (!socket?.connected) return done();
    let raw: unknown;
    try {
      raw = await this.link.emitWithAck('monitor:follow', { idOrg }, FOLLOW_ACK_MS);
    } catch {
      return fail(503, MSG.generic.networkError);
    }
    const ack = FollowAck.safeParse(raw);
    if (!ack.success) return fail(502, MSG.generic.serverError);
    if (!ack.data.ok) return { ok: false, error: ack.data.error };
    if (this.link.socket === socket && this.wanted === idOrg) this.followed = idOrg;
    return done();
  }

  private announce(topics: readonly MonitorTopic[]): void {
    for (const topic of topics) this.deps.bus.emit('analytics:live', { topic });
  }
}

export function createMonitorLink(deps: MonitorLinkDeps): MonitorLink {
  return new MonitorLink(deps);
}
