import { randomUUID } from 'node:crypto';
import type { Socket } from 'socket.io-client';
import { z } from 'zod';
import { LiveMessage, WidgetState } from '../../src/shared/realtime';

/** What crosses the wire is validated: acks are { ok, data } or { ok: false, error }. */
const AckRefusal = z.object({ ok: z.literal(false), error: z.object({ status: z.number(), message: z.string() }) });
const AckOk = z.object({ ok: z.literal(true), data: z.unknown() });

export const StartData = z.object({ conversationId: z.string(), token: z.string(), state: WidgetState, messages: z.array(LiveMessage) });
export const SyncData = z.object({ state: WidgetState, messages: z.array(LiveMessage) });

/** The server refused a request (a Spanish message with an HTTP-like status): not worth retrying. */
export class RefusedError extends Error {
  constructor(
    readonly event: string,
    readonly status: number,
    message: string
  ) {
    super(`${event}: ${message} (${status})`);
    this.name = 'RefusedError';
  }
}

export interface Timing {
  /** How long one emission waits for its ack. */
  ackTimeoutMs: number;
  /** After this long without an ack a request gives up. */
  giveUpMs: number;
}

/** The data of an ack, validated; a refusal becomes a RefusedError. */
export function decodeAck<D extends z.ZodType>(event: string, data: D, raw: unknown): z.output<D> {
  const refused = AckRefusal.safeParse(raw);
  if (refused.success) throw new RefusedError(event, refused.data.error.status, refused.data.error.message);
  const ok = AckOk.safeParse(raw);
  const parsed = ok.success ? data.safeParse(ok.data.data) : null;
  if (!parsed?.success) throw new Error(`${event}: respuesta inválida del servidor`);
  return parsed.data;
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function connected(socket: Socket, ms: number): Promise<boolean> {
  if (socket.connected) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      socket.off('connect', onConnect);
      resolve(false);
    }, ms);
    const onConnect = () => {
      clearTimeout(timer);
      resolve(true);
    };
    socket.once('connect', onConnect);
  });
}

/**
 * Emits until acked: waits for the connection, resends the same payload after each ack timeout
 * (a message keeps its clientId, so the server stores it once), and gives up after giveUpMs.
 */
export async function request<D extends z.ZodType>(socket: Socket, event: string, payload: unknown, data: D, timing: Timing): Promise<z.output<D>> {
  const deadline = Date.now() + timing.giveUpMs;
  for (;;) {
    const left = deadline - Date.now();
    if (left <= 0) throw new Error(`${event}: sin respuesta del servidor`);
    if (!(await connected(socket, left))) continue;
    let raw: unknown;
    try {
      raw = await socket.timeout(timing.ackTimeoutMs).emitWithAck(event, payload);
    } catch {
      continue; // no ack in time: send again
    }
    return decodeAck(event, data, raw);
  }
}

/** One emission, for what must not be repeated (widget:start creates a conversation). */
export async function requestOnce<D extends z.ZodType>(socket: Socket, event: string, payload: unknown, data: D, timeoutMs: number): Promise<z.output<D>> {
  if (!(await connected(socket, timeoutMs))) throw new Error(`${event}: no fue posible conectar con el servidor`);
  const raw: unknown = await socket.timeout(timeoutMs).emitWithAck(event, payload);
  return decodeAck(event, data, raw);
}

export const newClientId = (): string => randomUUID();
