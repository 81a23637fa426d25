import type { z } from 'zod';
import type { AgentAckData, agentClientEvents, AgentStatusView, LiveMessage, WidgetAckData, widgetClientEvents } from '../../shared/realtime';
import type { FileRef } from '../../shared/domain/chat';
import type { RunStatement } from '../db/statements';
import type { Db } from '../db/types';
import { createAssistant } from '../bot/assistant';
import { acceptChat, finishChat, sendMessage, syncChats, transferChat } from './agent-actions';
import { Effects, type Notifier } from './effects';
import { kickNotifyWorker } from '../notify/kick';
import { queuedWidgetStates } from './snapshots';
import type { MonitorTopic } from '../../shared/realtime';
import type { Step } from './lifecycle';
import { appendHeldMessage, toLiveMessage, type Audience, type ConversationRow, type HeldMessageAuthor } from './message-store';
import { activeAgent, changeStatus, currentStatus, endAccess, markConnected, markDisconnected, statusView, type AgentIdentity } from './presence';
import { assignNext, splitsWithQueue, waitingForAgent, waitingPerAgent } from './routing';
import { sweep, type SweepReport } from './sweeper';
import { assignQueuedChat, moveQueuedChat, type QueueActionOutcome } from './supervision';
import { inTransaction, isDuplicateClientId } from './tx';
import { relayAgentTyping, relayCustomerTyping } from './typing';
import {
  checkWidgetOrigin,
  conversationForToken,
  customerLeave,
  customerMessage,
  customerSurvey,
  customerSync,
  customerUpload,
  startConversation,
  type ChatBot
} from './widget-actions';

type AgentPayload<E extends keyof typeof agentClientEvents> = z.output<(typeof agentClientEvents)[E]>;
type WidgetPayload<E extends keyof typeof widgetClientEvents> = z.output<(typeof widgetClientEvents)[E]>;

export interface ChatEngineOptions {
  db: Db;
  /** The driver's own statement runner (the hot path's prepared statements). */
  statement: RunStatement;
  /** "now" for every stored date and every timer (config.clock). */
  clock: () => Date;
  /** How long an agent without any socket still counts as connected. */
  agentDisconnectGraceMs: number;
  /** How often the sweeper runs; 0 disables the timer (engine.sweep() still works). */
  sweepIntervalMs: number;
  bot?: ChatBot;
  onError?: (error: unknown, context: string) => void;
}

const SILENT: Notifier = {
  toAgent: () => undefined,
  toAgents: () => undefined,
  toConversation: () => undefined,
  toMonitor: () => undefined,
  connectedAgents: async () => null
};

/**
 * Monitors hear of a burst of state changes once: at most one 'monitor:changed' per organisation
 * in this window (a supervisor's page reloads per notice, not per chat).
 */
const MONITOR_COALESCE_MS = 250;

/** Pause before the router tries again when another transaction held the rows it wanted. */
const CONTENDED_RETRY_MS = 50;

/**
 * The live chat engine: conversations, routing, timers. Every operation is one database
 * transaction; what it has to announce (socket events) is sent only after it committed. The
 * database is the only shared state, so several server instances can run one each.
 */
export class ChatEngine {
  private readonly db: Db;
  private readonly clock: () => Date;
  private readonly graceMs: number;
  private readonly bot: ChatBot;
  private readonly onError: (error: unknown, context: string) => void;
  private notifier: Notifier = SILENT;
  private readonly inflight = new Set<Promise<unknown>>();
  private closed = false;
  private sweepTimer: NodeJS.Timeout | null = null;
  private retryTimer: NodeJS.Timeout | null = null;
  private assigning: Promise<void> | null = null;
  private assignAgain = false;
  private sweeping: Promise<unknown> = Promise.resolve();
  private timedSweepBusy = false;
  private readonly queueDirty = new Set<number>();
  private queueFlushScheduled = false;
  private readonly monitorDirty = new Map<number, Set<MonitorTopic>>();
  private monitorTimer: NodeJS.Timeout | null = null;

