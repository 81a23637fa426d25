import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { createClient } from 'redis';
import { io } from 'socket.io-client';
import { buildApp } from '../../../src/server/app';
import { Cluster, freeLoopbackPort } from '../../../src/server/cluster/supervisor';
import { haproxyCommand, STICKY_COOKIE, type ServerState } from '../../../src/server/cluster/haproxy';
import { agentPresence, conversations, messages } from '../../../src/server/db/schema';
import type { Readiness } from '../../../src/server/routes/health';
import { AGENT_NAMESPACE, AgentChatSnapshot, AgentStatusView, LiveMessage, SOCKET_PATH, WIDGET_NAMESPACE, WidgetState } from '../../../src/shared/realtime';
import { findHaproxy, machineProbes, NO_HAPROXY_MESSAGE } from '../../../scripts/provision.mjs';
import { OwnRedis, redisServerAvailable, REDIS_SERVER_PATH } from '../../support/redis';
import { connected, ReliableSender, TestClient } from '../../support/clients';
import { createChatFixture, entryAnswers, type ChatFixture, type FixtureAgent } from '../realtime/fixtures';
import { eventually } from '../../support/platform';
import { ConversationViews, newClientId, StartAck, type Customer } from '../realtime/scenario';
import { createTestDatabase, type TestDatabase } from '../../support/database';
import { testConfig } from '../../support/app';

/**
 * Issue 21: three platform processes (real Node processes, as `npm run cluster` starts them) on
 * one PostgreSQL database and one Redis of the test's own, behind Debian's HAProxy on a loopback
 * port; 30 agents (websocket-only, as the desktop app) and 150 customers (most over WebSocket,
 * some over the widget's long-polling fallback, which the sticky cookie pins to one process)
 * chatting; one process is killed with SIGKILL mid-conversation. Every client it held reconnects
 * through HAProxy to a surviving process and resyncs; nothing is lost or stored twice, no agent
 * goes above its limit and every chat stays with its agent. Then the process starts again and
 * takes new connections.
 */

const DATABASE_URL = process.env.DATABASE_URL;
const haproxy = findHaproxy(machineProbes(process.env));
const ready = Boolean(DATABASE_URL) && redisServerAvailable && haproxy !== null;
if (!ready) {
  const missing = [
    DATABASE_URL ? null : 'DATABASE_URL (PostgreSQL) is not set',
    redisServerAvailable ? null : `redis-server is absent at ${REDIS_SERVER_PATH} (REDIS_SERVER_PATH)`,
    haproxy ? null : NO_HAPROXY_MESSAGE
  ].filter(Boolean);
  console.warn(`cluster failover test skipped: ${missing.join('; ')}`);
}

const INSTANCES = 3;
const AGENTS = 30;
const CUSTOMERS = 150;
const MAX_CHATS = 5;
/** Messages each side sends in each conversation. */
const PER_SIDE = 4;
/** Customers on the widget's long-polling transports: half polling only, half polling then upgrading to WebSocket. */
const POLLING_CUSTOMERS = 10;
/** The bound for every affected client to be back. */
const RECONNECT_BOUND_MS = 10_000;

/**
 * Each step's own bound (an ack, a connection): generous, since three platform processes, HAProxy
 * and 180 clients share this machine's cores with whatever else runs; the test never asserts a time.
 */
const STEP_MS = 30_000;

/** A customer socket through HAProxy; `transports` as the widget may use them, with a cookie jar (the sticky cookie). */
async function startCustomerVia(url: string, fx: ChatFixture, n: number, transports: ('polling' | 'websocket')[]): Promise<Customer> {
  let auth: Record<string, unknown> = { org: fx.orgId, va: fx.vaId };
  const socket = io(`${url}${WIDGET_NAMESPACE}`, {
    path: SOCKET_PATH,
    auth: (cb) => cb(auth),
    transports,
    withCredentials: true,
    forceNew: true,
    reconnectionDelay: 50,
    reconnectionDelayMax: 250,
    randomizationFactor: 0.5
  });
  const client = new TestClient(socket);
  await connected(socket, STEP_MS);
  const started = await client.ok('widget:start', { fields: entryAnswers(fx, n) }, StartAck, STEP_MS);
  auth = { conversationId: started.conversationId, token: started.token };
  return { client, conversationId: started.conversationId, token: started.token };
}

