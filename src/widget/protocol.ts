import { z } from 'zod';
import { AttachmentRef, LiveMessage, WidgetState, type WidgetAckData } from '../shared/realtime';

/**
 * The '/widget' socket as the widget uses it: the few socket.io-client members it touches, so a
 * test can stand in for it. Everything that arrives through it is unknown until a schema of
 * src/shared/realtime.ts says otherwise.
 */
export interface ChatSocket {
  readonly connected: boolean;
  /** false once the server refused the handshake (socket.io does not retry by itself then). */
  readonly active: boolean;
  auth: Record<string, unknown> | ((cb: (data: object) => void) => void);
  on(event: string, listener: (...args: unknown[]) => void): unknown;
  timeout(ms: number): { emit(event: string, payload: unknown, ack: (err: Error | null, response?: unknown) => void): unknown };
  disconnect(): unknown;
}

export type ConnectAuth = { org: number; va: number } | { conversationId: string; token: string };
export type SocketFactory = (namespace: string, options: { path: string; auth: ConnectAuth }) => ChatSocket;

/** A refused request: its Spanish message and an HTTP-like status (0: no answer). */
export interface RequestError {
  status: number;
  message: string;
}

const AckError = z.object({ status: z.number().int(), message: z.string() });

/** Each acked event's answer, checked against the shared contract's types. */
export const ackData = {
  'widget:start': z.object({ conversationId: z.string(), token: z.string(), state: WidgetState, messages: z.array(LiveMessage) }),
  'widget:message': LiveMessage,
  'widget:upload': AttachmentRef,
  'widget:sync': z.object({ state: WidgetState, messages: z.array(LiveMessage) }),
  'widget:leave': WidgetState,
  'widget:survey': WidgetState,
  'widget:typing': z.object({ typing: z.boolean() })
} satisfies { [K in keyof WidgetAckData]: z.ZodType<WidgetAckData[K]> };
export type AckedEvent = keyof typeof ackData;

/** Reads an ack against its schema: the data, or the error it carries (a malformed answer is a generic error). */
export function readAck<T>(schema: z.ZodType<T>, response: unknown, fallback: string): { ok: true; data: T } | { ok: false; error: RequestError } {
  const envelope = z.object({ ok: z.literal(true), data: z.unknown() }).or(z.object({ ok: z.literal(false), error: AckError })).safeParse(response);
  if (!envelope.success) return { ok: false, error: { status: 500, message: fallback } };
  if (!envelope.data.ok) return { ok: false, error: envelope.data.error };
  const data = schema.safeParse(envelope.data.data);
  return data.success ? { ok: true, data: data.data } : { ok: false, error: { status: 500, message: fallback } };
}
