import { describe, expect, it } from 'vitest';
import { keepUnchangedChats } from '../../../src/renderer/features/chat/chat-views';
import { chatView, message } from './chat-data';

/** A push as the IPC boundary delivers it: fresh objects for every chat. */
const again = <T>(value: T): T => structuredClone(value);

describe('keepUnchangedChats', () => {
  const finished = (id: string) => chatView(id, { status: 'FINALIZADO', lastMessage: message({ seq: 3, conversationId: id, mensaje: `Gracias ${id}` }), endAcronym: 'FCCA' });
  const before = [chatView('a', { status: 'ACTIVO', unreadMessages: 1 }), finished('f1'), finished('f2')];

  it('answers the previous list itself when a push describes every chat the same way', () => {
    expect(keepUnchangedChats(before, again(before))).toBe(before);
  });

  it('keeps the objects of unchanged chats and takes the pushed object of a chat that changed anywhere', () => {
    for (const change of [
      { unreadMessages: 2 },
      { lastMessage: message({ seq: 4, conversationId: 'a', mensaje: 'Otra cosa' }) },
      { customer: { ...before[0]!.customer, datos: { Ciudad: 'Cali' } } },
      { uploadFile: { uploading: true, error: false } },
      { active: true }
    ]) {
      const pushed = again(before);
      pushed[0] = { ...pushed[0]!, ...change };
      const kept = keepUnchangedChats(before, pushed);
      expect(kept).not.toBe(before);
      expect(kept[0]).toBe(pushed[0]);
      expect(kept[0]).toEqual(pushed[0]);
      expect(kept[1]).toBe(before[1]);
      expect(kept[2]).toBe(before[2]);
    }
  });

  it('follows the pushed order, new chats and chats gone, keeping the objects of the unchanged ones', () => {
    const pushed = again([before[2]!, chatView('b', { status: 'ENTRANTE' }), before[0]!]);
    const kept = keepUnchangedChats(before, pushed);
    expect(kept.map((c) => c.conversationId)).toEqual(['f2', 'b', 'a']);
    expect(kept[0]).toBe(before[2]);
    expect(kept[1]).toBe(pushed[1]);
    expect(kept[2]).toBe(before[0]);
    // Same chats in another order: a new list (the list's order changed), the same objects.
    const reordered = keepUnchangedChats(before, again([before[1]!, before[0]!, before[2]!]));
    expect(reordered).not.toBe(before);
    expect(reordered).toEqual([before[1], before[0], before[2]]);
    expect(reordered[0]).toBe(before[1]);
  });

  it('takes the push as it is when there was nothing before', () => {
    const pushed = again(before);
    expect(keepUnchangedChats([], pushed)).toBe(pushed);
  });
});
