import { randomUUID } from 'node:crypto';
import type { ConsoleMessage, ConsoleState } from '../../shared/chat-console';
import type { AgentStatus } from '../../shared/domain/chat';
import type { IpcError, IpcResult } from '../../shared/ipc';
import { AGENT_NAMESPACE, agentClientEvents, agentServerEvents, type AgentStatusView, type DesignChanged } from '../../shared/realtime';
import { AgentConsole } from './agent-console';
import { createAgentRequests } from './agent-requests';
import type { ApiClient } from './api-client';
import { DEFAULT_BACKOFF } from './backoff';
import type { ChatFlags } from './chat-book';
import { createChatOutbox, type ChatOutbox } from './chat-outbox';
import { CHAT_TEXT } from './chat-texts';
import type { EventBus } from './event-bus';
import { decodeClaims } from './jwt';
import { PlatformSocket } from './platform-socket';
import type { Clock, Logger, Notifier, ServiceUrls, Settings } from './ports';
import { SavedStatus } from './saved-status';
import type { SessionStore } from './session-store';

/** How long an emit waits for its ack before it counts as lost (a send is then retried, a request fails). */
export const ACK_TIMEOUT_MS = 15_000;
/**
 * After a 429 (the platform's per-socket message rate, 1 a second after a burst of 10) the outbox
 * waits this long before sending again, and new messages are refused meanwhile with a Spanish text
 * (the composer keeps the draft): no hot retry loop, and nothing overtakes what is owed.
 */
export const THROTTLE_PAUSE_MS = 3000;
const AGENT_ROLE = 5;
/** The human-agent supervisor: served as an agent while he attends chats ('Atender chats', the session store's flag). */
const SUPERVISOR_ROLE = 6;

export interface ChatLinkDeps {
  store: SessionStore;
  api: Pick<ApiClient, 'renewSession'>;
  settings: Settings;
  bus: EventBus;
  clock: Clock;
  logger: Logger;
  notifier: Notifier;
  serviceUrls: () => ServiceUrls | null | Promise<ServiceUrls | null>;
  /** [0, 1), for the reconnect jitter. */
  random?: () => number;
  newClientId?: () => string;
  ackTimeoutMs?: number;
  repeatMs?: number;
  backoff?: { baseMs: number; maxMs: number };
}

type AgentSocket = PlatformSocket<typeof agentServerEvents, typeof agentClientEvents>;

const fail = (error: IpcError): IpcResult<never> => ({ ok: false, error });
const done = (): IpcResult<null> => ({ ok: true, data: null });
/** The platform's Spanish text, or `fallback` when its refusal carried none. */
const ackFailure = (error: IpcError, fallback: string): IpcResult<never> => fail(error.message.trim() ? error : { status: error.status, message: fallback });

/**
 * The chat link (DESIGN §3 "Chat"): the main process's connection to the platform's agent namespace,
 * a PlatformSocket (connect with the session's token, refresh once, back-off, resync after every
 * connect). It follows the session (links a role-5 session, or a supervisor attending chats; leaves on
 * sign-out telling the platform Desconectado), resyncs the console after every connect (SPEC §4
 * recovery), delivers every message through an outbox retried with the same clientId until acked,
 * keeps the agent's status across restarts, and answers the console's actions. The console's state
 * and alerts are the AgentConsole's.
 */
export class ChatLink {
  private readonly link: AgentSocket;
  private readonly console: AgentConsole;
  private readonly requests: ReturnType<typeof createAgentRequests>;
  private readonly outbox: ChatOutbox;
  private readonly status: SavedStatus;
  private readonly newClientId: () => string;
  /** Synced after the latest connect: sends may go out. */
  private ready = false;
  /** Until when a new message is refused (the platform answered 429 to one). */
  private throttledUntil = 0;
  private disposed = false;
  private readonly subscriptions: (() => void)[];

  constructor(private readonly deps: ChatLinkDeps) {
    const { clock, logger } = deps;
    const ackTimeoutMs = deps.ackTimeoutMs ?? ACK_TIMEOUT_MS;
    this.newClientId = deps.newClientId ?? randomUUID;
    this.status = new SavedStatus(deps.settings, logger);
    this.link = new PlatformSocket({
      name: 'chat',
      namespace: AGENT_NAMESPACE,
      events: agentServerEvents,
      store: deps.store,
      api: deps.api,
      serviceUrls: deps.serviceUrls,
      clock,
      logger,
      backoff: { ...DEFAULT_BACKOFF, ...deps.backoff, random: deps.random ?? Math.random },
      resync: () => this.resync()
    });
    this.console = new AgentConsole({
      bus: deps.bus,
      clock,
      notifier: deps.notifier,
      ...(deps.repeatMs ? { repeatMs: deps.repeatMs } : {}),
      connection: () => this.link.state,
      settle: (clientId) => this.outbox.settle(clientId)
    });
    this.requests = createAgentRequests({ socket: () => this.link.socket, clock, logger, timeoutMs: ackTimeoutMs });
    this.outbox = createChatOutbox({
      socket: () => (this.ready ? this.link.socket : null),
      clock,
      logger,
      retryMs: ackTimeoutMs,
      stored: (message) => this.console.stored(message),
      refused: ({ conversationId, clientId }) => this.console.dropPending(conversationId, clientId),
      throttleMs: THROTTLE_PAUSE_MS,
      throttled: () => {
        this.throttledUntil = clock.now() + THROTTLE_PAUSE_MS;
      }
    });
    this.listen();
    this.subscriptions = [
      deps.store.onChange((change) => (change.kind === 'end' ? this.sessionEnded() : this.begin())),
      deps.notifier.onClick((conversationId) => deps.bus.emit('chat:focus', { conversationId }))
    ];
  }

