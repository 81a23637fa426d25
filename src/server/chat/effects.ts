import type { AgentServerToClient, MonitorTopic, WidgetServerToClient } from '../../shared/realtime';
import type { MessageRow } from './message-store';

type AgentEvent = keyof AgentServerToClient;
type WidgetEvent = keyof WidgetServerToClient;
type AgentPayload<E extends AgentEvent> = Parameters<AgentServerToClient[E]>[0];
type WidgetPayload<E extends WidgetEvent> = Parameters<WidgetServerToClient[E]>[0];

/** Where the engine's events go: the socket.io namespaces (rooms agent:{id} and conv:{id}), on every instance. */
export interface Notifier {
  /** `except`: a socket id that does not need it (the sender, who has it in its ack). */
  toAgent<E extends AgentEvent>(agentId: number, event: E, payload: AgentPayload<E>, except?: string): void;
  /** The same payload to several agents at once: one broadcast (one Redis stream entry), not one per agent. */
  toAgents<E extends AgentEvent>(agentIds: readonly number[], event: E, payload: AgentPayload<E>): void;
  toConversation<E extends WidgetEvent>(conversationId: string, event: E, payload: WidgetPayload<E>, except?: string): void;
  /** The live state of an organisation changed (its statistics readers reload what shows it). */
  toMonitor(organizationId: number, topics: MonitorTopic[]): void;
  /** The agents with at least one socket on any instance; null when that cannot be known now. */
  connectedAgents(): Promise<Set<number> | null>;
}

export type Effect =
  | { kind: 'message'; agentId: number | null; row: MessageRow; sender?: string }
  | { kind: 'agent'; agentId: number; send: (notifier: Notifier) => void }
  | { kind: 'widget'; conversationId: string; send: (notifier: Notifier) => void }
  | { kind: 'queue'; splitId: number }
  | { kind: 'monitor'; organizationId: number; topics: readonly MonitorTopic[] }
  | { kind: 'route' }
  | { kind: 'notify' };

/**
 * What a transaction decided to tell the world. Collected while it runs and sent only after it
 * committed (so nobody hears of a message that is not stored); a retried transaction starts a new list.
 */
export class Effects {
  readonly list: Effect[] = [];

  /** A stored message: to the conversation's customer, and to the agent holding it (but `sender`, the socket it came from). */
  message(agentId: number | null, row: MessageRow, sender?: string): void {
    this.list.push({ kind: 'message', agentId, row, sender });
  }

  agent<E extends AgentEvent>(agentId: number, event: E, payload: AgentPayload<E>): void {
    this.list.push({ kind: 'agent', agentId, send: (n) => n.toAgent(agentId, event, payload) });
  }

  widget<E extends WidgetEvent>(conversationId: string, event: E, payload: WidgetPayload<E>): void {
    this.list.push({ kind: 'widget', conversationId, send: (n) => n.toConversation(conversationId, event, payload) });
  }

  /** The waiting list of a split changed: its agents hear the new size. */
  queue(splitId: number | null): void {
    if (splitId !== null) this.list.push({ kind: 'queue', splitId });
  }

  /** The organisation's agents' states or chats' states changed: its monitors hear it (coalesced by the engine). */
  monitor(organizationId: number, ...topics: MonitorTopic[]): void {
    this.list.push({ kind: 'monitor', organizationId, topics });
  }

  /** The router should run: a conversation entered a queue, or an agent may take more chats now. */
  route(): void {
    this.list.push({ kind: 'route' });
  }

  /** Issue 39: the transaction queued notifications: the outbox worker is woken once it committed (src/server/notify/kick.ts). */
  notify(): void {
    this.list.push({ kind: 'notify' });
  }
}
