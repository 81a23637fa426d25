import { randomUUID } from 'node:crypto';
import { io, type Socket } from 'socket.io-client';
import { z } from 'zod';
import type { ConnectionState, ConsoleMessage, ConsoleState } from '../../shared/chat-console';
import type { AgentStatus } from '../../shared/domain/chat';
import type { IpcError, IpcResult } from '../../shared/ipc';
import {
  AGENT_NAMESPACE,
  SOCKET_PATH,
  agentServerEvents,
  type AgentChatSnapshot,
  type AgentStatusView,
  type LiveMessage
} from '../../shared/realtime';
import { createAgentRequests } from './agent-requests';
import type { ApiClient } from './api-client';
import { backoffDelay, DEFAULT_BACKOFF } from './backoff';
import { createChatAlerts } from './chat-alerts';
import { ChatBook, type ChatFlags } from './chat-book';
import { createChatOutbox } from './chat-outbox';
import { CHAT_TEXT } from './chat-texts';
import type { EventBus } from './event-bus';
import { decodeClaims } from './jwt';
import { classifyRefusal, type Refusal } from './socket-refusal';
import type { Clock, Logger, Notifier, ServiceUrls, Settings } from './ports';
import type { SessionStore } from './session-store';

/** How long an emit waits for its ack before it counts as lost (a send is then retried, a request fails). */
export const ACK_TIMEOUT_MS = 15_000;
/**
 * After a 429 (the platform's per-socket message rate, 1 a second after a burst of 10) the outbox
 * waits this long before sending again, and new messages are refused meanwhile with a Spanish text
 * (the composer keeps the draft): no hot retry loop, and nothing overtakes what is owed.
 */
export const THROTTLE_PAUSE_MS = 3000;
/** How long a sign-out waits for the platform to take the DESCONECTADO status before closing the socket anyway. */
const GOODBYE_TIMEOUT_MS = 3000;
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

export interface ChatLink {
  /**
   * Connects when a stored role-5 session exists (start-up); later sign-ins, sign-outs and a supervisor's
   * 'Atender chats' (and leaving it) are followed by itself.
   */
  init(): Promise<void>;
  /** An agent's session (role 5, or role 6 attending chats) holds the link (connected or retrying). */
  active(): boolean;
  /** How many chats the link holds open (ENTRANTE or ACTIVO). */
  openChats(): number;
  state(): ConsoleState;
  messages(conversationId: string): ConsoleMessage[] | null;
  split(conversationId: string): { idSplit: number; nombre: string } | null;
  /** What the renderer shows: the chat in view and whether its page is visible and focused. */
  view(conversationId: string | null, visible: boolean): void;
  /** Whether the host's window is visible and focused (Electron: window events; elsewhere always true). */
  setHostVisibility(visible: boolean): void;
  setStatus(status: AgentStatus, pauseEventId: number | null): Promise<IpcResult<AgentStatusView>>;
  accept(conversationId: string): Promise<IpcResult<null>>;
  send(input: { conversationId: string; text: string; attachment: ConsoleMessage['adjunto'] }): IpcResult<{ clientId: string }>;
  transfer(conversationId: string, idSplit: number): Promise<IpcResult<null>>;
  finish(conversationId: string): Promise<IpcResult<null>>;
  /** Tells the customer of an open chat the agent is (or stopped) typing; best effort, nothing is queued. */
  typing(conversationId: string, typing: boolean): Promise<IpcResult<null>>;
  /** Sets the console flags of a chat (transfer under way, reasons saved, upload state). */
  patch(conversationId: string, flags: Partial<ChatFlags>): void;
  /** Answers an error when the chat is not held, or (open: true) is finished. */
  check(conversationId: string, open?: boolean): IpcError | null;
  dispose(): void;
}

/**
 * The chat link (DESIGN §3 "Chat"): the main process's socket.io connection to the platform's agent
 * namespace, with the access token the renderer never sees. It follows the session (connects for a
 * role-5 session, leaves on sign-out), reconnects with capped exponential backoff and jitter,
 * refreshes the token once when the handshake is refused for it, resyncs after every connect (SPEC §4
 * recovery), keeps the console state, delivers every message through an outbox retried with the
 * same clientId until acked, keeps the agent's status across restarts, and raises the alerts.
 */
