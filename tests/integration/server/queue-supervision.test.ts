import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { LiveQueue } from '../../../src/shared/api/queue-supervision';
import { QUEUE_TEXT } from '../../../src/server/chat/supervision';
import { agentPresence, conversationAssignments, conversations, users } from '../../../src/server/db/schema';
import { BACKENDS } from '../../support/database';
import { createTestApp, userRow, type TestPlatform } from '../../support/app';
import { caller, FORBIDDEN_BODY, insertConversation, setPresence, signInAll } from './chat-fixtures';

const EMAILS = ['superadmin@demo.co', 'admin@demo.co', 'visualizador@demo.co', 'supervisor@demo.co', 'asesor@demo.co', 'admin@otra.co'];
// Monday 2 March 2026, 12:00 in Bogotá: the demo's splits attend (every day 00:00–23:59), within working hours.
const NOW = new Date('2026-03-02T17:00:00.000Z');
const minutesAgo = (n: number) => new Date(NOW.getTime() - n * 60_000);

describe.each(BACKENDS)("the supervisor's queue on %s", (backend) => {
  let platform: TestPlatform;
  let call: ReturnType<typeof caller>;
  /** asesor@demo.co answers splits 1 and 2; asesor4 only 1; asesor6 only 3. */
  let agent: { asesor: number; asesor4: number; asesor6: number };
  beforeAll(async () => {
    platform = await createTestApp(backend, { clock: () => NOW });
    call = caller(platform.app, await signInAll(platform.app, EMAILS));
    agent = {
      asesor: (await userRow(platform.app, 'asesor@demo.co')).idUser,
      asesor4: (await userRow(platform.app, 'asesor4@demo.co')).idUser,
      asesor6: (await userRow(platform.app, 'asesor6@demo.co')).idUser
    };
  });
  afterAll(() => platform.close());

  beforeEach(async () => {
    // Nothing open or waiting from an earlier case; every demo agent Desconectado.
    await platform.app.db.delete(conversationAssignments);
    await platform.app.db.delete(conversations);
    const agents = await platform.app.db.select({ id: users.idUser }).from(users).where(eq(users.role, 5));
    await platform.app.db.update(agentPresence).set({ status: 'Desconectado', since: minutesAgo(60), disconnectedAt: null }).where(inArray(agentPresence.userId, agents.map((a) => a.id)));
  });

  const post = (email: string, url: string, body: object) => call(email, 'POST', url, body);
  const assign = (email: string, idConv: string, idUser: number) => post(email, '/api/supervision/asignarChat', { idConv, idUser });
  const move = (email: string, idConv: string, idSplit: number) => post(email, '/api/supervision/moverChat', { idConv, idSplit });
  const row = async (idConv: string) => (await platform.app.db.select().from(conversations).where(eq(conversations.idConv, idConv)))[0];

  it('lists every waiting chat oldest first with split, entry-form data and each split now', async () => {
    const later = await insertConversation(platform.app, { status: 'EN_COLA', splitId: 2, queuedAt: minutesAgo(2) });
    const older = await insertConversation(platform.app, { status: 'EN_COLA', splitId: 1, queuedAt: minutesAgo(9) });
    await insertConversation(platform.app, { status: 'ACTIVA', splitId: 1, agentId: agent.asesor });
    await insertConversation(platform.app, { organizationId: 200, status: 'EN_COLA', splitId: 4, queuedAt: minutesAgo(20) });
    await setPresence(platform.app, agent.asesor, 'Activo', minutesAgo(30));

    const res = await call('visualizador@demo.co', 'GET', '/api/supervision/colaEnVivo');
    expect(res.statusCode).toBe(200);
    const queue = LiveQueue.parse(res.json());
    expect(queue.maximoChatsAsesor).toBe(3);
    expect(queue.chats).toEqual([
      { idConv: older, fechaEntrada: minutesAgo(9).toISOString(), status: 'EN_COLA', idSplit: 1, split: 'Atención general', datosCliente: { 'Nombre completo': 'Cliente de prueba' } },
      { idConv: later, fechaEntrada: minutesAgo(2).toISOString(), status: 'EN_COLA', idSplit: 2, split: 'Ventas', datosCliente: { 'Nombre completo': 'Cliente de prueba' } }
    ]);
    // asesor@demo.co (splits 1 and 2) is the only one connected.
    expect(queue.splits.map((s) => [s.idSplit, s.abierto, s.asesoresConectados])).toEqual([
      [1, true, 1],
      [2, true, 1],
      [3, true, 0]
    ]);
    expect(queue.splits[0]?.tiempoMaximoEspera).toBeGreaterThan(0);
    expect((await call('asesor@demo.co', 'GET', '/api/supervision/colaEnVivo')).statusCode).toBe(403);
    expect((await call('admin@demo.co', 'GET', '/api/supervision/colaEnVivo?idOrg=200')).statusCode).toBe(403);
    const other = LiveQueue.parse((await call('superadmin@demo.co', 'GET', '/api/supervision/colaEnVivo?idOrg=200')).json());
    expect(other.chats).toHaveLength(1);
  });

  it('assigns a waiting chat to a connected agent and refuses the ones who cannot take it', async () => {
    const chat = await insertConversation(platform.app, { status: 'EN_COLA', splitId: 1, queuedAt: minutesAgo(5) });
    // Not connected yet.
    const offline = await assign('supervisor@demo.co', chat, agent.asesor4);
    expect(offline.statusCode).toBe(409);
    expect(offline.json().message).toBe(QUEUE_TEXT.agentNotConnected);
    // Not one who takes chats in the organisation: an administrator, another organisation's agent.
    const adminId = (await userRow(platform.app, 'admin@demo.co')).idUser;
    const foreignAgent = (await userRow(platform.app, 'asesor@otra.co')).idUser;
    for (const idUser of [adminId, foreignAgent]) expect((await assign('supervisor@demo.co', chat, idUser)).json().message).toBe(QUEUE_TEXT.agentUnavailable);
    // A supervisor takes chats ('Atender chats'), but only while connected.
    const supervisorId = (await userRow(platform.app, 'supervisor@demo.co')).idUser;
    expect((await assign('supervisor@demo.co', chat, supervisorId)).json().message).toBe(QUEUE_TEXT.agentNotConnected);
    // Paused agents take nothing.
    await setPresence(platform.app, agent.asesor4, 'Pausa', minutesAgo(10), 1);
    expect((await assign('supervisor@demo.co', chat, agent.asesor4)).json().message).toBe(QUEUE_TEXT.agentNotConnected);
    await setPresence(platform.app, agent.asesor4, 'Activo', minutesAgo(1));
    const ok = await assign('supervisor@demo.co', chat, agent.asesor4);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ idConv: chat, status: 'ASIGNADA', idSplit: 1, idUser: agent.asesor4 });
    expect(await row(chat)).toMatchObject({ status: 'ASIGNADA', agentId: agent.asesor4 });
    // Already out of the queue.
    const again = await assign('admin@demo.co', chat, agent.asesor4);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(QUEUE_TEXT.notWaiting);
  });

  it("may lend a backed-up queue to a connected agent of another split", async () => {
    // asesor6 answers only split 3; the router never offers him split 1, a supervisor may.
    await setPresence(platform.app, agent.asesor6, 'Activo', minutesAgo(10));
    const chat = await insertConversation(platform.app, { status: 'EN_COLA', splitId: 1, queuedAt: minutesAgo(5) });
    const ok = await assign('supervisor@demo.co', chat, agent.asesor6);
    expect(ok.statusCode).toBe(200);
    expect(await row(chat)).toMatchObject({ status: 'ASIGNADA', agentId: agent.asesor6, splitId: 1 });
  });

  it('never takes an agent past the max-chats limit', async () => {
    await setPresence(platform.app, agent.asesor4, 'Activo', minutesAgo(1));
    for (let i = 0; i < 3; i++) await insertConversation(platform.app, { status: 'ACTIVA', splitId: 1, agentId: agent.asesor4 });
    const chat = await insertConversation(platform.app, { status: 'EN_COLA', splitId: 1, queuedAt: minutesAgo(5) });
    const full = await assign('supervisor@demo.co', chat, agent.asesor4);
    expect(full.statusCode).toBe(409);
    expect(full.json().message).toBe(QUEUE_TEXT.agentFull);
    expect(await row(chat)).toMatchObject({ status: 'EN_COLA', agentId: null });
  });

  it('two supervisors racing for one chat: one wins, the other hears it in Spanish', async () => {
    await setPresence(platform.app, agent.asesor, 'Activo', minutesAgo(1));
    await setPresence(platform.app, agent.asesor4, 'Activo', minutesAgo(1));
    const chat = await insertConversation(platform.app, { status: 'EN_COLA', splitId: 1, queuedAt: minutesAgo(5) });
    const [a, b] = await Promise.all([assign('supervisor@demo.co', chat, agent.asesor), assign('admin@demo.co', chat, agent.asesor4)]);
    const statuses = [a.statusCode, b.statusCode].sort();
    expect(statuses).toEqual([200, 409]);
    const loser = a.statusCode === 409 ? a : b;
    expect(loser.json().message).toBe(QUEUE_TEXT.notWaiting);
    const winner = a.statusCode === 200 ? agent.asesor : agent.asesor4;
    expect(await row(chat)).toMatchObject({ status: 'ASIGNADA', agentId: winner });
    const held = await platform.app.db.select().from(conversationAssignments).where(eq(conversationAssignments.conversationId, chat));
    expect(held).toHaveLength(1);
  });

  it('two supervisors racing for the last place of one agent: only one chat goes to him', async () => {
    await setPresence(platform.app, agent.asesor4, 'Activo', minutesAgo(1));
    for (let i = 0; i < 2; i++) await insertConversation(platform.app, { status: 'ACTIVA', splitId: 1, agentId: agent.asesor4 });
    const first = await insertConversation(platform.app, { status: 'EN_COLA', splitId: 1, queuedAt: minutesAgo(5) });
    const second = await insertConversation(platform.app, { status: 'EN_COLA', splitId: 1, queuedAt: minutesAgo(4) });
    const [a, b] = await Promise.all([assign('supervisor@demo.co', first, agent.asesor4), assign('admin@demo.co', second, agent.asesor4)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    expect((a.statusCode === 409 ? a : b).json().message).toBe(QUEUE_TEXT.agentFull);
    const open = await platform.app.db.select().from(conversations).where(eq(conversations.agentId, agent.asesor4));
    expect(open.filter((c) => c.status === 'ASIGNADA' || c.status === 'ACTIVA')).toHaveLength(3);
  });

  it('moves a waiting chat to another split: it waits there from now', async () => {
    const chat = await insertConversation(platform.app, { status: 'EN_COLA', splitId: 1, queuedAt: minutesAgo(5) });
    const same = await move('supervisor@demo.co', chat, 1);
    expect(same.statusCode).toBe(409);
    expect(same.json().message).toBe(QUEUE_TEXT.sameSplit);
    // Split 4 belongs to organisation 200.
    expect((await move('supervisor@demo.co', chat, 4)).json().message).toBe(QUEUE_TEXT.targetSplitInvalid);
    const ok = await move('supervisor@demo.co', chat, 3);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ idConv: chat, status: 'EN_COLA', idSplit: 3, idUser: null });
    expect(await row(chat)).toMatchObject({ status: 'EN_COLA', splitId: 3, queuedAt: NOW });
  });

  it('refuses viewers, other organisations and bad input, changing nothing', async () => {
    const chat = await insertConversation(platform.app, { status: 'EN_COLA', splitId: 1, queuedAt: minutesAgo(5) });
    await setPresence(platform.app, agent.asesor, 'Activo', minutesAgo(1));
    const viewer = await assign('visualizador@demo.co', chat, agent.asesor);
    expect(viewer.statusCode).toBe(403);
    expect(viewer.json()).toEqual(FORBIDDEN_BODY);
    expect((await move('asesor@demo.co', chat, 2)).statusCode).toBe(403);
    // Another organisation's admin does not see the chat.
    const foreign = await assign('admin@otra.co', chat, agent.asesor);
    expect(foreign.statusCode).toBe(404);
    const bad = await post('supervisor@demo.co', '/api/supervision/asignarChat', { idConv: '', idUser: -1 });
    expect(bad.statusCode).toBe(400);
    expect(await row(chat)).toMatchObject({ status: 'EN_COLA', splitId: 1, agentId: null });
  });
});
