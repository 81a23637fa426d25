/**
 * The customer's web chat page (GET /widget?org=ID&va=ID): self-contained HTML, CSS and script,
 * Spanish (es-CO), styled from the virtual agent's widget design.
 *
 * Stable hooks for end-to-end tests (ids; data-testid where a test needs to find many):
 * - #widget-header, #widget-assistant-name, #widget-organization-name, #widget-avatar
 * - #state-banner (role=status; data-state = BOT | EN_COLA | ASIGNADA | ACTIVA | FINALIZADA)
 * - #connection-status (shown while the socket is down)
 * - Entry form: #entry-view, #entry-form, #entry-fields, one control per field #field-{idField}
 *   (data-testid="entry-field-{idField}", data-field-type), its error #field-{idField}-error
 *   (data-testid="field-error-{idField}"),
 *   #entry-error (role=alert), #entry-submit ('Iniciar chat')
 * - Conversation: #chat-view, #messages (an <ol> inside the role=log, aria-live=polite region) whose items are
 *   li[data-testid="message"] with data-sender (CLIENTE | BOT | ASESOR | SISTEMA), data-seq,
 *   data-client-id and data-status ('sending' while unacked — text 'Enviando…' in
 *   [data-testid="message-status"] — 'sent', or 'error'); bot option buttons
 *   [data-testid="bot-option"], bot links [data-testid="bot-link"], attachments
 *   [data-testid="message-file"] / [data-testid="message-image"]
 * - Actions: #ask-agent ('Hablar con un asesor'), #leave-button ('Finalizar chat'), confirmation
 *   #leave-confirm (role=alertdialog) with #leave-confirm-yes / #leave-confirm-no
 * - Composer: #composer, #composer-input (textarea; Enter sends, Shift+Enter new line),
 *   #composer-file (file input), #composer-attachment + #composer-attachment-name +
 *   #composer-attachment-remove, #composer-send, #composer-error (role=alert)
 * - End: #end-view, #end-title, #end-message, #survey-form with radios
 *   #survey-satisfaction-1…5 and #survey-nps-0…10, #survey-submit, #survey-error, #survey-thanks,
 *   #new-chat
 * The resume data is kept in sessionStorage under 'atiende.widget.{org}.{va}'.
 */
import { randomBytes } from 'node:crypto';
import { MAX_UPLOAD_BYTES } from '../../shared/domain/media';
import { SOCKET_PATH, WIDGET_NAMESPACE, type WidgetConfig } from '../../shared/realtime';
import { themeOf } from './config';
import { SOCKET_CLIENT_PATH } from './socket-client';
import { WIDGET_CSS, themeVariables } from './page-style';
import { WIDGET_SCRIPT } from './page-script';
import { WIDGET_TEXTS } from './texts';
import { DEFAULT_WIDGET_THEME } from '../../shared/domain/widget-design';

/** What the page's script reads from #widget-boot. */
export interface WidgetBoot {
  config: WidgetConfig;
  texts: typeof WIDGET_TEXTS;
  namespace: string;
  socketPath: string;
  maxUploadBytes: number;
  /** How long a request waits for its ack before it is sent again. */
  ackTimeoutMs: number;
  retryDelayMs: number;
  /** How long widget:start (sent once) waits for its ack. */
  startTimeoutMs: number;
}

export function createNonce(): string {
  return randomBytes(18).toString('base64');
}

/** The page's Content-Security-Policy: only its own nonce'd script and style, same-origin connections. */
export function widgetCsp(nonce: string): string {
  return [
    "default-src 'none'",
    `script-src 'self' 'nonce-${nonce}'`,
    `style-src 'nonce-${nonce}'`,
    "connect-src 'self'",
    "img-src 'self' data: https:",
    "font-src 'self'",
    "base-uri 'none'",
    "form-action 'none'",
    "object-src 'none'"
  ].join('; ');
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** JSON for a <script type="application/json"> block: nothing in it can close the element. */
function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');
}

function safeImageUrl(url: string | null): string | null {
  if (!url) return null;
  return /^(https:\/\/|\/(?!\/)|data:image\/(png|jpeg|gif|webp);base64,)/i.test(url) ? url : null;
}

function scale(name: string, from: number, to: number): string {
  const options: string[] = [];
  for (let n = from; n <= to; n++) {
    options.push(`<label for="survey-${name}-${n}"><input type="radio" id="survey-${name}-${n}" name="${name}" value="${n}">${n}</label>`);
  }
  return `<div class="scale">${options.join('')}</div>`;
}

export function defaultBootTimings(): Pick<WidgetBoot, 'ackTimeoutMs' | 'retryDelayMs' | 'startTimeoutMs'> {
  return { ackTimeoutMs: 8000, retryDelayMs: 1000, startTimeoutMs: 15000 };
}

