import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io, type Socket } from 'socket.io-client';
import { eq } from 'drizzle-orm';
import { runSimulation } from '../../scripts/simulate';
import { botInteractions, conversations } from '../../src/server/db/schema';
import { AGENT_NAMESPACE, AgentChatSnapshot, SOCKET_PATH } from '../../src/shared/realtime';
import { BACKENDS } from '../support/database';
import { createTestApp, signIn, type TestPlatform } from '../support/app';

/** An agent who takes every chat offered and greets the customer: enough for customers to be attended. */
async function autoAgent(url: string, token: string): Promise<{ accepted: Set<string>; close(): void }> {
  const accepted = new Set<string>();
  const socket: Socket = io(`${url}${AGENT_NAMESPACE}`, { path: SOCKET_PATH, auth: { token } });
  socket.on('chat:incoming', (raw: unknown) => {
    const chat = AgentChatSnapshot.safeParse(raw);
    if (!chat.success) return;
    const conversationId = chat.data.conversationId;
    void (async () => {
      const ack: unknown = await socket.timeout(10_000).emitWithAck('chat:accept', { conversationId });
      if (typeof ack === 'object' && ack !== null && 'ok' in ack && ack.ok === true) {
        accepted.add(conversationId);
        await socket.timeout(10_000).emitWithAck('chat:send', { conversationId, clientId: `agent-${conversationId}`, text: 'Hola, soy tu asesora. ¿En qué te ayudo?', attachment: null });
      }
    })().catch(() => undefined);
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  const status: unknown = await socket.timeout(10_000).emitWithAck('agent:status', { status: 'CONECTADO', pauseEventId: null });
  expect(status).toMatchObject({ ok: true });
  return { accepted, close: () => socket.disconnect() };
}

describe.each(BACKENDS)('npm run simulate against a platform on %s', (backend) => {
  let platform: TestPlatform;
  let url: string;

  beforeAll(async () => {
    platform = await createTestApp(backend);
    await platform.app.listen({ port: 0, host: '127.0.0.1' });
    const address = platform.app.server.address();
    if (typeof address !== 'object' || !address) throw new Error('not listening');
    url = `http://127.0.0.1:${address.port}`;
  });
  afterAll(() => platform.close());

  it('drives customers through the assistant, the queue, an agent, leaving and the survey', async () => {
    const agentSession = await signIn(platform.app, 'asesor@demo.co');
    const agent = await autoAgent(url, agentSession.token);
    const lines: string[] = [];
    try {
      const summary = await runSimulation({
        url,
        org: 100,
        va: 1,
        customers: 3,
        rate: 20,
        waitSeconds: 20,
        log: (line) => lines.push(line),
        ackTimeoutMs: 5000,
        giveUpMs: 20_000,
        pauseMs: 50,
        replyWaitMs: 10_000,
        progressEveryMs: 50
      });
      expect(summary.errorMessages).toEqual([]);
      expect(summary).toMatchObject({ customers: 3, started: 3, escalated: 3, attended: 3, finished: 3, surveyed: 3, errors: 0 });
      expect(agent.accepted.size).toBe(3);
    } finally {
      agent.close();
    }
    expect(lines[0]).toContain('Simulando 3 clientes');
    expect(lines.join('\n')).toContain('Resumen de la simulación');

    // What the platform kept: each conversation finished by its customer, surveyed, with its assistant turns recorded.
    const rows = await platform.app.db.select().from(conversations).where(eq(conversations.organizationId, 100));
    const simulated = rows.filter((r) => Object.values(r.customerData).some((v) => v.startsWith('Cliente Simulado')));
    expect(simulated).toHaveLength(3);
    for (const conv of simulated) {
      expect(conv).toMatchObject({ status: 'FINALIZADA', endAcronym: 'FCCC', endedBy: 'CLIENTE' });
      expect(conv.satisfaction).toBeGreaterThanOrEqual(1);
      expect(conv.nps).toBeGreaterThanOrEqual(0);
      const turns = await platform.app.db.select().from(botInteractions).where(eq(botInteractions.conversationId, conv.idConv));
      expect(turns.map((t) => [t.intent, t.escalated])).toEqual([
        ['saludo', false],
        ['horarios', false],
        ['asesor_humano', true]
      ]);
    }
  });

  it('counts a refused start as an error and reports it in Spanish', async () => {
    const lines: string[] = [];
    const summary = await runSimulation({ url, org: 100, va: 3, customers: 1, rate: 5, waitSeconds: 1, log: (line) => lines.push(line), giveUpMs: 5000 });
    expect(summary).toMatchObject({ started: 0, errors: 1 });
    expect(summary.errorMessages[0]).toMatch(/^Cliente 1: GET \/widget\/config: /);
  });
});
