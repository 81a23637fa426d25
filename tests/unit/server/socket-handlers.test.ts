import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CHAT_TEXT } from '../../../src/server/chat/texts';
import { bindEvents, eventBinding } from '../../../src/server/realtime/handlers';
import { throttleSocket } from '../../../src/server/realtime/rate-limits';

/** A stand-in for a socket.io socket: an EventEmitter with its own data (socket.io dispatches client events through EventEmitter's emit). */
class FakeSocket extends EventEmitter {
  constructor(readonly data: { name: string }) {
    super();
  }
}

/** Emits a client event with an ack and answers what the ack received. */
function send(socket: FakeSocket, event: string, payload: unknown): Promise<unknown> {
  return new Promise((resolve) => socket.emit(event, payload, resolve));
}

const Say = z.object({ clientId: z.string(), text: z.string().min(1) });

describe('event listeners shared by every socket of a namespace (eventBinding)', () => {
  it('answers each event on the socket it came from, with that socket’s own rate limits', async () => {
    const seen: string[] = [];
    const events = [eventBinding('widget:message', Say, async (socket: FakeSocket, p) => `${socket.data.name}: ${p.text}`, () => undefined)];
    const ana = new FakeSocket({ name: 'Ana' });
    const beto = new FakeSocket({ name: 'Beto' });
    // Two messages a socket at most; events without limit.
    const limits = { messages: { burst: 2, perSecond: 0.001 }, events: { burst: 100, perSecond: 100 } };
    for (const socket of [ana, beto]) {
      throttleSocket(socket, limits);
      bindEvents(socket, events);
    }
    // One function object serves both sockets: no closure per socket and event.
    expect(ana.listeners('widget:message')[0]).toBe(beto.listeners('widget:message')[0]);

    for (const [socket, text] of [
      [ana, 'hola'],
      [beto, 'buenas'],
      [ana, 'sigo aquí']
    ] as const) {
      seen.push(JSON.stringify(await send(socket, 'widget:message', { clientId: `${socket.data.name}-${text}`, text })));
    }
    expect(seen).toEqual([
      JSON.stringify({ ok: true, data: 'Ana: hola' }),
      JSON.stringify({ ok: true, data: 'Beto: buenas' }),
      JSON.stringify({ ok: true, data: 'Ana: sigo aquí' })
    ]);
    // Ana has used her two messages; Beto, one of his.
    expect(await send(ana, 'widget:message', { clientId: 'a3', text: 'otra' })).toEqual({ ok: false, error: { status: 429, message: CHAT_TEXT.tooManyMessages } });
    expect(await send(beto, 'widget:message', { clientId: 'b2', text: 'otra' })).toEqual({ ok: true, data: 'Beto: otra' });
    // A payload that does not fit is refused on its socket and reaches no handler.
    expect(await send(beto, 'widget:message', { clientId: 'b3', text: '' })).toMatchObject({ ok: false, error: { status: 400 } });
  });
});
