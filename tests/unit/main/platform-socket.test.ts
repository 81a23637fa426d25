import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import type { ConnectionState } from '../../../src/shared/chat-console';
import { FAREWELL_TIMEOUT_MS, PlatformSocket } from '../../../src/main/services/platform-socket';
import { silentLogger, type ServiceUrls, type Tokens } from '../../../src/main/services/ports';
import type { Renewal } from '../../../src/main/services/api-client';
import { fakeClock, type FakeClock } from './fakes';

// Real sockets on a shared machine: generous limits; nothing here asserts on wall-clock time.
vi.setConfig({ testTimeout: 30_000 });

const NAMESPACE = '/probe';
const PATH = '/ha/socket.io';
const serverEvents = { 'probe:note': z.object({ n: z.number().int() }) };
const clientEvents = { 'probe:bye': z.object({ why: z.string() }) };

interface FakePlatform {
  url: string;
  valid: Set<string>;
  forbidden: Set<string>;
  handshakes: string[];
  /** Every client event received, in order, with 'disconnect' when a socket left. */
  received: string[];
  connected(): number;
  drop(): void;
  emit(event: string, payload: unknown): void;
  close(): Promise<void>;
}

/** A namespace refusing as the platform's do: `err.data = { status, message }`, 401 for unknown tokens, 403 for forbidden ones. */
async function startPlatform(): Promise<FakePlatform> {
  const http = createServer();
  const io = new Server(http, { path: PATH, transports: ['websocket'] });
  const nsp = io.of(NAMESPACE);
  const platform: FakePlatform = {
    url: '',
    valid: new Set(),
    forbidden: new Set(),
    handshakes: [],
    received: [],
    connected: () => nsp.sockets.size,
    drop: () => {
      for (const socket of nsp.sockets.values()) socket.conn.close();
    },
    emit: (event, payload) => void nsp.emit(event, payload),
    close: async () => {
      await io.close();
    }
  };
  nsp.use((socket, next) => {
    const token = String((socket.handshake.auth as { token?: unknown }).token ?? '');
    platform.handshakes.push(token);
    if (platform.valid.has(token)) return next();
    const status = platform.forbidden.has(token) ? 403 : 401;
    next(Object.assign(new Error(status === 403 ? 'Usuario no autorizado' : 'La sesión ha expirado'), { data: { status, message: 'no' } }));
  });
  nsp.on('connection', (socket) => {
    socket.on('probe:bye', (payload: unknown, ack: () => void) => {
      platform.received.push(`bye:${clientEvents['probe:bye'].parse(payload).why}`);
      ack();
    });
    socket.on('disconnect', () => platform.received.push('disconnect'));
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  platform.url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  return platform;
}

async function until(check: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 2000; i++) {
    if (check()) return;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error(`Timed out waiting for ${what}`);
}

const urlsOf = (platform: FakePlatform): ServiceUrls => ({ virtualAgent: platform.url, humanAgent: `${platform.url}/ha/`, notifications: platform.url });

interface Probe {
  link: PlatformSocket<typeof serverEvents, typeof clientEvents>;
  clock: FakeClock;
  states: ConnectionState[];
  resyncs: boolean[];
  renewals: string[];
  session: { tokens: Tokens | null };
  urls: { current: ServiceUrls | null };
}

describe('platform socket', () => {
  let platform: FakePlatform;
  const open: Probe[] = [];

  function probe(options: { token?: string; renew?: (used: string) => Promise<Renewal>; resync?: () => Promise<(() => void) | null> } = {}): Probe {
    const clock = fakeClock();
    const session = { tokens: { access: options.token ?? 'good', refresh: 'r' } as Tokens | null };
    const urls = { current: urlsOf(platform) as ServiceUrls | null };
    const states: ConnectionState[] = [];
    const resyncs: boolean[] = [];
    const renewals: string[] = [];
    const link = new PlatformSocket<typeof serverEvents, typeof clientEvents>({
      name: 'probe',
      namespace: NAMESPACE,
      events: serverEvents,
      store: { current: () => session.tokens },
      api: {
        renewSession: async (used) => {
          renewals.push(used);
          return options.renew ? options.renew(used) : { ok: false, error: { status: 401, message: 'no' } };
        }
      },
      serviceUrls: () => urls.current,
      clock,
      logger: silentLogger,
      backoff: { baseMs: 1000, maxMs: 8000, random: () => 0 },
      resync: ({ reconnect }) => {
        resyncs.push(reconnect);
        return options.resync ? options.resync() : Promise.resolve(() => undefined);
      }
    });
    link.when('state', (state) => states.push(state));
    const made = { link, clock, states, resyncs, renewals, session, urls };
    open.push(made);
    return made;
  }

  beforeEach(async () => {
    platform = await startPlatform();
    platform.valid.add('good');
  });

  afterEach(async () => {
    for (const { link } of open.splice(0)) link.dispose();
    await platform.close();
  });

  it('connects with the current token, resyncs before it counts as online, and passes on only the events its schemas allow', async () => {
    const { link, states, resyncs } = probe();
    const notes: number[] = [];
    link.on('probe:note', ({ n }) => notes.push(n));
    expect(link.holder).toBeNull();
    link.start('100:7');
    expect(link.holder).toBe('100:7');
    await until(() => link.state === 'online', 'online');
    expect(platform.handshakes).toEqual(['good']);
    expect(states).toEqual(['connecting', 'online']);
    expect(resyncs).toEqual([false]);
    expect(link.serves('100:7')).toBe(true);
    expect(link.serves('100:8')).toBe(false);

    platform.emit('probe:note', { n: 'uno' });
    platform.emit('probe:note', { n: 2 });
    await until(() => notes.length === 1, 'the valid note');
    expect(notes).toEqual([2]);
  });

  it('after a drop tells the owner it lost the socket, backs off, reconnects and resyncs as a reconnect', async () => {
    const { link, clock, states, resyncs } = probe();
    let lost = 0;
    link.when('lost', () => (lost += 1));
    link.start('100:7');
    await until(() => link.state === 'online', 'online');
    platform.drop();
    await until(() => link.state === 'offline', 'the drop');
    expect(lost).toBe(1);
    // random() = 0: half of the first step.
    await clock.advance(499);
    expect(platform.handshakes).toHaveLength(1);
    await clock.advance(1);
    await until(() => link.state === 'online', 'the reconnect');
    expect(platform.handshakes).toEqual(['good', 'good']);
    expect(resyncs).toEqual([false, true]);
    expect(states).toEqual(['connecting', 'online', 'offline', 'connecting', 'online']);
  });

  it('renews the session once when the handshake is refused for the token, and connects with the new one', async () => {
    const made = probe({
      token: 'stale',
      renew: async () => {
        made.session.tokens = { access: 'good', refresh: 'r2' };
        return { ok: true, token: 'good' };
      }
    });
    made.link.start('100:7');
    await until(() => made.link.state === 'online', 'online');
    expect(platform.handshakes).toEqual(['stale', 'good']);
    expect(made.renewals).toEqual(['stale']);
  });

  it('stops when the renewed token is refused too, and when the user is refused, without renewing; serving again starts over', async () => {
    const renewedButRefused = probe({ token: 'stale', renew: async () => ({ ok: true, token: 'stale' }) });
    renewedButRefused.link.start('100:7');
    await until(() => renewedButRefused.link.state === 'unauthorized' && platform.handshakes.length === 2, 'the second refusal');
    expect(renewedButRefused.renewals).toEqual(['stale']);
    await renewedButRefused.clock.advance(60_000);
    expect(platform.handshakes).toHaveLength(2);
    // Still the holder, but refused: the owner's next session change starts it over.
    expect(renewedButRefused.link.holder).toBe('100:7');
    expect(renewedButRefused.link.serves('100:7')).toBe(false);

    platform.handshakes.length = 0;
    platform.forbidden.add('agent');
    const forbidden = probe({ token: 'agent' });
    forbidden.link.start('100:5');
    await until(() => forbidden.link.state === 'unauthorized' && platform.handshakes.length === 1, 'the refusal');
    await forbidden.clock.advance(60_000);
    expect(platform.handshakes).toEqual(['agent']);
    expect(forbidden.renewals).toEqual([]);
    expect(forbidden.link.socket).toBeNull();
  });

  it('after a renewal that could not reach the platform, retries later and may renew again', async () => {
    let reachable = false;
    const made = probe({
      token: 'stale',
      renew: async () => {
        if (!reachable) return { ok: false, error: { status: 0, message: 'No fue posible conectar con la plataforma' } };
        made.session.tokens = { access: 'good', refresh: 'r2' };
        return { ok: true, token: 'good' };
      }
    });
    made.link.start('100:7');
    await until(() => made.link.state === 'offline' && made.renewals.length === 1, 'the unreachable renewal');
    reachable = true;
    await made.clock.advance(500);
    await until(() => made.link.state === 'online', 'online');
    expect(platform.handshakes).toEqual(['stale', 'stale', 'good']);
    expect(made.renewals).toEqual(['stale', 'stale']);
  });

  it('retries an unreachable platform, or none known yet, with growing, capped delays', async () => {
    const { link, clock, urls } = probe();
    urls.current = null;
    link.start('100:7');
    await until(() => link.state === 'offline', 'no address');
    urls.current = { ...urlsOf(platform), humanAgent: 'http://127.0.0.1:9/ha/' };
    const attempts: number[] = [];
    const connecting = () => attempts.length;
    link.when('state', (state) => {
      if (state === 'connecting') attempts.push(clock.now());
    });
    // random() = 0: half of each step — 500, 1000, 2000, 4000, then the 8000 cap → 4000.
    for (const [i, wait] of [500, 1000, 2000, 4000, 4000].entries()) {
      await clock.advance(wait - 1);
      expect(connecting()).toBe(i);
      await clock.advance(1);
      await until(() => connecting() === i + 1 && link.state === 'offline', `attempt ${i + 2} to fail`);
    }
  });

  it('drops the socket and retries when the resync gets no answer, and only counts as online once it does', async () => {
    let answer = false;
    const { link, clock, states } = probe({ resync: async () => (answer ? () => undefined : null) });
    link.start('100:7');
    await until(() => link.state === 'offline', 'the failed resync');
    expect(states).toEqual(['connecting', 'offline']);
    await until(() => platform.connected() === 0, 'the socket dropped');
    answer = true;
    await clock.advance(500);
    await until(() => link.state === 'online', 'online');
    expect(platform.handshakes).toEqual(['good', 'good']);
  });

  it('follows a platform that moved to another address with a new socket', async () => {
    const { link, clock, urls } = probe();
    link.start('100:7');
    await until(() => link.state === 'online', 'online');
    const first = link.socket;
    const moved = await startPlatform();
    moved.valid.add('good');
    urls.current = urlsOf(moved);
    const old = platform;
    // afterEach closes the platform in use.
    platform = moved;
    await old.close();
    await until(() => link.state === 'offline', 'the old platform gone');
    await clock.advance(500);
    await until(() => link.state === 'online', 'online on the new address');
    expect(old.handshakes).toEqual(['good']);
    expect(moved.handshakes).toEqual(['good']);
    expect(link.socket).not.toBe(first);
  });

  it('closes after its farewell is acked (or after a timeout), and retries nothing once closed', async () => {
    const { link, clock, states } = probe();
    link.start('100:7');
    await until(() => link.state === 'online', 'online');
    link.close({ event: 'probe:bye', payload: { why: 'logout' } });
    expect(link.holder).toBeNull();
    expect(states.at(-1)).toBe('unauthorized');
    await until(() => platform.received.length === 2, 'the farewell and the disconnect');
    expect(platform.received).toEqual(['bye:logout', 'disconnect']);
    await clock.advance(FAREWELL_TIMEOUT_MS + 60_000);
    expect(platform.handshakes).toHaveLength(1);
    expect(link.socket).toBeNull();
  });
});