  /**
   * Connects when a stored role-5 session exists (start-up); later sign-ins, sign-outs and a supervisor's
   * 'Atender chats' (and leaving it) are followed by itself.
   */
  async init(): Promise<void> {
    if (!this.deps.store.current()) return;
    if (await this.deps.store.checkValidity()) this.begin();
  }

  /** An agent's session (role 5, or role 6 attending chats) holds the link (connected or retrying). */
  active(): boolean {
    return this.link.holder !== null;
  }

  /** How many chats the link holds open (ENTRANTE or ACTIVO). */
  openChats(): number {
    return this.active() ? this.console.book.open().length : 0;
  }

  state(): ConsoleState {
    return this.console.state();
  }

  messages(conversationId: string): ConsoleMessage[] | null {
    return this.console.book.messages(conversationId);
  }

  split(conversationId: string): { idSplit: number; nombre: string } | null {
    return this.console.book.split(conversationId);
  }

  /** What the renderer shows: the chat in view and whether its page is visible and focused. */
  view(conversationId: string | null, visible: boolean): void {
    this.console.setView(conversationId, visible);
  }

  /** Whether the host's window is visible and focused (Electron: window events; elsewhere always true). */
  setHostVisibility(visible: boolean): void {
    this.console.setHostVisibility(visible);
  }

  async setStatus(status: AgentStatus, pauseEventId: number | null): Promise<IpcResult<AgentStatusView>> {
    if (!this.active()) return fail({ status: 403, message: CHAT_TEXT.notAgent });
    const ack = await this.requests.request('agent:status', { status, pauseEventId: status === 'PAUSA' ? pauseEventId : null });
    if (!ack.ok) return ackFailure(ack.error, CHAT_TEXT.statusFailed);
    this.status.save(ack.data);
    this.console.setStatus(ack.data);
    return { ok: true, data: ack.data };
  }

  async accept(conversationId: string): Promise<IpcResult<null>> {
    const problem = this.check(conversationId, true);
    if (problem) return fail(problem);
    if (this.console.book.status(conversationId) !== 'ENTRANTE') return fail({ status: 409, message: CHAT_TEXT.chatNotIncoming });
    const ack = await this.requests.request('chat:accept', { conversationId });
    if (!ack.ok) return ackFailure(ack.error, CHAT_TEXT.acceptFailed);
    this.console.markSeen(conversationId);
    this.console.snapshot(ack.data, false);
    return done();
  }

  send({ conversationId, text, attachment }: { conversationId: string; text: string; attachment: ConsoleMessage['adjunto'] }): IpcResult<{ clientId: string }> {
    const problem = this.check(conversationId, true);
    if (problem) return fail(problem);
    if (this.deps.clock.now() < this.throttledUntil) return fail({ status: 429, message: CHAT_TEXT.sendingTooFast });
    const clientId = this.newClientId();
    this.console.addPending({
      conversationId,
      seq: 0,
      clientId,
      tipoMensaje: attachment ? 'ARCHIVO' : 'TEXTO',
      tipoUsuario: 'ASESOR',
      mensaje: text,
      adjunto: attachment,
      items: null,
      fechaMensaje: new Date(this.deps.clock.now()).toISOString(),
      pending: true
    });
    this.outbox.add({ conversationId, clientId, text, attachment });
    return { ok: true, data: { clientId } };
  }

  async transfer(conversationId: string, idSplit: number): Promise<IpcResult<null>> {
    const ack = await this.requests.request('chat:transfer', { conversationId, idSplit });
    if (!ack.ok) return ackFailure(ack.error, CHAT_TEXT.transferFailed);
    // The platform re-queues it in the other split: it is no longer this agent's (chat:removed says the same).
    this.console.removed(conversationId);
    return done();
  }

  async finish(conversationId: string): Promise<IpcResult<null>> {
    const ack = await this.requests.request('chat:finish', { conversationId });
    if (!ack.ok) return ackFailure(ack.error, CHAT_TEXT.finishFailed);
    this.console.ended(conversationId, ack.data.endAcronym, false);
    return done();
  }

  /** Tells the customer of an open chat the agent is (or stopped) typing; best effort, nothing is queued. */
  async typing(conversationId: string, typing: boolean): Promise<IpcResult<null>> {
    const problem = this.check(conversationId, true);
    if (problem) return fail(problem);
    // An indicator is only worth its moment: offline, it is dropped rather than sent late.
    if (!this.ready) return done();
    const ack = await this.requests.request('chat:typing', { conversationId, typing });
    return ack.ok ? done() : fail(ack.error);
  }