  constructor(private readonly options: ChatEngineOptions) {
    this.db = options.db;
    this.clock = options.clock;
    this.graceMs = options.agentDisconnectGraceMs;
    this.bot = options.bot ?? createAssistant({ db: options.db });
    this.onError = options.onError ?? (() => undefined);
  }

  /**
   * A virtual agent's workspace changed in bulk (a Watson import): its assistant loads it and
   * retrains in the background (the trainer's worker thread), so the next customer turn need not.
   */
  refreshAssistant(organizationId: number, idVa: number): void {
    if (this.closed || !this.bot.refresh) return;
    const work = this.bot.refresh(organizationId, idVa).catch((error: unknown) => this.onError(error, `assistant refresh of organisation ${organizationId} agent ${idVa}`));
    this.inflight.add(work);
    void work.finally(() => this.inflight.delete(work));
  }

  /** Where events go (the socket.io namespaces). */
  attach(notifier: Notifier): void {
    this.notifier = notifier;
  }

  /** Starts the sweeper's timer (unref'd: it never keeps the process alive). */
  startTimers(): void {
    if (this.options.sweepIntervalMs <= 0 || this.sweepTimer || this.closed) return;
    this.sweepTimer = setInterval(() => {
      if (this.timedSweepBusy) return;
      this.timedSweepBusy = true;
      this.sweep()
        .catch((error: unknown) => this.onError(error, 'sweep'))
        .finally(() => {
          this.timedSweepBusy = false;
        });
    }, this.options.sweepIntervalMs);
    this.sweepTimer.unref();
  }

  /** Stops the timers and waits for the operations under way (their transactions commit or roll back). */
  async close(): Promise<void> {
    this.closed = true;
    if (this.sweepTimer) clearInterval(this.sweepTimer);
    if (this.retryTimer) clearTimeout(this.retryTimer);
    if (this.monitorTimer) clearTimeout(this.monitorTimer);
    this.monitorTimer = null;
    this.sweepTimer = null;
    this.retryTimer = null;
    while (this.inflight.size > 0) await Promise.allSettled([...this.inflight]);
  }

  /* ───────────── plumbing ───────────── */

  private track<T>(work: Promise<T>): Promise<T> {
    this.inflight.add(work);
    const done = () => this.inflight.delete(work);
    work.then(done, done);
    return work;
  }

  private runAt<T>(now: Date, fn: (step: Step) => Promise<T>): Promise<T> {
    return inTransaction(this.db, async (tx) => {
      const fx = new Effects();
      const result = await fn({ tx, now, fx });
      return { result, fx };
    }).then(({ result, fx }) => {
      this.dispatch(fx);
      return result;
    });
  }

  /** One operation: a transaction at the clock's now, tracked until it settles. */
  private run<T>(fn: (step: Step) => Promise<T>): Promise<T> {
    if (this.closed) return Promise.reject(new Error('chat engine closed'));
    return this.track(this.runAt(this.clock(), fn));
  }

  private read<T>(fn: () => Promise<T>): Promise<T> {
    if (this.closed) return Promise.reject(new Error('chat engine closed'));
    return this.track(fn());
  }

  private dispatch(fx: Effects): void {
    const n = this.notifier;
    let route = false;
    let notify = false;
    for (const e of fx.list) {
      try {
        if (e.kind === 'message') {
          // The agent first; `sender` (the socket the message came from) has it in its ack already.
          if (e.agentId !== null) n.toAgent(e.agentId, 'chat:message', toLiveMessage(e.row, 'agent'), e.sender);
          n.toConversation(e.row.conversationId, 'widget:message', toLiveMessage(e.row, 'widget'), e.sender);
        } else if (e.kind === 'agent' || e.kind === 'widget') e.send(n);
        else if (e.kind === 'queue') this.queueDirty.add(e.splitId);
        else if (e.kind === 'monitor') this.markMonitored(e.organizationId, e.topics);
        else if (e.kind === 'notify') notify = true;
        else route = true;
      } catch (error) {
        this.onError(error, 'dispatch');
      }
    }
    if (this.queueDirty.size > 0) this.scheduleQueueFlush();
    if (route) void this.requestAssignment();
    if (notify) kickNotifyWorker();
  }

