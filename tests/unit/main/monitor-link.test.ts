import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createEventBus } from '../../../src/main/services/event-bus';
import { createMonitorLink, type MonitorLink } from '../../../src/main/services/monitor-link';
import { createMemorySettings, createMemoryTokenVault, silentLogger, type Tokens } from '../../../src/main/services/ports';
import { createSessionStore, type SessionStore } from '../../../src/main/services/session-store';
import { MONITOR_NAMESPACE } from '../../../src/shared/realtime';
import type { IpcEventPayload } from '../../../src/shared/ipc';
import { accessToken, fakeClock, refreshToken, T0 } from './fakes';

const PATH = '/ha/socket.io';

interface FakeMonitorPlatform {
  url: string;
  valid: Set<string>;
  handshakes: string[];
  /** Every monitor:follow received, in order. */
  follows: unknown[];
  /** Organisations monitor:follow is refused for (403, as the platform refuses roles 3–4 another organisation). */
  refuse: Set<number>;
  emit(payload: unknown): void;
  drop(): void;
  connected(): number;
  close(): Promise<void>;
}

/** The '/monitor' namespace as the platform speaks it: 401 for unknown tokens, 403 for the agent's, notices to every monitor. */
async function startMonitorPlatform(): Promise<FakeMonitorPlatform> {
  const http = createServer();
  const io = new Server(http, { path: PATH, transports: ['websocket'] });
  const nsp = io.of(MONITOR_NAMESPACE);
  const platform: FakeMonitorPlatform = {
    url: '',
    valid: new Set(),
    handshakes: [],
    follows: [],
    refuse: new Set(),
    emit: (payload) => void nsp.emit('monitor:changed', payload),
    drop: () => {
      for (const socket of nsp.sockets.values()) socket.conn.close();
    },
    connected: () => nsp.sockets.size,
    close: async () => {
      await io.close();
    }
  };
  nsp.use((socket, next) => {
    const token = String((socket.handshake.auth as { token?: unknown }).token ?? '');
    platform.handshakes.push(token);
    if (platform.valid.has(token)) return next();
    next(Object.assign(new Error('La sesión ha expirado'), { data: { status: 401, message: 'La sesión ha expirado' } }));
  });
  nsp.on('connection', (socket) => {
    socket.on('monitor:follow', (payload: { idOrg: number }, ack: (answer: unknown) => void) => {
      platform.follows.push(payload);
      ack(platform.refuse.has(payload.idOrg) ? { ok: false, error: { status: 403, message: 'Usuario no autorizado' } } : { ok: true, data: { idOrg: payload.idOrg } });
    });
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  platform.url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  return platform;
}

async function until(check: () => boolean, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('monitor link', () => {
  let platform: FakeMonitorPlatform;
  let link: MonitorLink | null = null;
  let store: SessionStore;
  let live: IpcEventPayload<'analytics:live'>[];

  const tokens = (role: number, id = 'm1'): Tokens => ({ access: accessToken({ role, jti: id }), refresh: refreshToken(T0 + 86_400_000, `r-${id}`) });

  async function start(initial: Tokens | null, renew: () => Promise<{ ok: true; token: string } | { ok: false; error: { status: number; message: string } }> = async () => ({ ok: false, error: { status: 401, message: 'no' } })) {
    const clock = fakeClock();
    const settings = createMemorySettings({ lastLoginTime: initial ? clock.now() : null });
    const bus = createEventBus();
    store = createSessionStore({ vault: createMemoryTokenVault(initial), settings, clock, bus });
    await store.load();
    live = [];
    bus.on('analytics:live', (p) => live.push(p));
    const urls = { virtualAgent: platform.url, humanAgent: `${platform.url}/ha/`, notifications: platform.url };
    link = createMonitorLink({ store, api: { renewSession: renew }, bus, clock, logger: silentLogger, serviceUrls: () => urls, random: () => 0 });
    link.init();
    return { clock };
  }

  beforeEach(async () => {
    platform = await startMonitorPlatform();
  });
  afterEach(async () => {
    link?.dispose();
    link = null;
    await platform.close();
  });

  it('connects for a statistics reader and turns the platform’s notices into analytics:live events', async () => {
    const session = tokens(6);
    platform.valid.add(session.access);
    await start(session);
    await until(() => platform.connected() === 1);
    platform.emit({ topics: ['agents', 'chats'] });
    await until(() => live.length === 2);
    expect(live).toEqual([{ topic: 'agents' }, { topic: 'chats' }]);
    // A payload outside the contract is dropped.
    platform.emit({ topics: ['everything'] });
    platform.emit({ topics: ['chats'] });
    await until(() => live.length === 3);
    expect(live.at(-1)).toEqual({ topic: 'chats' });
  });

  it('stays away for an agent (role 5) and leaves when the session ends', async () => {
    await start(tokens(5));
    await new Promise((r) => setTimeout(r, 100));
    expect(platform.handshakes).toEqual([]);
    link?.dispose();

    const session = tokens(3, 'm2');
    platform.valid.add(session.access);
    await start(session);
    await until(() => platform.connected() === 1);
    await store.end('logout');
    await until(() => platform.connected() === 0);
  });

  it('after a drop reconnects and announces both topics, since changes may have been missed', async () => {
    const session = tokens(4);
    platform.valid.add(session.access);
    const { clock } = await start(session);
    await until(() => platform.connected() === 1);
    platform.drop();
    await until(() => platform.connected() === 0);
    // The client notices the drop on its own time: keep the (fake) backoff clock moving until it is back.
    for (let i = 0; i < 200 && platform.connected() === 0; i++) {
      await clock.advance(1000);
      await new Promise((r) => setTimeout(r, 10));
    }
    await until(() => live.length === 2);
    expect(live.map((e) => e.topic).sort()).toEqual(['agents', 'chats']);
  });

  it('follows the organisation the pages show: the one chosen (roles 1–2) or administered, again after a reconnection', async () => {
    const session = tokens(1);
    platform.valid.add(session.access);
    const { clock } = await start(session);
    await until(() => platform.connected() === 1);
    expect(await link?.follow(200)).toEqual({ ok: true, data: null });
    expect(platform.follows).toEqual([{ idOrg: 200 }]);
    // The same organisation again (another live section of the page) asks nothing more.
    expect(await link?.follow(200)).toEqual({ ok: true, data: null });
    expect(platform.follows).toHaveLength(1);

    platform.drop();
    await until(() => platform.connected() === 0);
    for (let i = 0; i < 200 && platform.follows.length < 2; i++) {
      await clock.advance(1000);
      await new Promise((r) => setTimeout(r, 10));
    }
    // A new socket starts in the user's own room: the link asks for the chosen one again.
    expect(platform.follows).toEqual([{ idOrg: 200 }, { idOrg: 200 }]);

    // 'Administrar entidad': the session's organisation is the administered one, and no other may be chosen.
    store.setAdministering({ idOrg: 300, name: 'Otra Entidad S.A.S.' });
    expect(await link?.follow(null)).toEqual({ ok: true, data: null });
    expect(platform.follows.at(-1)).toEqual({ idOrg: 300 });
    expect(await link?.follow(200)).toEqual({ ok: false, error: { status: 400, message: 'La organización de la consulta la determina la sesión' } });
    store.setAdministering(null);
    expect(await link?.follow(null)).toEqual({ ok: true, data: null });
    expect(platform.follows.at(-1)).toEqual({ idOrg: 100 });
    // The platform's refusal reaches the page as it is.
    platform.refuse.add(400);
    expect(await link?.follow(400)).toEqual({ ok: false, error: { status: 403, message: 'Usuario no autorizado' } });
  });

  it('lets roles 3–4 follow only their own organisation, refusing another before asking the platform', async () => {
    const session = tokens(3);
    platform.valid.add(session.access);
    await start(session);
    await until(() => platform.connected() === 1);
    expect(await link?.follow(200)).toEqual({ ok: false, error: { status: 403, message: 'Usuario no autorizado' } });
    expect(platform.follows).toEqual([]);
    expect(await link?.follow(null)).toEqual({ ok: true, data: null });
    expect(platform.follows).toEqual([{ idOrg: 100 }]);
    link?.dispose();
    link = null;

    // An agent's session has no monitor link to steer.
    await start(tokens(5, 'a1'));
    // start() set it again (the narrowing after `link = null` does not know).
    const agentLink = link as MonitorLink | null;
    expect(await agentLink?.follow(null)).toEqual({ ok: false, error: { status: 403, message: 'Usuario no autorizado' } });
  });

  it('renews the session once when the handshake is refused for the token, then connects with the new one', async () => {
    const stale = tokens(6, 'old');
    const fresh = accessToken({ role: 6, jti: 'new' });
    platform.valid.add(fresh);
    await start(stale, async () => {
      await store.replace({ access: fresh, refresh: stale.refresh });
      return { ok: true, token: fresh };
    });
    await until(() => platform.connected() === 1);
    expect(platform.handshakes).toEqual([stale.access, fresh]);
  });
});
