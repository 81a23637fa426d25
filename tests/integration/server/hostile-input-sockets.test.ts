import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { INT4_MAX } from '../../../src/shared/domain/fields';
import { AGENT_NAMESPACE, MONITOR_NAMESPACE, WIDGET_NAMESPACE, agentClientEvents, monitorClientEvents, widgetClientEvents } from '../../../src/shared/realtime';
import { connectAgent, connectMonitor, connectWidget, handshakeRefusal, type TestClient } from '../../support/clients';
import { createChatFixture, entryAnswers, type ChatFixture } from '../realtime/fixtures';
import { listenPlatform, MONDAY_10AM, TestClock, type Running } from '../../support/platform';
import { MAX_SOCKET_PACKET_BYTES } from '../../../src/server/realtime/server';
import { BACKENDS, createTestDatabase, type TestDatabase } from '../../support/database';
import { signIn } from '../../support/app';
import { HUGE_TEXT, INJECTION, NUL_TEXT, changedTables, fieldVariants, sampleOf, tableDigest } from './hostile-input-cases';

/**
 * The socket contract's side of the hostile-input suite: every client event of the agent, widget
 * and monitor namespaces (src/shared/realtime.ts), and both handshakes, fed hostile payloads, answers a
 * 4xx ack or refusal — never a 500, never silence — and writes nothing. The events are read from
 * the contract, so an event is covered the day it is added.
 */

const ACK_MS = 10_000;

