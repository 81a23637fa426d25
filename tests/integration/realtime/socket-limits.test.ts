import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { AgentChatSnapshot, LiveMessage } from '../../../src/shared/realtime';
import { CHAT_TEXT } from '../../../src/server/chat/texts';
import { DEFAULT_SOCKET_RATE_LIMITS } from '../../../src/server/config';
import { botInteractions, messages } from '../../../src/server/db/schema';
import { BACKENDS, createTestDatabase, type TestDatabase } from '../../support/database';
import { parseAck, type TestClient } from '../../support/clients';
import { createChatFixture, type ChatFixture } from './fixtures';
import { listenPlatform, MONDAY_10AM, TestClock, type Running } from '../../support/platform';
import { agentOnline, newClientId, startCustomer, startEscalated } from './scenario';

/**
 * The per-socket limits of the live chat with the production defaults (issue 18): a burst over the
 * message budget is refused through the acks, stores nothing and never reaches the assistant;
 * copies of one clientId cost one message; other events have their own, larger cap. Counts only:
 * how many of a burst get in depends on the refill during it, so the tests check what was refused
 * against what was stored, never a time.
 */

const QUESTION = '¿Cuál es el horario de atención?';
const BURST = 30;

type Outcome = { clientId: string; ok: true; seq: number } | { clientId: string; ok: false; status: number; message: string };

async function burst(client: TestClient, event: string, payloads: ({ clientId: string } & Record<string, unknown>)[]): Promise<Outcome[]> {
  return Promise.all(
    payloads.map(async (payload): Promise<Outcome> => {
      const ack = parseAck(await client.request(event, payload), LiveMessage);
      return ack.ok ? { clientId: payload.clientId, ok: true, seq: ack.data.seq } : { clientId: payload.clientId, ok: false, ...ack.error };
    })
  );
}

