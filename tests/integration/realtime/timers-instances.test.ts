import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { AgentChatSnapshot, agentServerEvents, AgentStatusView, LiveMessage } from '../../../src/shared/realtime';
import { agentPresence, agentStatusChanges, conversationAssignments, conversations, messages, organizations, userAccessLog, users } from '../../../src/server/db/schema';
import { openDatabase, type Database } from '../../../src/server/db/client';
import type { Db } from '../../../src/server/db/types';
import { rowsOf as resultRows } from '../../../src/server/db/statements';
import type { SweepReport } from '../../../src/server/chat/sweeper';
import { createTestDatabase, type TestDatabase } from '../../support/database';
import { login } from '../../support/app';
import { OwnRedis, redisServerAvailable, REDIS_SERVER_PATH } from '../../support/redis';
import type { TestClient } from '../../support/clients';
import { createChatFixture, type ChatFixture } from './fixtures';
import { eventually, listenPlatform, MONDAY_10AM, TestClock, type Running } from '../../support/platform';
import { agentOnline, newClientId, startCustomer, startEscalated, type Customer } from './scenario';

/**
 * Issue 21: the periodic work runs safely with N platform processes on one PostgreSQL — each rule's
 * effect happens once whichever instances run it at the same instant. Three instances in this
 * process, one PostgreSQL database, one Redis of the test's own (their sockets span instances).
 */

const DATABASE_URL = process.env.DATABASE_URL;
const ready = Boolean(DATABASE_URL) && redisServerAvailable;
if (!ready) {
  console.warn(
    `timers with several instances skipped: it needs DATABASE_URL (PostgreSQL)${DATABASE_URL ? '' : ' — not set'} and redis-server at ${REDIS_SERVER_PATH}${redisServerAvailable ? '' : ' — absent'} (REDIS_SERVER_PATH)`
  );
}

const INSTANCES = 3;
/** How many of the database's sessions wait for a lock now. */
const Waiting = z.object({ n: z.number() });
const KEYS: (keyof SweepReport)[] = ['botSessionExpired', 'agentSessionExpired', 'customerInactive', 'botInactive', 'agentSilent', 'notAccepted', 'queueTimeout', 'outOfHours', 'graceExpired'];

