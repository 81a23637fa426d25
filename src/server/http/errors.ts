import { STATUS_CODES } from 'node:http';
import type { FastifyError, FastifyInstance } from 'fastify';
import { PASSWORD_TEXT } from '../../shared/domain/password-policy';
import { MSG } from '../../shared/messages';

/** Texts SPEC §8 does not give and MSG does not hold yet. */
export const LOCAL_MSG = {
  payloadTooLarge: 'El contenido enviado supera el tamaño permitido',
  unsupportedMediaType: 'El tipo de contenido enviado no es compatible',
  samePassword: PASSWORD_TEXT.sameAsCurrent
} as const;

/** An error a handler throws on purpose: its status, Spanish message and headers (a 429's Retry-After) reach the client as they are. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    /** Headers the answer carries (a 429's Retry-After). */
    readonly headers: Record<string, string> = {}
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const unauthenticated = (): HttpError => new HttpError(401, MSG.session.sessionExpired);
export const forbidden = (): HttpError => new HttpError(403, MSG.generic.unauthorized);

/** The one error body of the platform: { statusCode, error, message }. */
export function errorBody(statusCode: number, message: string): { statusCode: number; error: string; message: string } {
  return { statusCode, error: STATUS_CODES[statusCode] ?? 'Error', message };
}

/** Maps Fastify's own client errors (parser, body limit) to Spanish texts. */
function clientErrorMessage(status: number): string {
  if (status === 413) return LOCAL_MSG.payloadTooLarge;
  if (status === 415) return LOCAL_MSG.unsupportedMediaType;
  if (status === 404) return MSG.generic.notFound;
  if (status === 401) return MSG.session.sessionExpired;
  if (status === 403) return MSG.generic.unauthorized;
  return MSG.generic.invalidInput;
}

export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) {
      // A refusal: the reason, never the values refused (they may be a customer's text).
      if (error.statusCode < 500) request.log.info({ statusCode: error.statusCode, reason: error.message }, 'request refused');
      else request.log.warn({ statusCode: error.statusCode, reason: error.message }, 'request refused');
      return reply.code(error.statusCode).headers(error.headers).send(errorBody(error.statusCode, error.message));
    }
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      request.log.info({ statusCode: status, code: error.code, reason: error.message }, 'client error');
      return reply.code(status).send(errorBody(status, clientErrorMessage(status)));
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send(errorBody(500, MSG.generic.serverError));
  });
  app.setNotFoundHandler((_request, reply) => reply.code(404).send(errorBody(404, MSG.generic.notFound)));
}
