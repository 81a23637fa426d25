import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { AgentChatSnapshot, LiveMessage, WidgetState } from '../../../src/shared/realtime';
import { FEATURE_ID } from '../../../src/shared/domain/feature';
import { conversationBusinessReasons, conversationFinalReasons, conversations, notAttendedEvents, virtualAgentFeatures } from '../../../src/server/db/schema';
import { Effects } from '../../../src/server/chat/effects';
import { endConversation } from '../../../src/server/chat/lifecycle';
import { lockConversation } from '../../../src/server/chat/message-store';
import { inTransaction } from '../../../src/server/chat/tx';
import { raiseConversationEnded } from '../../../src/server/notify/events';
import { connectNotifyKick } from '../../../src/server/notify/kick';
import { notifyDateTime } from '../../../src/server/notify/variables';
import { BACKENDS } from '../../support/database';
import { connectWidget } from '../../support/clients';
import { platformForBlock } from '../../support/platform';
import { createChatFixture, type ChatFixture } from './fixtures';
import { agentOnline, askForAgent, newClientId, StartAck, startCustomer, type Customer } from './scenario';
import { addNotificationEmail, addTemplates, addUser, outboxOf } from '../server/notify-events-fixtures';

/**
 * Issue 39: the chat raises its events in the transaction that ends the conversation — the
 * transcript to a customer who left an e-mail (feature 'transcript' on), and the notice of a chat
 * not attended to the supervisors and notification e-mails — and wakes the worker after the commit.
 */
