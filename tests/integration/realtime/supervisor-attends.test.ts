import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { and, eq } from 'drizzle-orm';
import { AGENT_NAMESPACE, AgentChatSnapshot, AgentStatusView, LiveMessage, WidgetState } from '../../../src/shared/realtime';
import { agentSplits, conversations, users } from '../../../src/server/db/schema';
import { issueSession } from '../../../src/server/auth/session-tokens';
import { bearer } from '../../support/app';
import { BACKENDS } from '../../support/database';
import { connectAgent, handshakeRefusal } from '../../support/clients';
import { createChatFixture, type ChatFixture } from './fixtures';
import { eventually, platformForBlock } from '../../support/platform';
import { newClientId, startEscalated } from './scenario';

const Finished = z.object({ conversationId: z.string(), endAcronym: z.string() });
const SyncAck = z.object({ chats: z.array(AgentChatSnapshot), status: AgentStatusView });

/**
 * SPEC §2's special action that sets the chat-only tree: the human-agent supervisor (role 6) attends
 * chats ('Atender chats'). He connects to the agent namespace like an agent, is linked to splits, is
 * routed their chats within the organisation's max-chats limit and answers and ends them; the other
 * roles that are not agents are still refused.
 */
describe.each(BACKENDS)('a supervisor attends chats (%s)', (backend) => {
  const live = platformForBlock(backend);
  const { clients } = live;

  /** A user of the fixture's organisation with `role`, signed in (a token of a live session). */
  async function member(fx: ChatFixture, role: 3 | 4 | 6, name: string): Promise<{ userId: number; token: string }> {
    const db = live.platform.app.db;
    const [seeded] = await db.select({ hash: users.passwordHash }).from(users).where(eq(users.email, 'asesor@demo.co'));
    if (!seeded) throw new Error('the seeded asesor@demo.co is missing');
    const email = `${name.toLowerCase()}.${fx.orgId}@pruebas.co`;
    const [user] = await db.insert(users).values({ organizationId: fx.orgId, email, name, role, passwordHash: seeded.hash }).returning({ idUser: users.idUser });
    if (!user) throw new Error('user not created');
    const { token } = await issueSession(db, live.platform.app.services.tokens, { idUser: user.idUser, email, role, organizationId: fx.orgId, organizationName: fx.orgName });
    return { userId: user.idUser, token };
  }

  it('is linked to a split, goes Conectado, is routed its chats up to the limit, answers and ends one', async () => {
    const fx = await createChatFixture(live.platform.app, { agentsA: 0, agentsB: 1, maxChats: 2 });
    const db = live.platform.app.db;
    const supervisor = await member(fx, 6, 'Supervisora');
    const admin = await member(fx, 3, 'Administradora');

    // The organisation's administrator lists him among those who may take chats and links him to GENERAL.
    const listed = await live.platform.app.inject({ method: 'GET', url: '/api/users/agents', headers: bearer(admin.token) });
    expect(listed.statusCode).toBe(200);
    expect(listed.json<{ idUser: number; role: number }[]>().find((a) => a.idUser === supervisor.userId)).toMatchObject({ role: 6, isActive: true });
    const linked = await live.platform.app.inject({ method: 'POST', url: '/api/crearSplitUsuario', headers: bearer(admin.token), payload: { idSplit: fx.splitA, idUser: supervisor.userId } });
    expect(linked.statusCode).toBe(200);
    // Roles that do not take chats cannot be linked (as if absent).
    const notAgent = await live.platform.app.inject({ method: 'POST', url: '/api/crearSplitUsuario', headers: bearer(admin.token), payload: { idSplit: fx.splitA, idUser: admin.userId } });
    expect(notAgent.statusCode).toBe(404);

    // Three customers wait in GENERAL before anyone attends it.
    const customers = [await startEscalated(live.platform.url, fx, 1), await startEscalated(live.platform.url, fx, 2), await startEscalated(live.platform.url, fx, 3)];
    clients.push(...customers.map((c) => c.client));
    for (const c of customers) await c.client.waitFor('widget:state', WidgetState, (s) => s.state === 'EN_COLA');

    // The supervisor connects (Desconectado at first) and goes Conectado: two chats come in, the limit; the third waits.
    const desk = await connectAgent(live.platform.url, supervisor.token);
    clients.push(desk);
    expect(await desk.ok('chat:sync', { known: [] }, SyncAck)).toMatchObject({ chats: [], status: { status: 'DESCONECTADO' } });
    const incoming: string[] = [];
    desk.socket.on('chat:incoming', (raw: unknown) => incoming.push(AgentChatSnapshot.parse(raw).conversationId));
    await desk.ok('agent:status', { status: 'CONECTADO' }, AgentStatusView);
    await eventually(async () => {
      if (incoming.length < 2) throw new Error(`${incoming.length} chats in so far`);
    });
    const held = await db.select({ id: conversations.idConv, status: conversations.status }).from(conversations).where(eq(conversations.agentId, supervisor.userId));
    expect(held.map((h) => h.status)).toEqual(['ASIGNADA', 'ASIGNADA']);
    const [waiting] = await db.select({ id: conversations.idConv }).from(conversations).where(and(eq(conversations.organizationId, fx.orgId), eq(conversations.status, 'EN_COLA')));
    expect(waiting).toBeDefined();
    expect(incoming).not.toContain(waiting?.id);

    // He accepts the first, answers (the customer reads him as the agent) and ends it: the third customer's chat comes in.
    const first = customers.find((c) => c.conversationId === incoming[0]);
    if (!first) throw new Error('the first routed chat is not one of the customers');
    expect(await desk.ok('chat:accept', { conversationId: first.conversationId }, AgentChatSnapshot)).toMatchObject({ state: 'ACTIVA', status: 'ACTIVO' });
    await first.client.waitFor('widget:state', WidgetState, (s) => s.state === 'ACTIVA' && s.agentName === 'Supervisora');
    const answer = await desk.ok('chat:send', { conversationId: first.conversationId, clientId: newClientId(), text: 'Hola, le atiende la supervisora.' }, LiveMessage);
    await first.client.waitFor('widget:message', LiveMessage, (m) => m.seq === answer.seq && m.tipoUsuario === 'ASESOR' && m.mensaje === 'Hola, le atiende la supervisora.');
    // The reasons, as the console saves them before finishing (the console's REST calls admit role 6).
    const business = await live.platform.app.inject({
      method: 'POST',
      url: '/api/crearListadoCausalesConversacion',
      headers: bearer(supervisor.token),
      payload: { conversationId: first.conversationId, splitId: fx.splitA, transfer: false, business: [fx.businessReasonId] }
    });
    expect(business.statusCode).toBe(200);
    const ending = await live.platform.app.inject({
      method: 'POST',
      url: '/api/causalesFinalizacion/guardarCausalFinalizacionConversacion',
      headers: bearer(supervisor.token),
      payload: { conversationId: first.conversationId, ending: fx.finalReasonId }
    });
    expect(ending.statusCode).toBe(200);
    expect(await desk.ok('chat:finish', { conversationId: first.conversationId }, Finished)).toMatchObject({ endAcronym: 'FCCA' });
    await first.client.waitFor('widget:state', WidgetState, (s) => s.state === 'FINALIZADA');
    const third = await desk.waitFor('chat:incoming', AgentChatSnapshot, (s) => s.conversationId === waiting?.id);
    expect(third).toMatchObject({ state: 'ASIGNADA', split: { idSplit: fx.splitA } });

    // Estado de asesores lists him, Conectado with his two open chats.
    const states = await live.platform.app.inject({ method: 'GET', url: '/api/obtenerEstadoConexionAsesores', headers: bearer(admin.token) });
    expect(states.json<{ idUser: number; estado: string; chatsActivos: number }[]>().find((s) => s.idUser === supervisor.userId)).toMatchObject({ estado: 'Activo', chatsActivos: 2 });
  });

  it('offers a supervisor nothing of a split he is not linked to, and still refuses the administrator and the viewer', async () => {
    const fx = await createChatFixture(live.platform.app, { agentsA: 0 });
    const db = live.platform.app.db;
    const supervisor = await member(fx, 6, 'Supervisor');
    const customer = await startEscalated(live.platform.url, fx, 1);
    clients.push(customer.client);
    const desk = await connectAgent(live.platform.url, supervisor.token);
    clients.push(desk);
    await desk.ok('agent:status', { status: 'CONECTADO' }, AgentStatusView);
    // Not linked to GENERAL: the chat stays in the queue; linked, it comes in.
    expect(await desk.ok('chat:sync', { known: [] }, SyncAck)).toMatchObject({ chats: [] });
    const [queued] = await db.select({ status: conversations.status }).from(conversations).where(eq(conversations.idConv, customer.conversationId));
    expect(queued?.status).toBe('EN_COLA');
    await db.insert(agentSplits).values({ idSplit: fx.splitA, idUser: supervisor.userId });
    await desk.ok('agent:status', { status: 'DESCONECTADO' }, AgentStatusView);
    await desk.ok('agent:status', { status: 'CONECTADO' }, AgentStatusView);
    await desk.waitFor('chat:incoming', AgentChatSnapshot, (s) => s.conversationId === customer.conversationId);

    const refusal = { message: 'Solo los asesores humanos y sus supervisores pueden conectarse al chat', status: 403 };
    expect(await handshakeRefusal(live.platform.url, AGENT_NAMESPACE, { token: (await member(fx, 3, 'Admin')).token })).toEqual(refusal);
    expect(await handshakeRefusal(live.platform.url, AGENT_NAMESPACE, { token: (await member(fx, 4, 'Visor')).token })).toEqual(refusal);
  });
});
