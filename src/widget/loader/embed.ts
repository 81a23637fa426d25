import { EMBED_PARAM, EMBED_TAG, WIDGET_PAGE_PATH } from '../../shared/widget-embed';
import type { HostMessage, LauncherAnswer, PrefillFields } from '../../shared/widget-embed-messages';
import { readFrameMessage } from './guards';
import { EMBED_TEXTS as T } from '../embed-texts';
import type { HostStore } from './store';
import { LOADER_CSS } from './styles';

export interface EmbedOptions {
  win: Window;
  /** The platform's origin (where the loader came from): the only origin whose messages count. */
  platformOrigin: string;
  org: string;
  va: string;
  /** data-open="proactive": the chat opens by itself on the tab's first page (without taking the focus). */
  proactive: boolean;
  store: HostStore;
}

/**
 * The frame may run scripts as its own origin (the platform's: its storage and socket), submit its
 * forms, open links and downloads in new tabs. It may not navigate the host page, and being of
 * another origin it cannot read it.
 */
export const FRAME_SANDBOX = 'allow-scripts allow-same-origin allow-forms allow-popups allow-popups-to-escape-sandbox allow-downloads';

const SVG_NS = 'http://www.w3.org/2000/svg';
/** A speech bubble (Fluent's chat icon outline, 24 px grid). */
const CHAT_ICON = 'M12 2a10 10 0 0 0-8.64 15.03L2.05 21.1a.75.75 0 0 0 .85.85l4.07-1.31A10 10 0 1 0 12 2Zm0 1.5a8.5 8.5 0 1 1-4.36 15.8.75.75 0 0 0-.6-.07l-3.07 1 1-3.07a.75.75 0 0 0-.08-.6A8.5 8.5 0 0 1 12 3.5ZM8 11a1 1 0 1 0 0 2 1 1 0 0 0 0-2Zm4 0a1 1 0 1 0 0 2 1 1 0 0 0 0-2Zm4 0a1 1 0 1 0 0 2 1 1 0 0 0 0-2Z';

/**
 * The widget on a host page: a launcher button in a shadow root, and — once the customer opens it,
 * or at once when a conversation is going on or the snippet says proactive — the widget page in a
 * sandboxed iframe of the platform, in a panel above the launcher. Messages from the frame count
 * only from the platform's origin and that frame's window, and only in the shape FrameMessage
 * gives (./guards.ts); messages to it go to the platform's origin only.
 */
export class HostEmbed {
  readonly host: HTMLElement;
  private readonly shadow: ShadowRoot;
  private readonly button: HTMLButtonElement;
  private readonly badge: HTMLSpanElement;
  private readonly panel: HTMLDivElement;
  private frame: HTMLIFrameElement | null = null;
  private frameReady = false;
  private shown = false;
  private isOpen = false;
  private wantOpen: { focus: boolean } | null = null;
  /** The customer opened the chat before its frame was ready: the focus moves in once it is. */
  private focusWhenReady = false;
  private unread = 0;
  private prefilled: PrefillFields | null = null;
  private title = '';

  constructor(private readonly options: EmbedOptions) {
    const doc = options.win.document;
    this.host = doc.createElement('div');
    this.host.id = 'atiende-widget';
    this.shadow = this.host.attachShadow({ mode: 'open' });
    this.applyStyles(doc);
    this.button = doc.createElement('button');
    this.button.type = 'button';
    this.button.className = 'launcher';
    this.button.setAttribute('aria-expanded', 'false');
    this.button.setAttribute('aria-controls', 'atiende-panel');
    const svg = doc.createElementNS(SVG_NS, 'svg');
    svg.setAttribute('viewBox', '0 0 24 24');
    svg.setAttribute('aria-hidden', 'true');
    svg.setAttribute('focusable', 'false');
    const path = doc.createElementNS(SVG_NS, 'path');
    path.setAttribute('d', CHAT_ICON);
    svg.append(path);
    this.badge = doc.createElement('span');
    this.badge.className = 'badge';
    this.badge.hidden = true;
    this.badge.setAttribute('aria-hidden', 'true');
    this.button.append(svg, this.badge);
    this.button.addEventListener('click', () => (this.isOpen ? this.close() : this.open()));
    this.panel = doc.createElement('div');
    this.panel.className = 'panel';
    this.panel.id = 'atiende-panel';
    this.panel.hidden = true;
    this.shadow.append(this.button, this.panel);
    this.shadow.addEventListener('keydown', (event) => {
      if ((event as KeyboardEvent).key === 'Escape' && this.isOpen) this.close();
    });
    options.win.addEventListener('message', this.onMessage);
    options.win.addEventListener('storage', this.onStorage);
    this.label();
  }

  /** Constructed stylesheets need no 'unsafe-inline' in the host page's style-src; a <style> is the fallback. */
  private applyStyles(doc: Document): void {
    try {
      const sheet = new CSSStyleSheet();
      sheet.replaceSync(LOADER_CSS);
      this.shadow.adoptedStyleSheets = [sheet];
    } catch {
      const style = doc.createElement('style');
      style.textContent = LOADER_CSS;
      this.shadow.append(style);
    }
  }

