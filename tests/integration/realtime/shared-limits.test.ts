import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { RateLimiterRes } from 'rate-limiter-flexible';
import { createClient } from 'redis';
import { io, type Socket } from 'socket.io-client';
import { z } from 'zod';
import { SOCKET_PATH, WIDGET_NAMESPACE } from '../../../src/shared/realtime';
import { conversations } from '../../../src/server/db/schema';
import { openRateLimiters } from '../../../src/server/rate-limiters';
import { OwnRedis, redisServerAvailable } from '../../support/redis';
import { createTestDatabase, type TestDatabase } from '../../support/database';
import { connected, TestClient } from '../../support/clients';
import { createChatFixture, entryAnswers, type ChatFixture } from './fixtures';
import { eventually, listenPlatform, MONDAY_10AM, TestClock, type Running } from '../../support/platform';
import { StartAck } from './scenario';

/**
 * The per-address budgets shared by every instance (issue 18): the widget's new-chat handshakes
 * per address, in memory and through Redis, and the sign-in throttle counted in Redis so that two
 * instances behind one balancer hold one budget, not one each. What happens when Redis drops.
 */

const SYSTEM_REDIS = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const NEW_CHATS = /^Se han iniciado demasiados chats desde su conexión\. Inténtelo de nuevo en \d+ (segundos?|minutos)\.$/;
const SIGN_IN_THROTTLED = /^Demasiados intentos de inicio de sesión\. Inténtelo de nuevo en \d+ (segundos?|minutos)\.$/;

async function reachable(url: string): Promise<boolean> {
  const client = createClient({ url, socket: { reconnectStrategy: false, connectTimeout: 1000 } });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.ping();
    return true;
  } catch {
    return false;
  } finally {
    client.destroy();
  }
}

const systemRedis = await reachable(SYSTEM_REDIS);
if (!systemRedis) console.warn(`shared rate limits through Redis skipped: no Redis answers at ${SYSTEM_REDIS} (set REDIS_URL or start redis-server)`);

type Handshake = { ok: true; client: TestClient } | { ok: false; status: number | null; message: string };

/** A widget socket's handshake, from 127.0.0.1, naming `forwardedFor` in X-Forwarded-For when given. */
async function handshake(url: string, auth: Record<string, unknown>, forwardedFor?: string): Promise<Handshake> {
  const socket: Socket = io(`${url}${WIDGET_NAMESPACE}`, {
    path: SOCKET_PATH,
    auth,
    transports: ['websocket'],
    forceNew: true,
    reconnection: false,
    extraHeaders: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}
  });
  try {
    await connected(socket);
    return { ok: true, client: new TestClient(socket) };
  } catch (error) {
    socket.disconnect();
    const data = z.object({ status: z.number() }).safeParse(error instanceof Error && 'data' in error ? error.data : null);
    return { ok: false, status: data.success ? data.data.status : null, message: error instanceof Error ? error.message : String(error) };
  }
}

function signInAttempt(app: FastifyInstance, from: string): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'POST', url: '/api/auth', payload: { email: 'nadie@demo.co', password: 'equivocada' }, remoteAddress: from });
}

/** A platform of its own on in-memory PGlite with a new-chat budget of `max` per address (and the proxy trusted when named), one agent's fixture, and the widget sockets a test opened, closed after the file. */
function widgetBudgetPlatform(max: number, trustProxy?: string[]): { platform: Running; fx: ChatFixture; open: TestClient[] } {
  let database: TestDatabase | undefined;
  const live = { open: [] as TestClient[] } as { platform: Running; fx: ChatFixture; open: TestClient[] };
  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    live.platform = await listenPlatform(database.target, new TestClock(MONDAY_10AM), { widgetConnectLimit: { max, windowSeconds: 600 }, ...(trustProxy ? { trustProxy } : {}) });
    live.fx = await createChatFixture(live.platform.app, { agentsA: 1 });
  });
  afterAll(async () => {
    for (const c of live.open) c.close();
    await live.platform?.close();
    await database?.drop();
  });
  return live;
}

