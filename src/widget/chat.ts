import type { z } from 'zod';
import { widgetServerEvents, type LiveMessage, type WidgetState } from '../shared/realtime';
import type { WidgetBoot } from './boot';
import { ackData, readAck, type AckedEvent, type ChatSocket, type ConnectAuth, type RequestError, type SocketFactory } from './protocol';
import { loadSession, saveSession, sessionKey, type StoredSession } from './session';
import { WIDGET_TEXTS as T } from './texts';

/** A message the customer sent that the platform has not stored yet (or refused). */
export interface PendingMessage {
  clientId: string;
  text: string;
  fileName: string | null;
  status: 'sending' | 'error';
  error: string | null;
}

/** Everything the widget shows, as one immutable snapshot (read with useSyncExternalStore). */
export interface ChatSnapshot {
  view: 'entry' | 'chat';
  starting: boolean;
  entryError: string | null;
  online: boolean;
  conversationId: string | null;
  token: string | null;
  state: WidgetState | null;
  /** Stored messages in seq order (COMMAND messages are not shown). */
  messages: readonly LiveMessage[];
  pending: readonly PendingMessage[];
  composerError: string | null;
  agentTyping: boolean;
  surveyAnswered: boolean;
  leaving: boolean;
}

/** How a send ended: stored, refused (shown on the message), or refused before being kept (its text goes back to the composer). */
export type SendOutcome = { kind: 'sent' } | { kind: 'failed' } | { kind: 'returned'; message: string } | { kind: 'skipped' };

interface Job {
  event: AckedEvent;
  payload: unknown;
  /** Reads the ack against the event's schema and settles the request's promise. */
  answer: (response: unknown) => void;
  tries: number;
  done: boolean;
  timer: ReturnType<typeof setTimeout> | undefined;
}

/** Whether an agent holds the conversation (typing indicators go both ways only then). */
const heldByAgent = (state: WidgetState | null) => state?.state === 'ASIGNADA' || state?.state === 'ACTIVA';

/** 429: the platform's rate limit refused the message before storing it. */
const TOO_MANY = 429;

function newClientId(): string {
  try {
    if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  } catch {
    // Insecure context: fall through.
  }
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => (b + 256).toString(16).slice(1)).join('');
}

function readBase64(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const result = String(reader.result);
      resolve(result.slice(result.indexOf(',') + 1));
    };
    reader.onerror = () => reject({ status: 0, message: T.genericError } satisfies RequestError);
    reader.readAsDataURL(file);
  });
}

function contentTypeOf(file: File): string {
  const type = (file.type || '').toLowerCase();
  return /^[a-z]+\/[a-z0-9.+-]+$/.test(type) && type.length <= 100 ? type : 'application/octet-stream';
}

function errorOf(error: unknown): RequestError {
  if (typeof error === 'object' && error !== null && 'message' in error && typeof error.message === 'string') {
    return { status: 'status' in error && typeof error.status === 'number' ? error.status : 0, message: error.message || T.genericError };
  }
  return { status: 0, message: T.genericError };
}

/**
 * The customer's side of the '/widget' socket (src/shared/realtime.ts): starts or resumes the
 * conversation, sends every request until it is acked (a message keeps its clientId, so the
 * platform stores it once), keeps the messages in seq order without gaps or repeats (a gap asks
 * for a sync), and keeps what a reload needs in the storage it is given (sessionStorage; localStorage when embedded). No DOM here: the React views
 * render its snapshot.
 */
