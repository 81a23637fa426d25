/**
 * The customer widget on any website (issue 40): the snippet a company pastes and the paths the
 * platform serves for it. No schema here: the loader (src/widget/loader) imports this and must stay
 * small; the messages it exchanges with the widget's iframe are in widget-embed-messages.ts.
 * docs/widget-embed.md describes the whole.
 */

/** The loader script (GET, any origin may load it). */
export const LOADER_PATH = '/widget/loader.js';
/** The launcher's colours and title (GET ?org&va, JSON, any origin may read it). */
export const LAUNCHER_PATH = '/widget/launcher';
/** The widget page (GET ?org&va); with `embed=1` it may be framed by any origin. */
export const WIDGET_PAGE_PATH = '/widget';
export const EMBED_PARAM = 'embed';
/** With `preview=1` the page is the widget editor's live preview: no chat, the draft design posted to it (docs/widget-embed.md). */
export const PREVIEW_PARAM = 'preview';
/** A virtual agent's avatar for the customer's browser (GET ?org&va, public: that avatar only). */
export const WIDGET_AVATAR_PATH = '/widget/avatar';

/** Every message of the embed protocol carries this tag, so unrelated postMessage traffic is ignored early. */
export const EMBED_TAG = 'atiende-widget';

/** The one-line snippet for a virtual agent's widget (shown with 'Copiar' by the widget editor). */
export function embedSnippet(platformUrl: string, org: number, va: number): string {
  // The platform serves the widget from its origin's root (its pages use absolute paths): a path, query or fragment of the given URL is dropped.
  const src = `${new URL(platformUrl).origin}${LOADER_PATH}`;
  const attr = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
  return `<script src="${attr(src)}" data-org="${org}" data-va="${va}" async></script>`;
}

/** At most this many entry-form answers in one prefill. */
export const MAX_PREFILL_FIELDS = 30;
