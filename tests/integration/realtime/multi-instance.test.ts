import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { AgentChatSnapshot, AgentStatusView, WidgetState } from '../../../src/shared/realtime';
import { conversations } from '../../../src/server/db/schema';
import { createChatFixture, type ChatFixture } from './fixtures';
import { twoInstances, twoInstancesReady } from '../../support/platform';
import { agentOnline, startEscalated, type Customer } from './scenario';

describe.skipIf(!twoInstancesReady('multi-instance live chat test'))('two server instances on one PostgreSQL and one Redis (needs DATABASE_URL and REDIS_URL)', () => {
  const live = twoInstances();
  let fx: ChatFixture;

  beforeAll(async () => {
    fx = await createChatFixture(live.one.app, { agentsA: 6, maxChats: 2 });
  });

  it('both assign from the same queue without ever exceeding an agent limit, and events reach sockets on the other instance', async () => {
    const MAX = 2;
    const CUSTOMERS = 40;
    const db = live.one.app.db;
    const agentIds = fx.agents.map((a) => a.userId);
    // Agents 0–2 on the first instance, 3–5 on the second.
    const agents = await Promise.all(fx.agents.map((a, i) => agentOnline(i < 3 ? live.one.url : live.two.url, a)));
    live.clients.push(...agents);

    const openPerAgent = async () => {
      const rows = await db
        .select({ agentId: conversations.agentId, status: conversations.status })
        .from(conversations)
        .where(eq(conversations.organizationId, fx.orgId));
      const open = new Map<number, number>();
      for (const r of rows) if (r.agentId !== null && (r.status === 'ASIGNADA' || r.status === 'ACTIVA')) open.set(r.agentId, (open.get(r.agentId) ?? 0) + 1);
      const count = (s: string) => rows.filter((r) => r.status === s).length;
      return { max: Math.max(0, ...open.values()), assigned: count('ASIGNADA') + count('ACTIVA'), queued: count('EN_COLA'), total: rows.length };
    };
    const violations: number[] = [];
    let watching = true;
    const watcher = (async () => {
      while (watching) {
        const seen = await openPerAgent();
        if (seen.max > MAX) violations.push(seen.max);
        await new Promise((r) => setTimeout(r, 20));
      }
    })();

    // Customers on both instances at once: each instance routes what it escalates.
    const customers: Customer[] = [];
    const pending = Array.from({ length: CUSTOMERS }, (_, i) => i + 1);
    await Promise.all(
      Array.from({ length: 20 }, async () => {
        for (let n = pending.shift(); n !== undefined; n = pending.shift()) {
          const c = await startEscalated(n % 2 === 0 ? live.one.url : live.two.url, fx, n);
          customers.push(c);
          live.clients.push(c.client);
        }
      })
    );
    const settle = async () => {
      await Promise.all([live.one.app.services.chat.assignQueued(), live.two.app.services.chat.assignQueued()]);
      const seen = await openPerAgent();
      expect(seen.max).toBeLessThanOrEqual(MAX);
      expect(seen.total).toBe(CUSTOMERS);
      expect(seen.assigned).toBe(agentIds.length * MAX);
      expect(seen.queued).toBe(CUSTOMERS - agentIds.length * MAX);
    };
    await settle();

    // Churn on both instances at once: agents drop their ENTRANTE chats (Desconectado) and come back; both routers race for them.
    for (let round = 0; round < 3; round++) {
      await Promise.all(
        agents.map(async (client, i) => {
          if ((i + round) % 2 !== 0) return;
          await client.ok('agent:status', { status: 'DESCONECTADO' }, AgentStatusView);
          await client.ok('agent:status', { status: 'CONECTADO' }, AgentStatusView);
        })
      );
      await settle();
    }
    watching = false;
    await watcher;
    expect(violations).toEqual([]);

    // Every agent heard of every chat it holds, whichever instance assigned it.
    for (const [i, client] of agents.entries()) {
      const held = await db
        .select({ id: conversations.idConv })
        .from(conversations)
        .where(and(eq(conversations.agentId, agentIds[i] ?? 0), inArray(conversations.status, ['ASIGNADA', 'ACTIVA'])));
      for (const { id } of held) await client.waitFor('chat:incoming', AgentChatSnapshot, (s) => s.conversationId === id);
    }
    // And every customer whose chat is assigned heard it, whichever instance holds its socket.
    const assigned = await db
      .select({ id: conversations.idConv })
      .from(conversations)
      .where(and(eq(conversations.organizationId, fx.orgId), eq(conversations.status, 'ASIGNADA')));
    for (const { id } of assigned) {
      const customer = customers.find((c) => c.conversationId === id);
      if (!customer) throw new Error(`no customer for ${id}`);
      await customer.client.waitFor('widget:state', WidgetState, (s) => s.state === 'ASIGNADA');
    }
  });
});
