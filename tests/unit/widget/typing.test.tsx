// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render } from '@testing-library/react';
import { WidgetApp } from '../../../src/widget/App';
import { WidgetChat } from '../../../src/widget/chat';
import { BOOT, CONV, STORAGE_KEY, fakeIo, msg, st } from './fake-socket';

beforeEach(() => {
  window.sessionStorage.clear();
  window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify({ conversationId: CONV, token: 'secret-token', lastSeq: 0 }));
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

/** A resumed conversation in the given state (the sync answered at once). */
async function resumed(state: ReturnType<typeof st>) {
  const { sockets, io } = fakeIo();
  const chat = new WidgetChat(BOOT, io, window.sessionStorage, { throttleMs: 2000, idleMs: 3000, staleMs: 8000 });
  const view = render(<WidgetApp boot={BOOT} chat={chat} />);
  const socket = sockets[0]!;
  act(() => socket.connect());
  const sync = socket.take('widget:sync');
  await act(async () => sync.ack(null, { ok: true, data: { state, messages: [msg(1)] } }));
  return { socket, view, input: () => view.container.querySelector('#composer-input')!, indicator: () => view.container.querySelector('#typing-indicator')!.textContent };
}

const typings = (socket: { sent: { event: string; payload: Record<string, unknown> }[] }) => socket.sent.filter((s) => s.event === 'widget:typing').map((s) => s.payload.typing);

describe('typing indicators in the widget', () => {
  it('tells the agent the customer types, at most every 2 s, and stops after 3 s idle', async () => {
    const page = await resumed(st('ACTIVA', { agentName: 'Carlos' }));
    fireEvent.change(page.input(), { target: { value: 'h' } });
    fireEvent.change(page.input(), { target: { value: 'ho' } });
    expect(typings(page.socket)).toEqual([true]);
    act(() => vi.advanceTimersByTime(1500));
    fireEvent.change(page.input(), { target: { value: 'hol' } });
    expect(typings(page.socket)).toEqual([true]);
    act(() => vi.advanceTimersByTime(600));
    fireEvent.change(page.input(), { target: { value: 'hola' } });
    expect(typings(page.socket)).toEqual([true, true]);
    act(() => vi.advanceTimersByTime(2999));
    expect(typings(page.socket)).toEqual([true, true]);
    act(() => vi.advanceTimersByTime(1));
    expect(typings(page.socket)).toEqual([true, true, false]);
  });

  it('stops on send and on clearing the text', async () => {
    const page = await resumed(st('ACTIVA', { agentName: 'Carlos' }));
    fireEvent.change(page.input(), { target: { value: 'hola' } });
    fireEvent.click(page.view.container.querySelector('#composer-send')!);
    expect(typings(page.socket)).toEqual([true, false]);
    fireEvent.change(page.input(), { target: { value: 'x' } });
    fireEvent.change(page.input(), { target: { value: '' } });
    expect(typings(page.socket)).toEqual([true, false, true, false]);
  });

  it('says nothing while the assistant or the queue has the chat', async () => {
    const page = await resumed(st('BOT'));
    fireEvent.change(page.input(), { target: { value: 'hola' } });
    act(() => vi.advanceTimersByTime(5000));
    expect(typings(page.socket)).toEqual([]);
  });

  it("shows 'El asesor está escribiendo…' while the agent types, until the agent's message or stop", async () => {
    const page = await resumed(st('ACTIVA', { agentName: 'Carlos' }));
    expect(page.indicator()).toBe('');
    act(() => page.socket.fire('widget:typing', { typing: true }));
    expect(page.indicator()).toBe('El asesor está escribiendo…');
    act(() => page.socket.fire('widget:typing', { typing: false }));
    expect(page.indicator()).toBe('');
    act(() => page.socket.fire('widget:typing', { typing: true }));
    act(() => page.socket.fire('widget:message', msg(2, { tipoUsuario: 'ASESOR', mensaje: 'Listo' })));
    expect(page.indicator()).toBe('');
    act(() => page.socket.fire('widget:typing', { typing: 'sí' }));
    expect(page.indicator()).toBe('');
    // An agent whose 'stopped' never came (a dropped connection) stops showing after a while.
    act(() => page.socket.fire('widget:typing', { typing: true }));
    act(() => vi.advanceTimersByTime(7999));
    expect(page.indicator()).toBe('El asesor está escribiendo…');
    act(() => vi.advanceTimersByTime(1));
    expect(page.indicator()).toBe('');
    act(() => page.socket.fire('widget:typing', { typing: true }));
    act(() => page.socket.fire('widget:state', st('FINALIZADA', { surveyPending: true })));
    expect(page.view.container.querySelector('#typing-indicator')!.textContent).toBe('');
  });
});