describe.each(BACKENDS)('hostile input on every socket event, on %s', (backend) => {
  let database: TestDatabase;
  let platform: Running;
  let fx: ChatFixture;
  let agent: TestClient;
  let widget: TestClient;
  let conversationId: string;
  let widgetToken: string;
  let agentToken: string;
  let monitorToken: string;
  let before: Record<string, string>;

  beforeAll(async () => {
    database = await createTestDatabase(backend);
    platform = await listenPlatform(database.target, new TestClock(MONDAY_10AM));
    fx = await createChatFixture(platform.app, { agentsA: 1 });
    agentToken = fx.agents[0]?.token ?? '';
    // A Superadministrador: monitor:follow's every check (the organisation chosen) is his to reach.
    monitorToken = (await signIn(platform.app, 'superadmin@demo.co')).token;
    agent = await connectAgent(platform.url, agentToken, false);
    widget = await connectWidget(platform.url, { org: fx.orgId, va: fx.vaId }, false);
    // A conversation the widget holds, so that its events reach their handlers' checks.
    const started = await widget.ok('widget:start', { fields: entryAnswers(fx, 1) }, z.object({ conversationId: z.string(), token: z.string() }));
    conversationId = started.conversationId;
    widgetToken = started.token;
    before = await tableDigest(platform.app);
  });
  afterAll(async () => {
    agent.close();
    widget.close();
    await platform.close();
    await database.drop();
  });

  it('refuses hostile handshakes with a 4xx', async () => {
    const problems: string[] = [];
    const widgetAuths: Record<string, unknown>[] = [
      { org: INT4_MAX + 1, va: fx.vaId },
      { org: fx.orgId, va: Number.MAX_SAFE_INTEGER },
      { org: String(INT4_MAX + 1), va: String(fx.vaId) },
      { org: -1, va: fx.vaId },
      { org: 1.5, va: fx.vaId },
      { org: NUL_TEXT, va: fx.vaId },
      { org: { $gt: 0 }, va: fx.vaId },
      { org: INJECTION, va: fx.vaId },
      {},
      { conversationId: NUL_TEXT, token: 'x' },
      { conversationId: HUGE_TEXT, token: 'x' },
      { conversationId, token: HUGE_TEXT },
      { conversationId, token: 'falso' }
    ];
    for (const auth of widgetAuths) {
      const refusal = await handshakeRefusal(platform.url, WIDGET_NAMESPACE, auth);
      if (refusal.status === null || refusal.status < 400 || refusal.status >= 500) problems.push(`widget ${JSON.stringify(auth).slice(0, 80)}: ${refusal.status}`);
    }
    for (const namespace of [AGENT_NAMESPACE, MONITOR_NAMESPACE]) {
      for (const auth of [{}, { token: 'x' }, { token: NUL_TEXT }, { token: HUGE_TEXT }, { token: 12345 }, { token: { a: 1 } }]) {
        const refusal = await handshakeRefusal(platform.url, namespace, auth);
        if (refusal.status === null || refusal.status < 400 || refusal.status >= 500) problems.push(`${namespace} ${JSON.stringify(auth).slice(0, 80)}: ${refusal.status}`);
      }
    }
    expect(problems).toEqual([]);
  }, 120_000);

  it('refuses hostile payloads on every client event with a 4xx ack', async () => {
    const problems: string[] = [];
    let sent = 0;
    // A socket's event budget (its flood cap) is spent by this many sends: then a fresh socket goes on, so
    // that every payload meets the contract's validation rather than the flood cap.
    const PER_SOCKET = 50;
    const namespaces = [
      { name: 'agent', connect: () => connectAgent(platform.url, agentToken, false), events: agentClientEvents as Record<string, z.ZodType> },
      { name: 'widget', connect: () => connectWidget(platform.url, { conversationId, token: widgetToken }, false), events: widgetClientEvents as Record<string, z.ZodType> },
      { name: 'monitor', connect: () => connectMonitor(platform.url, monitorToken), events: monitorClientEvents as Record<string, z.ZodType> }
    ];
    for (const { name, connect, events } of namespaces) {
      let client = await connect();
      let used = 0;
      for (const [event, schema] of Object.entries(events)) {
        const base = sampleOf(schema);
        const object = (base && typeof base === 'object' && !Array.isArray(base) ? base : {}) as Record<string, unknown>;
        const cases: { label: string; payload: unknown }[] = [
          { label: 'a text', payload: 'hola' },
          { label: 'a number', payload: 12345 },
          { label: 'a list', payload: [object] },
          { label: 'null', payload: null },
          { label: 'nested 50 deep', payload: JSON.parse(`${'{"a":'.repeat(50)}1${'}'.repeat(50)}`) },
          { label: '__proto__ key', payload: JSON.parse(`{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}`) }
        ];
        for (const { field, variant, input } of fieldVariants(schema, object, false)) {
          if (schema.safeParse(input).success) {
            if (variant.must) problems.push(`${name} ${event}: ${field}=${variant.label} is accepted by the contract`);
            continue; // data the contract accepts: sending it would act
          }
          cases.push({ label: `${field}=${variant.label}`, payload: input });
        }
        for (const c of cases) {
          if (schema.safeParse(c.payload).success) continue;
          if (++used > PER_SOCKET) {
            client.close();
            client = await connect();
            used = 1;
          }
          sent++;
          const where = `${name} ${event} ${c.label}`;
          try {
            const ack = z.object({ ok: z.literal(false), error: z.object({ status: z.number(), message: z.string().min(1) }) }).safeParse(await client.request(event, c.payload, ACK_MS));
            if (!ack.success) problems.push(`${where}: not a refusal`);
            // A 429 would be the flood cap answering, not the contract: the payload went unchecked.
            else if (ack.data.error.status < 400 || ack.data.error.status >= 500 || ack.data.error.status === 429) problems.push(`${where}: ${ack.data.error.status} ${ack.data.error.message}`);
          } catch (error) {
            problems.push(`${where}: ${error instanceof Error ? error.message : String(error)}`);
          }
        }
      }
      client.close();
    }
    expect(problems).toEqual([]);
    expect(sent).toBeGreaterThan(100);
  }, 180_000);

  it('refuses a 2 MB message, drops a frame over the socket limit without harm, and keeps answering', async () => {
    const large = await widget.request('widget:message', { clientId: 'abcdefgh1', text: 'x'.repeat(2_000_000), attachment: null }, ACK_MS);
    expect(z.object({ ok: z.literal(false), error: z.object({ status: z.literal(400) }) }).safeParse(large).success).toBe(true);
    const big = await connectWidget(platform.url, { org: fx.orgId, va: fx.vaId }, false);
    const dropped = new Promise<void>((resolve) => big.socket.once('disconnect', () => resolve()));
    big.socket.emit('widget:message', { clientId: 'abcdefgh1', text: 'x'.repeat(MAX_SOCKET_PACKET_BYTES + 1024), attachment: null });
    await dropped;
    const ack = await widget.request('widget:sync', { afterSeq: 0 }, ACK_MS);
    expect(z.object({ ok: z.literal(true) }).safeParse(ack).success).toBe(true);
  }, 60_000);

  it('wrote nothing: every table is as it was', async () => {
    expect(changedTables(before, await tableDigest(platform.app))).toEqual([]);
  }, 60_000);
});
