import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AgentChatSnapshot, LiveMessage, WidgetState } from '../../../src/shared/realtime';
import { CHAT_TEXT } from '../../../src/server/chat/texts';
import { BACKENDS, createTestDatabase, type TestDatabase } from '../../support/database';
import { connectWidget, type TestClient } from '../../support/clients';
import { createChatFixture, type ChatFixture } from './fixtures';
import { listenPlatform, MONDAY_10AM, TestClock, type Running } from '../../support/platform';
import { agentOnline, newClientId, startCustomer, startEscalated, SyncAck, type Customer } from './scenario';

const AgentTyping = z.object({ conversationId: z.string(), typing: z.boolean() });
const WidgetTyping = z.object({ typing: z.boolean() });
const TypingAck = z.object({ conversationId: z.string() });

/**
 * Typing indicators go only between the agent holding a chat and its customer (never to another
 * agent, another customer or another organisation; nothing stored), and an internal note never
 * reaches the customer's namespace.
 */
describe.each(BACKENDS)('typing indicators and internal notes (%s)', (backend) => {
  let database: TestDatabase;
  let platform: Running;
  let fx: ChatFixture;
  let other: ChatFixture;
  const clock = new TestClock(MONDAY_10AM);
  const clients: TestClient[] = [];
  /** Two chats of fx, each held by its own agent; a chat of the other organisation. */
  let first: { customer: Customer; agent: TestClient };
  let second: { customer: Customer; agent: TestClient };
  let foreign: { customer: Customer; agent: TestClient };

  async function escalatedTo(fixture: ChatFixture, n: number, agents: TestClient[]): Promise<{ customer: Customer; agent: TestClient }> {
    const customer = await startEscalated(platform.url, fixture, n);
    clients.push(customer.client);
    await customer.client.waitFor('widget:state', WidgetState, (s) => s.state === 'ASIGNADA');
    const holder = await Promise.any(agents.map((a) => a.waitFor('chat:incoming', AgentChatSnapshot, (s) => s.conversationId === customer.conversationId).then(() => a)));
    await holder.ok('chat:accept', { conversationId: customer.conversationId }, AgentChatSnapshot);
    return { customer, agent: holder };
  }

  beforeAll(async () => {
    database = await createTestDatabase(backend);
    platform = await listenPlatform(database.target, clock);
    fx = await createChatFixture(platform.app, { agentsA: 2, maxChats: 1 });
    other = await createChatFixture(platform.app, { agentsA: 1 });
    const agents = await Promise.all(fx.agents.map((a) => agentOnline(platform.url, a)));
    const [otherAgent] = await Promise.all(other.agents.map((a) => agentOnline(platform.url, a)));
    if (!otherAgent) throw new Error('an agent expected');
    clients.push(...agents, otherAgent);
    first = await escalatedTo(fx, 1, agents);
    second = await escalatedTo(fx, 2, agents);
    foreign = await escalatedTo(other, 1, [otherAgent]);
    expect(first.agent).not.toBe(second.agent);
  });

  afterAll(async () => {
    for (const c of clients) c.close();
    await platform?.close();
    await database?.drop();
  });

  it("relays the customer's typing to the agent holding the chat only", async () => {
    const c1 = first.customer.conversationId;
    const c2 = second.customer.conversationId;
    expect(await first.customer.client.ok('widget:typing', { typing: true }, WidgetTyping)).toEqual({ typing: true });
    await first.agent.waitFor('chat:typing', AgentTyping, (p) => p.conversationId === c1 && p.typing);
    // The second customer's indicator comes after the first's on the same server: once the
    // second agent has it, it would have had the first's too.
    await second.customer.client.ok('widget:typing', { typing: true }, WidgetTyping);
    await second.agent.waitFor('chat:typing', AgentTyping, (p) => p.conversationId === c2 && p.typing);
    await foreign.customer.client.ok('widget:typing', { typing: false }, WidgetTyping);
    await foreign.agent.waitFor('chat:typing', AgentTyping, (p) => !p.typing);

    expect(second.agent.received('chat:typing').map((p) => AgentTyping.parse(p).conversationId)).toEqual([c2]);
    expect(first.agent.received('chat:typing').map((p) => AgentTyping.parse(p).conversationId)).toEqual([c1]);
    expect(foreign.agent.received('chat:typing').map((p) => AgentTyping.parse(p).conversationId)).toEqual([foreign.customer.conversationId]);

    const bad = await first.customer.client.refused('widget:typing', { typing: 'sí' });
    expect(bad.status).toBe(400);
  });

  it("relays the agent's typing to its own customer only, and refuses chats it does not hold", async () => {
    const c1 = first.customer.conversationId;
    expect(await first.agent.ok('chat:typing', { conversationId: c1, typing: true }, TypingAck)).toEqual({ conversationId: c1 });
    await first.customer.client.waitFor('widget:typing', WidgetTyping, (p) => p.typing);
    await second.agent.ok('chat:typing', { conversationId: second.customer.conversationId, typing: false }, TypingAck);
    await second.customer.client.waitFor('widget:typing', WidgetTyping, (p) => !p.typing);
    expect(second.customer.client.received('widget:typing')).toEqual([{ typing: false }]);
    expect(first.customer.client.received('widget:typing')).toEqual([{ typing: true }]);
    expect(foreign.customer.client.received('widget:typing')).toEqual([]);

    expect(await second.agent.refused('chat:typing', { conversationId: c1, typing: true })).toEqual({ status: 409, message: CHAT_TEXT.notAssignedToYou });
    expect(await foreign.agent.refused('chat:typing', { conversationId: c1, typing: true })).toEqual({ status: 404, message: CHAT_TEXT.conversationNotFound });
    expect((await first.agent.refused('chat:typing', { conversationId: c1 })).status).toBe(400);
    expect((await first.agent.refused('chat:typing', { conversationId: 'no vale', typing: true })).status).toBe(400);
  });

  it('lets a customer with the assistant type without anyone hearing it', async () => {
    const alone = await startCustomer(platform.url, fx, 3);
    clients.push(alone.client);
    expect(await alone.client.ok('widget:typing', { typing: true }, WidgetTyping)).toEqual({ typing: true });
    // A socket that has not started a conversation has nothing to type in.
    const idle = await connectWidget(platform.url, { org: other.orgId, va: other.vaId });
    clients.push(idle);
    expect(await idle.refused('widget:typing', { typing: true })).toEqual({ status: 409, message: CHAT_TEXT.noConversation });
    await first.customer.client.ok('widget:typing', { typing: false }, WidgetTyping);
    await first.agent.waitFor('chat:typing', AgentTyping, (p) => !p.typing);
    for (const agent of [first.agent, second.agent, foreign.agent]) {
      expect(agent.received('chat:typing').every((p) => [first, second, foreign].some((x) => x.customer.conversationId === AgentTyping.parse(p).conversationId))).toBe(true);
    }
  });

  it('keeps an internal note away from the customer', async () => {
    const c1 = first.customer.conversationId;
    const SECRET = 'Nota interna: el cliente tiene un reclamo abierto';
    let saved: unknown = null;
    // Whichever of the two agents holds the chat writes it; the other is refused.
    for (const agent of fx.agents) {
      const res = await platform.app.inject({ method: 'POST', url: `/api/conversaciones/${c1}/notas`, headers: { authorization: `Bearer ${agent.token}` }, payload: { text: SECRET } });
      if (res.statusCode === 200) saved = res.json();
      else expect(res.statusCode).toBe(403);
    }
    expect(saved).toMatchObject({ conversationId: c1, text: SECRET });

    // A message after the note: once the customer has it, anything sent before would have come too.
    const after = await first.agent.ok('chat:send', { conversationId: c1, clientId: newClientId(), text: 'Ya reviso su caso' }, LiveMessage);
    await first.customer.client.waitFor('widget:message', LiveMessage, (m) => m.seq === after.seq);
    const synced = await first.customer.client.ok('widget:sync', { afterSeq: 0 }, SyncAck);
    const everything = JSON.stringify([...first.customer.client.events.entries(), synced]);
    expect(everything).toContain('Ya reviso su caso');
    expect(everything).not.toContain(SECRET);
    expect(JSON.stringify(first.agent.received('chat:message'))).not.toContain(SECRET);
  });
});
