import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errorBody } from '../http/errors';
import { parseInput } from '../http/validation';
import { EMBED_PARAM, PREVIEW_PARAM, LAUNCHER_PATH, LOADER_PATH, WIDGET_AVATAR_PATH } from '../../shared/widget-embed';
import { findWidgetAvatar } from './avatar';
import { loadLauncher, loadWidgetConfig, WidgetQuery } from './config';
import { contentDisposition, findConversationFile, WidgetFileParams, WidgetFileQuery } from './files';
import { conversationTranscript } from './transcript';
import { createNonce, renderErrorPage, renderWidgetPage, widgetCsp } from './page';
import { WIDGET_SCRIPT_PATH } from '../../widget/boot';
import { WIDGET_TEXTS } from '../../widget/texts';
import { LOADER_SCRIPT, WIDGET_SCRIPT } from './bundle.generated.js';

/** The loader's URL is fixed (it is in the snippet): browsers revalidate it after 5 minutes, with its hash as ETag. */
const LOADER_ETAG = `"${createHash('sha256').update(LOADER_SCRIPT).digest('hex').slice(0, 16)}"`;

/** A script compressed once, on its first request (the widget's is 400 KB raw, 120 KB gzipped: seconds on a slow network). */
function gzippedOnce(text: string): () => Buffer {
  let gzipped: Buffer | null = null;
  return () => (gzipped ??= gzipSync(text));
}
const widgetScriptGzip = gzippedOnce(WIDGET_SCRIPT);
const loaderGzip = gzippedOnce(LOADER_SCRIPT);

/** The script gzipped when the browser accepts it (every one does), else as text. */
function sendScript(request: FastifyRequest, reply: FastifyReply, text: string, gzipped: () => Buffer): FastifyReply {
  reply.header('vary', 'accept-encoding');
  if (!/\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''))) return reply.send(text);
  return reply.header('content-encoding', 'gzip').send(gzipped());
}

export { hashWidgetToken } from '../chat/widget-actions';
export { loadWidgetConfig } from './config';

const NOT_FOUND = 'El chat solicitado no existe o no está activo';
const FILE_NOT_FOUND = 'El archivo solicitado no existe';
const CONVERSATION_NOT_FOUND = 'La conversación solicitada no existe';
const AVATAR_NOT_FOUND = 'El asistente virtual no tiene avatar';
const TRANSCRIPT_OFF = 'La descarga de la conversación no está habilitada para este chat';