describe.each(BACKENDS)('notification events of the chat (%s)', (backend) => {
  const live = platformForBlock(backend);
  const { clock, clients } = live;
  const db = () => live.platform.app.db;
  let kicks = 0;
  let disconnect: () => void = () => undefined;

  beforeAll(() => {
    disconnect = connectNotifyKick(() => {
      kicks++;
    });
  });
  afterAll(() => disconnect());

  /** An organisation with templates of both chat events, a supervisor, an inactive supervisor and a notification e-mail. */
  async function organisation(agents = 1): Promise<ChatFixture & { supervisor: string; notices: string }> {
    const fx = await createChatFixture(live.platform.app, { agentsA: agents });
    await addTemplates(db(), fx.orgId, 'RESUMEN_CONVERSACION');
    await addTemplates(db(), fx.orgId, 'CHAT_NO_ATENDIDO');
    const supervisor = `supervisora.${fx.orgId}@pruebas.co`;
    await addUser(db(), fx.orgId, { role: 6, email: supervisor, name: 'Supervisora Prueba' });
    await addUser(db(), fx.orgId, { role: 6, email: `inactiva.${fx.orgId}@pruebas.co`, name: 'Inactiva', isActive: false });
    const notices = `avisos.${fx.orgId}@pruebas.co`;
    await addNotificationEmail(db(), fx.orgId, notices);
    return { ...fx, supervisor, notices };
  }

  const reason = async (code: string) => {
    const [row] = await db().select().from(notAttendedEvents).where(eq(notAttendedEvents.code, code));
    return row?.descripcion;
  };

  /** A customer who answers the form with `fields` (the fixture's field ids). */
  async function customerWith(fx: ChatFixture, fields: Record<string, string>): Promise<Customer> {
    let auth: Record<string, unknown> = { org: fx.orgId, va: fx.vaId };
    const client = await connectWidget(live.platform.url, (cb) => cb(auth));
    clients.push(client);
    const started = await client.ok('widget:start', { fields }, StartAck);
    auth = { conversationId: started.conversationId, token: started.token };
    return { client, conversationId: started.conversationId, token: started.token };
  }

  it("an agent finishes the chat: the transcript to the customer's e-mail, with only what the customer saw, and the worker is woken; the staff hear nothing", async () => {
    const fx = await organisation();
    const [agent] = fx.agents;
    if (!agent) throw new Error('an agent expected');
    const a = await agentOnline(live.platform.url, agent);
    clients.push(a);
    const customer = await startCustomer(live.platform.url, fx, 1);
    clients.push(customer.client);
    await askForAgent(customer);
    const { conversationId } = customer;
    await a.waitFor('chat:incoming', AgentChatSnapshot, (s) => s.conversationId === conversationId);
    await a.ok('chat:accept', { conversationId }, AgentChatSnapshot);
    clock.advanceMinutes(1);
    await a.ok('chat:send', { conversationId, clientId: newClientId(), text: 'Con gusto le ayudo' }, LiveMessage);
    await customer.client.ok('widget:message', { clientId: newClientId(), text: 'Gracias, ya quedó' }, LiveMessage);
    await db().insert(conversationBusinessReasons).values({ conversationId, reasonId: fx.businessReasonId, agentId: agent.userId, splitId: fx.splitA, createdAt: clock.now });
    await db().insert(conversationFinalReasons).values({ conversationId, reasonId: fx.finalReasonId, agentId: agent.userId, createdAt: clock.now });
    expect(await outboxOf(db(), fx.orgId)).toEqual([]);
    const before = kicks;
    await a.ok('chat:finish', { conversationId }, z.object({ conversationId: z.string(), endAcronym: z.string() }));

    const rows = await outboxOf(db(), fx.orgId);
    expect(rows.map((r) => [r.eventType, r.recipient, r.recipientRole, r.typeNotificationId, r.conversationId])).toEqual([
      ['RESUMEN_CONVERSACION', 'cliente1@correo.co', 'CLIENTE', 1, conversationId]
    ]);
    // The platform's worker, woken after the commit, may already have taken it.
    expect(['PENDIENTE', 'ENVIANDO', 'ENVIADA']).toContain(rows[0]?.status);
    const variables = rows[0]?.variables ?? {};
    expect(variables).toMatchObject({ 'organizacion.nombre': fx.orgName, 'cliente.nombre': 'Cliente 1', 'cliente.email': 'cliente1@correo.co', 'conversacion.id': conversationId, 'asesor.nombre': 'Asesora1' });
    const lines = z.array(z.object({ autor: z.string(), texto: z.string(), hora: z.string() })).parse(variables['conversacion.mensajes']);
    expect(lines.map((l) => [l.autor, l.texto])).toEqual([
      ['Asistente', '¡Hola! Soy el asistente de pruebas.'],
      ['Cliente', 'Quiero hablar con un asesor'],
      ['Asistente', 'Te comunico con un asesor.'],
      ['Asesor', 'Con gusto le ayudo'],
      ['Cliente', 'Gracias, ya quedó']
    ]);
    // MONDAY_10AM is 10:00 in Bogotá; the agent wrote a minute later.
    expect(lines.map((l) => l.hora)).toEqual(['10:00', '10:00', '10:00', '10:01', '10:01']);
    expect(kicks).toBeGreaterThan(before);
  });

  it('the customer leaves the queue: CHAT_NO_ATENDIDO to the active supervisors and the notification e-mails, and the transcript to the customer', async () => {
    const fx = await organisation(0);
    const customer = await startCustomer(live.platform.url, fx, 2);
    clients.push(customer.client);
    await askForAgent(customer);
    clock.advanceMinutes(3);
    await customer.client.ok('widget:leave', {}, WidgetState);
    const [conv] = await db().select().from(conversations).where(eq(conversations.idConv, customer.conversationId));
    expect(conv?.status).toBe('FINALIZADA');

    const rows = await outboxOf(db(), fx.orgId);
    const unattended = rows.filter((r) => r.eventType === 'CHAT_NO_ATENDIDO');
    expect(unattended.map((r) => [r.recipient, r.recipientRole]).sort()).toEqual([
      [fx.notices, 'SUPERVISOR'],
      [fx.supervisor, 'SUPERVISOR']
    ]);
    expect(new Set(unattended.map((r) => r.eventId)).size).toBe(1);
    expect(unattended[0]?.variables).toEqual({
      'organizacion.nombre': fx.orgName,
      fecha: notifyDateTime(clock.now),
      'conversacion.id': customer.conversationId,
      'chat.split': 'Atención general',
      'chat.espera': 3,
      'chat.motivo': await reason('ABANDONO'),
      'cliente.nombre': 'Cliente 2'
    });
    expect(rows.filter((r) => r.eventType === 'RESUMEN_CONVERSACION').map((r) => r.recipient)).toEqual(['cliente2@correo.co']);
  });

  it("a chat that waited past the split's limit is ended by the sweeper, not attended: the supervisors hear why", async () => {
    const fx = await organisation(0);
    const customer = await startCustomer(live.platform.url, fx, 3);
    clients.push(customer.client);
    await askForAgent(customer);
    clock.advanceMinutes(16);
    await live.platform.app.services.chat.sweep();
    const unattended = (await outboxOf(db(), fx.orgId)).filter((r) => r.eventType === 'CHAT_NO_ATENDIDO');
    expect(unattended.map((r) => r.recipient).sort()).toEqual([fx.notices, fx.supervisor].sort());
    expect(unattended[0]?.variables).toMatchObject({ 'chat.espera': 16, 'chat.motivo': await reason('TIEMPO_ESPERA'), 'chat.split': 'Atención general' });
  });

  it("no transcript for a customer who left no e-mail, nor with the virtual agent's 'Descarga de la conversación' off; an attended-by-the-assistant end tells no supervisor", async () => {
    const fx = await organisation(0);
    const noEmail = await customerWith(fx, { [fx.fields.name]: 'Sin Correo', [fx.fields.docType]: 'PASAPORTE', [fx.fields.document]: '998877' });
    await noEmail.client.ok('widget:leave', {}, WidgetState);
    expect(await outboxOf(db(), fx.orgId)).toEqual([]);

    await db()
      .insert(virtualAgentFeatures)
      .values({ idVa: fx.vaId, idFeature: FEATURE_ID.transcript, status: false })
      .onConflictDoUpdate({ target: [virtualAgentFeatures.idVa, virtualAgentFeatures.idFeature], set: { status: false } });
    const off = await startCustomer(live.platform.url, fx, 4);
    clients.push(off.client);
    await off.client.ok('widget:leave', {}, WidgetState);
    expect(await outboxOf(db(), fx.orgId)).toEqual([]);

    // Switched on again, the next customer with an e-mail gets it.
    await db().update(virtualAgentFeatures).set({ status: true }).where(eq(virtualAgentFeatures.idVa, fx.vaId));
    const on = await startCustomer(live.platform.url, fx, 7);
    clients.push(on.client);
    await on.client.ok('widget:leave', {}, WidgetState);
    expect((await outboxOf(db(), fx.orgId)).map((r) => [r.eventType, r.recipient])).toEqual([['RESUMEN_CONVERSACION', 'cliente7@correo.co']]);
  });

  it('an organisation that keeps no template of the events queues nothing and wakes nobody', async () => {
    const fx = await createChatFixture(live.platform.app, { agentsA: 0 });
    await addUser(db(), fx.orgId, { role: 6, email: `sup.${fx.orgId}@pruebas.co`, name: 'Sup' });
    const customer = await startCustomer(live.platform.url, fx, 5);
    clients.push(customer.client);
    await askForAgent(customer);
    const before = kicks;
    await customer.client.ok('widget:leave', {}, WidgetState);
    expect(await outboxOf(db(), fx.orgId)).toEqual([]);
    expect(kicks).toBe(before);
  });

  it('an end that rolls back queues nothing; one that commits queues each event once, however often it is raised', async () => {
    const fx = await organisation(0);
    const customer = await startCustomer(live.platform.url, fx, 6);
    clients.push(customer.client);
    await askForAgent(customer);
    const end = (fail: boolean) =>
      inTransaction(db(), async (tx) => {
        const conv = await lockConversation(tx, customer.conversationId);
        if (!conv) throw new Error('no conversation');
        const step = { tx, now: clock.read(), fx: new Effects() };
        const ended = await endConversation(step, conv, { acronym: 'FCCC', endedBy: 'CLIENTE', notAttended: 'ABANDONO' });
        expect((await outboxOf(tx, fx.orgId)).length).toBe(3);
        // Raised again in the same transaction (as a retried step would): nothing more.
        expect(await raiseConversationEnded(step, ended, 'ABANDONO')).toBe(0);
        if (fail) throw new Error('rolled back');
        return step.fx.list.filter((e) => e.kind === 'notify').length;
      });
    await expect(end(true)).rejects.toThrow('rolled back');
    expect(await outboxOf(db(), fx.orgId)).toEqual([]);
    const [still] = await db().select({ status: conversations.status }).from(conversations).where(eq(conversations.idConv, customer.conversationId));
    expect(still?.status).toBe('EN_COLA');

    expect(await end(false)).toBe(1);
    const rows = await outboxOf(db(), fx.orgId);
    expect(rows.map((r) => r.eventType).sort()).toEqual(['CHAT_NO_ATENDIDO', 'CHAT_NO_ATENDIDO', 'RESUMEN_CONVERSACION']);
  });
});