describe('new-chat widget handshakes per address, in memory, behind a trusted proxy', () => {
  const BUDGET = 60;
  const live = widgetBudgetPlatform(BUDGET, ['127.0.0.1']);

  it('admits 60 from one address, refuses the 61st with 429 and the Spanish text, and still admits another address and a resume', async () => {
    const { platform, fx, open } = live;
    const origin = { org: fx.orgId, va: fx.vaId };
    const first = await Promise.all(Array.from({ length: BUDGET }, () => handshake(platform.url, origin, '203.0.113.7')));
    for (const h of first) if (h.ok) open.push(h.client);
    expect(first.filter((h) => h.ok)).toHaveLength(BUDGET);

    const over = await handshake(platform.url, origin, '203.0.113.7');
    expect(over).toEqual({ ok: false, status: 429, message: expect.stringMatching(NEW_CHATS) });

    // Another client behind the same proxy has a budget of its own.
    const other = await handshake(platform.url, origin, '203.0.113.8');
    expect(other.ok).toBe(true);
    if (other.ok) open.push(other.client);

    // Resuming a conversation is not counted: the customer over the budget keeps its chat.
    const admitted = first[0];
    if (!admitted?.ok) throw new Error('the first handshake was refused');
    const started = await admitted.client.ok('widget:start', { fields: entryAnswers(fx, 1) }, StartAck);
    const resumed = await handshake(platform.url, { conversationId: started.conversationId, token: started.token }, '203.0.113.7');
    expect(resumed.ok).toBe(true);
    if (resumed.ok) open.push(resumed.client);
    // And a new chat from that address is still refused.
    expect(await handshake(platform.url, origin, '203.0.113.7')).toMatchObject({ ok: false, status: 429 });
  });
});

describe('new conversations per address, however many a socket starts (issue 36 M2)', () => {
  const BUDGET = 4;
  const live = widgetBudgetPlatform(BUDGET, ['127.0.0.1']);

  const origin = () => ({ org: live.fx.orgId, va: live.fx.vaId });
  const conversationCount = async () => (await live.platform.app.db.select({ id: conversations.idConv }).from(conversations)).length;

  it('counts every widget:start after a leave on one admitted socket, and refuses the one past the budget, storing nothing', async () => {
    const { platform, fx, open } = live;
    const admitted = await handshake(platform.url, origin(), '203.0.113.20');
    if (!admitted.ok) throw new Error('the handshake was refused');
    open.push(admitted.client);
    const before = await conversationCount();
    for (let i = 0; i < BUDGET; i++) {
      await admitted.client.ok('widget:start', { fields: entryAnswers(fx, i + 1) }, StartAck);
      await admitted.client.request('widget:leave', {});
    }
    expect(await conversationCount()).toBe(before + BUDGET);
    const refused = await admitted.client.refused('widget:start', { fields: entryAnswers(fx, 9) });
    expect(refused).toEqual({ status: 429, message: expect.stringMatching(NEW_CHATS) });
    expect(await conversationCount()).toBe(before + BUDGET);
    // The address is spent for new sockets too.
    expect(await handshake(platform.url, origin(), '203.0.113.20')).toMatchObject({ ok: false, status: 429 });
  });

  it('does not refuse a customer who really leaves and comes back inside the budget, nor charges a start the form refused', async () => {
    const { platform, fx, open } = live;
    const from = '203.0.113.21';
    for (let visit = 1; visit <= 2; visit++) {
      const h = await handshake(platform.url, origin(), from);
      if (!h.ok) throw new Error(`visit ${visit} was refused`);
      open.push(h.client);
      // An answer the form refuses is the customer's mistake: the handshake still pays for the corrected start.
      expect((await h.client.refused('widget:start', { fields: {} })).status).toBe(400);
      await h.client.ok('widget:start', { fields: entryAnswers(fx, visit) }, StartAck);
      await h.client.request('widget:leave', {});
      h.client.close();
    }
    // Two chats spent two of the four: two more handshakes are admitted.
    for (let i = 0; i < 2; i++) {
      const h = await handshake(platform.url, origin(), from);
      expect(h.ok).toBe(true);
      if (h.ok) open.push(h.client);
    }
    expect(await handshake(platform.url, origin(), from)).toMatchObject({ ok: false, status: 429 });
  });
});

describe('new-chat widget handshakes per address, without a trusted proxy', () => {
  const live = widgetBudgetPlatform(3);

  it('ignores X-Forwarded-For: every socket counts against the connection’s address', async () => {
    const { platform, fx, open } = live;
    const origin = { org: fx.orgId, va: fx.vaId };
    for (let i = 0; i < 3; i++) {
      const h = await handshake(platform.url, origin, `203.0.113.${i + 1}`);
      expect(h.ok).toBe(true);
      if (h.ok) open.push(h.client);
    }
    expect(await handshake(platform.url, origin, '203.0.113.99')).toEqual({ ok: false, status: 429, message: expect.stringMatching(NEW_CHATS) });
    // A malformed handshake is answered as before (400), not counted as a new chat.
    expect(await handshake(platform.url, { org: 'x' })).toMatchObject({ ok: false, status: 400 });
  });
});

