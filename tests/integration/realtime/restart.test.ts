import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { AgentChatSnapshot, LiveMessage } from '../../../src/shared/realtime';
import { agentPresence, conversations, messages } from '../../../src/server/db/schema';
import type { DatabaseTarget } from '../../../src/server/db/client';
import { BACKENDS, createTestDatabase, type Backend } from '../../support/database';
import { ReliableSender, type TestClient } from '../../support/clients';
import { createChatFixture } from './fixtures';
import { listenPlatform, MONDAY_10AM, TestClock, type Running } from '../../support/platform';
import { agentOnline, ConversationViews, newClientId, startEscalated } from './scenario';

/** A database that outlives one server: PGlite in a temporary directory, or a PostgreSQL database. */
async function durableDatabase(backend: Backend): Promise<{ target: DatabaseTarget; drop(): Promise<void> }> {
  if (backend === 'postgres') return createTestDatabase('postgres');
  const dataDir = await mkdtemp(join(tmpdir(), 'atiende-restart-'));
  return { target: { kind: 'pglite', dataDir }, drop: () => rm(dataDir, { recursive: true, force: true }) };
}

describe.each(BACKENDS)('server restart (%s)', (backend) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const fn of cleanups.reverse()) await fn();
  });

  it('loses no message when the server restarts mid-conversation: clients resend unacked messages and resync by seq', async () => {
    const clock = new TestClock(MONDAY_10AM);
    const database = await durableDatabase(backend);
    cleanups.push(() => database.drop());
    let platform: Running = await listenPlatform(database.target, clock);
    cleanups.push(() => platform.close());
    const clients: TestClient[] = [];
    cleanups.push(async () => clients.forEach((c) => c.close()));

    const fx = await createChatFixture(platform.app, { agentsA: 1 });
    const [agentSpec] = fx.agents;
    if (!agentSpec) throw new Error('one agent expected');
    const agent = await agentOnline(platform.url, agentSpec);
    const customer = await startEscalated(platform.url, fx, 1);
    clients.push(agent, customer.client);
    const conversationId = customer.conversationId;
    const incoming = await agent.waitFor('chat:incoming', AgentChatSnapshot, (s) => s.conversationId === conversationId);
    await agent.ok('chat:accept', { conversationId }, AgentChatSnapshot);
    const views = new ConversationViews(agent, customer.client, conversationId, incoming.messages);
    await views.resyncCustomer();

    // The restart: the server closes while messages are on their way, and a new one starts on the same database and port.
    let restarted: Promise<void> | null = null;
    const restart = () =>
      (restarted ??= (async () => {
        const port = platform.port;
        await platform.close();
        platform = await listenPlatform(database.target, clock, {}, port);
      })());

    const PER_SIDE = 12;
    const customerSender = new ReliableSender(customer.client, 'widget:message', LiveMessage);
    const agentSender = new ReliableSender(agent, 'chat:send', LiveMessage);
    await Promise.all([
      (async () => {
        for (let i = 0; i < PER_SIDE; i++) await customerSender.send({ clientId: newClientId(), text: `cliente ${i}` }, i === 5 ? () => void restart() : undefined);
      })(),
      (async () => {
        for (let i = 0; i < PER_SIDE; i++) await agentSender.send({ conversationId, clientId: newClientId(), text: `asesor ${i}` });
      })()
    ]);
    await restarted;
    await views.settle();
    // The message on its way when the server went down had to be sent again.
    expect(customerSender.attempts).toBeGreaterThan(PER_SIDE);

    const db = platform.app.db;
    const stored = await db.select().from(messages).where(eq(messages.conversationId, conversationId)).orderBy(asc(messages.seq));
    expect(stored.map((m) => m.seq)).toEqual(stored.map((_, i) => i + 1));
    const mine = new Set(customerSender.sent);
    expect(stored.filter((m) => m.clientId !== null && mine.has(m.clientId)).map((m) => m.clientId)).toEqual(customerSender.sent);
    expect(stored.filter((m) => m.tipoUsuario === 'ASESOR').map((m) => m.clientId)).toEqual(agentSender.sent);
    const expected = stored.map((m) => [m.seq, m.clientId, m.mensaje]);
    expect(views.conflicts).toEqual([]);
    expect(ConversationViews.rows(views.agentView)).toEqual(expected);
    expect(ConversationViews.rows(views.customerView)).toEqual(expected);
    const [conv] = await db.select().from(conversations).where(eq(conversations.idConv, conversationId));
    expect(conv).toMatchObject({ status: 'ACTIVA', agentId: agentSpec.userId, lastSeq: stored.length });

    // The agent is back on the new server, still Activo and connected.
    const [presence] = await db.select().from(agentPresence).where(eq(agentPresence.userId, agentSpec.userId));
    expect(presence).toMatchObject({ status: 'Activo', disconnectedAt: null });
    // Two platforms started on one database (the PGlite one reopened from disk): slow on a loaded machine, bounded here.
  }, 90_000);
});