  private markMonitored(organizationId: number, topics: readonly MonitorTopic[]): void {
    const dirty = this.monitorDirty.get(organizationId) ?? new Set<MonitorTopic>();
    for (const topic of topics) dirty.add(topic);
    this.monitorDirty.set(organizationId, dirty);
    if (this.monitorTimer || this.closed) return;
    this.monitorTimer = setTimeout(() => {
      this.monitorTimer = null;
      const changes = [...this.monitorDirty];
      this.monitorDirty.clear();
      for (const [org, set] of changes) {
        try {
          this.notifier.toMonitor(org, [...set].sort());
        } catch (error) {
          this.onError(error, 'monitor');
        }
      }
    }, MONITOR_COALESCE_MS);
    this.monitorTimer.unref();
  }

  /** queue:size to every agent of the splits whose waiting list changed, and their places to its waiting customers, once per burst of changes. */
  private scheduleQueueFlush(): void {
    if (this.queueFlushScheduled || this.closed) return;
    this.queueFlushScheduled = true;
    const flush = new Promise<void>((resolve) => setImmediate(resolve)).then(async () => {
      this.queueFlushScheduled = false;
      const splitIds = [...this.queueDirty];
      this.queueDirty.clear();
      if (splitIds.length === 0 || this.closed) return;
      const sizes = await waitingPerAgent(this.db, splitIds);
      // Agents who wait for the same number hear it in one broadcast: one Redis stream entry per distinct number, not one per agent.
      const byWaiting = new Map<number, number[]>();
      for (const [agentId, waiting] of sizes) {
        const ids = byWaiting.get(waiting);
        if (ids) ids.push(agentId);
        else byWaiting.set(waiting, [agentId]);
      }
      for (const [waiting, agentIds] of byWaiting) this.notifier.toAgents(agentIds, 'queue:size', { waiting });
      // The customers still waiting hear their new place in the queue.
      for (const state of await queuedWidgetStates(this.db, splitIds)) this.notifier.toConversation(state.conversationId, 'widget:state', state);
    });
    this.track(flush).catch((error: unknown) => this.onError(error, 'queue:size'));
  }

  /* ───────────── routing ───────────── */

  /**
   * Runs the router: every queued conversation an agent can take now is assigned. Resolves after a
   * pass that started after this call (calls during a pass ask for one more pass).
   */
  assignQueued(): Promise<void> {
    return this.requestAssignment();
  }

  private requestAssignment(): Promise<void> {
    if (this.closed) return Promise.resolve();
    if (this.assigning) {
      this.assignAgain = true;
      return this.assigning;
    }
    const pass = async () => {
      try {
        do {
          this.assignAgain = false;
          await this.assignAll();
        } while (this.assignAgain && !this.closed);
      } catch (error) {
        this.onError(error, 'assign');
      } finally {
        this.assigning = null;
      }
    };
    this.assigning = this.track(pass());
    return this.assigning;
  }

  private async assignAll(): Promise<void> {
    let contended = false;
    for (const splitId of await splitsWithQueue(this.db)) {
      while (!this.closed) {
        const outcome = await this.runAt(this.clock(), (step) => assignNext(step, splitId, this.graceMs));
        if (outcome === 'assigned') continue;
        if (outcome === 'contended') contended = true;
        break;
      }
    }
    if (contended && !this.closed && !this.retryTimer) {
      this.retryTimer = setTimeout(() => {
        this.retryTimer = null;
        void this.requestAssignment();
      }, CONTENDED_RETRY_MS);
      this.retryTimer.unref();
    }
  }