describe.each(BACKENDS)('socket rate limits (%s)', (backend) => {
  let database: TestDatabase;
  let platform: Running;
  let fx: ChatFixture;
  const clock = new TestClock(MONDAY_10AM);
  const clients: TestClient[] = [];

  beforeAll(async () => {
    database = await createTestDatabase(backend);
    platform = await listenPlatform(database.target, clock, { socketRateLimits: DEFAULT_SOCKET_RATE_LIMITS });
    fx = await createChatFixture(platform.app, { agentsA: 1 });
  });

  afterAll(async () => {
    for (const c of clients) c.close();
    await platform?.close();
    await database?.drop();
  });

  const storedClientIds = async (conversationId: string, clientIds: string[]) =>
    (
      await platform.app.db
        .select({ clientId: messages.clientId })
        .from(messages)
        .where(and(eq(messages.conversationId, conversationId), inArray(messages.clientId, clientIds)))
    ).map((m) => m.clientId);
  const assistantTurns = async (conversationId: string) =>
    (await platform.app.db.select({ id: botInteractions.id }).from(botInteractions).where(eq(botInteractions.conversationId, conversationId))).length;

  it('refuses a widget burst over the budget with 429 acks: nothing of it stored, the assistant not called for it', async () => {
    const customer = await startCustomer(platform.url, fx, 1);
    clients.push(customer.client);
    const turnsBefore = await assistantTurns(customer.conversationId);
    const sent = Array.from({ length: BURST }, () => ({ clientId: newClientId(), text: QUESTION, attachment: null }));
    const outcomes = await burst(customer.client, 'widget:message', sent);

    const accepted = outcomes.filter((o) => o.ok).map((o) => o.clientId);
    const refused = outcomes.filter((o) => !o.ok);
    expect(refused.length).toBeGreaterThan(0);
    expect(accepted.length).toBeGreaterThan(0);
    expect(new Set(refused.map((o) => (o.ok ? null : [o.status, o.message].join(' '))))).toEqual(new Set([`429 ${CHAT_TEXT.tooManyMessages}`]));
    expect((await storedClientIds(customer.conversationId, sent.map((s) => s.clientId))).sort()).toEqual([...accepted].sort());
    // One assistant turn per accepted question, none for a refused one.
    expect((await assistantTurns(customer.conversationId)) - turnsBefore).toBe(accepted.length);
  });

  it('charges copies of one clientId once: a retry storm of an admitted message is answered with its stored row', async () => {
    const customer = await startCustomer(platform.url, fx, 2);
    clients.push(customer.client);
    const clientId = newClientId();
    const copies = await burst(
      customer.client,
      'widget:message',
      Array.from({ length: BURST }, () => ({ clientId, text: QUESTION, attachment: null }))
    );
    expect(copies.every((o) => o.ok)).toBe(true);
    expect(new Set(copies.map((o) => (o.ok ? o.seq : -1))).size).toBe(1);
    expect(await storedClientIds(customer.conversationId, [clientId])).toEqual([clientId]);

    // The budget is still there: with widget:start and that one message taken, the rest of the burst fits.
    const rest = Array.from({ length: DEFAULT_SOCKET_RATE_LIMITS.messages.burst - 2 }, () => ({ clientId: newClientId(), text: QUESTION, attachment: null }));
    const outcomes = await burst(customer.client, 'widget:message', rest);
    expect(outcomes.filter((o) => !o.ok)).toEqual([]);
  });

  it('typing notices do not spend the message budget', async () => {
    const customer = await startCustomer(platform.url, fx, 3);
    clients.push(customer.client);
    const typing = await Promise.all(Array.from({ length: 40 }, (_, i) => customer.client.request('widget:typing', { typing: i % 2 === 0 })));
    expect(typing.map((raw) => parseAck(raw, z.unknown()).ok)).toEqual(typing.map(() => true));
    const messagesAfter = Array.from({ length: DEFAULT_SOCKET_RATE_LIMITS.messages.burst - 1 }, () => ({ clientId: newClientId(), text: QUESTION, attachment: null }));
    expect((await burst(customer.client, 'widget:message', messagesAfter)).filter((o) => !o.ok)).toEqual([]);
  });

  it('caps any event flood of one socket, and another socket is unaffected', async () => {
    const customer = await startCustomer(platform.url, fx, 4);
    const bystander = await startCustomer(platform.url, fx, 5);
    clients.push(customer.client, bystander.client);
    const syncs = await Promise.all(Array.from({ length: 3 * DEFAULT_SOCKET_RATE_LIMITS.events.burst }, () => customer.client.request('widget:sync', { afterSeq: 0 })));
    const refusals = syncs.map((raw) => parseAck(raw, z.unknown())).filter((a) => !a.ok);
    expect(refusals.length).toBeGreaterThan(0);
    expect(new Set(refusals.map((a) => (a.ok ? '' : `${a.error.status} ${a.error.message}`)))).toEqual(new Set([`429 ${CHAT_TEXT.tooManyEvents}`]));
    const other = await bystander.client.ok('widget:message', { clientId: newClientId(), text: QUESTION, attachment: null }, LiveMessage);
    expect(other.tipoUsuario).toBe('CLIENTE');
  });

  it('refuses an agent burst over the budget the same way, storing only what it acked', async () => {
    const [agentSpec] = fx.agents;
    if (!agentSpec) throw new Error('one agent expected');
    const agent = await agentOnline(platform.url, agentSpec);
    const customer = await startEscalated(platform.url, fx, 6);
    clients.push(agent, customer.client);
    const conversationId = customer.conversationId;
    await agent.waitFor('chat:incoming', AgentChatSnapshot, (s) => s.conversationId === conversationId);
    await agent.ok('chat:accept', { conversationId }, AgentChatSnapshot);

    const sent = Array.from({ length: BURST }, (_, i) => ({ conversationId, clientId: newClientId(), text: `respuesta ${i}`, attachment: null }));
    const outcomes = await burst(agent, 'chat:send', sent);
    const accepted = outcomes.filter((o) => o.ok).map((o) => o.clientId);
    expect(outcomes.some((o) => !o.ok && o.status === 429 && o.message === CHAT_TEXT.tooManyMessages)).toBe(true);
    expect(outcomes.every((o) => o.ok || o.status === 429)).toBe(true);
    expect((await storedClientIds(conversationId, sent.map((s) => s.clientId))).sort()).toEqual([...accepted].sort());
  });
});