export class WidgetChat {
  private snap: ChatSnapshot;
  private readonly listeners = new Set<() => void>();
  private socket: ChatSocket | null = null;
  private session: StoredSession | null;
  private readonly key: string;
  private seen = new Set<number>();
  private contiguous = 0;
  private jobs: Job[] = [];
  private syncing = false;
  private typingSentAt = 0;
  private typingIdle: ReturnType<typeof setTimeout> | undefined;
  private typing = false;
  private agentTypingStale: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly boot: WidgetBoot,
    private readonly io: SocketFactory,
    private readonly storage: Storage | null,
    /** The customer's 'typing' at most every throttleMs, 'stopped' after idleMs; the agent's indicator drops after staleMs without news. */
    private readonly typingTimings = { throttleMs: 2000, idleMs: 3000, staleMs: 8000 },
    /** The embedded widget's host page origin: its conversations are kept apart from any other site's. */
    hostOrigin: string | null = null
  ) {
    this.key = sessionKey(boot.config.org, boot.config.va, hostOrigin);
    this.session = loadSession(storage, this.key);
    this.snap = {
      view: this.session ? 'chat' : 'entry',
      starting: false,
      entryError: null,
      online: true,
      conversationId: this.session?.conversationId ?? null,
      token: this.session?.token ?? null,
      state: null,
      messages: [],
      pending: [],
      composerError: null,
      agentTyping: false,
      surveyAnswered: false,
      leaving: false
    };
  }

  /**
   * Resumes the stored conversation, if any (call once the views listen). Without one, and with the
   * virtual agent's entry form switched off (issue 38), the chat starts at once, asking nothing.
   */
  resume(): void {
    if (this.session && !this.socket) this.socket = this.connect({ conversationId: this.session.conversationId, token: this.session.token });
    else if (!this.session && !this.socket) this.startWithoutForm();
  }

  /** Issue 38: the entry form switched off, a new conversation starts without answers (a refused start shows its reason and 'Iniciar chat'). */
  private startWithoutForm(): void {
    if (!this.boot.config.features.entryForm) this.start({});
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): ChatSnapshot => this.snap;

  private update(change: Partial<ChatSnapshot>): void {
    this.snap = { ...this.snap, ...change };
    for (const listener of this.listeners) listener();
  }

  /* ───── socket and acknowledged requests ───── */

  private connect(auth: ConnectAuth): ChatSocket {
    const s = this.io(this.boot.namespace, { path: this.boot.socketPath, auth });
    s.on('connect', () => {
      if (s !== this.socket) return;
      this.update({ online: true });
      const waiting = this.jobs.slice();
      if (this.session) this.syncNow();
      waiting.forEach((job) => this.attempt(job));
    });
    s.on('disconnect', () => {
      if (s !== this.socket) return;
      this.update({ online: false, agentTyping: false });
    });
    s.on('connect_error', (error: unknown) => {
      if (s !== this.socket) return;
      this.update({ online: false });
      // Still active: socket.io retries by itself. Not active: the server refused the handshake.
      if (s.active) return;
      if (this.session) this.resumeLost();
      else this.startFailed(errorOf(error));
    });
    s.on('widget:message', (payload: unknown) => {
      const message = widgetServerEvents['widget:message'].safeParse(payload);
      if (s === this.socket && message.success) this.addMessages([message.data]);
    });
    s.on('widget:state', (payload: unknown) => {
      const state = widgetServerEvents['widget:state'].safeParse(payload);
      if (s === this.socket && state.success) this.applyState(state.data);
    });
    s.on('widget:typing', (payload: unknown) => {
      const typing = widgetServerEvents['widget:typing'].safeParse(payload);
      if (s !== this.socket || !typing.success) return;
      clearTimeout(this.agentTypingStale);
      const agentTyping = typing.data.typing && heldByAgent(this.snap.state);
      // A 'stopped' lost with the agent's connection must not leave the indicator on for good.
      if (agentTyping) this.agentTypingStale = setTimeout(() => this.update({ agentTyping: false }), this.typingTimings.staleMs);
      this.update({ agentTyping });
    });
    return s;
  }

  private closeSocket(): void {
    const old = this.socket;
    this.socket = null;
    old?.disconnect();
    for (const job of this.jobs.splice(0)) {
      job.done = true;
      clearTimeout(job.timer);
    }
    this.syncing = false;
    this.stopTyping(false);
    clearTimeout(this.agentTypingStale);
  }

  /** Emits until the server acks (the same payload, so a repeated message is dropped by its clientId). */
  private request<E extends AckedEvent, R>(event: E, schema: z.ZodType<R>, payload: unknown): Promise<R> {
    return new Promise((resolve, reject) => {
      const answer = (response: unknown) => {
        const ack = readAck(schema, response, T.genericError);
        if (ack.ok) resolve(ack.data);
        else reject(ack.error);
      };
      const job: Job = { event, payload, answer, tries: 0, done: false, timer: undefined };
      this.jobs.push(job);
      this.attempt(job);
    });
  }

  private settle(job: Job): void {
    job.done = true;
    clearTimeout(job.timer);
    const i = this.jobs.indexOf(job);
    if (i >= 0) this.jobs.splice(i, 1);
  }

  private attempt(job: Job): void {
    if (job.done) return;
    clearTimeout(job.timer);
    const socket = this.socket;
    // Offline: tried again on (re)connect.
    if (!socket || !socket.connected) return;
    const n = ++job.tries;
    socket.timeout(this.boot.ackTimeoutMs).emit(job.event, job.payload, (err, response) => {
      if (job.done || n !== job.tries) return;
      if (err) {
        job.timer = setTimeout(() => this.attempt(job), Math.min(this.boot.retryDelayMs * n, this.boot.ackTimeoutMs));
        return;
      }
      this.settle(job);
      job.answer(response);
    });
  }

  /* ───── starting and resuming ───── */

  /** Starts a conversation with the entry form's answers (widget:start is sent once, never repeated). */
  start(answers: Record<string, string>): void {
    this.closeSocket();
    this.update({ starting: true, entryError: null });
    const current = this.connect({ org: this.boot.config.org, va: this.boot.config.va });
    this.socket = current;
    current.timeout(this.boot.startTimeoutMs).emit('widget:start', { fields: answers }, (err, response) => {
      if (current !== this.socket) return;
      if (err) return this.startFailed({ status: 0, message: T.startFailed });
      const ack = readAck(ackData['widget:start'], response, T.startFailed);
      if (!ack.ok) return this.startFailed(ack.error);
      const data = ack.data;
      this.session = { conversationId: data.conversationId, token: data.token, lastSeq: 0 };
      saveSession(this.storage, this.key, this.session);
      current.auth = { conversationId: data.conversationId, token: data.token };
      this.update({ view: 'chat', starting: false, conversationId: data.conversationId, token: data.token });
      this.applyState(data.state);
      this.addMessages(data.messages);
    });
  }

  private startFailed(error: RequestError): void {
    this.closeSocket();
    this.update({ online: true, starting: false, entryError: error.message || T.startFailed });
  }

  private resumeLost(): void {
    this.closeSocket();
    this.reset();
    this.update({ entryError: T.resumeLost });
  }

  /** Back to no conversation; `forget`: the stored session goes too (not when another tab just stored its own). */
  private reset(forget = true): void {
    this.session = null;
    if (forget) saveSession(this.storage, this.key, null);
    this.seen = new Set();
    this.contiguous = 0;
    this.update({
      view: 'entry',
      starting: false,
      entryError: null,
      online: true,
      conversationId: null,
      token: null,
      state: null,
      messages: [],
      pending: [],
      composerError: null,
      agentTyping: false,
      surveyAnswered: false,
      leaving: false
    });
  }

  /**
   * The stored session changed in another tab of the same site (a 'storage' event of the embedded
   * widget's localStorage): a conversation that tab started or resumed becomes this tab's too, so
   * both show the same one. The same conversation (its lastSeq moving on) or a removal changes nothing here.
   */
  sessionChanged(): void {
    const stored = loadSession(this.storage, this.key);
    if (!stored || stored.conversationId === this.session?.conversationId) return;
    this.closeSocket();
    this.reset(false);
    this.session = stored;
    this.update({ view: 'chat', conversationId: stored.conversationId, token: stored.token });
    this.socket = this.connect({ conversationId: stored.conversationId, token: stored.token });
  }

  /** Back to the entry form for a new conversation (or straight into one, with the entry form off). */
  newChat(): void {
    this.closeSocket();
    this.reset();
    this.startWithoutForm();
  }

  private syncNow(): void {
    const session = this.session;
    if (this.syncing || !session) return;
    this.syncing = true;
    this.request('widget:sync', ackData['widget:sync'], { afterSeq: this.contiguous }).then(
      (data) => {
        this.syncing = false;
        if (this.session?.conversationId !== session.conversationId) return;
        this.update({ view: 'chat' });
        this.applyState(data.state);
        this.addMessages(data.messages);
      },
      (error: unknown) => {
        this.syncing = false;
        const e = errorOf(error);
        if (e.status === 403 || e.status === 404) this.resumeLost();
      }
    );
  }

  /* ───── messages ───── */

  private addMessages(incoming: readonly LiveMessage[]): void {
    const session = this.session;
    if (!session) return;
    let messages = this.snap.messages;
    let pending = this.snap.pending;
    let changed = false;
    for (const message of incoming) {
      if (message.conversationId !== session.conversationId || this.seen.has(message.seq)) continue;
      this.seen.add(message.seq);
      changed = true;
      if (message.clientId) pending = pending.filter((p) => p.clientId !== message.clientId);
      if (message.tipoMensaje !== 'COMMAND') {
        const at = messages.findIndex((m) => m.seq > message.seq);
        messages = at < 0 ? [...messages, message] : [...messages.slice(0, at), message, ...messages.slice(at)];
      }
    }
    if (!changed) return;
    const before = this.contiguous;
    while (this.seen.has(this.contiguous + 1)) this.contiguous++;
    if (this.contiguous !== before) {
      session.lastSeq = this.contiguous;
      saveSession(this.storage, this.key, session);
    }
    const agentSpoke = incoming.some((m) => m.tipoUsuario === 'ASESOR');
    this.update({ messages, pending, ...(agentSpoke ? { agentTyping: false } : {}) });
    const newest = Math.max(...incoming.map((m) => m.seq));
    if (newest > this.contiguous + 1 && this.socket?.connected) this.syncNow();
  }

  private setPending(clientId: string, change: Partial<PendingMessage> | null): void {
    this.update({
      pending: change === null ? this.snap.pending.filter((p) => p.clientId !== clientId) : this.snap.pending.map((p) => (p.clientId === clientId ? { ...p, ...change } : p))
    });
  }

  /** Sends a text and/or a file (uploaded first); resolves when the platform stored it or refused it. */
  async send(text: string, file: File | null): Promise<SendOutcome> {
    const session = this.session;
    if (!session || this.snap.state?.state === 'FINALIZADA') return { kind: 'skipped' };
    this.stopTyping(true);
    const clientId = newClientId();
    this.update({ pending: [...this.snap.pending, { clientId, text, fileName: file?.name ?? null, status: 'sending', error: null }] });
    try {
      const ref = file
        ? await this.request('widget:upload', ackData['widget:upload'], {
            data: await readBase64(file),
            format_type: 'base64',
            content_type: contentTypeOf(file),
            name: file.name.slice(0, 200),
            conversationId: session.conversationId
          })
        : null;
      const stored = await this.request('widget:message', ackData['widget:message'], { clientId, text, attachment: ref ? { contentType: ref.contentType, name: ref.name, url: ref.url } : null });
      this.addMessages([stored]);
      return { kind: 'sent' };
    } catch (error) {
      const e = errorOf(error);
      if (e.status === TOO_MANY) {
        // Nothing was stored: the message leaves the list and its text goes back to the composer.
        this.setPending(clientId, null);
        this.update({ composerError: e.message });
        return { kind: 'returned', message: e.message };
      }
      this.setPending(clientId, { status: 'error', error: e.message });
      return { kind: 'failed' };
    }
  }

  setComposerError(message: string | null): void {
    if (this.snap.composerError !== message) this.update({ composerError: message });
  }

  /* ───── typing ───── */

  /** The customer typed: 'typing' at most every throttle interval, 'stopped' after a quiet while. */
  typed(hasText: boolean): void {
    if (!hasText) return this.stopTyping(true);
    if (!heldByAgent(this.snap.state)) return;
    const now = Date.now();
    if (!this.typing || now - this.typingSentAt >= this.typingTimings.throttleMs) {
      this.typing = true;
      this.typingSentAt = now;
      this.emitTyping(true);
    }
    clearTimeout(this.typingIdle);
    this.typingIdle = setTimeout(() => this.stopTyping(true), this.typingTimings.idleMs);
  }

  private stopTyping(tell: boolean): void {
    clearTimeout(this.typingIdle);
    this.typingIdle = undefined;
    if (!this.typing) return;
    this.typing = false;
    if (tell) this.emitTyping(false);
  }

  /** A hint, not a record: sent once when connected, never retried. */
  private emitTyping(typing: boolean): void {
    const socket = this.socket;
    if (socket?.connected) socket.timeout(this.boot.ackTimeoutMs).emit('widget:typing', { typing }, () => undefined);
  }

  /* ───── state, leaving, survey ───── */

  private applyState(next: WidgetState): void {
    if (!this.session || next.conversationId !== this.session.conversationId) return;
    const ended = next.state === 'FINALIZADA';
    if (!heldByAgent(next)) this.stopTyping(false);
    this.update({ state: next, ...(heldByAgent(next) ? {} : { agentTyping: false }), ...(ended ? { leaving: false } : {}) });
  }

  async leave(): Promise<boolean> {
    this.update({ leaving: true });
    try {
      this.applyState(await this.request('widget:leave', ackData['widget:leave'], {}));
      return true;
    } catch (error) {
      this.update({ leaving: false, composerError: errorOf(error).message });
      return false;
    }
  }

  /** Answers the survey; resolves null when stored, else the Spanish reason. */
  async answerSurvey(satisfaction: number, nps: number): Promise<string | null> {
    try {
      const next = await this.request('widget:survey', ackData['widget:survey'], { satisfaction, nps });
      this.update({ surveyAnswered: true });
      this.applyState(next);
      return null;
    } catch (error) {
      return errorOf(error).message;
    }
  }

  close(): void {
    this.closeSocket();
  }
}
