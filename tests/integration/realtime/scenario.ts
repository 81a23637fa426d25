import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { AgentChatSnapshot, AgentStatusView, LiveMessage, WidgetState } from '../../../src/shared/realtime';
import { connectAgent, connectWidget, type TestClient } from '../../support/clients';
import { entryAnswers, type ChatFixture, type FixtureAgent } from './fixtures';

/** Steps the live-chat tests repeat: a customer through the form and the assistant, an agent signing on. */

export const StartAck = z.object({ conversationId: z.string(), token: z.string(), state: WidgetState, messages: z.array(LiveMessage) });
export const SyncAck = z.object({ state: WidgetState, messages: z.array(LiveMessage) });
export const Removed = z.object({ conversationId: z.string(), reason: z.enum(['TRASLADO', 'INACTIVIDAD', 'DESCONEXION']) });
export const Ended = z.object({ conversationId: z.string(), endAcronym: z.string().nullable(), endedBy: z.string(), endedAt: z.string() });

export const newClientId = (): string => randomBytes(12).toString('base64url');

export interface Customer {
  client: TestClient;
  conversationId: string;
  token: string;
}

/**
 * A customer socket that starts a conversation; from then on it reconnects with the resume
 * handshake (conversationId + token), as the widget page does.
 */
export async function startCustomer(url: string, fx: ChatFixture, n: number): Promise<Customer> {
  let auth: Record<string, unknown> = { org: fx.orgId, va: fx.vaId };
  const client = await connectWidget(url, (cb) => cb(auth));
  const started = await client.ok('widget:start', { fields: entryAnswers(fx, n) }, StartAck);
  auth = { conversationId: started.conversationId, token: started.token };
  return { client, conversationId: started.conversationId, token: started.token };
}

/** The customer asks for a human; resolves once the conversation left the assistant. */
export async function askForAgent(customer: Customer): Promise<void> {
  await customer.client.ok('widget:message', { clientId: newClientId(), text: 'Quiero hablar con un asesor' }, LiveMessage);
  await customer.client.waitFor('widget:state', WidgetState, (s) => s.state !== 'BOT');
}

export async function startEscalated(url: string, fx: ChatFixture, n: number): Promise<Customer> {
  const customer = await startCustomer(url, fx, n);
  await askForAgent(customer);
  return customer;
}

export async function agentOnline(url: string, agent: FixtureAgent): Promise<TestClient> {
  const client = await connectAgent(url, agent.token);
  await client.ok('agent:status', { status: 'CONECTADO' }, AgentStatusView);
  return client;
}

const AgentSyncAck = z.object({ chats: z.array(AgentChatSnapshot), status: AgentStatusView });

/**
 * What the agent and the customer of one conversation have seen, by seq, from events and from
 * the resyncs they run on every (re)connect, as the real clients do. A seq seen twice with a
 * different message is recorded as a conflict.
 */
export class ConversationViews {
  readonly agentView = new Map<number, LiveMessage>();
  readonly customerView = new Map<number, LiveMessage>();
  readonly conflicts: string[] = [];
  private readonly resyncs: Promise<void>[] = [];

  constructor(
    private readonly agent: TestClient,
    private readonly customer: TestClient,
    private readonly conversationId: string,
    history: readonly LiveMessage[]
  ) {
    history.forEach((m) => this.record(this.agentView, m));
    agent.socket.on('chat:message', (p: unknown) => this.record(this.agentView, LiveMessage.parse(p)));
    customer.socket.on('widget:message', (p: unknown) => this.record(this.customerView, LiveMessage.parse(p)));
    agent.socket.on('connect', () => this.resyncs.push(this.resyncAgent().catch(() => undefined)));
    customer.socket.on('connect', () => this.resyncs.push(this.resyncCustomer().catch(() => undefined)));
  }

  private record(view: Map<number, LiveMessage>, m: LiveMessage): void {
    if (m.conversationId !== this.conversationId) return;
    const before = view.get(m.seq);
    if (before && (before.clientId !== m.clientId || before.mensaje !== m.mensaje)) this.conflicts.push(`seq ${m.seq}: ${before.mensaje} / ${m.mensaje}`);
    view.set(m.seq, m);
  }

  /**
   * The seq up to which the view has every message, as the real clients keep it (chat-book's
   * `contiguous`, the widget's): live events of one conversation can arrive out of seq order, so
   * resyncing from the highest seq seen could skip one a dropped socket missed.
   */
  private static last(view: Map<number, LiveMessage>): number {
    let seq = 0;
    while (view.has(seq + 1)) seq++;
    return seq;
  }

  async resyncAgent(): Promise<void> {
    const synced = await this.agent.ok('chat:sync', { known: [{ conversationId: this.conversationId, lastSeq: ConversationViews.last(this.agentView) }] }, AgentSyncAck);
    synced.chats.find((c) => c.conversationId === this.conversationId)?.messages.forEach((m) => this.record(this.agentView, m));
  }

  async resyncCustomer(): Promise<void> {
    const synced = await this.customer.ok('widget:sync', { afterSeq: ConversationViews.last(this.customerView) }, SyncAck);
    synced.messages.forEach((m) => this.record(this.customerView, m));
  }

  /** Waits for the reconnect resyncs, then resyncs both once more. */
  async settle(): Promise<void> {
    await Promise.all(this.resyncs);
    await this.resyncAgent();
    await this.resyncCustomer();
  }

  static rows(view: Map<number, LiveMessage>): [number, string | null, string][] {
    return [...view.values()].sort((x, y) => x.seq - y.seq).map((m) => [m.seq, m.clientId, m.mensaje]);
  }
}