describe.skipIf(!ready)('timer rules with three instances on one PostgreSQL (needs DATABASE_URL and redis-server)', () => {
  let database: TestDatabase;
  let redis: OwnRedis;
  const instances: Running[] = [];
  const clients: TestClient[] = [];
  const clock = new TestClock(MONDAY_10AM);
  const timers = { tiempoInactividadCliente: 8, timeInactivityClient: 10, timeInactivityAgent: 5, timeMaxInitConversation: 15 };
  let fx: ChatFixture;
  /** What every instance's sweeps reported, summed. */
  const total: SweepReport = { botSessionExpired: 0, agentSessionExpired: 0, customerInactive: 0, botInactive: 0, agentSilent: 0, notAccepted: 0, queueTimeout: 0, outOfHours: 0, graceExpired: 0 };

  beforeAll(async () => {
    redis = await OwnRedis.start();
    database = await createTestDatabase('postgres');
    for (let i = 0; i < INSTANCES; i++) instances.push(await listenPlatform(database.target, clock, { redisUrl: redis.url }));
    fx = await createChatFixture(at(0).app, { agentsA: 2, maxChats: 3, ...timers });
  });

  afterAll(async () => {
    for (const c of clients) c.close();
    for (const i of instances) await i.close();
    await database?.drop();
    await redis?.down();
  });

  function at(i: number): Running {
    const instance = instances[i % INSTANCES];
    if (!instance) throw new Error(`no instance ${i}`);
    return instance;
  }
  const db = () => at(0).app.db;

  /** Every instance sweeps at the same instant (the clock's now); the reports are added to `total`. */
  async function sweepEverywhere(): Promise<SweepReport[]> {
    const reports = await Promise.all(instances.map((i) => i.app.services.chat.sweep()));
    for (const report of reports) for (const key of KEYS) total[key] += report[key];
    return reports;
  }

  const commandsOf = async (ids: readonly string[]) => {
    const rows = await db()
      .select({ id: messages.conversationId, text: messages.mensaje })
      .from(messages)
      .where(and(inArray(messages.conversationId, [...ids]), eq(messages.tipoMensaje, 'COMMAND')));
    const by = new Map<string, string[]>(ids.map((id) => [id, []]));
    for (const r of rows) by.get(r.id)?.push(r.text);
    return by;
  };
  const rowsOf = (ids: readonly string[]) => db().select().from(conversations).where(inArray(conversations.idConv, [...ids]));

  it('closes, re-queues and disconnects once each when three instances sweep at the same instant', async () => {
    const [first, second] = fx.agents;
    if (!first || !second) throw new Error('two agents expected');
    const started: Customer[] = [];
    // Nine customers with the assistant, started on all three instances.
    const withBot: Customer[] = [];
    for (let n = 1; n <= 9; n++) withBot.push(await startCustomer(at(n).url, fx, n));
    // Five ask for a human before any agent is online: they wait in the queue.
    const escalated: Customer[] = [];
    for (let n = 10; n <= 14; n++) escalated.push(await startEscalated(at(n).url, fx, n));
    started.push(...withBot, ...escalated);
    clients.push(...started.map((c) => c.client));

    // The first agent signs on at the second instance and is offered three of them.
    const agent = await agentOnline(at(1).url, first);
    clients.push(agent);
    await at(1).app.services.chat.assignQueued();
    const offered = await db()
      .select({ id: conversations.idConv })
      .from(conversations)
      .where(and(eq(conversations.agentId, first.userId), eq(conversations.status, 'ASIGNADA')))
      .orderBy(asc(conversations.idConv));
    expect(offered).toHaveLength(3);
    const [silentId, quietId, unacceptedId] = offered.map((o) => o.id) as [string, string, string];
    for (const id of [silentId, quietId]) {
      await agent.waitFor('chat:incoming', AgentChatSnapshot, (s) => s.conversationId === id);
      await agent.ok('chat:accept', { conversationId: id }, AgentChatSnapshot);
    }
    // The customer of one writes and the agent never answers; the agent writes in the other and its customer never answers.
    const silentCustomer = escalated.find((c) => c.conversationId === silentId);
    if (!silentCustomer) throw new Error('no customer for the silent chat');
    await silentCustomer.client.ok('widget:message', { clientId: newClientId(), text: '¿Sigue ahí?' }, LiveMessage);
    await agent.ok('chat:send', { conversationId: quietId, clientId: newClientId(), text: 'Cuénteme, ¿en qué le ayudo?' }, LiveMessage);

    // Six minutes on: the offer not accepted goes back to the queue and the unanswered chat ends (FCTIA), once each.
    clock.advanceMinutes(6);
    await sweepEverywhere();
    expect(total.notAccepted).toBe(1);
    expect(total.agentSilent).toBe(1);
    const released = await db()
      .select({ id: conversationAssignments.conversationId, reason: conversationAssignments.releaseReason })
      .from(conversationAssignments)
      .where(eq(conversationAssignments.conversationId, unacceptedId));
    expect(released.filter((r) => r.reason === 'INACTIVIDAD')).toHaveLength(1);
    expect((await commandsOf([silentId])).get(silentId)).toEqual(['FCTIA']);

    // Nine minutes: the assistant's customers (CCCNE) and the agent's quiet customer (FCTIC) end, once each.
    clock.advanceMinutes(3);
    await sweepEverywhere();
    expect(total.botInactive).toBe(9);
    expect(total.customerInactive).toBe(1);
    const botCommands = await commandsOf(withBot.map((c) => c.conversationId));
    for (const c of withBot) expect(botCommands.get(c.conversationId)).toEqual(['CCCNE']);
    expect((await commandsOf([quietId])).get(quietId)).toEqual(['FCTIC']);

    // The second agent signs on at the third instance and drops its socket; past the grace period it is Desconectado, once.
    const dropping = await agentOnline(at(2).url, second);
    // Its connection is recorded (queue:size follows it) before the socket drops: else the late record could undo the drop's.
    await dropping.waitFor('queue:size', agentServerEvents['queue:size']);
    dropping.close();
    await eventually(async () => {
      const [p] = await db().select().from(agentPresence).where(eq(agentPresence.userId, second.userId));
      if (!p?.disconnectedAt) throw new Error('not marked yet');
    });
    const changesBefore = await db().select().from(agentStatusChanges).where(eq(agentStatusChanges.userId, second.userId));
    // The first agent signs off (its offers go back to the queue), so nothing is offered again; long
    // after, every chat still waiting times out in the queue, or its customer's silence ends it.
    await agent.ok('agent:status', { status: 'DESCONECTADO' }, AgentStatusView);
    clock.advanceMinutes(60);
    await sweepEverywhere();
    // (an offer the second agent got in its grace period went back to the queue just now: it times out later)
    clock.advanceMinutes(16);
    await sweepEverywhere();
    expect(total.graceExpired).toBe(1);
    const changesAfter = await db().select().from(agentStatusChanges).where(eq(agentStatusChanges.userId, second.userId));
    expect(changesAfter.length - changesBefore.length).toBe(1);
    expect(changesAfter.filter((c) => c.status === 'Desconectado' && c.endedAt === null)).toHaveLength(1);

    // Every conversation ended, by exactly one end message; the instances' reports add up to exactly the conversations they ended.
    const ids = started.map((c) => c.conversationId);
    const rows = await rowsOf(ids);
    expect(rows.map((r) => r.status)).toEqual(ids.map(() => 'FINALIZADA'));
    const ends = await commandsOf(ids);
    for (const r of rows) expect(ends.get(r.idConv)).toEqual([r.endAcronym]);
    const endedBySystem = rows.filter((r) => r.endedBy === 'SISTEMA').length;
    expect(total.botSessionExpired + total.agentSessionExpired + total.customerInactive + total.botInactive + total.agentSilent + total.queueTimeout + total.outOfHours).toBe(endedBySystem);
    expect(endedBySystem).toBe(ids.length);
    // Each re-queue closed one offer: the reports' count is the released offers' count.
    const inactivity = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(conversationAssignments)
      .where(and(inArray(conversationAssignments.conversationId, ids), eq(conversationAssignments.releaseReason, 'INACTIVIDAD')));
    expect(inactivity[0]?.n).toBe(total.notAccepted);
    // Fourteen customers and two agents on three instances: 3 s on an idle machine, past vitest's 30 s on two loaded cores. A bound, not a speed check.
  }, 120_000);

  it('calls off the grace period of an agent an instance took for gone while it could not hear the others', async () => {
    const own = await createChatFixture(at(0).app, { agentsA: 1, ...timers });
    const [spec] = own.agents;
    if (!spec) throw new Error('one agent expected');
    const agent = await agentOnline(at(2).url, spec);
    clients.push(agent);
    // What an instance's sweep does when the adapter hears no other instance (Redis down): the agent's grace period starts.
    const presence = async () => (await db().select().from(agentPresence).where(eq(agentPresence.userId, spec.userId)))[0];
    await db().update(agentPresence).set({ disconnectedAt: clock.now }).where(eq(agentPresence.userId, spec.userId));
    // The instances hear each other again: the next sweeps see its socket, and it stays connected past the grace period.
    clock.advanceMs(1_000);
    await sweepEverywhere();
    expect(await presence()).toMatchObject({ status: 'Activo', disconnectedAt: null });
    clock.advanceMinutes(2);
    await sweepEverywhere();
    expect(await presence()).toMatchObject({ status: 'Activo', disconnectedAt: null });
    // While an agent with no socket anywhere still has its grace period started by the sweep, and ends it.
    agent.close();
    await eventually(async () => {
      if (!(await presence())?.disconnectedAt) throw new Error('not marked yet');
    });
    clock.advanceMinutes(2);
    await sweepEverywhere();
    expect((await presence())?.status).toBe('Desconectado');
  });

  it('lifts an expired lock once when sign-ins reach every instance at the same time', async () => {
    const [person] = fx.agents;
    if (!person) throw new Error('an agent expected');
    await db().update(organizations).set({ autoUnlockMinutes: 10 }).where(eq(organizations.idOrg, fx.orgId));
    const lockedAt = new Date(clock.now.getTime() - 11 * 60_000);
    await db().update(users).set({ isLocked: true, failedAttempts: 5, lockedAt }).where(eq(users.idUser, person.userId));
    const answers = await Promise.all(Array.from({ length: INSTANCES * 3 }, (_, i) => login(at(i).app, person.email)));
    expect(answers.map((a) => a.statusCode)).toEqual(answers.map(() => 200));
    const log = await db().select().from(userAccessLog).where(and(eq(userAccessLog.userId, person.userId), eq(userAccessLog.event, 'autoUnlocked')));
    expect(log).toHaveLength(1);
    const [row] = await db().select().from(users).where(eq(users.idUser, person.userId));
    expect(row).toMatchObject({ isLocked: false, failedAttempts: 0 });
  });

  /**
   * Every instance sweeps while another session holds a row in a transaction (`hold` locks it),
   * which ends once a sweep waits for that row, or once every sweep is over without waiting.
   */
  async function sweepWhileHeld(hold: (tx: Db) => Promise<unknown>): Promise<SweepReport[]> {
    if (database.target.kind !== 'postgres') throw new Error('postgres expected');
    const holder = await openDatabase(database.target);
    try {
      let release = (): void => undefined;
      const gate = new Promise<void>((resolve) => {
        release = resolve;
      });
      let held = (): void => undefined;
      const holding = new Promise<void>((resolve) => {
        held = resolve;
      });
      const transaction = holder.db.transaction(async (tx) => {
        await hold(tx);
        held();
        await gate;
      });
      await holding;
      let swept = false;
      const sweeps = sweepEverywhere().finally(() => {
        swept = true;
      });
      try {
        await eventually(async () => {
          if (swept) return;
          const waiting = await db().execute(sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`);
          if (Waiting.parse(resultRows(waiting)[0]).n === 0) throw new Error('no sweep waits for the row yet');
        });
      } finally {
        release();
        await transaction;
      }
      return await sweeps;
    } finally {
      await holder.close();
    }
  }
  const sum = (reports: SweepReport[], key: keyof SweepReport) => reports.reduce((n, r) => n + r[key], 0);

  // Issue 37: the rules took their rows with SKIP LOCKED only, so a row another transaction held at
  // that instant was passed over by every instance's sweep, whatever that transaction was doing.
  it('times out a waiting chat the router was looking at while every instance swept', async () => {
    const own = await createChatFixture(at(0).app, { agentsA: 1, ...timers });
    const customer = await startEscalated(at(1).url, own, 1);
    clients.push(customer.client);
    expect((await rowsOf([customer.conversationId]))[0]?.status).toBe('EN_COLA');
    clock.advanceMinutes(16);
    // What the router's look does with no agent to offer it to: the split's oldest waiting conversation, FOR UPDATE, while it seeks one.
    const reports = await sweepWhileHeld((tx) => tx.select({ id: conversations.idConv }).from(conversations).where(eq(conversations.idConv, customer.conversationId)).for('update'));
    expect(sum(reports, 'queueTimeout')).toBe(1);
    expect((await rowsOf([customer.conversationId]))[0]).toMatchObject({ status: 'FINALIZADA', endAcronym: 'FCTIA' });
    expect((await commandsOf([customer.conversationId])).get(customer.conversationId)).toEqual(['FCTIA']);
  });

  it('ends the grace period of an agent whose presence another transaction held while every instance swept', async () => {
    const own = await createChatFixture(at(0).app, { agentsA: 1, ...timers });
    const [spec] = own.agents;
    if (!spec) throw new Error('one agent expected');
    const presence = async () => (await db().select().from(agentPresence).where(eq(agentPresence.userId, spec.userId)))[0];
    const agent = await agentOnline(at(0).url, spec);
    // Its connection is recorded (queue:size follows it) before the socket drops, so the drop is the last word.
    await agent.waitFor('queue:size', agentServerEvents['queue:size']);
    agent.close();
    await eventually(async () => {
      if (!(await presence())?.disconnectedAt) throw new Error('not marked yet');
    });
    clock.advanceMinutes(2);
    const reports = await sweepWhileHeld((tx) => tx.select({ id: agentPresence.userId }).from(agentPresence).where(eq(agentPresence.userId, spec.userId)).for('update'));
    expect(sum(reports, 'graceExpired')).toBe(1);
    expect((await presence())?.status).toBe('Desconectado');
  });

  it('runs a job that must not overlap in one process at a time (the planner statistics upkeep)', async () => {
    if (database.target.kind !== 'postgres') throw new Error('postgres expected');
    const handles: Database[] = [await openDatabase(database.target), await openDatabase(database.target)];
    try {
      const [one, two] = handles as [Database, Database];
      let release = (): void => undefined;
      const gate = new Promise<void>((resolve) => {
        release = resolve;
      });
      let entered = (): void => undefined;
      const inside = new Promise<void>((resolve) => {
        entered = resolve;
      });
      const first = one.exclusive(42, async () => {
        entered();
        await gate;
      });
      await inside;
      // Another process (another pool) and this one are both kept out while it runs.
      expect(await two.exclusive(42, async () => undefined)).toBe(false);
      expect(await one.exclusive(42, async () => undefined)).toBe(false);
      // Another job is not.
      expect(await two.exclusive(43, async () => undefined)).toBe(true);
      release();
      expect(await first).toBe(true);
      expect(await two.exclusive(42, async () => undefined)).toBe(true);
      // A job that fails lets the lock go too.
      await expect(two.exclusive(42, () => Promise.reject(new Error('falla')))).rejects.toThrow('falla');
      expect(await one.exclusive(42, async () => undefined)).toBe(true);
    } finally {
      for (const h of handles) await h.close();
    }
  });
});