  /** Puts the launcher on the page in the widget's colours (again with new ones, when the platform's answer differs from the cached one). */
  show(launcher: LauncherAnswer): void {
    this.host.style.setProperty('--atiende-bg', launcher.background);
    this.host.style.setProperty('--atiende-fg', launcher.color);
    this.title = launcher.title;
    if (this.frame) this.frame.title = T.frameTitle.replace('{title}', launcher.title);
    if (this.shown) return;
    this.shown = true;
    const doc = this.options.win.document;
    // An async script may run before the parser reached <body>.
    if (doc.body) doc.body.append(this.host);
    else doc.addEventListener('DOMContentLoaded', () => doc.body.append(this.host), { once: true });
    const { store, proactive } = this.options;
    const remembered = store.open();
    if (store.active() || proactive) this.loadFrame();
    if (this.wantOpen) this.open(this.wantOpen.focus);
    else if (remembered === true || (remembered === null && proactive)) this.open(false);
  }

  /** The platform does not know this chat: the launcher leaves the page. */
  remove(): void {
    this.host.remove();
    this.options.win.removeEventListener('message', this.onMessage);
    this.options.win.removeEventListener('storage', this.onStorage);
    this.shown = false;
  }

  get opened(): boolean {
    return this.isOpen;
  }

  get unreadCount(): number {
    return this.unread;
  }

  get iframe(): HTMLIFrameElement | null {
    return this.frame;
  }

  /** Shows the chat (loading it the first time); `focus`: the customer asked, the focus moves into it. */
  open(focus = true): void {
    if (!this.shown) {
      this.wantOpen = { focus };
      return;
    }
    this.loadFrame();
    this.isOpen = true;
    this.unread = 0;
    this.panel.hidden = false;
    this.host.setAttribute('data-open', '');
    this.options.store.saveOpen(true);
    this.label();
    if (focus) this.frame?.focus();
    if (this.frameReady) this.post({ tag: EMBED_TAG, type: 'open', focus });
    else this.focusWhenReady = focus;
  }

  /** Hides the chat (it stays loaded: the conversation goes on and counts what arrives); the focus goes back to the launcher if it was in the chat. */
  close(): void {
    this.wantOpen = null;
    if (!this.isOpen) return;
    const focusWasInside = this.shadow.activeElement !== null && this.shadow.activeElement !== this.button;
    this.isOpen = false;
    this.focusWhenReady = false;
    this.panel.hidden = true;
    this.host.removeAttribute('data-open');
    this.options.store.saveOpen(false);
    this.label();
    this.post({ tag: EMBED_TAG, type: 'close' });
    if (focusWasInside || this.shadow.activeElement === this.button) this.button.focus();
  }

  /** Entry-form answers for the chat (checked by the widget against its form, as typed ones). */
  prefill(fields: PrefillFields): void {
    this.prefilled = { ...this.prefilled, ...fields };
    this.post({ tag: EMBED_TAG, type: 'prefill', fields: this.prefilled });
  }

  private loadFrame(): void {
    if (this.frame) return;
    const { win, platformOrigin, org, va } = this.options;
    const frame = win.document.createElement('iframe');
    const src = new URL(WIDGET_PAGE_PATH, platformOrigin);
    src.searchParams.set('org', org);
    src.searchParams.set('va', va);
    src.searchParams.set(EMBED_PARAM, '1');
    frame.src = src.toString();
    frame.title = T.frameTitle.replace('{title}', this.title);
    frame.setAttribute('sandbox', FRAME_SANDBOX);
    frame.setAttribute('allow', '');
    this.frame = frame;
    this.panel.append(frame);
  }

  private post(message: HostMessage): void {
    if (this.frameReady) this.frame?.contentWindow?.postMessage(message, this.options.platformOrigin);
  }

  private readonly onMessage = (event: MessageEvent): void => {
    if (event.origin !== this.options.platformOrigin || !this.frame || event.source !== this.frame.contentWindow) return;
    const message = readFrameMessage(event.data);
    if (!message) return;
    if (message.type === 'ready') {
      // A frame (re)loaded: it learns where it lives, whether it is shown, and the answers handed in so far.
      this.frameReady = true;
      this.post({ tag: EMBED_TAG, type: 'hello', open: this.isOpen, session: this.options.store.session() });
      if (this.prefilled) this.post({ tag: EMBED_TAG, type: 'prefill', fields: this.prefilled });
      // The frame was focused while it still loaded: focused again now that its page is there, then told to focus its first control.
      if (this.isOpen && this.focusWhenReady) this.frame.focus();
      if (this.isOpen) this.post({ tag: EMBED_TAG, type: 'open', focus: this.focusWhenReady });
      this.focusWhenReady = false;
    } else if (message.type === 'status') {
      this.options.store.save({ active: message.active });
      this.unread = this.isOpen ? 0 : message.unread;
      this.label();
    } else if (message.type === 'session') {
      this.options.store.saveSession(message.value);
    } else {
      this.close();
    }
  };

  /** Another tab of the site changed the relayed session: this tab's frame follows. */
  private readonly onStorage = (event: StorageEvent): void => {
    if (event.key === this.options.store.sessionKey) this.post({ tag: EMBED_TAG, type: 'session', value: event.newValue });
  };

  private label(): void {
    const count = this.unread;
    this.badge.hidden = count === 0 || this.isOpen;
    this.badge.textContent = count > 99 ? '99+' : String(count);
    this.button.setAttribute('aria-expanded', String(this.isOpen));
    this.button.setAttribute('aria-label', this.isOpen ? T.minimize : count === 0 ? T.open : count === 1 ? T.openUnreadOne : T.openUnread.replace('{count}', String(count)));
  }
}
