/**
 * The customer's web chat page (GET /widget?org=ID&va=ID): a shell in Spanish (es-CO), styled
 * from the virtual agent's widget design, that loads the widget's script (src/widget, built by
 * scripts/widget-bundle.ts into bundle.generated.js and served from WIDGET_SCRIPT_PATH) with its
 * boot data. The widget renders everything else; its stable hooks for tests (ids, data-testid,
 * data-state, data-sender, data-seq, data-status…) are listed in src/widget/App.tsx.
 */
import { randomBytes } from 'node:crypto';
import { MAX_UPLOAD_BYTES } from '../../shared/domain/media';
import { DEFAULT_WIDGET_THEME } from '../../shared/domain/widget-design';
import { SOCKET_PATH, WIDGET_NAMESPACE, type WidgetConfig } from '../../shared/realtime';
import { defaultTimings, WIDGET_BOOT_ID, WIDGET_ROOT_ID, WIDGET_SCRIPT_PATH, type WidgetBoot, type WidgetTimings } from '../../widget/boot';
import { WIDGET_TEXTS } from '../../widget/texts';
import { WIDGET_STYLE, WIDGET_VERSION } from './bundle.generated.js';
import { themeOf } from './config';
import { themeVariables } from './page-style';

export function createNonce(): string {
  return randomBytes(18).toString('base64');
}

/**
 * The page's Content-Security-Policy: only its own nonce'd script and style, same-origin
 * connections. Framing: the embed page (`embed=1`, the loader's iframe) and the widget editor's
 * preview (`preview=1`, framed by the desktop app) may be framed by any
 * origin — any company's site pastes the snippet, and the platform keeps no list of them
 * (docs/widget-embed.md) — every other widget page by none.
 */
export function widgetCsp(nonce: string, embed = false): string {
  return [
    "default-src 'none'",
    `script-src 'self' 'nonce-${nonce}'`,
    `style-src 'nonce-${nonce}'`,
    "connect-src 'self'",
    "img-src 'self' data: https:",
    "font-src 'self'",
    "base-uri 'none'",
    "form-action 'none'",
    "object-src 'none'",
    embed ? 'frame-ancestors *' : "frame-ancestors 'none'"
  ].join('; ');
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** JSON for a <script type="application/json"> block: nothing in it can close the element. */
function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');
}

/** The widget page of one virtual agent. */
export function renderWidgetPage(config: WidgetConfig, nonce: string, options: { embed?: boolean; preview?: boolean; timings?: WidgetTimings } = {}): string {
  const boot: WidgetBoot = {
    config,
    namespace: WIDGET_NAMESPACE,
    socketPath: SOCKET_PATH,
    maxUploadBytes: MAX_UPLOAD_BYTES,
    ...(options.timings ?? defaultTimings()),
    embed: options.embed ?? false,
    preview: options.preview ?? false
  };
  const e = escapeHtml;
  return `<!doctype html>
<html lang="es-CO">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="data:,">
<title>${e(WIDGET_TEXTS.pageTitle)} · ${e(config.organizationName)}</title>
<style nonce="${nonce}">${themeVariables(themeOf(config))}${WIDGET_STYLE}</style>
</head>
<body>
<div id="${WIDGET_ROOT_ID}"></div>
<noscript><p>${e(WIDGET_TEXTS.noScript)}</p></noscript>
<script type="application/json" id="${WIDGET_BOOT_ID}">${jsonForScript(boot)}</script>
<script nonce="${nonce}" src="${WIDGET_SCRIPT_PATH}?v=${WIDGET_VERSION}"></script>
</body>
</html>`;
}

/** A Spanish error page (unknown or inactive chat, bad link). */
export function renderErrorPage(title: string, message: string, nonce: string): string {
  const e = escapeHtml;
  return `<!doctype html>
<html lang="es-CO">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${e(title)}</title>
<style nonce="${nonce}">${themeVariables(DEFAULT_WIDGET_THEME)}${WIDGET_STYLE}</style>
</head>
<body>
<main class="widget error-page" id="widget-error">
  <h1>${e(title)}</h1>
  <p>${e(message)}</p>
</main>
</body>
</html>`;
}
