import { describe, expect, it } from 'vitest';
import { backoffDelay } from '../../../src/main/services/backoff';
import { ChatBook, MAX_FINISHED_CHATS } from '../../../src/main/services/chat-book';
import type { AgentChatSnapshot, LiveMessage } from '../../../src/shared/realtime';

const at = (s: number) => new Date(Date.UTC(2026, 0, 15, 13, 0, s)).toISOString();

function message(conversationId: string, seq: number, from: LiveMessage['tipoUsuario'] = 'CLIENTE', clientId: string | null = null): LiveMessage {
  return { conversationId, seq, clientId, tipoMensaje: 'TEXTO', tipoUsuario: from, mensaje: `m${seq}`, adjunto: null, items: null, fechaMensaje: at(seq) };
}

function snapshot(conversationId: string, messages: LiveMessage[] = [], status: AgentChatSnapshot['status'] = 'ENTRANTE'): AgentChatSnapshot {
  return {
    conversationId,
    state: status === 'ENTRANTE' ? 'ASIGNADA' : 'ACTIVA',
    status,
    idVa: 1,
    canal: 'Web',
    split: null,
    customer: { nombre: 'Ana', tipoIdentificacion: null, identificacion: null, email: null, telefono: null, datos: {} },
    fechaEntrada: at(0),
    assignedAt: at(0),
    transfer: false,
    messages,
    lastSeq: messages.length,
    endedAt: null,
    endAcronym: null
  };
}

describe('chat book', () => {
  it('keeps messages in seq order whatever order they come in, once each, and syncs from the first gap', () => {
    const book = new ChatBook();
    book.receive(snapshot('A', [message('A', 1)]));
    expect(book.message(message('A', 3))?.outcome?.message.seq).toBe(3);
    expect(book.open()).toEqual([{ conversationId: 'A', lastSeq: 1 }]);
    expect(book.message(message('A', 2))?.outcome).not.toBeNull();
    expect(book.message(message('A', 2))?.outcome).toBeNull();
    expect(book.messages('A')!.map((m) => m.seq)).toEqual([1, 2, 3]);
    expect(book.open()).toEqual([{ conversationId: 'A', lastSeq: 3 }]);
  });

  it('a stored message replaces the pending one with its clientId, after the stored ones', () => {
    const book = new ChatBook();
    book.receive(snapshot('A', [], 'ACTIVO'));
    const pending = { ...message('A', 0, 'ASESOR', 'cid-00001'), pending: true };
    book.addPending(pending);
    book.message(message('A', 1));
    expect(book.messages('A')!.map((m) => [m.seq, m.pending])).toEqual([
      [1, false],
      [0, true]
    ]);
    expect(book.views()[0]?.sendingMessage).toBe(true);
    expect(book.message(message('A', 2, 'ASESOR', 'cid-00001'))?.confirmed).toBe('cid-00001');
    expect(book.messages('A')!.map((m) => [m.seq, m.pending])).toEqual([
      [1, false],
      [2, false]
    ]);
    expect(book.views()[0]).toMatchObject({ sendingMessage: false, messageCount: 2, unreadMessages: 1 });
  });

  it('counts client messages in chats not in view; viewing clears; sorts open chats first, newest first', () => {
    const book = new ChatBook();
    book.receive(snapshot('A', [], 'ACTIVO'));
    book.receive(snapshot('B', [], 'ACTIVO'));
    book.setView('A', true);
    book.message(message('A', 1));
    book.message(message('B', 1, 'ASESOR'));
    book.message(message('B', 2));
    expect(book.views().map((c) => [c.conversationId, c.unreadMessages, c.active])).toEqual([
      ['B', 1, false],
      ['A', 0, true]
    ]);
    book.finish('B', 'FCCC', false);
    expect(book.views().map((c) => c.conversationId)).toEqual(['A', 'B']);
    expect(book.unseenCount()).toBe(1);
    book.setView('B', true);
    expect(book.unseenCount()).toBe(0);
  });

  it('forgets the oldest finished chats beyond the cap, never an open one', () => {
    const book = new ChatBook();
    book.receive(snapshot('open', [], 'ACTIVO'));
    for (let i = 0; i < MAX_FINISHED_CHATS + 5; i++) {
      book.receive(snapshot(`f${i}`, [], 'ACTIVO'));
      book.finish(`f${i}`, null, false);
    }
    const ids = book.views().map((c) => c.conversationId);
    expect(ids).toHaveLength(MAX_FINISHED_CHATS + 1);
    expect(ids).toContain('open');
    expect(ids).not.toContain('f0');
    expect(ids).toContain(`f${MAX_FINISHED_CHATS + 4}`);
  });
});

describe('reconnect backoff', () => {
  it('doubles from the base, caps, and spreads each step between half and all of it', () => {
    const options = { baseMs: 1000, maxMs: 30_000 };
    expect([0, 1, 2, 3, 4, 5, 6, 20].map((n) => backoffDelay(n, { ...options, random: () => 0 }))).toEqual([500, 1000, 2000, 4000, 8000, 15000, 15000, 15000]);
    expect(backoffDelay(3, { ...options, random: () => 0.999999 })).toBe(8000);
    expect(backoffDelay(1000, { ...options, random: () => 0.5 })).toBe(22500);
  });
});