/** The customer asks for a human; resolves once the conversation left the assistant. */
async function askForAgent(customer: Customer): Promise<void> {
  await customer.client.ok('widget:message', { clientId: newClientId(), text: 'Quiero hablar con un asesor' }, LiveMessage, STEP_MS);
  await customer.client.waitFor('widget:state', WidgetState, (s) => s.state !== 'BOT', STEP_MS);
}

/** An agent's websocket-only socket (as the desktop app connects), Conectado. */
async function agentOnline(url: string, agent: FixtureAgent): Promise<TestClient> {
  const socket = io(`${url}${AGENT_NAMESPACE}`, { path: SOCKET_PATH, auth: { token: agent.token }, transports: ['websocket'], forceNew: true, reconnectionDelay: 50, reconnectionDelayMax: 250 });
  const client = new TestClient(socket);
  await connected(socket, STEP_MS);
  await client.ok('agent:status', { status: 'CONECTADO' }, AgentStatusView, STEP_MS);
  return client;
}

/** Runs `work` on each item, `width` at a time. */
async function inBatches<T, R>(items: readonly T[], width: number, work: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      for (let i = next++; i < items.length; i = next++) results[i] = await work(items[i] as T, i);
    })
  );
  return results;
}

describe.skipIf(!ready)('three platform processes behind HAProxy (needs DATABASE_URL, redis-server and haproxy)', () => {
  let database: TestDatabase;
  let redis: OwnRedis;
  let admin: FastifyInstance;
  let cluster: Cluster;
  let fx: ChatFixture;
  const clients: TestClient[] = [];
  const logs: string[] = [];

  beforeAll(async () => {
    redis = await OwnRedis.start();
    database = await createTestDatabase('postgres');
    if (database.target.kind !== 'postgres') throw new Error('PostgreSQL expected');
    // An app in this process only to migrate the database and write the fixture (it serves nothing).
    admin = await buildApp(testConfig(database.target));
    fx = await createChatFixture(admin, { agentsA: AGENTS, maxChats: MAX_CHATS });
    cluster = await Cluster.start({
      instances: INSTANCES,
      host: '127.0.0.1',
      port: await freeLoopbackPort(),
      databaseUrl: database.target.url,
      redisUrl: redis.url,
      haproxyPath: haproxy?.path ?? '',
      root: process.cwd(),
      env: { DEMO_CONVERSATIONS: '0', LOG_LEVEL: 'warn', CHAT_MESSAGE_BURST: '1000', CHAT_MESSAGES_PER_SECOND: '1000', WIDGET_CONNECT_MAX: '100000' },
      restartDelayMs: null,
      readyTimeoutMs: 90_000,
      log: (line) => {
        logs.push(line);
        if (logs.length > 200) logs.shift();
      }
    });
  }, 180_000);

  afterAll(async () => {
    // What the processes and HAProxy said (warnings and errors only), for a failure's diagnosis.
    if (logs.length > 0) console.log(`cluster output:\n${logs.join('\n')}`);
    for (const c of clients) c.close();
    await cluster?.stop();
    await admin?.close();
    await database?.drop();
    await redis?.down();
  }, 60_000);

  const upCount = async () => (await cluster.states()).filter((s) => s.status === 'UP').length;

  it('reports readiness through HAProxy, which sees every process up; only long-polling gets the sticky cookie', async () => {
    const res = await fetch(`${cluster.url}/health/ready`);
    expect(res.status).toBe(200);
    expect((await res.json()) as Readiness).toEqual({ status: 'ok', checks: { database: 'ok', redis: 'ok', migrations: 'ok' } });
    expect(await upCount()).toBe(INSTANCES);

    const polling = await fetch(`${cluster.url}${SOCKET_PATH}/?EIO=4&transport=polling`);
    await polling.text();
    expect(polling.status).toBe(200);
    expect(polling.headers.get('set-cookie')).toMatch(new RegExp(`^${STICKY_COOKIE}=p[1-3];`));
    for (const path of ['/health/live', '/widget/config?org=1&va=1']) {
      const other = await fetch(`${cluster.url}${path}`);
      await other.arrayBuffer();
      expect(other.headers.get('set-cookie'), path).toBeNull();
    }
  });

  it('a customer whose connection drops gets what it missed on reconnecting to another process (connection-state recovery over Redis)', async () => {
    const small = await createChatFixture(admin, { agentsA: 1, maxChats: 3 });
    const [spec] = small.agents;
    if (!spec) throw new Error('one agent expected');
    const agent = await agentOnline(cluster.url, spec);
    clients.push(agent);
    const setState = async (name: string, state: 'ready' | 'drain' | 'maint') => {
      await haproxyCommand(cluster.statsSocket, `set server platform/${name} state ${state}`);
    };
    const names = cluster.list().map((i) => i.name);
    const [home, ...others] = names as [string, ...string[]];
    // The customer lands on `home` (the others in maintenance), then `home` drains: new connections go elsewhere.
    for (const name of others) await setState(name, 'maint');
    let customer: Customer;
    try {
      customer = await startCustomerVia(cluster.url, small, 1, ['websocket']);
      clients.push(customer.client);
      await askForAgent(customer);
    } finally {
      for (const name of others) await setState(name, 'ready');
    }
    const conversationId = customer.conversationId;
    await agent.waitFor('chat:incoming', AgentChatSnapshot, (s) => s.conversationId === conversationId, STEP_MS);
    await agent.ok('chat:accept', { conversationId }, AgentChatSnapshot, STEP_MS);
    const first = await agent.ok('chat:send', { conversationId, clientId: newClientId(), text: 'Primero' }, LiveMessage, STEP_MS);
    await customer.client.waitFor('widget:message', LiveMessage, (m) => m.seq === first.seq, STEP_MS);
    await setState(home, 'drain');

    const redisClient = createClient({ url: redis.url });
    await redisClient.connect();
    try {
      const socket = customer.client.socket;
      socket.io.reconnection(false);
      // The connection drops (the server sees a transport close, a reason socket.io recovers from).
      const dropped = new Promise<void>((resolve) => socket.once('disconnect', () => resolve()));
      socket.io.engine.close();
      await dropped;
      // The process it was on keeps its session (id, rooms) in Redis for the recovery window.
      await eventually(async () => expect((await redisClient.keys('sio:session:*')).length).toBeGreaterThan(0), STEP_MS, 25);
      const missed = await agent.ok('chat:send', { conversationId, clientId: newClientId(), text: 'Mientras no estaba' }, LiveMessage, STEP_MS);
      socket.io.reconnection(true);
      socket.connect();
      await connected(socket, STEP_MS);
      // Another process (home drains) restored the session from Redis and replayed what the customer missed (this client never resyncs by itself).
      expect(socket.recovered).toBe(true);
      const replayed = await customer.client.waitFor('widget:message', LiveMessage, (m) => m.seq === missed.seq, STEP_MS);
      expect(replayed).toMatchObject({ conversationId, seq: missed.seq, mensaje: 'Mientras no estaba' });
      // It is still in its conversation's room on the new process: the next message arrives live.
      const next = await agent.ok('chat:send', { conversationId, clientId: newClientId(), text: 'Después' }, LiveMessage, STEP_MS);
      await customer.client.waitFor('widget:message', LiveMessage, (m) => m.seq === next.seq, STEP_MS);
      expect((await cluster.states()).find((s) => s.name === home)?.status).toBe('DRAIN');
    } finally {
      await setState(home, 'ready');
      await redisClient.close();
    }
    await eventually(async () => expect(await upCount()).toBe(INSTANCES), STEP_MS, 100);
  });

  it('survives kill -9 of one process mid-conversation: every client back, 0 lost, 0 duplicated, limits and holders kept; the process comes back and takes traffic', async () => {
    const db = admin.db;
    const url = cluster.url;

    // 30 agents, websocket-only, then 150 customers asking for a human.
    const agents = await inBatches(fx.agents, 10, (a) => agentOnline(url, a));
    clients.push(...agents);
    const agentById = new Map(fx.agents.map((a, i) => [a.userId, agents[i] as TestClient]));
    const customers = await inBatches(Array.from({ length: CUSTOMERS }, (_, i) => i + 1), 15, async (n) => {
      const transports: ('polling' | 'websocket')[] =
        n <= POLLING_CUSTOMERS / 2 ? ['polling']
        : n <= POLLING_CUSTOMERS ? ['polling', 'websocket']
        : ['websocket'];
      try {
        const customer = await startCustomerVia(url, fx, n, transports);
        clients.push(customer.client);
        await askForAgent(customer);
        return customer;
      } catch (error) {
        throw new Error(`customer ${n} (${transports.join(', ')}): ${error instanceof Error ? error.message : String(error)}`);
      }
    });

    // Every conversation assigned (30 × 5 = 150), each agent accepts its own.
    const ids = customers.map((c) => c.conversationId);
    const holders = await eventually(async () => {
      const rows = await db.select({ id: conversations.idConv, agentId: conversations.agentId, status: conversations.status }).from(conversations).where(inArray(conversations.idConv, ids));
      const assigned = rows.filter((r) => r.agentId !== null && r.status === 'ASIGNADA');
      expect(assigned.length, 'conversations assigned').toBe(CUSTOMERS);
      return new Map(assigned.map((r) => [r.id, r.agentId as number]));
    }, STEP_MS);
    const views = await inBatches(customers, 15, async (customer) => {
      const agentId = holders.get(customer.conversationId) ?? 0;
      const agent = agentById.get(agentId);
      if (!agent) throw new Error(`no agent ${agentId}`);
      const conversationId = customer.conversationId;
      const incoming = await agent.waitFor('chat:incoming', AgentChatSnapshot, (s) => s.conversationId === conversationId, STEP_MS);
      await agent.ok('chat:accept', { conversationId }, AgentChatSnapshot, STEP_MS);
      const view = new ConversationViews(agent, customer.client, conversationId, incoming.messages);
      await view.resyncCustomer();
      return { customer, agent, agentId, view };
    });

    // Who drops: every socket's disconnects are counted from here on.
    const drops = new Map<TestClient, number>();
    for (const c of [...agents, ...customers.map((c) => c.client)]) c.socket.on('disconnect', () => drops.set(c, (drops.get(c) ?? 0) + 1));

    // The limit, watched all along.
    const overLimit: string[] = [];
    let watching = true;
    const watcher = (async () => {
      while (watching) {
        const rows = await db
          .select({ agentId: conversations.agentId })
          .from(conversations)
          .where(and(eq(conversations.organizationId, fx.orgId), inArray(conversations.status, ['ASIGNADA', 'ACTIVA'])));
        const open = new Map<number, number>();
        for (const r of rows) if (r.agentId !== null) open.set(r.agentId, (open.get(r.agentId) ?? 0) + 1);
        for (const [agentId, n] of open) if (n > MAX_CHATS) overLimit.push(`agent ${agentId}: ${n}`);
        await new Promise((r) => setTimeout(r, 100));
      }
    })();

    // The busiest process (HAProxy's open connections) is the one that dies.
    const before = await cluster.states();
    const victim = [...before].sort((x, y) => y.sessionsNow - x.sessionsNow)[0] as ServerState;
    expect(victim.sessionsNow, 'the victim holds connections').toBeGreaterThan(0);

    // Conversations: each side sends PER_SIDE messages, resending unacked ones with the same clientId (as the real clients do).
    const total = CUSTOMERS * PER_SIDE * 2;
    let acked = 0;
    let killed: Promise<void> | null = null;
    let reconnected: Promise<void> | null = null;
    const affected: TestClient[] = [];
    /** Printed, not asserted: from the kill until every client was connected again. */
    let backAfterMs = 0;
    const kill = () =>
      (killed ??= (async () => {
        await cluster.kill(victim.name);
        const killedAt = performance.now();
        // Every client the dead process held notices (a transport close), then all must be connected again within the bound.
        reconnected = eventually(
          async () => {
            const down = [...agents, ...customers.map((c) => c.client)].filter((c) => !c.socket.connected);
            expect(down.length, 'clients not reconnected').toBe(0);
            expect(drops.size, 'clients that dropped').toBeGreaterThan(0);
            affected.push(...drops.keys());
          },
          RECONNECT_BOUND_MS,
          50
        );
        await reconnected;
        backAfterMs = performance.now() - killedAt;
      })());
    const senders = views.map(({ customer, agent, view }) => {
      const fromCustomer = new ReliableSender(customer.client, 'widget:message', LiveMessage, 5_000);
      const fromAgent = new ReliableSender(agent, 'chat:send', LiveMessage, 5_000);
      const conversationId = customer.conversationId;
      const side = async (send: (i: number) => Promise<unknown>) => {
        for (let i = 0; i < PER_SIDE; i++) {
          await new Promise((r) => setTimeout(r, 50 + Math.random() * 250));
          await send(i);
          // A third of the way through: the kill, while the rest are on their way.
          if (++acked === Math.floor(total / 3)) void kill();
        }
      };
      return {
        conversationId,
        view,
        fromCustomer,
        fromAgent,
        done: Promise.all([
          side((i) => fromCustomer.send({ clientId: newClientId(), text: `cliente ${conversationId.slice(0, 6)} ${i}` })),
          side((i) => fromAgent.send({ conversationId, clientId: newClientId(), text: `asesor ${conversationId.slice(0, 6)} ${i}` }))
        ])
      };
    });
    await Promise.all(senders.map((s) => s.done));
    expect(killed, 'the process was killed mid-conversation').not.toBeNull();
    await killed;
    await reconnected;
    await Promise.all(senders.map((s) => s.view.settle()));
    watching = false;
    await watcher;

    // Affected: roughly the victim's share of the 180 sockets, each back on a survivor (the victim is dead).
    expect(affected.length).toBeGreaterThan(0);
    expect(affected.every((c) => c.socket.connected)).toBe(true);
    expect((await cluster.states()).find((s) => s.name === victim.name)?.status).toMatch(/^DOWN/);
    expect(overLimit).toEqual([]);

    // Per conversation: every message stored once, in order, seen by both sides; the chat with its agent.
    const stored = await db.select().from(messages).where(inArray(messages.conversationId, ids)).orderBy(asc(messages.conversationId), asc(messages.seq));
    const byConversation = new Map<string, typeof stored>();
    for (const m of stored) byConversation.set(m.conversationId, [...(byConversation.get(m.conversationId) ?? []), m]);
    const rows = await db.select().from(conversations).where(inArray(conversations.idConv, ids));
    let resent = 0;
    for (const { conversationId: id, view, fromCustomer, fromAgent } of senders) {
      const list = byConversation.get(id) ?? [];
      expect(list.map((m) => m.seq), id).toEqual(list.map((_, i) => i + 1));
      const customerIds = new Set(fromCustomer.sent);
      expect(list.filter((m) => m.clientId !== null && customerIds.has(m.clientId)).map((m) => m.clientId), id).toEqual(fromCustomer.sent);
      expect(list.filter((m) => m.tipoUsuario === 'ASESOR').map((m) => m.clientId), id).toEqual(fromAgent.sent);
      const expected = list.map((m) => [m.seq, m.clientId, m.mensaje]);
      expect(view.conflicts, id).toEqual([]);
      expect(ConversationViews.rows(view.agentView), id).toEqual(expected);
      expect(ConversationViews.rows(view.customerView), id).toEqual(expected);
      const row = rows.find((r) => r.idConv === id);
      expect(row, id).toMatchObject({ status: 'ACTIVA', agentId: holders.get(id), lastSeq: list.length });
      resent += fromCustomer.attempts - PER_SIDE + (fromAgent.attempts - PER_SIDE);
    }
    // Every agent still connected and Activo (its presence never lapsed to Desconectado).
    const presence = await db.select().from(agentPresence).where(inArray(agentPresence.userId, fx.agents.map((a) => a.userId)));
    const byUser = (x: [number, unknown, unknown], y: [number, unknown, unknown]) => x[0] - y[0];
    expect(presence.map((p): [number, unknown, unknown] => [p.userId, p.status, p.disconnectedAt]).sort(byUser)).toEqual(
      fx.agents.map((a): [number, unknown, unknown] => [a.userId, 'Activo', null]).sort(byUser)
    );
    console.log(`cluster failover: ${affected.length} of ${AGENTS + CUSTOMERS} clients were on ${victim.name} and reconnected (all back ~${Math.round(backAfterMs)} ms after the kill); ${resent} messages sent again with their clientId; ${stored.length} stored`);

    // The process starts again, HAProxy sees it ready, and new connections land on it (leastconn: it has none).
    await cluster.restart(victim.name);
    await eventually(async () => expect(await upCount()).toBe(INSTANCES), 20_000, 100);
    const takenBefore = (await cluster.states()).find((s) => s.name === victim.name)?.sessionsTotal ?? 0;
    const newcomers = await inBatches([1, 2, 3], 3, async (k) => {
      const customer = await startCustomerVia(url, fx, CUSTOMERS + k, ['websocket']);
      clients.push(customer.client);
      return customer;
    });
    expect(newcomers.every((c) => c.client.socket.connected)).toBe(true);
    const after = (await cluster.states()).find((s) => s.name === victim.name);
    expect(after?.sessionsNow, 'connections on the restarted process').toBeGreaterThan(0);
    expect(after?.sessionsTotal ?? 0).toBeGreaterThan(takenBefore);
    const readiness = await fetch(`${url}/health/ready`);
    expect(readiness.status).toBe(200);
    await readiness.arrayBuffer();
  }, 180_000);
});
