import type { FastifyInstance, FastifyReply } from 'fastify';
import { errorBody } from '../http/errors';
import { parseInput } from '../http/validation';
import { loadWidgetConfig, WidgetQuery } from './config';
import { contentDisposition, findConversationFile, WidgetFileParams, WidgetFileQuery } from './files';
import { conversationTranscript } from './transcript';
import { createNonce, renderErrorPage, renderWidgetPage, widgetCsp } from './page';
import { WIDGET_SCRIPT_PATH } from '../../widget/boot';
import { WIDGET_TEXTS } from '../../widget/texts';
import { WIDGET_SCRIPT } from './bundle.generated.js';

export { hashWidgetToken } from '../chat/widget-actions';
export { loadWidgetConfig } from './config';

const NOT_FOUND = 'El chat solicitado no existe o no está activo';
const FILE_NOT_FOUND = 'El archivo solicitado no existe';
const CONVERSATION_NOT_FOUND = 'La conversación solicitada no existe';
const TRANSCRIPT_OFF = 'La descarga de la conversación no está habilitada para este chat';

function sendPage(reply: FastifyReply, status: number, nonce: string, html: string): FastifyReply {
  return reply
    .code(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('content-security-policy', widgetCsp(nonce))
    .header('x-content-type-options', 'nosniff')
    .header('referrer-policy', 'no-referrer')
    .header('cache-control', 'no-store')
    .send(html);
}

/**
 * The customer's web chat: the page (GET /widget?org&va), its configuration
 * (GET /widget/config?org&va), the widget's script it loads (GET /widget/app.js, React and the
 * socket.io client included; its URL carries the build's hash), the conversation's files (GET /widget/files/:id?token)
 * and, when its virtual agent offers it (issue 38), the conversation as text (GET /widget/transcript?token).
 * Public routes: the organisation and virtual agent in the link, or the resume token, are the
 * only credentials.
 */
export function registerWidgetRoutes(app: FastifyInstance): void {
  app.get('/widget', async (request, reply) => {
    const nonce = createNonce();
    const query = WidgetQuery.safeParse(request.query);
    if (!query.success) {
      return sendPage(reply, 400, nonce, renderErrorPage(WIDGET_TEXTS.badRequestTitle, query.error.issues[0]?.message ?? WIDGET_TEXTS.notFoundBody, nonce));
    }
    const config = await loadWidgetConfig(app.db, query.data.org, query.data.va);
    if (!config) return sendPage(reply, 404, nonce, renderErrorPage(WIDGET_TEXTS.notFoundTitle, WIDGET_TEXTS.notFoundBody, nonce));
    return sendPage(reply, 200, nonce, renderWidgetPage(config, nonce));
  });

  app.get('/widget/config', async (request, reply) => {
    const query = parseInput(WidgetQuery, request.query);
    const config = await loadWidgetConfig(app.db, query.org, query.va);
    if (!config) return reply.code(404).send(errorBody(404, NOT_FOUND));
    return reply.header('cache-control', 'no-store').send(config);
  });

  app.get(WIDGET_SCRIPT_PATH, async (_request, reply) =>
    reply
      .header('content-type', 'text/javascript; charset=utf-8')
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .send(WIDGET_SCRIPT)
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
