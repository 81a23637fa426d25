import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { WidgetState } from '../../../src/shared/realtime';
import { conversations } from '../../../src/server/db/schema';
import { BACKENDS } from '../../support/database';
import { createChatFixture } from '../realtime/fixtures';
import { platformForBlock } from '../../support/platform';
import { agentOnline, startEscalated, SyncAck, type Customer } from '../realtime/scenario';

/** The customer's place in the queue (WidgetState.queuePosition, issue 17): on queueing, on sync, and whenever the queue moves. */
describe.each(BACKENDS)('queue position in the widget (%s)', (backend) => {
  const live = platformForBlock(backend);
  const { clock, clients } = live;

  /** The newest state the customer heard, once it says `test`. */
  const heard = (customer: Customer, test: (s: WidgetState) => boolean) =>
    customer.client.waitFor('widget:state', WidgetState, (s) => s.conversationId === customer.conversationId && test(s));
  const sync = (customer: Customer) => customer.client.ok('widget:sync', { afterSeq: 0 }, SyncAck);

  it('counts the waiting conversations of the split ahead of each customer and follows the queue as it moves', async () => {
    const fx = await createChatFixture(live.platform.app, { agentsA: 1, maxChats: 1 });
    const [agent] = fx.agents;
    if (!agent) throw new Error('one agent expected');

    // No agent connected: three customers queue, a second apart, in split A.
    const customers: Customer[] = [];
    for (let n = 1; n <= 3; n++) {
      clock.advanceMs(1000);
      const customer = await startEscalated(live.platform.url, fx, n);
      clients.push(customer.client);
      customers.push(customer);
    }
    const [first, second, third] = customers;
    if (!first || !second || !third) throw new Error('three customers expected');
    expect((await sync(first)).state).toMatchObject({ state: 'EN_COLA', queuePosition: 1 });
    expect((await sync(second)).state).toMatchObject({ state: 'EN_COLA', queuePosition: 2 });
    expect((await sync(third)).state).toMatchObject({ state: 'EN_COLA', queuePosition: 3, agentName: null });
    // Each heard its place as it queued.
    await heard(first, (s) => s.state === 'EN_COLA' && s.queuePosition === 1);
    await heard(third, (s) => s.state === 'EN_COLA' && s.queuePosition === 3);

    // The second leaves the queue: the third moves up.
    await second.client.ok('widget:leave', {}, WidgetState);
    await heard(third, (s) => s.state === 'EN_COLA' && s.queuePosition === 2);
    expect((await sync(third)).state.queuePosition).toBe(2);

    // The agent connects and is offered the first (one chat at most): it is no longer in the queue, the third is next.
    const agentClient = await agentOnline(live.platform.url, agent);
    clients.push(agentClient);
    const offered = await heard(first, (s) => s.state === 'ASIGNADA');
    expect(offered.queuePosition).toBeNull();
    await heard(third, (s) => s.state === 'EN_COLA' && s.queuePosition === 1);
    expect((await sync(third)).state).toMatchObject({ state: 'EN_COLA', queuePosition: 1 });
    expect((await sync(first)).state.queuePosition).toBeNull();

    // What the position counts is the database's queue.
    const [row] = await live.platform.app.db.select({ status: conversations.status }).from(conversations).where(eq(conversations.idConv, third.conversationId));
    expect(row?.status).toBe('EN_COLA');
  });
});