export function createChatLink(deps: ChatLinkDeps): ChatLink {
  const { store, settings, bus, clock, logger } = deps;
  const random = deps.random ?? Math.random;
  const newClientId = deps.newClientId ?? randomUUID;
  const ackTimeoutMs = deps.ackTimeoutMs ?? ACK_TIMEOUT_MS;
  const backoff = { ...DEFAULT_BACKOFF, ...deps.backoff, random };

  const book = new ChatBook();
  const alerts = createChatAlerts({ notifier: deps.notifier, bus, clock, book, ...(deps.repeatMs ? { repeatMs: deps.repeatMs } : {}) });
  const requests = createAgentRequests({ socket: () => socket, clock, logger, timeoutMs: ackTimeoutMs });
  const request = requests.request;
  /** Until when a new message is refused (the platform answered 429 to one). */
  let throttledUntil = 0;
  const outbox = createChatOutbox({
    socket: () => (ready ? socket : null),
    clock,
    logger,
    retryMs: ackTimeoutMs,
    stored: (message) => stored(message),
    refused: ({ conversationId, clientId }) => {
      book.dropPending(conversationId, clientId);
      changed();
    },
    throttleMs: THROTTLE_PAUSE_MS,
    throttled: () => {
      throttledUntil = clock.now() + THROTTLE_PAUSE_MS;
    }
  });

  /** The signed-in agent the link serves; null when no role-5 session exists. */
  let running: { user: string } | null = null;
  let socket: Socket | null = null;
  let socketUrl = '';
  let connection: ConnectionState = 'unauthorized';
  let agentStatus: AgentStatusView | null = null;
  let waiting = 0;
  /** Synced after the latest connect: sends may go out. */
  let ready = false;
  /** The status restore after the latest connect is done: statuses the platform pushes are the agent's again. */
  let trusting = false;
  let attempt = 0;
  let cancelRetry: (() => void) | null = null;
  let refreshed = false;
  let usedToken = '';
  let rendererView: { conversationId: string | null; visible: boolean } = { conversationId: null, visible: false };
  let hostVisible = true;
  let flushQueued = false;
  let disposed = false;

  /* ───────────── state out ───────────── */

  function state(): ConsoleState {
    return { connection, agentStatus, chats: book.views(), waiting };
  }

  /** Coalesces a burst of changes (a sync with many messages) into one 'chat:changed'. */
  function changed(): void {
    if (flushQueued) return;
    flushQueued = true;
    queueMicrotask(() => {
      flushQueued = false;
      alerts.update();
      bus.emit('chat:changed', state());
    });
  }

  function setConnection(next: ConnectionState): void {
    if (connection === next) return;
    connection = next;
    changed();
  }

  /* ───────────── incoming data ───────────── */

  function emitMessage(message: ConsoleMessage): void {
    bus.emit('chat:message', { conversationId: message.conversationId, message });
  }

  function dropOutbox(clientIds: string[]): void {
    for (const clientId of clientIds) outbox.settle(clientId);
  }

  function stored(live: LiveMessage): void {
    const result = book.message(live);
    if (!result) return;
    if (result.confirmed) outbox.settle(result.confirmed);
    if (result.outcome) {
      emitMessage(result.outcome.message);
      const chat = book.summary(live.conversationId);
      if (result.outcome.unseen && chat) alerts.message(chat, result.outcome.message);
    } else if (result.confirmed) {
      emitMessage({ ...live, pending: false });
    }
    changed();
  }

  function snapshot(snap: AgentChatSnapshot, notifyNew: boolean): void {
    if (snap.status === 'FINALIZADO') {
      if (book.has(snap.conversationId)) dropOutbox(book.finish(snap.conversationId, snap.endAcronym, false));
      changed();
      return;
    }
    const outcome = book.receive(snap);
    for (const clientId of outcome.confirmed) outbox.settle(clientId);
    const chat = book.summary(snap.conversationId);
    if (outcome.added && notifyNew && chat?.unseenIncoming) alerts.incoming(chat);
    for (const { message } of outcome.merged) emitMessage(message);
    const unseen = outcome.merged.filter((m) => m.unseen);
    const last = unseen[unseen.length - 1];
    if (last && chat) alerts.message(chat, last.message);
    changed();
  }

  function persistStatus(view: AgentStatusView): void {
    settings.set('agentStatus', view.status);
    settings.set('pauseEventId', view.status === 'PAUSA' ? view.pauseEventId : null);
  }

  function listen(current: Socket): void {
    const on = <E extends keyof typeof agentServerEvents>(event: E, handle: (payload: z.infer<(typeof agentServerEvents)[E]>) => void) => {
      current.on(event as string, (raw: unknown) => {
        if (current !== socket) return;
        const parsed = agentServerEvents[event].safeParse(raw);
        if (parsed.success) handle(parsed.data as z.infer<(typeof agentServerEvents)[E]>);
        else logger.warn(`Dropped a ${event} the contract does not allow`, parsed.error.issues.slice(0, 3));
      });
    };
    on('chat:incoming', (snap) => snapshot(snap, true));
    on('chat:message', stored);
    on('chat:ended', ({ conversationId, endAcronym }) => {
      dropOutbox(book.finish(conversationId, endAcronym, false));
      changed();
    });
    on('chat:removed', ({ conversationId }) => {
      dropOutbox(book.remove(conversationId));
      changed();
    });
    on('agent:status', (view) => {
      agentStatus = view;
      // Until the restore after a connect is done, a pushed status may be a replay of the disconnect itself.
      if (trusting) persistStatus(view);
      changed();
    });
    on('queue:size', ({ waiting: count }) => {
      waiting = count;
      changed();
    });
    on('chat:typing', ({ conversationId, typing }) => {
      if (book.status(conversationId) === 'FINALIZADO' || !book.has(conversationId)) return;
      bus.emit('chat:typing', { conversationId, typing });
    });
    current.on('connect', () => {
      if (current !== socket) return;
      refreshed = false;
      void afterConnect(current);
    });
    current.on('disconnect', (reason: string) => {
      if (current !== socket) return;
      lost();
      if (running && reason !== 'io client disconnect') scheduleRetry();
    });
    current.on('connect_error', (error: unknown) => {
      if (current !== socket) return;
      lost();
      void refused(classifyRefusal(error));
    });
  }

  /* ───────────── connecting ───────────── */

  async function afterConnect(current: Socket): Promise<void> {
    // The contract caps the list; an agent holds a handful of open chats (nroMaximoChatsAsesor).
    const known = book.open().slice(0, 500);
    const ack = await request('chat:sync', { known });
    if (current !== socket || !current.connected) return;
    if (!ack.ok) {
      logger.warn(`chat:sync failed (${ack.error.status}); reconnecting`);
      current.disconnect();
      lost();
      scheduleRetry();
      return;
    }
    attempt = 0;
    const answered = new Set(ack.data.chats.map((c) => c.conversationId));
    // SPEC §4 recovery: what the platform no longer lists has ended while this link was away.
    for (const { conversationId } of known) {
      if (!answered.has(conversationId)) dropOutbox(book.finish(conversationId, null, true));
    }
    for (const snap of ack.data.chats) snapshot(snap, true);
    agentStatus = ack.data.status;
    ready = true;
    setConnection('online');
    changed();
    const gone = outbox.resume((id) => book.has(id) && book.status(id) !== 'FINALIZADO');
    for (const { conversationId, clientId } of gone) book.dropPending(conversationId, clientId);
    await restoreStatus(ack.data.status);
    if (current === socket && current.connected) trusting = true;
  }

  /** agentStatus and pauseEventId persist (SPEC §9 keys): after a restart or a drop the platform gets them back. */
  async function restoreStatus(platform: AgentStatusView): Promise<void> {
    const wanted = settings.get('agentStatus');
    const pauseEventId = wanted === 'PAUSA' ? settings.get('pauseEventId') : null;
    if (wanted === null || (wanted === 'PAUSA' && pauseEventId === null)) return;
    if (wanted === platform.status && pauseEventId === platform.pauseEventId) return;
    const ack = await request('agent:status', { status: wanted, pauseEventId });
    if (ack.ok) {
      agentStatus = ack.data;
      changed();
    } else if (ack.error.status >= 400 && ack.error.status < 500) {
      // The platform will not take it back (a pause event deleted meanwhile): its own status stands.
      logger.info(`The saved status ${wanted} was refused (${ack.error.status}); keeping the platform's`);
      persistStatus(platform);
    }
  }

  function lost(): void {
    ready = false;
    trusting = false;
    requests.failAll();
    outbox.pause();
  }

  async function refused(kind: Refusal): Promise<void> {
    if (!running) return;
    if (kind === 'forbidden' || (kind === 'auth' && refreshed)) {
      logger.warn(`The platform refused the agent connection (${kind})`);
      closeSocket();
      setConnection('unauthorized');
      return;
    }
    if (kind === 'other') return scheduleRetry();
    refreshed = true;
    setConnection('connecting');
    const renewal = await deps.api.renewSession(usedToken);
    if (!running) return;
    if (renewal.ok) return void connectNow();
    // A rejected refresh ends the session (the store tells this link); an unreachable platform is retried.
    refreshed = false;
    if (store.current()) scheduleRetry();
  }

  function scheduleRetry(): void {
    if (!running || cancelRetry) return;
    setConnection('offline');
    const delay = backoffDelay(attempt++, backoff);
    cancelRetry = clock.after(delay, () => {
      cancelRetry = null;
      void connectNow();
    });
  }

  /**
   * Closes the socket; with `goodbye`, first tells the platform the agent is gone and waits for its
   * ack (socket.io drops events that arrive with the disconnect), or for a short timeout.
   */
  function closeSocket(goodbye = false): void {
    const current = socket;
    socket = null;
    if (!current) return;
    current.removeAllListeners();
    if (!goodbye || !current.connected) {
      current.disconnect();
      return;
    }
    let closed = false;
    const close = () => {
      if (closed) return;
      closed = true;
      cancel();
      current.disconnect();
    };
    const cancel = clock.after(GOODBYE_TIMEOUT_MS, close);
    current.emit('agent:status', { status: 'DESCONECTADO', pauseEventId: null }, close);
  }

  async function connectNow(): Promise<void> {
    if (!running) return;
    setConnection('connecting');
    let urls: ServiceUrls | null = null;
    try {
      urls = await deps.serviceUrls();
    } catch (error) {
      logger.warn('No platform address for the chat link', error);
    }
    if (!running || cancelRetry) return;
    if (!urls) return scheduleRetry();
    const base = new URL(urls.humanAgent);
    const url = `${base.origin}${AGENT_NAMESPACE}|${base.pathname.replace(/\/+$/, '')}${SOCKET_PATH}`;
    if (!socket || url !== socketUrl) {
      closeSocket();
      socketUrl = url;
      socket = io(`${base.origin}${AGENT_NAMESPACE}`, {
        path: `${base.pathname.replace(/\/+$/, '')}${SOCKET_PATH}`,
        forceNew: true,
        reconnection: false,
        autoConnect: false,
        transports: ['websocket'],
        // Read at every handshake, so a reconnect presents the token as refreshed meanwhile.
        auth: (send) => {
          usedToken = store.current()?.access ?? '';
          send({ token: usedToken });
        }
      });
      listen(socket);
    }
    if (!socket.connected) socket.connect();
  }

  /* ───────────── the session ───────────── */

  function agentOf(access: string | undefined): string | null {
    const claims = access ? decodeClaims(access) : null;
    if (!claims) return null;
    const serves = claims.role === AGENT_ROLE || (claims.role === SUPERVISOR_ROLE && store.attendingChats());
    return serves ? `${claims.company}:${claims.sub}` : null;
  }

  /** The agent is gone for good (sign-out, or a supervisor who stopped attending chats): his next link starts Desconectado. */
  function forgetStatus(): void {
    settings.set('agentStatus', null);
    settings.set('pauseEventId', null);
  }

  function begin(): void {
    if (disposed) return;
    const user = agentOf(store.current()?.access);
    // Same agent still linked (or retrying): nothing to do. A link the platform refused starts over.
    if (running && running.user === user && connection !== 'unauthorized') return;
    if (running && !user && store.current()) {
      // Still signed in but no longer served (a supervisor left 'Atender chats'): the platform hears Desconectado.
      halt(true);
      forgetStatus();
      return;
    }
    if (running) halt(false);
    if (!user) return;
    running = { user };
    attempt = 0;
    refreshed = false;
    void connectNow();
  }

  /** Leaves: tells the platform the agent is gone when asked to, closes the socket, forgets the console. */
  function halt(goodbye: boolean): void {
    running = null;
    cancelRetry?.();
    cancelRetry = null;
    lost();
    closeSocket(goodbye);
    outbox.clear();
    book.clear();
    agentStatus = null;
    waiting = 0;
    connection = 'unauthorized';
    changed();
  }

  const unsubscribe = store.onChange((change) => {
    if (change.kind === 'end') {
      if (running) {
        halt(true);
        forgetStatus();
      }
      return;
    }
    begin();
  });
  const stopClicks = deps.notifier.onClick((conversationId) => bus.emit('chat:focus', { conversationId }));

  function check(conversationId: string, open = false): IpcError | null {
    const status = book.status(conversationId);
    if (!running || status === null) return { status: 404, message: CHAT_TEXT.chatNotHeld };
    if (open && status === 'FINALIZADO') return { status: 409, message: CHAT_TEXT.chatFinished };
    return null;
  }

  function applyView(): void {
    if (book.setView(rendererView.conversationId, rendererView.visible && hostVisible)) changed();
  }

  const fail = (error: IpcError): IpcResult<never> => ({ ok: false, error });
  /** The platform's Spanish text, or `fallback` when its refusal carried none. */
  const ackFailure = (error: IpcError, fallback: string): IpcResult<never> => fail(error.message.trim() ? error : { status: error.status, message: fallback });

  return {
    async init() {
      if (!store.current()) return;
      if (await store.checkValidity()) begin();
    },

    active: () => running !== null,
    openChats: () => (running ? book.open().length : 0),
    state,
    messages: (conversationId) => book.messages(conversationId),
    split: (conversationId) => book.split(conversationId),

    view(conversationId, visible) {
      rendererView = { conversationId, visible };
      applyView();
    },

    setHostVisibility(visible) {
      hostVisible = visible;
      applyView();
    },

    async setStatus(status, pauseEventId) {
      if (!running) return fail({ status: 403, message: CHAT_TEXT.notAgent });
      const ack = await request('agent:status', { status, pauseEventId: status === 'PAUSA' ? pauseEventId : null });
      if (!ack.ok) return ackFailure(ack.error, CHAT_TEXT.statusFailed);
      agentStatus = ack.data;
      persistStatus(ack.data);
      changed();
      return { ok: true, data: ack.data };
    },

    async accept(conversationId) {
      const problem = check(conversationId, true);
      if (problem) return fail(problem);
      if (book.status(conversationId) !== 'ENTRANTE') return fail({ status: 409, message: CHAT_TEXT.chatNotIncoming });
      const ack = await request('chat:accept', { conversationId });
      if (!ack.ok) return ackFailure(ack.error, CHAT_TEXT.acceptFailed);
      book.markSeen(conversationId);
      snapshot(ack.data, false);
      return { ok: true, data: null };
    },

    send({ conversationId, text, attachment }) {
      const problem = check(conversationId, true);
      if (problem) return fail(problem);
      if (clock.now() < throttledUntil) return fail({ status: 429, message: CHAT_TEXT.sendingTooFast });
      const clientId = newClientId();
      const message: ConsoleMessage = {
        conversationId,
        seq: 0,
        clientId,
        tipoMensaje: attachment ? 'ARCHIVO' : 'TEXTO',
        tipoUsuario: 'ASESOR',
        mensaje: text,
        adjunto: attachment,
        items: null,
        fechaMensaje: new Date(clock.now()).toISOString(),
        pending: true
      };
      book.addPending(message);
      emitMessage(message);
      changed();
      outbox.add({ conversationId, clientId, text, attachment });
      return { ok: true, data: { clientId } };
    },

    async transfer(conversationId, idSplit) {
      const ack = await request('chat:transfer', { conversationId, idSplit });
      if (!ack.ok) return ackFailure(ack.error, CHAT_TEXT.transferFailed);
      // The platform re-queues it in the other split: it is no longer this agent's (chat:removed says the same).
      dropOutbox(book.remove(conversationId));
      changed();
      return { ok: true, data: null };
    },

    async finish(conversationId) {
      const ack = await request('chat:finish', { conversationId });
      if (!ack.ok) return ackFailure(ack.error, CHAT_TEXT.finishFailed);
      dropOutbox(book.finish(conversationId, ack.data.endAcronym, false));
      changed();
      return { ok: true, data: null };
    },

    async typing(conversationId, typing) {
      const problem = check(conversationId, true);
      if (problem) return fail(problem);
      // An indicator is only worth its moment: offline, it is dropped rather than sent late.
      if (!ready) return { ok: true, data: null };
      const ack = await request('chat:typing', { conversationId, typing });
      return ack.ok ? { ok: true, data: null } : fail(ack.error);
    },

    patch(conversationId, flags) {
      if (book.patch(conversationId, flags)) changed();
    },

    check,

    dispose() {
      disposed = true;
      unsubscribe();
      stopClicks();
      halt(false);
      alerts.dispose();
    }
  };
}