describe.skipIf(!systemRedis)(`two instances sharing one Redis (${SYSTEM_REDIS})`, () => {
  const prefix = `atiende-test:${randomUUID()}:`;
  const databases: TestDatabase[] = [];
  let one: Running;
  let two: Running;
  let fxOne: ChatFixture;
  let fxTwo: ChatFixture;
  const open: TestClient[] = [];

  beforeAll(async () => {
    // Each instance on its own in-memory database: what they share is Redis alone.
    const clock = new TestClock(MONDAY_10AM);
    const overrides = {
      redisUrl: SYSTEM_REDIS,
      rateLimitKeyPrefix: prefix,
      authRateLimit: { max: 4, windowSeconds: 600 },
      widgetConnectLimit: { max: 4, windowSeconds: 600 }
    };
    const [first, second] = [await createTestDatabase('pglite'), await createTestDatabase('pglite')];
    databases.push(first, second);
    one = await listenPlatform(first.target, clock, overrides);
    two = await listenPlatform(second.target, clock, overrides);
    fxOne = await createChatFixture(one.app, { agentsA: 1 });
    fxTwo = await createChatFixture(two.app, { agentsA: 1 });
  });

  afterAll(async () => {
    for (const c of open) c.close();
    await one?.close();
    await two?.close();
    for (const d of databases) await d.drop();
  });

  it('holds one sign-in budget per address across both instances', async () => {
    const from = '198.51.100.40';
    for (const app of [one.app, one.app, two.app, two.app]) expect((await signInAttempt(app, from)).statusCode).toBe(401);
    // Each instance has seen 2 of the 4 attempts: alone, each would let 2 more in.
    for (const app of [one.app, two.app]) {
      const res = await signInAttempt(app, from);
      expect(res.statusCode).toBe(429);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      expect(res.json()).toMatchObject({ message: expect.stringMatching(SIGN_IN_THROTTLED) });
    }
    expect((await signInAttempt(two.app, '198.51.100.41')).statusCode).toBe(401);
  });

  it('holds one new-chat handshake budget per address across both instances', async () => {
    const steps: [Running, ChatFixture][] = [
      [one, fxOne],
      [two, fxTwo],
      [one, fxOne],
      [two, fxTwo]
    ];
    for (const [instance, fx] of steps) {
      const h = await handshake(instance.url, { org: fx.orgId, va: fx.vaId });
      expect(h.ok).toBe(true);
      if (h.ok) open.push(h.client);
    }
    for (const [instance, fx] of steps.slice(0, 2)) {
      expect(await handshake(instance.url, { org: fx.orgId, va: fx.vaId })).toEqual({ ok: false, status: 429, message: expect.stringMatching(NEW_CHATS) });
    }
  });
});

describe.skipIf(!redisServerAvailable)('when Redis drops mid-run', () => {
  let redis: OwnRedis;

  beforeAll(async () => {
    redis = await OwnRedis.start();
  });

  afterAll(async () => {
    await redis?.down();
  });

  it('counts in the instance’s memory meanwhile (warned once), and in Redis again once it is back', async () => {
    const warnings: string[] = [];
    const notes: string[] = [];
    const limiters = await openRateLimiters({ redisUrl: redis.url, keyPrefix: 'atiende-test:', warn: (message) => warnings.push(message), info: (message) => notes.push(message) });
    try {
      expect(limiters.store).toBe('redis');
      const limiter = limiters.limiter('drop', { points: 3, durationSeconds: 600 });
      expect((await limiter.consume('198.51.100.50')).consumedPoints).toBe(1);
      expect((await limiter.consume('198.51.100.50')).consumedPoints).toBe(2);

      await redis.down();
      await eventually(async () => expect(warnings).toHaveLength(1));
      // Never an error, never a hang: the same budget, counted by this instance alone from now on.
      for (let i = 1; i <= 3; i++) expect((await limiter.consume('198.51.100.50')).consumedPoints).toBe(i);
      const over = await limiter.consume('198.51.100.50').then(
        () => null,
        (error: unknown) => error
      );
      expect(over).toBeInstanceOf(RateLimiterRes);
      expect(warnings).toHaveLength(1);

      await redis.up();
      await eventually(async () => expect(notes).toHaveLength(1), 15_000);
      // A fresh Redis (it saves nothing): counted there again, from one.
      expect((await limiter.consume('198.51.100.50')).consumedPoints).toBe(1);
    } finally {
      await limiters.close();
    }
  });
});