  /** Runs every timer rule at `now` (default: the clock), then the router. */
  sweep(now: Date = this.clock()): Promise<SweepReport> {
    if (this.closed) return Promise.reject(new Error('chat engine closed'));
    const next = this.sweeping
      .catch(() => undefined)
      .then(() =>
        sweep(<T>(fn: (step: Step) => Promise<T>) => this.runAt(now, fn), this.db, now, {
          graceMs: this.graceMs,
          connectedAgents: () => this.notifier.connectedAgents()
        })
      );
    this.sweeping = next;
    return this.track(
      next.then(async (report) => {
        await this.requestAssignment();
        return report;
      })
    );
  }

  /** How many conversations wait in the agent's splits (queue:size). */
  waitingFor(agentId: number): Promise<number> {
    return this.read(() => waitingForAgent(this.db, agentId));
  }

  /** The agent a token names, if still an active agent of that organisation. */
  agentFor(userId: number, organizationId: number): Promise<(AgentIdentity & { name: string }) | null> {
    return this.read(() => activeAgent(this.db, userId, organizationId));
  }

  /* ───────────── supervisor side ───────────── */

  /** A supervisor hands a waiting chat of the organisation to an agent (the router's rules and locks; 409 when it cannot). */
  supervisorAssign(organizationId: number, idConv: string, idUser: number): Promise<QueueActionOutcome> {
    return this.run((step) => assignQueuedChat(step, organizationId, idConv, idUser, this.graceMs));
  }

  /** A supervisor moves a waiting chat of the organisation to another of its splits. */
  supervisorMove(organizationId: number, idConv: string, idSplit: number): Promise<QueueActionOutcome> {
    return this.run((step) => moveQueuedChat(step, organizationId, idConv, idSplit));
  }

  /* ───────────── agent side ───────────── */

  agentConnected(agent: AgentIdentity): Promise<AgentStatusView> {
    return this.run(async (step) => statusView(await markConnected(step.tx, agent, step.now)));
  }

  /** The agent has no socket left on any instance: the disconnect grace period starts. */
  agentGone(userId: number): Promise<void> {
    return this.run((step) => markDisconnected(step.tx, userId, step.now));
  }

  /**
   * The agent's access ended (deactivated, locked, deleted, password changed: endUserSessions):
   * Desconectado as a sign-out makes it, and every chat it still holds back in its queue. Answers
   * how many chats it was holding. A user who never was an agent is left as it is.
   */
  endAgentAccess(userId: number): Promise<number> {
    return this.run((step) => endAccess(step, userId));
  }

  setStatus(agent: AgentIdentity, p: AgentPayload<'agent:status'>): Promise<AgentAckData['agent:status']> {
    return this.run((step) => changeStatus(step, agent, p.status, p.pauseEventId));
  }

  sync(agent: AgentIdentity, p: AgentPayload<'chat:sync'>): Promise<AgentAckData['chat:sync']> {
    return this.read(async () => ({ chats: await syncChats(this.db, agent, p), status: await currentStatus(this.db, agent, this.clock()) }));
  }

  accept(agent: AgentIdentity, p: AgentPayload<'chat:accept'>): Promise<AgentAckData['chat:accept']> {
    return this.run((step) => acceptChat(step, agent, p));
  }

  /** `sender`: the socket it came from, which gets the message in its ack and not again as an event. */
  send(agent: AgentIdentity, p: AgentPayload<'chat:send'>, sender?: string): Promise<AgentAckData['chat:send']> {
    return this.fast(p.conversationId, p, { kind: 'agent', agentId: agent.userId }, sender, () => this.run((step) => sendMessage(step, agent, p)));
  }

  transfer(agent: AgentIdentity, p: AgentPayload<'chat:transfer'>): Promise<AgentAckData['chat:transfer']> {
    return this.run((step) => transferChat(step, agent, p));
  }

  finish(agent: AgentIdentity, p: AgentPayload<'chat:finish'>): Promise<AgentAckData['chat:finish']> {
    return this.run((step) => finishChat(step, agent, p));
  }

