import { LAUNCHER_PATH, MAX_PREFILL_FIELDS } from '../../shared/widget-embed';
import type { PrefillFields } from '../../shared/widget-embed-messages';
import { EMBED_TEXTS as T } from '../embed-texts';
import { HostEmbed } from './embed';
import { readLauncher, readSnippet } from './guards';
import { hostStore } from './store';

/**
 * The loader (GET /widget/loader.js): the snippet's script on a company's page. It reads the
 * snippet's data-org, data-va and data-open, asks the platform for the launcher's colours
 * (GET /widget/launcher, one small JSON; the last answer, kept in the page's localStorage, paints
 * the launcher at once), and defines the one global `window.Atiende` with open(), close() and
 * prefill(fields). The chat itself loads only when the customer opens it (docs/widget-embed.md).
 */
export interface AtiendeApi {
  open(): void;
  close(): void;
  prefill(fields: PrefillFields): void;
}

declare global {
  interface Window {
    Atiende?: AtiendeApi;
  }
}

export function startLoader(win: Window, script: HTMLScriptElement | null): HostEmbed | null {
  // One widget per page: a second snippet does nothing.
  if (win.Atiende || !script) return null;
  const attributes = readSnippet(script.dataset);
  if (!attributes) {
    console.warn(T.badSnippet);
    return null;
  }
  const { org, va, open } = attributes;
  const platformOrigin = new URL(script.src, win.location.href).origin;
  const store = hostStore(win, org, va);
  const embed = new HostEmbed({ win, platformOrigin, org, va, proactive: open === 'proactive', store });
  const api: AtiendeApi = {
    open: () => embed.open(),
    close: () => embed.close(),
    // The host page's answers as text (the widget checks them against its form as typed ones).
    prefill: (fields) => {
      if (typeof fields === 'object' && fields !== null) embed.prefill(Object.fromEntries(Object.entries(fields).slice(0, MAX_PREFILL_FIELDS).map(([k, v]) => [k.slice(0, 100), String(v).slice(0, 1000)])));
    }
  };
  Object.defineProperty(win, 'Atiende', { value: Object.freeze(api), configurable: true, writable: false, enumerable: false });
  const cached = store.launcher();
  if (cached) embed.show(cached);
  const url = new URL(LAUNCHER_PATH, platformOrigin);
  url.searchParams.set('org', org);
  url.searchParams.set('va', va);
  win
    .fetch(url, { credentials: 'omit', mode: 'cors' })
    .then(async (res) => {
      if (res.status === 404) {
        console.warn(T.unavailable);
        embed.remove();
        store.save({ active: false, launcher: null });
        return;
      }
      const answer = readLauncher(res.ok ? await res.json() : null);
      if (!answer) return;
      store.save({ launcher: answer });
      embed.show(answer);
    })
    .catch(() => undefined);
  return embed;
}

if (typeof document !== 'undefined' && document.currentScript instanceof HTMLScriptElement) {
  startLoader(window, document.currentScript);
}