  /** Sets the console flags of a chat (transfer under way, reasons saved, upload state). */
  patch(conversationId: string, flags: Partial<ChatFlags>): void {
    this.console.patch(conversationId, flags);
  }

  /** Answers an error when the chat is not held, or (open: true) is finished. */
  check(conversationId: string, open = false): IpcError | null {
    const status = this.console.book.status(conversationId);
    if (!this.active() || status === null) return { status: 404, message: CHAT_TEXT.chatNotHeld };
    if (open && status === 'FINALIZADO') return { status: 409, message: CHAT_TEXT.chatFinished };
    return null;
  }

  /** The platform's dashboard-design pushes on this link's socket (design.service.ts takes them in). */
  onDesignChanged(listener: (payload: DesignChanged) => void): () => void {
    return this.link.on('design:changed', listener);
  }

  dispose(): void {
    this.disposed = true;
    for (const unsubscribe of this.subscriptions) unsubscribe();
    this.halt(false);
    this.console.dispose();
    this.link.dispose();
  }

  /* ───────────── the platform's events ───────────── */

  private listen(): void {
    const { link, console: desk } = this;
    link.on('chat:incoming', (snap) => desk.snapshot(snap, true));
    link.on('chat:message', (live) => desk.stored(live));
    link.on('chat:ended', ({ conversationId, endAcronym }) => desk.ended(conversationId, endAcronym, false));
    link.on('chat:removed', ({ conversationId }) => desk.removed(conversationId));
    link.on('agent:status', (view) => {
      this.status.pushed(view);
      desk.setStatus(view);
    });
    link.on('queue:size', ({ waiting }) => desk.setWaiting(waiting));
    link.on('chat:typing', ({ conversationId, typing }) => desk.typing(conversationId, typing));
    link.when('state', () => desk.changed());
    link.when('lost', () => this.lost());
  }

  /** After every connect: asks what the link missed; once taken in, sends what is owed and gives the agent's status back. */
  private async resync(): Promise<(() => void) | null> {
    const socket = this.link.socket;
    // The contract caps the list; an agent holds a handful of open chats (nroMaximoChatsAsesor).
    const known = this.console.book.open().slice(0, 500);
    const ack = await this.requests.request('chat:sync', { known });
    if (!ack.ok) {
      if (socket === this.link.socket && socket?.connected) this.deps.logger.warn(`chat:sync failed (${ack.error.status}); reconnecting`);
      return null;
    }
    return () => {
      this.console.synced(known, ack.data.chats, ack.data.status);
      this.ready = true;
      const { book } = this.console;
      const gone = this.outbox.resume((id) => book.has(id) && book.status(id) !== 'FINALIZADO');
      for (const { conversationId, clientId } of gone) this.console.dropPending(conversationId, clientId);
      // agentStatus and pauseEventId persist (SPEC §9 keys): after a restart or a drop the platform gets them back.
      void this.status.restore(ack.data.status, (wanted) => this.requests.request('agent:status', wanted)).then((taken) => {
        if (taken) this.console.setStatus(taken);
        if (socket && socket === this.link.socket && socket.connected) this.status.trust();
      });
    };
  }

  /** The socket is gone: nothing goes out until the next sync, no ack in flight is coming. */
  private lost(): void {
    this.ready = false;
    this.status.distrust();
    this.requests.failAll();
    this.outbox.pause();
  }

  /* ───────────── the session ───────────── */

  private agentOf(access: string | undefined): string | null {
    const claims = access ? decodeClaims(access) : null;
    if (!claims) return null;
    const serves = claims.role === AGENT_ROLE || (claims.role === SUPERVISOR_ROLE && this.deps.store.attendingChats());
    return serves ? `${claims.company}:${claims.sub}` : null;
  }

  private begin(): void {
    if (this.disposed) return;
    const agent = this.agentOf(this.deps.store.current()?.access);
    // Same agent still linked (or retrying): nothing to do. A link the platform refused starts over.
    if (this.link.serves(agent)) return;
    // Still signed in but no longer served (a supervisor left 'Atender chats'): the platform hears Desconectado.
    if (this.active() && !agent && this.deps.store.current()) return this.leave();
    if (this.active()) this.halt(false);
    if (agent) this.link.start(agent);
  }

  private sessionEnded(): void {
    if (this.active()) this.leave();
  }

  /** The agent is gone for good: the platform hears Desconectado and his next link starts Desconectado too. */
  private leave(): void {
    this.halt(true);
    this.status.forget();
  }

  /** Closes the link (after telling the platform the agent is gone, when asked to) and forgets the console. */
  private halt(goodbye: boolean): void {
    this.link.close(goodbye ? { event: 'agent:status', payload: { status: 'DESCONECTADO', pauseEventId: null } } : undefined);
    this.outbox.clear();
    this.console.clear();
  }
}

export function createChatLink(deps: ChatLinkDeps): ChatLink {
  return new ChatLink(deps);
}
