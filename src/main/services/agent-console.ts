import type { ConnectionState, ConsoleMessage, ConsoleState } from '../../shared/chat-console';
import type { AgentChatSnapshot, AgentStatusView, LiveMessage } from '../../shared/realtime';
import { createChatAlerts, type ChatAlerts } from './chat-alerts';
import { ChatBook, type ChatFlags } from './chat-book';
import type { EventBus } from './event-bus';
import type { Clock, Notifier } from './ports';

export interface AgentConsoleDeps {
  bus: EventBus;
  clock: Clock;
  notifier: Notifier;
  repeatMs?: number;
  /** The link's state, part of what the renderer is shown. */
  connection: () => ConnectionState;
  /** The platform holds a message the agent wrote, or the chat it was for is gone: the outbox stops resending it. */
  settle: (clientId: string) => void;
}

/**
 * The agent console's state in the main process: the chats (ChatBook), the agent's status and the
 * queue size as the platform last said them, what the agent is looking at, and the alerts that
 * follow from them. It takes in what the platform sends and pushes the whole state to the renderer
 * ('chat:changed', a burst coalesced into one) and each message as it comes ('chat:message'). No I/O
 * of its own; the chat link feeds it.
 */
export class AgentConsole {
  readonly book = new ChatBook();
  private readonly alerts: ChatAlerts;
  private agentStatus: AgentStatusView | null = null;
  private waiting = 0;
  private rendererView: { conversationId: string | null; visible: boolean } = { conversationId: null, visible: false };
  private hostVisible = true;
  private flushQueued = false;

  constructor(private readonly deps: AgentConsoleDeps) {
    this.alerts = createChatAlerts({ notifier: deps.notifier, bus: deps.bus, clock: deps.clock, book: this.book, ...(deps.repeatMs ? { repeatMs: deps.repeatMs } : {}) });
  }

  state(): ConsoleState {
    return { connection: this.deps.connection(), agentStatus: this.agentStatus, chats: this.book.views(), waiting: this.waiting };
  }

  /** Coalesces a burst of changes (a sync with many messages) into one 'chat:changed'. */
  changed(): void {
    if (this.flushQueued) return;
    this.flushQueued = true;
    queueMicrotask(() => {
      this.flushQueued = false;
      this.alerts.update();
      this.deps.bus.emit('chat:changed', this.state());
    });
  }

  /* ───────────── what the platform says ───────────── */

  /** A stored message (pushed, or the ack of one the agent sent). */
  stored(live: LiveMessage): void {
    const result = this.book.message(live);
    if (!result) return;
    if (result.confirmed) this.deps.settle(result.confirmed);
    if (result.outcome) {
      this.emitMessage(result.outcome.message);
      const chat = this.book.summary(live.conversationId);
      if (result.outcome.unseen && chat) this.alerts.message(chat, result.outcome.message);
    } else if (result.confirmed) {
      this.emitMessage({ ...live, pending: false });
    }
    this.changed();
  }

  /** A chat as the platform sends it (assignment, sync, accept); `notifyNew`: a new one raises the incoming alert. */
  snapshot(snap: AgentChatSnapshot, notifyNew: boolean): void {
    if (snap.status === 'FINALIZADO') return this.ended(snap.conversationId, snap.endAcronym, false);
    const outcome = this.book.receive(snap);
    for (const clientId of outcome.confirmed) this.deps.settle(clientId);
    const chat = this.book.summary(snap.conversationId);
    if (outcome.added && notifyNew && chat?.unseenIncoming) this.alerts.incoming(chat);
    for (const { message } of outcome.merged) this.emitMessage(message);
    const unseen = outcome.merged.filter((m) => m.unseen);
    const last = unseen[unseen.length - 1];
    if (last && chat) this.alerts.message(chat, last.message);
    this.changed();
  }

  /**
   * The chat:sync answer after a connect (SPEC §4 recovery): what the link held open (`known`) and the
   * platform no longer lists ended while the link was away; the rest is merged.
   */
  synced(known: readonly { conversationId: string }[], chats: readonly AgentChatSnapshot[], status: AgentStatusView): void {
    const answered = new Set(chats.map((c) => c.conversationId));
    for (const { conversationId } of known) {
      if (!answered.has(conversationId)) this.ended(conversationId, null, true);
    }
    for (const snap of chats) this.snapshot(snap, true);
    this.setStatus(status);
  }

  /** FINALIZADO: finished here (recover false) or found ended by a resync (recover true); what was still being sent is dropped. */
  ended(conversationId: string, endAcronym: string | null, recover: boolean): void {
    this.settleAll(this.book.finish(conversationId, endAcronym, recover));
    this.changed();
  }

  /** The chat left this agent without ending (transfer, re-queue). */
  removed(conversationId: string): void {
    this.settleAll(this.book.remove(conversationId));
    this.changed();
  }

  setStatus(view: AgentStatusView): void {
    this.agentStatus = view;
    this.changed();
  }

  setWaiting(count: number): void {
    this.waiting = count;
    this.changed();
  }

  /** The customer of a held chat is (or stopped) typing; the indicator of a chat not held or finished is dropped. */
  typing(conversationId: string, typing: boolean): void {
    if (this.book.status(conversationId) === 'FINALIZADO' || !this.book.has(conversationId)) return;
    this.deps.bus.emit('chat:typing', { conversationId, typing });
  }

  /* ───────────── what the agent does ───────────── */

  /** A message the agent wrote, shown as being sent until the platform stores it. */
  addPending(message: ConsoleMessage): void {
    this.book.addPending(message);
    this.emitMessage(message);
    this.changed();
  }

  /** A message the platform refused for good, or whose chat is gone: no longer shown as being sent. */
  dropPending(conversationId: string, clientId: string): void {
    this.book.dropPending(conversationId, clientId);
    this.changed();
  }

  markSeen(conversationId: string): void {
    this.book.markSeen(conversationId);
  }

  patch(conversationId: string, flags: Partial<ChatFlags>): void {
    if (this.book.patch(conversationId, flags)) this.changed();
  }

  /** What the renderer shows: the chat in view and whether its page is visible and focused. */
  setView(conversationId: string | null, visible: boolean): void {
    this.rendererView = { conversationId, visible };
    this.applyView();
  }

  /** Whether the host's window is visible and focused. */
  setHostVisibility(visible: boolean): void {
    this.hostVisible = visible;
    this.applyView();
  }

  /** The agent is gone: no chats, no status, nothing waiting. */
  clear(): void {
    this.book.clear();
    this.agentStatus = null;
    this.waiting = 0;
    this.changed();
  }

  dispose(): void {
    this.alerts.dispose();
  }

  private applyView(): void {
    if (this.book.setView(this.rendererView.conversationId, this.rendererView.visible && this.hostVisible)) this.changed();
  }

  private emitMessage(message: ConsoleMessage): void {
    this.deps.bus.emit('chat:message', { conversationId: message.conversationId, message });
  }

  private settleAll(clientIds: readonly string[]): void {
    for (const clientId of clientIds) this.deps.settle(clientId);
  }
}