/** The widget page of one virtual agent. */
export function renderWidgetPage(config: WidgetConfig, nonce: string, timings = defaultBootTimings()): string {
  const t = WIDGET_TEXTS;
  const boot: WidgetBoot = {
    config,
    texts: WIDGET_TEXTS,
    namespace: WIDGET_NAMESPACE,
    socketPath: SOCKET_PATH,
    maxUploadBytes: MAX_UPLOAD_BYTES,
    ...timings
  };
  const avatar = safeImageUrl(config.avatarUrl);
  const e = escapeHtml;
  return `<!doctype html>
<html lang="es-CO">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="data:,">
<title>${e(t.pageTitle)} · ${e(config.organizationName)}</title>
<style nonce="${nonce}">${themeVariables(themeOf(config))}${WIDGET_CSS}</style>
</head>
<body>
<div class="widget" id="widget" data-testid="widget">
  <header class="widget-header" id="widget-header">
    ${avatar ? `<img id="widget-avatar" src="${e(avatar)}" alt="">` : ''}
    <div>
      <h1 id="widget-assistant-name">${e(config.assistantName)}</h1>
      <p id="widget-organization-name">${e(config.organizationName)}</p>
    </div>
  </header>
  <div class="banner" id="state-banner" role="status" data-testid="state-banner"></div>
  <div class="connection" id="connection-status" role="status" hidden></div>
  <main>
    <section class="view entry" id="entry-view" aria-labelledby="entry-title">
      <h2 id="entry-title">${e(t.entryTitle)}</h2>
      <p>${e(t.entryIntro)}</p>
      <form id="entry-form" novalidate>
        <div id="entry-fields"></div>
        <p class="error" id="entry-error" role="alert" hidden></p>
        <button type="submit" class="primary" id="entry-submit">${e(t.startButton)}</button>
      </form>
    </section>
    <section class="view" id="chat-view" aria-label="${e(t.pageTitle)}" hidden>
      <div class="messages-log" role="log" aria-live="polite" aria-relevant="additions" aria-label="Mensajes"><ol class="messages" id="messages" tabindex="0" aria-label="Mensajes"></ol></div>
      <div class="actions">
        <button type="button" class="step" id="ask-agent" hidden>${e(t.askAgent)}</button>
        <button type="button" class="secondary" id="leave-button">${e(t.leave)}</button>
      </div>
      <form class="composer" id="composer" novalidate>
        <div class="attachment" id="composer-attachment" hidden>
          <span id="composer-attachment-name"></span>
          <button type="button" id="composer-attachment-remove">${e(t.removeAttachment)}</button>
        </div>
        <div class="composer-row">
          <label class="attach" title="${e(t.attach)}"><svg aria-hidden="true" focusable="false" width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"><path d="M21.44 11.05l-9.19 9.19a6 6 0 0 1-8.49-8.49l9.19-9.19a4 4 0 0 1 5.66 5.66l-9.2 9.19a2 2 0 0 1-2.83-2.83l8.49-8.48"/></svg><span class="sr-only">${e(t.attach)}</span><input type="file" id="composer-file"></label>
          <label for="composer-input" class="sr-only">${e(t.messageLabel)}</label>
          <textarea id="composer-input" rows="1" maxlength="4000" placeholder="${e(t.messagePlaceholder)}" aria-describedby="composer-error"></textarea>
          <button type="submit" class="primary" id="composer-send">${e(t.send)}</button>
        </div>
        <p class="error" id="composer-error" role="alert" hidden></p>
      </form>
      <section class="end" id="end-view" aria-labelledby="end-title" hidden>
        <h2 id="end-title" tabindex="-1">${e(t.endTitle)}</h2>
        <p id="end-message" hidden></p>
        <form id="survey-form" novalidate hidden>
          <h3>${e(t.surveyTitle)}</h3>
          <fieldset><legend>${e(t.satisfactionLegend)}</legend>${scale('satisfaction', 1, 5)}</fieldset>
          <fieldset><legend>${e(t.npsLegend)}</legend>${scale('nps', 0, 10)}</fieldset>
          <p class="error" id="survey-error" role="alert" hidden></p>
          <button type="submit" class="primary" id="survey-submit">${e(t.surveySubmit)}</button>
        </form>
        <p class="thanks" id="survey-thanks" tabindex="-1" role="status" hidden>${e(t.surveyThanks)}</p>
        <button type="button" class="secondary" id="new-chat">${e(t.newChat)}</button>
      </section>
    </section>
  </main>
  <div class="dialog" id="leave-confirm" role="alertdialog" aria-modal="true" aria-labelledby="leave-confirm-title" aria-describedby="leave-confirm-body" hidden>
    <div class="dialog-box">
      <h2 id="leave-confirm-title">${e(t.leaveTitle)}</h2>
      <p id="leave-confirm-body">${e(t.leaveBody)}</p>
      <div class="dialog-actions">
        <button type="button" class="secondary" id="leave-confirm-no">${e(t.leaveNo)}</button>
        <button type="button" class="primary" id="leave-confirm-yes">${e(t.leaveYes)}</button>
      </div>
    </div>
  </div>
</div>
<script type="application/json" id="widget-boot">${jsonForScript(boot)}</script>
<script nonce="${nonce}" src="${SOCKET_CLIENT_PATH}"></script>
<script nonce="${nonce}">${WIDGET_SCRIPT}</script>
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
<style nonce="${nonce}">${themeVariables(DEFAULT_WIDGET_THEME)}${WIDGET_CSS}</style>
</head>
<body>
<main class="widget error-page" id="widget-error">
  <h1>${e(title)}</h1>
  <p>${e(message)}</p>
</main>
</body>
</html>`;
}
