import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { and, asc, eq } from 'drizzle-orm';
import { AGENT_SUPERVISORS } from '../../../src/shared/api/agent-supervision';
import { AgentConnectionState } from '../../../src/shared/domain/chat';
import { FinalReason } from '../../../src/shared/domain/reason';
import { AgentChatSnapshot, AgentStatusView } from '../../../src/shared/realtime';
import { agentPresence, agentStatusChanges, conversations, splitSchedules, users } from '../../../src/server/db/schema';
import { BACKENDS } from '../../support/database';
import { bearer, signIn } from '../../support/app';
import { FORBIDDEN_BODY } from './chat-fixtures';
import type { TestClient } from '../../support/clients';
import { createChatFixture, type ChatFixture, type FixtureAgent } from '../realtime/fixtures';
import { platformForBlock } from '../../support/platform';
import { agentOnline, Removed, startEscalated } from '../realtime/scenario';
import { issueSession } from '../../../src/server/auth/session-tokens';

/**
 * The chat engine honours a settings change at once: the calls of the human-agent settings pages,
 * made while agents are connected and customers are waiting, against a listening platform.
 */

const Finished = z.object({ conversationId: z.string(), endAcronym: z.string() });

describe.each(BACKENDS)('settings take effect in the running chat engine (%s)', (backend) => {
  const live = platformForBlock(backend);
  const { clock, clients } = live;

  /** A token of `role` in the fixture's organisation (the settings pages' callers). */
  const tokenOf = async (fx: ChatFixture, role: 1 | 3 | 4 | 5 | 6) =>
    (await issueSession(live.platform.app.db, live.platform.app.services.tokens, { idUser: fx.agents[0]?.userId ?? 1, email: `rol${role}@pruebas.co`, role, organizationId: fx.orgId, organizationName: fx.orgName })).token;

  const rest = (token: string, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
    live.platform.app.inject({ method, url, headers: bearer(token), ...(payload === undefined ? {} : { payload }) });

  const statusOf = async (conversationId: string) => (await live.platform.app.db.select().from(conversations).where(eq(conversations.idConv, conversationId)))[0];

  /** Lets the router run a pass that starts after everything so far (an escalation asks for one). */
  const routed = () => live.platform.app.services.chat.assignQueued();

  async function online(agent: FixtureAgent): Promise<TestClient> {
    const client = await agentOnline(live.platform.url, agent);
    clients.push(client);
    return client;
  }

  async function escalated(fx: ChatFixture, n: number): Promise<string> {
    const customer = await startEscalated(live.platform.url, fx, n);
    clients.push(customer.client);
    await routed();
    return customer.conversationId;
  }

  it('lowering the max chats stops assignments above it; raising it assigns the waiting chat at once', async () => {
    const fx = await createChatFixture(live.platform.app, { agentsA: 1, maxChats: 3 });
    const [agent] = fx.agents;
    if (!agent) throw new Error('one agent expected');
    const supervisor = await tokenOf(fx, 6);
    const console = await online(agent);
    const first = await escalated(fx, 1);
    const second = await escalated(fx, 2);
    expect((await statusOf(first))?.agentId).toBe(agent.userId);
    expect((await statusOf(second))?.agentId).toBe(agent.userId);

    const lowered = await rest(supervisor, 'POST', '/api/actualizarParametros', { nroMaximoChatsAsesor: 2 });
    expect(lowered.statusCode).toBe(200);
    const third = await escalated(fx, 3);
    expect(await statusOf(third)).toMatchObject({ status: 'EN_COLA', agentId: null });

    // A refused change (not a positive integer) changes nothing: the chat keeps waiting.
    expect((await rest(supervisor, 'POST', '/api/actualizarParametros', { nroMaximoChatsAsesor: 0 })).statusCode).toBe(400);
    await routed();
    expect(await statusOf(third)).toMatchObject({ status: 'EN_COLA' });

    const raised = await rest(supervisor, 'POST', '/api/actualizarParametros', { nroMaximoChatsAsesor: 3 });
    expect(raised.statusCode).toBe(200);
    // Assigned by the time the call answered, and the agent's console hears it.
    expect(await statusOf(third)).toMatchObject({ status: 'ASIGNADA', agentId: agent.userId });
    await console.waitFor('chat:incoming', AgentChatSnapshot, (s) => s.conversationId === third);
  });

  it("closing a split's period queues its new chats (they wait, not end); opening one assigns them at once", async () => {
    const fx = await createChatFixture(live.platform.app, { agentsA: 1 });
    const [agent] = fx.agents;
    if (!agent) throw new Error('one agent expected');
    const admin = await tokenOf(fx, 3);
    const console = await online(agent);

    // Monday is day 1: delete split A's Monday period through the splits page.
    const [monday] = await live.platform.app.db
      .select({ id: splitSchedules.idHoursBySplits })
      .from(splitSchedules)
      .where(and(eq(splitSchedules.idSplit, fx.splitA), eq(splitSchedules.dia, 1)));
    const closed = await rest(admin, 'DELETE', `/api/borrarHorarioSplit?codigoRegistro=${monday?.id}`);
    expect(closed.json()).toBe(true);
    const waiting = await escalated(fx, 1);
    expect(await statusOf(waiting)).toMatchObject({ status: 'EN_COLA', splitId: fx.splitA, agentId: null, endedAt: null });
    expect(console.received('chat:incoming')).toEqual([]);

    // A period that does not hold now (Monday 10:00 Bogotá) keeps it waiting…
    const later = await rest(admin, 'POST', '/api/crearHorarioSplit', { id_split: fx.splitA, dia: 1, horaInicio: '14:00', horaFin: '18:00' });
    expect(later.statusCode).toBe(200);
    expect(await statusOf(waiting)).toMatchObject({ status: 'EN_COLA' });
    // …one that holds now opens the split: the chat is assigned when the call answers.
    const now = await rest(admin, 'POST', '/api/crearHorarioSplit', { id_split: fx.splitA, dia: 1, horaInicio: '09:00', horaFin: '11:00' });
    expect(now.statusCode).toBe(200);
    expect(await statusOf(waiting)).toMatchObject({ status: 'ASIGNADA', agentId: agent.userId });
    await console.waitFor('chat:incoming', AgentChatSnapshot, (s) => s.conversationId === waiting);
  });

  it('a finalisation reason switched off is no longer offered nor accepted on finish; switched on again it is', async () => {
    const fx = await createChatFixture(live.platform.app, { agentsA: 1 });
    const [agent] = fx.agents;
    if (!agent) throw new Error('one agent expected');
    const supervisor = await tokenOf(fx, 6);
    const console = await online(agent);
    const conversationId = await escalated(fx, 1);
    await console.ok('chat:accept', { conversationId }, AgentChatSnapshot);
    const offered = async () =>
      (await rest(agent.token, 'GET', '/api/causalesFinalizacion/obtenerCausalesFinalizacionActivos')).json<FinalReason[]>().map((r) => r.idCausal);
    expect(await offered()).toEqual([fx.finalReasonId]);

    const off = await rest(supervisor, 'POST', '/api/causalesFinalizacion/actualizarCausalFinalizacion', { idCausal: fx.finalReasonId, nombre: 'Resuelto', activo: false });
    expect(off.json()).toMatchObject({ activo: false });
    expect(await offered()).toEqual([]);
    const business = await rest(agent.token, 'POST', '/api/crearListadoCausalesConversacion', { conversationId, business: [fx.businessReasonId] });
    expect(business.statusCode).toBe(200);
    const refused = await rest(agent.token, 'POST', '/api/causalesFinalizacion/guardarCausalFinalizacionConversacion', { conversationId, ending: fx.finalReasonId });
    expect(refused.statusCode).toBe(400);
    expect((await console.refused('chat:finish', { conversationId })).status).toBe(409);

    await rest(supervisor, 'POST', '/api/causalesFinalizacion/actualizarCausalFinalizacion', { idCausal: fx.finalReasonId, nombre: 'Resuelto', activo: true });
    expect(await offered()).toEqual([fx.finalReasonId]);
    expect((await rest(agent.token, 'POST', '/api/causalesFinalizacion/guardarCausalFinalizacionConversacion', { conversationId, ending: fx.finalReasonId })).statusCode).toBe(200);
    expect(await console.ok('chat:finish', { conversationId }, Finished)).toMatchObject({ endAcronym: 'FCCA' });
  });

  describe('POST /api/actualizarEstadoAsesor', () => {
    const history = async (userId: number) =>
      (await live.platform.app.db.select().from(agentStatusChanges).where(eq(agentStatusChanges.userId, userId)).orderBy(asc(agentStatusChanges.id))).map((h) => [
        h.status,
        h.pauseEventId,
        h.endedAt === null
      ]);

    it('is for the roles whose menu holds the asesores page (3 and 6)', () => {
      expect([...AGENT_SUPERVISORS]).toEqual([3, 6]);
    });

    it('puts an agent in Pausa: he stops receiving chats, his console is told, the history records it', async () => {
      const fx = await createChatFixture(live.platform.app, { agentsA: 1 });
      const [agent] = fx.agents;
      if (!agent) throw new Error('one agent expected');
      const supervisor = await tokenOf(fx, 6);
      const console = await online(agent);

      clock.advanceMinutes(1);
      const res = await rest(supervisor, 'POST', '/api/actualizarEstadoAsesor', { idUser: agent.userId, estado: 'Pausa', idEventoPausa: fx.pauseEventId });
      expect(res.statusCode, res.body).toBe(200);
      expect(AgentConnectionState.parse(res.json())).toEqual({
        idUser: agent.userId,
        nombre: agent.name,
        estado: 'Pausa',
        eventoPausa: 'Almuerzo',
        pausaMaxima: 60,
        fechaEstado: clock.now.toISOString(),
        chatsActivos: 0
      });
      await console.waitFor('agent:status', AgentStatusView, (s) => s.status === 'PAUSA' && s.pauseEventId === fx.pauseEventId);
      expect(await history(agent.userId)).toEqual([
        ['Desconectado', null, false],
        ['Activo', null, false],
        ['Pausa', fx.pauseEventId, true]
      ]);
      const [stretch] = await live.platform.app.db
        .select()
        .from(agentStatusChanges)
        .where(and(eq(agentStatusChanges.userId, agent.userId), eq(agentStatusChanges.status, 'Activo')));
      expect(stretch?.endedAt?.toISOString()).toBe(clock.now.toISOString());

      const waiting = await escalated(fx, 1);
      expect(await statusOf(waiting)).toMatchObject({ status: 'EN_COLA', agentId: null });
      expect(console.received('chat:incoming')).toEqual([]);
      // The statistics readers see it too.
      const states = await rest(supervisor, 'GET', '/api/obtenerEstadoConexionAsesores');
      expect(states.json<AgentConnectionState[]>().find((s) => s.idUser === agent.userId)).toMatchObject({ estado: 'Pausa', eventoPausa: 'Almuerzo', pausaMaxima: 60 });

      // When the agent comes back himself, the waiting chat is his.
      await console.ok('agent:status', { status: 'CONECTADO' }, AgentStatusView);
      await console.waitFor('chat:incoming', AgentChatSnapshot, (s) => s.conversationId === waiting);
    });

    it('puts an agent in Desconectado: his incoming chats go back to the queue and he is told', async () => {
      const fx = await createChatFixture(live.platform.app, { agentsA: 2 });
      const [first, second] = fx.agents;
      if (!first || !second) throw new Error('two agents expected');
      const admin = await tokenOf(fx, 3);
      const console = await online(first);
      const incoming = await escalated(fx, 1);
      expect(await statusOf(incoming)).toMatchObject({ status: 'ASIGNADA', agentId: first.userId });

      const res = await rest(admin, 'POST', '/api/actualizarEstadoAsesor', { idUser: first.userId, estado: 'Desconectado' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ estado: 'Desconectado', eventoPausa: null, pausaMaxima: null, chatsActivos: 0 });
      await console.waitFor('agent:status', AgentStatusView, (s) => s.status === 'DESCONECTADO');
      await console.waitFor('chat:removed', Removed, (r) => r.conversationId === incoming && r.reason === 'DESCONEXION');
      await routed();
      expect(await statusOf(incoming)).toMatchObject({ status: 'EN_COLA', agentId: null });
      const [presence] = await live.platform.app.db.select().from(agentPresence).where(eq(agentPresence.userId, first.userId));
      expect(presence).toMatchObject({ status: 'Desconectado', pauseEventId: null });
      expect((await history(first.userId)).at(-1)).toEqual(['Desconectado', null, true]);

      // Another agent of the split takes it.
      const other = await online(second);
      await other.waitFor('chat:incoming', AgentChatSnapshot, (s) => s.conversationId === incoming);
    });

    it('refuses a pause without an active event of the organisation, other organisations’ agents, and roles without the page', async () => {
      const fx = await createChatFixture(live.platform.app, { agentsA: 1 });
      const [agent] = fx.agents;
      if (!agent) throw new Error('one agent expected');
      const supervisor = await tokenOf(fx, 6);
      await online(agent);
      const before = await history(agent.userId);
      const other = await createChatFixture(live.platform.app, { agentsA: 1 });
      const cases: [object, number, string][] = [
        [{ idUser: agent.userId, estado: 'Pausa' }, 400, 'idEventoPausa: Seleccione el evento de pausa'],
        [{ idUser: agent.userId, estado: 'Pausa', idEventoPausa: other.pauseEventId }, 400, 'El evento de pausa no existe o no está activo'],
        [{ idUser: agent.userId, estado: 'Activo' }, 400, "estado: El estado debe ser 'Pausa' o 'Desconectado'"],
        [{ idUser: 0, estado: 'Desconectado' }, 400, 'idUser: Debe ser un número positivo'],
        [{ idUser: other.agents[0]?.userId, estado: 'Desconectado' }, 404, 'El asesor no existe']
      ];
      for (const [body, status, message] of cases) {
        const res = await rest(supervisor, 'POST', '/api/actualizarEstadoAsesor', body);
        expect(res.statusCode, JSON.stringify(body)).toBe(status);
        expect(res.json().message).toBe(message);
      }
      // The demo organisation's supervisor cannot touch this organisation's agent.
      const demoSupervisor = (await signIn(live.platform.app, 'supervisor@demo.co')).token;
      expect((await rest(demoSupervisor, 'POST', '/api/actualizarEstadoAsesor', { idUser: agent.userId, estado: 'Desconectado' })).statusCode).toBe(404);
      expect((await rest(demoSupervisor, 'POST', `/api/actualizarEstadoAsesor?idOrg=${fx.orgId}`, { idUser: agent.userId, estado: 'Desconectado' })).statusCode).toBe(403);
      // A deleted pause event is not one to pause on.
      await rest(supervisor, 'DELETE', `/api/eliminarEventoPausa?id=${fx.pauseEventId}`);
      expect((await rest(supervisor, 'POST', '/api/actualizarEstadoAsesor', { idUser: agent.userId, estado: 'Pausa', idEventoPausa: fx.pauseEventId })).statusCode).toBe(400);
      for (const role of [1, 4, 5] as const) {
        const res = await rest(await tokenOf(fx, role), 'POST', '/api/actualizarEstadoAsesor', { idUser: agent.userId, estado: 'Desconectado' });
        expect(res.statusCode, `role ${role}`).toBe(403);
        expect(res.json()).toEqual(FORBIDDEN_BODY);
      }
      // A deactivated agent is not on the asesores page, nor one to change.
      await live.platform.app.db.update(users).set({ isActive: false }).where(eq(users.idUser, agent.userId));
      const inactive = await rest(supervisor, 'POST', '/api/actualizarEstadoAsesor', { idUser: agent.userId, estado: 'Desconectado' });
      expect(inactive.statusCode).toBe(404);
      expect(inactive.json().message).toBe('El asesor no existe');
      expect(await history(agent.userId)).toEqual(before);
    });
  });
});