  /** The agent is (or stopped) typing in a chat it holds: its customer hears it; nothing is stored. */
  agentTyping(agent: AgentIdentity, p: AgentPayload<'chat:typing'>): Promise<AgentAckData['chat:typing']> {
    return this.read(async () => {
      await relayAgentTyping(this.db, this.notifier, agent, p.conversationId, p.typing);
      return { conversationId: p.conversationId };
    });
  }

  /* ───────────── widget side ───────────── */

  /** null when the organisation is active and the virtual agent its own; else why not (Spanish). */
  widgetOriginProblem(org: number, va: number): Promise<string | null> {
    return this.read(() => checkWidgetOrigin(this.db, org, va));
  }

  resume(conversationId: string, token: string): Promise<ConversationRow | null> {
    return this.read(() => conversationForToken(this.db, conversationId, token));
  }

  /** A new conversation; `current` is the one this customer socket already holds (it must have ended). */
  startConversation(origin: { org: number; va: number; current: string | null }, p: WidgetPayload<'widget:start'>): Promise<WidgetAckData['widget:start']> {
    return this.run((step) => startConversation(step, this.bot, origin, p));
  }

  /** `sender`: the socket it came from, which gets the message in its ack and not again as an event. */
  message(conversationId: string, p: WidgetPayload<'widget:message'>, sender?: string): Promise<WidgetAckData['widget:message']> {
    return this.fast(conversationId, p, { kind: 'customer' }, sender, () => this.run((step) => customerMessage(step, this.bot, conversationId, p)));
  }

  /**
   * A text message in a chat an agent holds takes one statement (appendHeldMessage); anything
   * else — a repeat, an attachment, the assistant's turn, a chat in another state — the full
   * transaction (`slow`), which also answers every refusal. The fast path spares the sender's
   * own socket the event (its ack carries the message); the slow path's events go to every socket.
   */
  private fast(
    conversationId: string,
    p: { clientId: string; text: string; attachment: FileRef | null },
    author: HeldMessageAuthor,
    sender: string | undefined,
    slow: () => Promise<LiveMessage>
  ): Promise<LiveMessage> {
    if (this.closed) return Promise.reject(new Error('chat engine closed'));
    if (p.attachment !== null) return slow();
    const message = { clientId: p.clientId, mensaje: p.text.trim(), at: this.clock() };
    const audience: Audience = author.kind === 'customer' ? 'widget' : 'agent';
    return this.track(
      appendHeldMessage(this.options.statement, conversationId, message, author).then((stored) => {
        if (!stored) return slow();
        const fx = new Effects();
        fx.message(stored.holder, stored.row, sender);
        this.dispatch(fx);
        return toLiveMessage(stored.row, audience);
      }, (error: unknown) => (isDuplicateClientId(error) ? slow() : Promise.reject(error)))
    );
  }

  upload(conversationId: string, p: WidgetPayload<'widget:upload'>): Promise<WidgetAckData['widget:upload']> {
    return this.run((step) => customerUpload(step, conversationId, p));
  }

  widgetSync(conversationId: string, p: WidgetPayload<'widget:sync'>): Promise<WidgetAckData['widget:sync']> {
    return this.read(() => customerSync(this.db, conversationId, p));
  }

  leave(conversationId: string): Promise<WidgetAckData['widget:leave']> {
    return this.run((step) => customerLeave(step, conversationId));
  }

  survey(conversationId: string, p: WidgetPayload<'widget:survey'>): Promise<WidgetAckData['widget:survey']> {
    return this.run((step) => customerSurvey(step, conversationId, p));
  }

  /** The customer is (or stopped) typing: the agent holding the chat hears it; nothing is stored. */
  customerTyping(conversationId: string, p: WidgetPayload<'widget:typing'>): Promise<WidgetAckData['widget:typing']> {
    return this.read(async () => {
      await relayCustomerTyping(this.db, this.notifier, conversationId, p.typing);
      return { typing: p.typing };
    });
  }
}
