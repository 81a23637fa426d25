// @vitest-environment jsdom
// First: react-dom looks for the DevTools hook the counter installs when it loads.
import { countRenders } from './render-counter';
import { describe, expect, it } from 'vitest';
import './dom-setup';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { AgentChatView } from '../../../src/shared/chat-console';
import { ChatListItem } from '../../../src/renderer/features/chat/ChatListItem';
import { ok } from './fake-atiende';
import { SLOW, chatView, consoleState, message, renderConsole, consoleTestSetup } from './chat-fixtures';

/** The finished chats the main process keeps for the list (its chat book's MAX_FINISHED_CHATS). */
const MAX_FINISHED_CHATS = 50;

// DOM queries, not role queries: naming some fifty Fluent entries on every poll takes seconds in jsdom.
const entry = (id: string) => document.querySelector<HTMLButtonElement>(`button[data-conversation="${id}"]`);
const finishedHeading = () => document.getElementById('chats-finalizados')?.textContent;
const finishedIds = () => [...document.querySelectorAll('section[aria-labelledby="chats-finalizados"] button[data-conversation]')].map((b) => b.getAttribute('data-conversation'));

/** A whole shift's list: two open chats and the finished ones the main process keeps. */
function shiftList(): AgentChatView[] {
  const finished = Array.from({ length: MAX_FINISHED_CHATS }, (_, i) =>
    chatView(`fin-${i + 1}`, {
      status: 'FINALIZADO',
      messageCount: 7,
      lastMessage: message({ seq: 7, conversationId: `fin-${i + 1}`, tipoUsuario: 'ASESOR', mensaje: `Gracias, cliente ${i + 1}` }),
      lastInteraction: `2026-03-02T14:${String(59 - i).padStart(2, '0')}:00`,
      endAcronym: 'FCCA'
    })
  );
  return [
    chatView('abierto', { status: 'ACTIVO', messageCount: 2, lastMessage: message({ seq: 2, conversationId: 'abierto', mensaje: 'Sigo esperando' }) }),
    chatView('entrante', { status: 'ENTRANTE' }),
    ...finished
  ];
}

describe("the chat list's entries over a shift", SLOW, () => {
  const fake = consoleTestSetup();

  it('renders an entry again only when its chat changed, however many finished chats the list keeps', async () => {
    const entries = countRenders(ChatListItem);
    entries.reset();
    let chats = shiftList();
    // Each push is parsed afresh, as the IPC boundary does: new objects for every chat.
    const push = () => act(() => fake.emit('chat:changed', structuredClone(consoleState(chats))));
    fake.api.chat.state.mockImplementation(() => ok(structuredClone(consoleState(chats))));
    renderConsole();
    await waitFor(() => expect(finishedHeading()).toBe(`Finalizados (${MAX_FINISHED_CHATS})`));
    expect(finishedIds()).toHaveLength(MAX_FINISHED_CHATS);
    expect(entry('fin-1')?.textContent).toContain('Finalizado');
    expect(new Set(entries.renders()).size).toBe(chats.length);

    // The same state again (a change elsewhere: the queue size): no entry renders.
    entries.reset();
    push();
    expect(entries.renders()).toEqual([]);

    // A customer writes in the open chat: its entry, and no other.
    chats = chats.map((c) => (c.conversationId === 'abierto' ? { ...c, unreadMessages: 1, messageCount: 3, lastMessage: message({ seq: 3, conversationId: 'abierto', mensaje: '¿Hay alguien?' }) } : c));
    push();
    expect(entries.renders()).toEqual(['abierto']);
    expect(entry('abierto')?.textContent).toContain('¿Hay alguien?');

    // The open chat ends: its entry moves to the finished ones; the others are not rendered again.
    entries.reset();
    chats = [chats[1]!, { ...chats[0]!, status: 'FINALIZADO', endAcronym: 'FCCA' }, ...chats.slice(2)];
    push();
    expect(entries.renders()).toEqual(['abierto']);
    expect(finishedHeading()).toBe(`Finalizados (${MAX_FINISHED_CHATS + 1})`);
    expect(finishedIds()[0]).toBe('abierto');
  });

  it('opens a finished chat with all its messages, asked of the main process when it is opened', async () => {
    const chats = shiftList();
    fake.api.chat.state.mockImplementation(() => ok(structuredClone(consoleState(chats))));
    const transcript = Array.from({ length: 7 }, (_, i) =>
      message({ seq: i + 1, conversationId: 'fin-9', tipoUsuario: i % 2 === 0 ? 'CLIENTE' : 'ASESOR', mensaje: `Mensaje ${i + 1} de la conversación nueve` })
    );
    fake.api.chat.messages.mockImplementation((arg: unknown) => ok((arg as { conversationId: string }).conversationId === 'fin-9' ? transcript : []));
    renderConsole();
    await waitFor(() => expect(entry('fin-9')).not.toBeNull());
    const opened = entry('fin-9')!;
    expect(fake.api.chat.messages).not.toHaveBeenCalled();
    expect(opened.textContent).toContain('Finalizado');
    fireEvent.click(opened);
    for (const m of transcript) expect(await screen.findByText(m.mensaje)).toBeTruthy();
    expect(fake.api.chat.messages).toHaveBeenCalledWith({ conversationId: 'fin-9' });
  });
});
