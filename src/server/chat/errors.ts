/** A refusal the engine answers on purpose: the status and Spanish message reach the client as they are (Ack error). */
export class ChatError extends Error {
  constructor(
    readonly status: 400 | 403 | 404 | 409 | 429,
    message: string
  ) {
    super(message);
    this.name = 'ChatError';
  }
}

export const badRequest = (message: string): ChatError => new ChatError(400, message);
export const notFound = (message: string): ChatError => new ChatError(404, message);
export const conflict = (message: string): ChatError => new ChatError(409, message);
export const forbidden = (message: string): ChatError => new ChatError(403, message);
/** A socket over its rate limit (realtime/rate-limits.ts). */
export const tooMany = (message: string): ChatError => new ChatError(429, message);
