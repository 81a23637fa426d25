import { describe, expect, it } from 'vitest';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { AgentChatSnapshot, AgentStatusView, LiveMessage, WidgetState } from '../../../src/shared/realtime';
import {
  agentPresence,
  agentStatusChanges,
  conversationAssignments,
  conversations,
  messages,
  notAttendedEvents,
  splitSchedules
} from '../../../src/server/db/schema';
import { Effects } from '../../../src/server/chat/effects';
import { sweep } from '../../../src/server/chat/sweeper';
import { inTransaction } from '../../../src/server/chat/tx';
import { localMoment } from '../../../src/server/chat/schedule';
import { expectTotalsMatchRows } from '../server/stats-totals-check';
import { BACKENDS } from '../../support/database';
import { connectAgent } from '../../support/clients';
import { createChatFixture, type ChatFixture } from './fixtures';
import { eventually, MONDAY_10AM, platformForBlock } from '../../support/platform';
import { agentOnline, askForAgent, Ended, newClientId, Removed, startCustomer, startEscalated } from './scenario';

/** Bogotá is UTC-5 all year. */
const bogota = (day: string, time: string) => new Date(`${day}T${time}:00.000-05:00`);

describe.each(BACKENDS)('chat timers (%s)', (backend) => {
  const live = platformForBlock(backend);
  const { clock, clients } = live;
  const timers = { tiempoInactividadCliente: 8, timeInactivityClient: 10, timeInactivityAgent: 5, timeMaxInitConversation: 15 };

  const sweepNow = () => live.platform.app.services.chat.sweep();
  const conv = async (id: string) => {
    const [row] = await live.platform.app.db.select().from(conversations).where(eq(conversations.idConv, id));
    if (!row) throw new Error(`no conversation ${id}`);
    return row;
  };
  const notAttendedCode = async (id: number | null) =>
    id === null ? null : ((await live.platform.app.db.select({ code: notAttendedEvents.code }).from(notAttendedEvents).where(eq(notAttendedEvents.id, id)))[0]?.code ?? null);
  const commands = async (id: string) =>
    (await live.platform.app.db.select().from(messages).where(and(eq(messages.conversationId, id), eq(messages.tipoMensaje, 'COMMAND')))).map((m) => m.mensaje);

  it('ends a conversation the customer left with the assistant (CCCNE) after tiempoInactividadCliente', async () => {
    clock.now = MONDAY_10AM;
    const fx = await createChatFixture(live.platform.app, { agentsA: 0, ...timers });
    const customer = await startCustomer(live.platform.url, fx, 1);
    clients.push(customer.client);
    clock.advanceMinutes(7);
    await sweepNow();
    expect((await conv(customer.conversationId)).status).toBe('BOT');
    clock.advanceMinutes(2);
    const report = await sweepNow();
    expect(report.botInactive).toBeGreaterThanOrEqual(1);
    expect(await conv(customer.conversationId)).toMatchObject({ status: 'FINALIZADA', endedBy: 'SISTEMA', endAcronym: 'CCCNE' });
    const state = await customer.client.waitFor('widget:state', WidgetState, (s) => s.state === 'FINALIZADA');
    expect(state).toMatchObject({ endMessage: fx.endText.CCCNE, surveyPending: true });
    await customer.client.waitFor('widget:message', LiveMessage, (m) => m.tipoMensaje === 'COMMAND' && m.mensaje === 'CCCNE');
    const refused = await customer.client.refused('widget:message', { clientId: newClientId(), text: '¿sigue ahí?' });
    expect(refused.status).toBe(409);
  });

  it('ends a chat that waited in the queue past timeMaxInitConversation (FCTIA, TIEMPO_ESPERA)', async () => {
    const fx = await createChatFixture(live.platform.app, { agentsA: 1, ...timers });
    const customer = await startEscalated(live.platform.url, fx, 1);
    clients.push(customer.client);
    clock.advanceMinutes(14);
    await sweepNow();
    expect((await conv(customer.conversationId)).status).toBe('EN_COLA');
    clock.advanceMinutes(2);
    await sweepNow();
    const row = await conv(customer.conversationId);
    expect(row).toMatchObject({ status: 'FINALIZADA', endedBy: 'SISTEMA', endAcronym: 'FCTIA' });
    expect(await notAttendedCode(row.notAttendedEventId)).toBe('TIEMPO_ESPERA');
  });

  it('takes an ENTRANTE chat the agent did not accept within timeInactivityAgent back to the queue, for another agent', async () => {
    const fx = await createChatFixture(live.platform.app, { agentsA: 2, ...timers });
    const [one, two] = fx.agents;
    if (!one || !two) throw new Error('two agents expected');
    const a1 = await agentOnline(live.platform.url, one);
    clients.push(a1);
    const customer = await startEscalated(live.platform.url, fx, 1);
    clients.push(customer.client);
    await a1.waitFor('chat:incoming', AgentChatSnapshot, (s) => s.conversationId === customer.conversationId);
    clock.advanceMinutes(4);
    await sweepNow();
    expect((await conv(customer.conversationId)).status).toBe('ASIGNADA');
    clock.advanceMinutes(2);
    const report = await sweepNow();
    expect(report.notAccepted).toBeGreaterThanOrEqual(1);
    await a1.waitFor('chat:removed', Removed, (r) => r.conversationId === customer.conversationId && r.reason === 'INACTIVIDAD');
    // Not offered again to the agent who let it go.
    expect(await conv(customer.conversationId)).toMatchObject({ status: 'EN_COLA', agentId: null });
    const a2 = await agentOnline(live.platform.url, two);
    clients.push(a2);
    await a2.waitFor('chat:incoming', AgentChatSnapshot, (s) => s.conversationId === customer.conversationId);
    const assignments = await live.platform.app.db
      .select()
      .from(conversationAssignments)
      .where(eq(conversationAssignments.conversationId, customer.conversationId))
      .orderBy(asc(conversationAssignments.id));
    expect(assignments.map((x) => [x.agentId, x.releaseReason])).toEqual([
      [one.userId, 'INACTIVIDAD'],
      [two.userId, null]
    ]);
  });

  it('closes an ACTIVO chat the agent left unanswered (FCTIA) and one the customer stopped answering (FCTIC)', async () => {
    const fx = await createChatFixture(live.platform.app, { agentsA: 1, ...timers });
    const [one] = fx.agents;
    if (!one) throw new Error('one agent expected');
    const agent = await agentOnline(live.platform.url, one);
    clients.push(agent);
    const waiting = await startEscalated(live.platform.url, fx, 1);
    const answered = await startEscalated(live.platform.url, fx, 2);
    clients.push(waiting.client, answered.client);
    for (const c of [waiting, answered]) {
      await agent.waitFor('chat:incoming', AgentChatSnapshot, (s) => s.conversationId === c.conversationId);
      await agent.ok('chat:accept', { conversationId: c.conversationId }, AgentChatSnapshot);
    }
    await waiting.client.ok('widget:message', { clientId: newClientId(), text: '¿Me ayuda, por favor?' }, LiveMessage);
    await agent.ok('chat:send', { conversationId: answered.conversationId, clientId: newClientId(), text: 'Claro, cuénteme.' }, LiveMessage);

    clock.advanceMinutes(4);
    await sweepNow();
    expect((await conv(waiting.conversationId)).status).toBe('ACTIVA');
    clock.advanceMinutes(2);
    await sweepNow();
    expect(await conv(waiting.conversationId)).toMatchObject({ status: 'FINALIZADA', endAcronym: 'FCTIA', endedBy: 'SISTEMA' });
    expect((await conv(answered.conversationId)).status).toBe('ACTIVA');
    await agent.waitFor('chat:ended', Ended, (e) => e.conversationId === waiting.conversationId && e.endAcronym === 'FCTIA');
    clock.advanceMinutes(3);
    await sweepNow();
    expect(await conv(answered.conversationId)).toMatchObject({ status: 'FINALIZADA', endAcronym: 'FCTIC', endedBy: 'SISTEMA' });
    await agent.waitFor('chat:ended', Ended, (e) => e.conversationId === answered.conversationId && e.endAcronym === 'FCTIC');
    const state = await answered.client.waitFor('widget:state', WidgetState, (s) => s.state === 'FINALIZADA');
    expect(state.endMessage).toBe(fx.endText.FCTIC);
  });

  it('ends at once what escalates out of hours, and what still waits when the day is over (FCFHL); a split without schedule today waits', async () => {
    const fx = await createChatFixture(live.platform.app, { agentsA: 1, diasLaborales: [1, 2, 3, 4, 5], horaLaboralInicio: '08:00', horaLaboralFin: '17:00', ...timers });
    const [one] = fx.agents;
    if (!one) throw new Error('one agent expected');
    clock.now = bogota('2026-03-02', '20:00');
    const late = await startEscalated(live.platform.url, fx, 1);
    clients.push(late.client);
    const row = await conv(late.conversationId);
    expect(row).toMatchObject({ status: 'FINALIZADA', endAcronym: 'FCFHL', endedBy: 'SISTEMA', splitId: fx.splitA });
    expect(await notAttendedCode(row.notAttendedEventId)).toBe('FUERA_HORARIO');
    expect(await commands(late.conversationId)).toEqual(['FCFHL']);
    const state = await late.client.waitFor('widget:state', WidgetState, (s) => s.state === 'FINALIZADA');
    expect(state.endMessage).toBe(fx.endText.FCFHL);

    // Saturday is not a working day.
    clock.now = bogota('2026-03-07', '10:00');
    const saturday = await startEscalated(live.platform.url, fx, 2);
    clients.push(saturday.client);
    expect((await conv(saturday.conversationId)).endAcronym).toBe('FCFHL');

    // Monday 16:55: it waits (no agent), and at 17:05 the day is over.
    clock.now = bogota('2026-03-09', '16:55');
    const waiting = await startEscalated(live.platform.url, fx, 3);
    clients.push(waiting.client);
    expect((await conv(waiting.conversationId)).status).toBe('EN_COLA');
    clock.advanceMinutes(10);
    const report = await sweepNow();
    expect(report.outOfHours).toBeGreaterThanOrEqual(1);
    const ended = await conv(waiting.conversationId);
    expect(ended).toMatchObject({ status: 'FINALIZADA', endAcronym: 'FCFHL' });
    expect(await notAttendedCode(ended.notAttendedEventId)).toBe('FUERA_HORARIO');

    // Tuesday 10:00, an agent online, but the split has no schedule for Tuesday: the chat waits until it has one.
    clock.now = bogota('2026-03-10', '10:00');
    const weekday = localMoment(clock.now, 'America/Bogota').weekday;
    await live.platform.app.db.delete(splitSchedules).where(and(eq(splitSchedules.idSplit, fx.splitA), eq(splitSchedules.dia, weekday)));
    const agent = await agentOnline(live.platform.url, one);
    clients.push(agent);
    const closedSplit = await startEscalated(live.platform.url, fx, 4);
    clients.push(closedSplit.client);
    await live.platform.app.services.chat.assignQueued();
    expect((await conv(closedSplit.conversationId)).status).toBe('EN_COLA');
    await live.platform.app.db.insert(splitSchedules).values({ idSplit: fx.splitA, dia: weekday, horaInicio: '09:00', horaFin: '12:00' });
    await live.platform.app.services.chat.assignQueued();
    await agent.waitFor('chat:incoming', AgentChatSnapshot, (s) => s.conversationId === closedSplit.conversationId);
  });

  it('treats a dropped socket as a pause in the connection: only after the grace period is the agent Desconectado and its ENTRANTE chats re-queued', async () => {
    clock.now = bogota('2026-03-11', '10:00');
    const fx = await createChatFixture(live.platform.app, { agentsA: 2, ...timers });
    const [one, two] = fx.agents;
    if (!one || !two) throw new Error('two agents expected');
    const agent = await agentOnline(live.platform.url, one);
    const active = await startEscalated(live.platform.url, fx, 1);
    const incoming = await startEscalated(live.platform.url, fx, 2);
    clients.push(active.client, incoming.client);
    await agent.waitFor('chat:incoming', AgentChatSnapshot, (s) => s.conversationId === active.conversationId);
    await agent.waitFor('chat:incoming', AgentChatSnapshot, (s) => s.conversationId === incoming.conversationId);
    await agent.ok('chat:accept', { conversationId: active.conversationId }, AgentChatSnapshot);

    agent.close();
    const presence = async () => (await live.platform.app.db.select().from(agentPresence).where(eq(agentPresence.userId, one.userId)))[0];
    const droppedAt = await eventually(async () => {
      const p = await presence();
      if (!p?.disconnectedAt) throw new Error('not marked yet');
      return p.disconnectedAt;
    });
    expect(droppedAt.toISOString()).toBe(clock.now.toISOString());

    clock.advanceMs(30_000);
    const early = await sweepNow();
    expect(early.graceExpired).toBe(0);
    expect((await presence())?.status).toBe('Activo');
    // Still within the grace period: it is still offered chats.
    const third = await startEscalated(live.platform.url, fx, 3);
    clients.push(third.client);
    await live.platform.app.services.chat.assignQueued();
    expect(await conv(third.conversationId)).toMatchObject({ status: 'ASIGNADA', agentId: one.userId });

    clock.advanceMs(31_000);
    const late = await sweepNow();
    expect(late.graceExpired).toBe(1);
    expect((await presence())?.status).toBe('Desconectado');
    expect(await conv(incoming.conversationId)).toMatchObject({ status: 'EN_COLA', agentId: null });
    expect(await conv(third.conversationId)).toMatchObject({ status: 'EN_COLA', agentId: null });
    expect(await conv(active.conversationId)).toMatchObject({ status: 'ACTIVA', agentId: one.userId });
    const history = await live.platform.app.db.select().from(agentStatusChanges).where(eq(agentStatusChanges.userId, one.userId)).orderBy(asc(agentStatusChanges.id));
    expect(history.map((h) => [h.status, h.endedAt === null])).toEqual([
      ['Desconectado', false],
      ['Activo', false],
      ['Desconectado', true]
    ]);

    // Back online, it sees its ACTIVO chat (the ENTRANTE ones went back to the queue, and come back to it once Conectado).
    const again = await connectAgent(live.platform.url, one.token);
    clients.push(again);
    const synced = await again.ok('chat:sync', { known: [] }, z.object({ chats: z.array(AgentChatSnapshot), status: AgentStatusView }));
    expect(synced.status.status).toBe('DESCONECTADO');
    expect(synced.chats.map((c) => c.conversationId)).toEqual([active.conversationId]);

    // An agent the database counts as connected without any socket (its server stopped): the next sweep starts its grace period.
    await live.platform.app.db.insert(agentPresence).values({ userId: two.userId, organizationId: fx.orgId, status: 'Activo', since: clock.now });
    clock.advanceMs(1_000);
    await sweepNow();
    const [orphan] = await live.platform.app.db.select().from(agentPresence).where(eq(agentPresence.userId, two.userId));
    expect(orphan?.disconnectedAt?.toISOString()).toBe(clock.now.toISOString());
  });

  it('closes each conversation once when two sweepers run at the same instant', async () => {
    const fx: ChatFixture = await createChatFixture(live.platform.app, { agentsA: 0, ...timers });
    const started = [];
    for (let n = 1; n <= 6; n++) {
      const c = await startCustomer(live.platform.url, fx, n);
      clients.push(c.client);
      started.push(c.conversationId);
    }
    const customer = await startCustomer(live.platform.url, fx, 7);
    clients.push(customer.client);
    await askForAgent(customer);
    clock.advanceMinutes(30);
    const now = clock.read();
    const db = live.platform.app.db;
    const run = <T>(fn: (step: { tx: typeof db; now: Date; fx: Effects }) => Promise<T>) => inTransaction(db, (tx) => fn({ tx, now, fx: new Effects() }));
    const opts = { graceMs: 60_000, connectedAgents: async () => new Set<number>() };
    const [x, y] = await Promise.all([sweep(run, db, now, opts), sweep(run, db, now, opts)]);
    expect(x.botInactive + y.botInactive).toBeGreaterThanOrEqual(6);
    const rows = await db.select().from(conversations).where(inArray(conversations.idConv, [...started, customer.conversationId]));
    expect(rows.every((r) => r.status === 'FINALIZADA')).toBe(true);
    for (const id of started) expect(await commands(id)).toEqual(['CCCNE']);
    expect(await commands(customer.conversationId)).toEqual(['FCTIA']);
  });

  it('leaves the statistics totals as a rebuild from the rows computes them, after every flow above', async () => {
    await expectTotalsMatchRows(live.platform.app.db);
  });
});
