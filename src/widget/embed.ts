import { EMBED_TAG } from '../shared/widget-embed';
import { readHostMessage, type FrameMessage, type PrefillFields } from '../shared/widget-embed-messages';
import type { ChatSnapshot } from './chat';

export interface EmbedView {
  prefill: { fields: PrefillFields; version: number } | null;
  launcher: boolean;
}

/** How long the widget waits for the loader's `hello` before it runs as a page of its own. */
const HELLO_TIMEOUT_MS = 5000;

/** Where the focus goes when the customer opens the panel: the first thing to do in the current view. */
const FIRST_CONTROL = '#entry-form input:not([type=hidden]), #entry-form select, #entry-submit, #composer-input, #survey-form input, #new-chat';

/**
 * The widget's side of the embed protocol (src/shared/widget-embed.ts), inside the iframe the
 * loader adds to a host page. It learns the host page's origin from the browser
 * (location.ancestorOrigins) or else from the loader's `hello` (before it, only a bare `ready` goes
 * out); from then on every message must come from that origin and the parent window, and every
 * message it sends goes to that origin only. It tells the loader whether a conversation is going on and how many messages arrived while the
 * panel was hidden (the launcher's count). Escape or 'Minimizar chat' asks the loader to hide it.
 */
export class FrameBridge {
  private isOpen: boolean;
  private unread = 0;
  private lastCounted = 0;
  private conversationId: string | null = null;
  private active = false;
  private view: EmbedView = { prefill: null, launcher: false };
  private readonly listeners = new Set<() => void>();
  private helloSession: (value: string | null) => void = () => undefined;
  /** The session the loader keeps for this frame in the host page's storage (used only when the frame has none of its own). */
  readonly relayedSession: Promise<string | null> = new Promise((resolve) => (this.helloSession = resolve));
  private sessionListener: ((value: string | null) => void) | null = null;

  constructor(
    private readonly win: Window,
    /** The host page's origin (location.ancestorOrigins, or the origin of its `hello`). */
    readonly hostOrigin: string,
    open: boolean,
    /** The stored session's last contiguous seq: messages above it arrived while no page showed them. */
    private readonly storedLastSeq: () => number
  ) {
    this.isOpen = open;
    win.addEventListener('message', this.onMessage);
    win.document.addEventListener('keydown', this.onKeyDown);
  }

  /** Stops listening (the page's bridge lives as long as the page; tests make several). */
  dispose(): void {
    this.win.removeEventListener('message', this.onMessage);
    this.win.document.removeEventListener('keydown', this.onKeyDown);
  }

  /** Escape anywhere in the widget hides the panel, unless something of the widget (its dialog) took it. */
  private readonly onKeyDown = (event: KeyboardEvent): void => {
    if (event.key === 'Escape' && !event.defaultPrevented) this.minimize();
  };

  /**
   * Says `ready` to the parent and resolves with the bridge: at once where the browser tells a frame
   * its parent's origin (location.ancestorOrigins: Chromium, Safari), else once the host's `hello`
   * arrives; null when the page is not framed, or no `hello` came (then it runs as a page of its own).
   */
  static connect(win: Window, storedLastSeq: (hostOrigin: string) => number, timeoutMs = HELLO_TIMEOUT_MS): Promise<FrameBridge | null> {
    if (win.parent === win) return Promise.resolve(null);
    const ready: FrameMessage = { tag: EMBED_TAG, type: 'ready' };
    const parentOrigin = win.location.ancestorOrigins?.[0];
    if (parentOrigin && parentOrigin !== 'null') {
      const bridge = new FrameBridge(win, parentOrigin, false, () => storedLastSeq(parentOrigin));
      bridge.send(ready);
      return Promise.resolve(bridge);
    }
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        win.removeEventListener('message', listen);
        resolve(null);
      }, timeoutMs);
      const listen = (event: MessageEvent) => {
        const message = event.source === win.parent ? readHostMessage(event.data) : null;
        if (message?.type !== 'hello') return;
        clearTimeout(timer);
        win.removeEventListener('message', listen);
        const bridge = new FrameBridge(win, event.origin, message.open, () => storedLastSeq(event.origin));
        bridge.greeted(message.open, message.session);
        resolve(bridge);
      };
      win.addEventListener('message', listen);
      // Carries nothing but its name: the host's origin is not known yet.
      win.parent.postMessage(ready, '*');
    });
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** What the widget shows of the embedding: the host's prefill, and whether a loader (its launcher) is there to hide the panel. */
  getView = (): EmbedView => this.view;

  private change(next: Partial<EmbedView>): void {
    this.view = { ...this.view, ...next };
    for (const listener of this.listeners) listener();
  }

  /** The loader's hello: a launcher is there, the panel is shown or not, and the session it keeps, if any. */
  private greeted(open: boolean, session: string | null): void {
    this.isOpen = open;
    this.helloSession(session);
    if (!this.view.launcher) this.change({ launcher: true });
  }

  get opened(): boolean {
    return this.isOpen;
  }

  /** Without storage of its own, the frame hands its session to the loader to keep, and hears of another tab's changes. */
  relaySession(value: string | null): void {
    this.send({ tag: EMBED_TAG, type: 'session', value });
  }

  onRelayedSession(listener: (value: string | null) => void): void {
    this.sessionListener = listener;
  }

  /** Asks the loader to hide the panel (nothing without a loader: a bare iframe has no launcher to come back to). */
  minimize(): void {
    if (this.view.launcher) this.send({ tag: EMBED_TAG, type: 'close' });
  }

  /** Follows the chat: counts the others' new messages while hidden, and reports when that or the conversation's being on changes. */
  observe(snap: ChatSnapshot): void {
    if (snap.conversationId !== this.conversationId) {
      this.conversationId = snap.conversationId;
      this.lastCounted = snap.conversationId ? this.storedLastSeq() : 0;
    }
    let unread = this.unread;
    for (const message of snap.messages) {
      if (message.seq <= this.lastCounted) continue;
      this.lastCounted = message.seq;
      if (!this.isOpen && message.tipoUsuario !== 'CLIENTE') unread++;
    }
    const active = snap.conversationId !== null && snap.state?.state !== 'FINALIZADA';
    if (unread !== this.unread || active !== this.active) {
      this.unread = unread;
      this.active = active;
      this.report();
    }
  }

  /** Focuses the view's first control; the first render may still be on its way, so it tries for a few frames. */
  private focusFirst(frames: number): void {
    const target = this.win.document.querySelector<HTMLElement>(FIRST_CONTROL);
    if (target) target.focus();
    else if (frames > 0) this.win.requestAnimationFrame(() => this.focusFirst(frames - 1));
  }

  private report(): void {
    this.send({ tag: EMBED_TAG, type: 'status', active: this.active, unread: this.unread });
  }

  private send(message: FrameMessage): void {
    this.win.parent.postMessage(message, this.hostOrigin);
  }

  private readonly onMessage = (event: MessageEvent): void => {
    if (event.origin !== this.hostOrigin || event.source !== this.win.parent) return;
    const message = readHostMessage(event.data);
    if (!message) return;
    if (message.type === 'open') {
      this.isOpen = true;
      this.unread = 0;
      this.report();
      if (message.focus) this.focusFirst(60);
    } else if (message.type === 'close') {
      this.isOpen = false;
    } else if (message.type === 'session') {
      this.sessionListener?.(message.value);
    } else if (message.type === 'prefill') {
      this.change({ prefill: { fields: message.fields, version: (this.view.prefill?.version ?? 0) + 1 } });
    } else {
      this.greeted(message.open, message.session);
    }
  }
}
