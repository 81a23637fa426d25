import { describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import { AgentChatSnapshot, LiveMessage, WidgetState } from '../../../src/shared/realtime';
import type { SessionExpiryKind } from '../../../src/shared/domain/session-expiry';
import { conversations, messages } from '../../../src/server/db/schema';
import { sessionExpiryRepository } from '../../../src/server/settings/repositories/session-expiry';
import { expectTotalsMatchRows } from '../server/stats-totals-check';
import { BACKENDS } from '../../support/database';
import { createChatFixture, type ChatFixture } from './fixtures';
import { MONDAY_10AM, platformForBlock } from '../../support/platform';
import { agentOnline, Ended, newClientId, startCustomer, startEscalated } from './scenario';

/**
 * expiracion-sesion in the engine: a conversation silent past its virtual agent's session-expiry
 * type (counted from the last message of either side) is closed with the type's message, the type
 * kept as the reason; a saved change applies to the next silent conversation, with no restart.
 * The other timers are set far away (60 minutes) so that only the types decide here.
 */
describe.each(BACKENDS)('session expiry in the engine (%s)', (backend) => {
  const live = platformForBlock(backend);
  const { clock, clients } = live;
  const farTimers = { tiempoInactividadCliente: 60, timeInactivityClient: 60, timeInactivityAgent: 60, timeMaxInitConversation: 60 };

  const db = () => live.platform.app.db;
  const sweepNow = () => live.platform.app.services.chat.sweep();
  const conv = async (id: string) => {
    const [row] = await db().select().from(conversations).where(eq(conversations.idConv, id));
    if (!row) throw new Error(`no conversation ${id}`);
    return row;
  };
  const senders = async (id: string) =>
    (await db().select().from(messages).where(eq(messages.conversationId, id)).orderBy(asc(messages.seq))).map((m) => `${m.tipoUsuario}:${m.tipoMensaje}`);
  const commands = async (id: string) =>
    (await db().select().from(messages).where(and(eq(messages.conversationId, id), eq(messages.tipoMensaje, 'COMMAND')))).map((m) => m.mensaje);

  /** Sets the virtual agent's type of `kind` as the screen does (the repository behind updateSessionExpirationType). */
  async function setType(fx: ChatFixture, kind: SessionExpiryKind, clientMessage: string, closingTime: number) {
    const types = await sessionExpiryRepository.list(db(), fx.orgId, fx.vaId);
    const type = types.find((t) => t.kind === kind);
    if (!type) throw new Error(`no ${kind} type`);
    return sessionExpiryRepository.update(db(), fx.orgId, { idVa: fx.vaId, idSessionExpirationType: type.idSessionExpirationType, clientMessage, closingTime }, clock.now);
  }

  it('closes a chat the assistant greeted and the customer never answered, with the BOT type message (CCCNE, the type kept)', async () => {
    clock.now = MONDAY_10AM;
    const fx = await createChatFixture(live.platform.app, { agentsA: 0, ...farTimers });
    const bot = await setType(fx, 'BOT', 'Cerramos el chat: no supimos de ti en 3 minutos.', 3);
    const customer = await startCustomer(live.platform.url, fx, 1);
    clients.push(customer.client);
    // Only the assistant spoke.
    expect(await senders(customer.conversationId)).toEqual(['BOT:TEXTO']);
    clock.advanceMinutes(2.5);
    await sweepNow();
    expect((await conv(customer.conversationId)).status).toBe('BOT');
    clock.advanceMinutes(1);
    const report = await sweepNow();
    expect(report.botSessionExpired).toBe(1);
    expect(report.botInactive).toBe(0);
    expect(await conv(customer.conversationId)).toMatchObject({
      status: 'FINALIZADA',
      endedBy: 'SISTEMA',
      endAcronym: 'CCCNE',
      sessionExpirationTypeId: bot.idSessionExpirationType,
      endClientMessage: 'Cerramos el chat: no supimos de ti en 3 minutos.'
    });
    const state = await customer.client.waitFor('widget:state', WidgetState, (s) => s.state === 'FINALIZADA');
    expect(state.endMessage).toBe('Cerramos el chat: no supimos de ti en 3 minutos.');
    expect(await commands(customer.conversationId)).toEqual(['CCCNE']);
  });

  it('counts the silence with the assistant from the last message of either side: a customer message starts it again', async () => {
    clock.now = MONDAY_10AM;
    const fx = await createChatFixture(live.platform.app, { agentsA: 0, ...farTimers });
    await setType(fx, 'BOT', 'Sesión cerrada por inactividad.', 3);
    const customer = await startCustomer(live.platform.url, fx, 1);
    clients.push(customer.client);
    clock.advanceMinutes(2);
    await customer.client.ok('widget:message', { clientId: newClientId(), text: '¿Cuál es el horario de atención?' }, LiveMessage);
    // 4 minutes after the greeting, 2 after the customer's message: still open.
    clock.advanceMinutes(2);
    await sweepNow();
    expect((await conv(customer.conversationId)).status).toBe('BOT');
    clock.advanceMinutes(1.5);
    await sweepNow();
    expect(await conv(customer.conversationId)).toMatchObject({ status: 'FINALIZADA', endAcronym: 'CCCNE', endClientMessage: 'Sesión cerrada por inactividad.' });
  });

  it('closes a conversation with an agent silent on both sides past the ASESOR type; an agent message starts the silence again', async () => {
    clock.now = MONDAY_10AM;
    const fx = await createChatFixture(live.platform.app, { agentsA: 1, ...farTimers });
    const [one] = fx.agents;
    if (!one) throw new Error('one agent expected');
    const type = await setType(fx, 'ASESOR', 'Tu asesor cerró la conversación por inactividad.', 5);
    const agent = await agentOnline(live.platform.url, one);
    clients.push(agent);
    const customer = await startEscalated(live.platform.url, fx, 1);
    clients.push(customer.client);
    await agent.waitFor('chat:incoming', AgentChatSnapshot, (s) => s.conversationId === customer.conversationId);
    await agent.ok('chat:accept', { conversationId: customer.conversationId }, AgentChatSnapshot);
    clock.advanceMinutes(3);
    await agent.ok('chat:send', { conversationId: customer.conversationId, clientId: newClientId(), text: '¿Sigue ahí?' }, LiveMessage);
    // 7 minutes since the customer wrote, 4 since the agent did: open.
    clock.advanceMinutes(4);
    const quiet = await sweepNow();
    expect(quiet.agentSessionExpired).toBe(0);
    expect((await conv(customer.conversationId)).status).toBe('ACTIVA');
    clock.advanceMinutes(1.5);
    const report = await sweepNow();
    expect(report.agentSessionExpired).toBe(1);
    expect(await conv(customer.conversationId)).toMatchObject({
      status: 'FINALIZADA',
      endedBy: 'SISTEMA',
      endAcronym: 'FCTIC',
      sessionExpirationTypeId: type.idSessionExpirationType,
      endClientMessage: 'Tu asesor cerró la conversación por inactividad.'
    });
    await agent.waitFor('chat:ended', Ended, (e) => e.conversationId === customer.conversationId && e.endAcronym === 'FCTIC');
    const state = await customer.client.waitFor('widget:state', WidgetState, (s) => s.state === 'FINALIZADA');
    expect(state.endMessage).toBe('Tu asesor cerró la conversación por inactividad.');
  });

  it('applies a saved message and time to the next silent customer at once, and leaves what an earlier close told its customer', async () => {
    clock.now = MONDAY_10AM;
    const fx = await createChatFixture(live.platform.app, { agentsA: 0, ...farTimers });
    await setType(fx, 'BOT', 'Mensaje anterior.', 10);
    const first = await startCustomer(live.platform.url, fx, 1);
    clients.push(first.client);
    clock.advanceMinutes(10.5);
    await sweepNow();
    expect(await conv(first.conversationId)).toMatchObject({ status: 'FINALIZADA', endClientMessage: 'Mensaje anterior.' });

    // The administrator shortens the time and changes the message, on the running platform.
    await setType(fx, 'BOT', 'Mensaje nuevo, dos minutos.', 2);
    const second = await startCustomer(live.platform.url, fx, 2);
    clients.push(second.client);
    clock.advanceMinutes(1.5);
    await sweepNow();
    expect((await conv(second.conversationId)).status).toBe('BOT');
    clock.advanceMinutes(1);
    await sweepNow();
    expect(await conv(second.conversationId)).toMatchObject({ status: 'FINALIZADA', endClientMessage: 'Mensaje nuevo, dos minutos.' });
    const state = await second.client.waitFor('widget:state', WidgetState, (s) => s.state === 'FINALIZADA');
    expect(state.endMessage).toBe('Mensaje nuevo, dos minutos.');
    // The first customer was told the message of its time.
    expect((await conv(first.conversationId)).endClientMessage).toBe('Mensaje anterior.');
  });

  it('leaves a virtual agent without types to the chat parameters (CCCNE with the end message)', async () => {
    clock.now = MONDAY_10AM;
    const fx = await createChatFixture(live.platform.app, { agentsA: 0, ...farTimers, tiempoInactividadCliente: 4 });
    const customer = await startCustomer(live.platform.url, fx, 1);
    clients.push(customer.client);
    clock.advanceMinutes(4.5);
    await sweepNow();
    expect(await conv(customer.conversationId)).toMatchObject({ status: 'FINALIZADA', endAcronym: 'CCCNE', sessionExpirationTypeId: null, endClientMessage: null });
    const state = await customer.client.waitFor('widget:state', WidgetState, (s) => s.state === 'FINALIZADA');
    expect(state.endMessage).toBe(fx.endText.CCCNE);
  });

  it('leaves the statistics totals as a rebuild from the rows computes them', async () => {
    await expectTotalsMatchRows(db());
  });
});