function sendPage(reply: FastifyReply, status: number, nonce: string, html: string, embed = false): FastifyReply {
  return reply
    .code(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('content-security-policy', widgetCsp(nonce, embed))
    .header('x-content-type-options', 'nosniff')
    .header('referrer-policy', 'no-referrer')
    .header('cache-control', 'no-store')
    .send(html);
}

/**
 * The customer's web chat: the page (GET /widget?org&va), its configuration
 * (GET /widget/config?org&va), the widget's script it loads (GET /widget/app.js, React and the
 * socket.io client included; its URL carries the build's hash), the loader a host page's snippet
 * runs and its launcher's colours (GET /widget/loader.js, GET /widget/launcher?org&va; issue 40,
 * docs/widget-embed.md), the conversation's files (GET /widget/files/:id?token)
 * and, when its virtual agent offers it (issue 38), the conversation as text (GET /widget/transcript?token).
 * Public routes: the organisation and virtual agent in the link, or the resume token, are the
 * only credentials.
 */
export function registerWidgetRoutes(app: FastifyInstance): void {
  app.get('/widget', async (request, reply) => {
    const nonce = createNonce();
    const query = WidgetQuery.safeParse(request.query);
    // embed=1: the loader's iframe (issue 40), framable by any site; its errors show in the panel too.
    const flags = request.query as Record<string, unknown> | undefined;
    const preview = flags?.[PREVIEW_PARAM] === '1';
    // Issue 40: preview=1 is the widget editor's frame (no chat); framable like the embed.
    const embed = flags?.[EMBED_PARAM] === '1' || preview;
    if (!query.success) {
      return sendPage(reply, 400, nonce, renderErrorPage(WIDGET_TEXTS.badRequestTitle, query.error.issues[0]?.message ?? WIDGET_TEXTS.notFoundBody, nonce), embed);
    }
    const config = await loadWidgetConfig(app.db, query.data.org, query.data.va);
    if (!config) return sendPage(reply, 404, nonce, renderErrorPage(WIDGET_TEXTS.notFoundTitle, WIDGET_TEXTS.notFoundBody, nonce), embed);
    return sendPage(reply, 200, nonce, renderWidgetPage(config, nonce, { embed: embed && !preview, preview }), embed);
  });

  // Issue 40: the snippet's script, for any site (classic script: CORP cross-origin so a page under COEP may load it too).
  app.get(LOADER_PATH, async (request, reply) => {
    reply
      .header('content-type', 'text/javascript; charset=utf-8')
      .header('x-content-type-options', 'nosniff')
      .header('cross-origin-resource-policy', 'cross-origin')
      .header('access-control-allow-origin', '*')
      .header('cache-control', 'public, max-age=300')
      .header('etag', LOADER_ETAG);
    if (request.headers['if-none-match'] === LOADER_ETAG) return reply.code(304).send();
    return sendScript(request, reply, LOADER_SCRIPT, loaderGzip);
  });

  // The launcher's title and colours, read by the loader from any site (no credentials: CORS for every origin).
  app.get(LAUNCHER_PATH, async (request, reply) => {
    reply.header('access-control-allow-origin', '*').header('cross-origin-resource-policy', 'cross-origin').header('cache-control', 'no-store');
    const query = parseInput(WidgetQuery, request.query);
    const launcher = await loadLauncher(app.db, query.org, query.va);
    if (!launcher) return reply.code(404).send(errorBody(404, NOT_FOUND));
    return reply.send(launcher);
  });

  // Issue 40: the virtual agent's avatar, for the customer's browser (no token): that avatar and no other file.
  app.get(WIDGET_AVATAR_PATH, async (request, reply) => {
    const query = parseInput(WidgetQuery, request.query);
    const avatar = await findWidgetAvatar(app.db, query.org, query.va);
    if (!avatar) return reply.code(404).send(errorBody(404, AVATAR_NOT_FOUND));
    return reply
      .header('content-type', avatar.contentType)
      .header('content-length', avatar.data.length)
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; sandbox")
      // Its address carries the file's id (v): a new avatar is a new address, so a short cache is safe.
      .header('cache-control', 'public, max-age=300')
      .send(avatar.data);
  });

  app.get('/widget/config', async (request, reply) => {
    const query = parseInput(WidgetQuery, request.query);
    const config = await loadWidgetConfig(app.db, query.org, query.va);
    if (!config) return reply.code(404).send(errorBody(404, NOT_FOUND));
    return reply.header('cache-control', 'no-store').send(config);
  });

  app.get(WIDGET_SCRIPT_PATH, async (request, reply) =>
    sendScript(
      request,
      reply.header('content-type', 'text/javascript; charset=utf-8').header('x-content-type-options', 'nosniff').header('cache-control', 'public, max-age=31536000, immutable'),
      WIDGET_SCRIPT,
      widgetScriptGzip
    )
  );

  app.get('/widget/files/:id', async (request, reply) => {
    const params = parseInput(WidgetFileParams, request.params);
    const query = parseInput(WidgetFileQuery, request.query);
    const file = await findConversationFile(app.db, params.id, query.token);
    if (!file) return reply.code(404).send(errorBody(404, FILE_NOT_FOUND));
    return reply
      .header('content-type', file.contentType)
      .header('content-length', file.data.length)
      .header('content-disposition', contentDisposition(file.name, file.contentType))
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .header('cache-control', 'private, no-store')
      .send(file.data);
  });

  app.get('/widget/transcript', async (request, reply) => {
    const query = parseInput(WidgetFileQuery, request.query);
    const answer = await conversationTranscript(app.db, query.token);
    if (answer.kind === 'notFound') return reply.code(404).send(errorBody(404, CONVERSATION_NOT_FOUND));
    if (answer.kind === 'off') return reply.code(403).send(errorBody(403, TRANSCRIPT_OFF));
    return reply
      .header('content-type', 'text/plain; charset=utf-8')
      .header('content-disposition', contentDisposition(answer.fileName, 'application/octet-stream'))
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, no-store')
      .send(answer.text);
  });
}
