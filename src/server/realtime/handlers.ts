import { z } from 'zod';
import type { Ack } from '../../shared/realtime';
import { ChatError } from '../chat/errors';
import { CHAT_TEXT } from '../chat/texts';
import { throttleOf } from './rate-limits';

const spanish = z.locales.es().localeError;

/** Something that can listen to client events: a socket.io socket, an EventEmitter, which calls each listener with `this` set to itself. */
interface Listener {
  on(event: string, listener: (...args: unknown[]) => void): unknown;
}

function describeIssue(issue: z.core.$ZodIssue | undefined): string {
  if (!issue) return CHAT_TEXT.invalidPayload;
  const field = issue.path.map(String).join('.');
  return field ? `${field}: ${issue.message}` : `${CHAT_TEXT.invalidPayload}: ${issue.message}`;
}

/** The ack of a failure: a ChatError as it is, anything else a 500 (and reported). */
export function failure(error: unknown, report: (error: unknown) => void): Ack<never> {
  if (error instanceof ChatError) return { ok: false, error: { status: error.status, message: error.message } };
  report(error);
  return { ok: false, error: { status: 500, message: CHAT_TEXT.serverError } };
}

/** One client event of a namespace: its name and the listener every socket of the namespace shares. */
export interface EventBinding<T extends object> {
  event: string;
  listener: (this: T, ...args: unknown[]) => void;
}

/**
 * One client event's listener, made once per namespace and shared by all its sockets (none holds a
 * closure of its own per event: issue 21, memory per connected client). EventEmitter calls a
 * listener with `this` set to the emitter, so the listener knows its socket. On each event the
 * socket's rate limits are checked (rate-limits.ts: over them, 429 and no handler), the payload is
 * validated with the contract's schema (a misfit is answered 400 in Spanish and reaches no
 * handler), the handler's result or refusal goes back through the ack. A client that sent no ack
 * callback gets nothing and breaks nothing.
 */
export function eventBinding<T extends object, S extends z.ZodType, R>(
  event: string,
  schema: S,
  handler: (socket: T, payload: z.output<S>) => Promise<R>,
  report: (error: unknown) => void
): EventBinding<T> {
  const listener = function (this: T, ...args: unknown[]): void {
    const last = args.at(-1);
    const ack = typeof last === 'function' ? last : null;
    const payload = ack !== null && args.length === 1 ? undefined : args[0];
    const reply = (answer: Ack<R>): void => {
      if (!ack) return;
      try {
        ack(answer);
      } catch (error) {
        report(error);
      }
    };
    const throttle = throttleOf(this);
    const flooding = throttle?.admitEvent();
    if (flooding) return reply(failure(flooding, report));
    const parsed = schema.safeParse(payload, { error: spanish });
    if (!parsed.success) {
      reply({ ok: false, error: { status: 400, message: describeIssue(parsed.error.issues[0]) } });
      return;
    }
    const tooFast = throttle?.admitPayload(event, parsed.data);
    if (tooFast) return reply(failure(tooFast, report));
    let work: Promise<R>;
    try {
      work = handler(this, parsed.data);
    } catch (error) {
      work = Promise.reject(error);
    }
    work.then(
      (data) => reply({ ok: true, data }),
      (error: unknown) => reply(failure(error, report))
    );
  };
  return { event, listener };
}

/** Listens to a namespace's client events on one socket, with the listeners the namespace made once (eventBinding). */
export function bindEvents<T extends Listener>(socket: T, bindings: readonly EventBinding<T>[]): void {
  for (const { event, listener } of bindings) socket.on(event, listener as (...args: unknown[]) => void);
}

/** A handshake refusal: socket.io sends the message and `data` to the client's connect_error. */
export function refusal(status: number, message: string): Error & { data: { status: number; message: string } } {
  return Object.assign(new Error(message), { data: { status, message } });
}
