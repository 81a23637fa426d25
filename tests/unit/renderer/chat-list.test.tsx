// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import './dom-setup';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fail, ok } from './fake-atiende';
import { SLOW, chatView, consoleState, message, renderConsole, consoleTestSetup, toastTexts } from './chat-fixtures';
import { activeChatIdAtom, threadAtom } from '../../../src/renderer/features/chat/atoms';

describe('the chat list', SLOW, () => {
  const fake = consoleTestSetup();

  const chatButtons = () =>
    within(screen.getByRole('navigation', { name: 'Chats' }))
      .getAllByRole('button')
      .map((b) => b.getAttribute('data-conversation'));

  it('shows the chats in the order the state gives, grouped in progress and finished, with status badges', async () => {
    fake.api.chat.state.mockImplementation(() =>
      ok(
        consoleState([
          chatView('c-entrante', { status: 'ENTRANTE', lastInteraction: '2026-03-02T15:10:00' }),
          chatView('c-activo', { status: 'ACTIVO', lastInteraction: '2026-03-02T15:05:00' }),
          chatView('c-fin', { status: 'FINALIZADO', lastInteraction: '2026-03-02T15:20:00' })
        ])
      )
    );
    renderConsole();
    expect(await screen.findByRole('heading', { level: 1, name: 'Chat' })).toBeTruthy();
    expect(chatButtons()).toEqual(['c-entrante', 'c-activo', 'c-fin']);
    const inProgress = screen.getByRole('region', { name: 'En curso (2)' });
    expect(within(inProgress).getByText('Entrante')).toBeTruthy();
    expect(within(inProgress).getByText('Activo')).toBeTruthy();
    const finished = screen.getByRole('region', { name: 'Finalizados (1)' });
    expect(within(finished).getByText('Cliente c-fin')).toBeTruthy();
    expect(within(finished).getByText('Finalizado')).toBeTruthy();
  });

  it('re-renders in the new order when the main process pushes a change', async () => {
    fake.api.chat.state.mockImplementation(() => ok(consoleState([chatView('a'), chatView('b')])));
    renderConsole();
    await screen.findByText('Cliente a');
    expect(chatButtons()).toEqual(['a', 'b']);
    act(() => fake.emit('chat:changed', consoleState([chatView('b'), chatView('a'), chatView('c', { status: 'ENTRANTE' })])));
    expect(chatButtons()).toEqual(['b', 'a', 'c']);
  });

  it('shows the customer, split, last message preview with COMMAND resolved, its time and the unread count', async () => {
    fake.api.chat.state.mockImplementation(() =>
      ok(
        consoleState([
          chatView('c1', {
            unreadMessages: 3,
            lastInteraction: '2026-03-02T15:04:05',
            lastMessage: message({ seq: 4, conversationId: 'c1', mensaje: 'Necesito ayuda con mi factura' })
          }),
          chatView('c2', { lastMessage: message({ seq: 9, conversationId: 'c2', tipoMensaje: 'COMMAND', tipoUsuario: 'SISTEMA', mensaje: 'FCFHL' }) })
        ])
      )
    );
    renderConsole();
    const first = await screen.findByRole('button', { name: /Cliente c1/ });
    expect(first.textContent).toContain('Atención general');
    expect(first.textContent).toContain('Necesito ayuda con mi factura');
    expect(first.textContent).toContain('02/03/26, 3:04');
    expect(within(first).getByTestId('no-leidos').textContent).toBe('3');
    expect(within(first).getByText('3 mensajes sin leer')).toBeTruthy();
    const second = screen.getByRole('button', { name: /Cliente c2/ });
    expect(second.textContent).toContain('Estamos fuera del horario de atención');
    expect(within(second).queryByTestId('no-leidos')).toBeNull();
  });

  it('shows an empty state when there are no chats, the connection state and the queue size', async () => {
    fake.api.chat.state.mockImplementation(() => ok(consoleState([], { waiting: 4, connection: 'offline' })));
    renderConsole();
    expect(await screen.findByText('No tiene chats asignados')).toBeTruthy();
    expect(screen.getByTestId('conexion').textContent).toBe('Sin conexión — reconectando…');
    expect(screen.getByTestId('en-cola').textContent).toBe('En cola: 4');
    act(() => fake.emit('chat:changed', consoleState([], { waiting: 1, connection: 'unauthorized' })));
    expect(screen.getByTestId('conexion').textContent).toBe('Sesión no autorizada');
    expect(screen.getByTestId('en-cola').textContent).toBe('En cola: 1');
  });

  it("says 'Error al obtener chats' when the state cannot load, and retries", async () => {
    fake.api.chat.state.mockImplementationOnce(() => fail({ status: 500, message: 'Se ha presentado un error en el servidor. Inténtelo mas tarde' }));
    renderConsole();
    expect(await screen.findByRole('heading', { name: 'Error al obtener chats' })).toBeTruthy();
    await waitFor(() => expect(toastTexts()).toContain('Error al obtener chats'));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Reintentar' })));
    expect(await screen.findByText('No tiene chats asignados')).toBeTruthy();
  });

  it('selecting a chat sends chat:view, loads its messages and drops the previous thread', async () => {
    vi.spyOn(document, 'hasFocus').mockReturnValue(true);
    fake.api.chat.state.mockImplementation(() => ok(consoleState([chatView('c1', { messageCount: 1 }), chatView('c2', { messageCount: 1 })])));
    fake.api.chat.messages.mockImplementation((arg: unknown) => {
      const id = (arg as { conversationId: string }).conversationId;
      return ok([message({ seq: 1, conversationId: id, mensaje: `Hola desde ${id}` })]);
    });
    const { store } = renderConsole();
    fireEvent.click(await screen.findByRole('button', { name: /Cliente c1/ }));
    expect(await screen.findByText('Hola desde c1')).toBeTruthy();
    expect(fake.api.chat.view).toHaveBeenLastCalledWith({ conversationId: 'c1', visible: true });
    expect(fake.api.chat.messages).toHaveBeenLastCalledWith({ conversationId: 'c1' });
    expect(screen.getByRole('button', { name: /Cliente c1/ }).getAttribute('aria-current')).toBe('true');

    fireEvent.click(screen.getByRole('button', { name: /Cliente c2/ }));
    expect(await screen.findByText('Hola desde c2')).toBeTruthy();
    expect(screen.queryByText('Hola desde c1')).toBeNull();
    expect(store.get(threadAtom).messages.map((m) => m.conversationId)).toEqual(['c2']);
    expect(fake.api.chat.view).toHaveBeenLastCalledWith({ conversationId: 'c2', visible: true });
  });

  it('reports visibility when the window is hidden, blurred or focused', async () => {
    const focus = vi.spyOn(document, 'hasFocus').mockReturnValue(true);
    fake.api.chat.state.mockImplementation(() => ok(consoleState([chatView('c1')])));
    renderConsole();
    fireEvent.click(await screen.findByRole('button', { name: /Cliente c1/ }));
    await waitFor(() => expect(fake.api.chat.view).toHaveBeenLastCalledWith({ conversationId: 'c1', visible: true }));

    focus.mockReturnValue(false);
    act(() => {
      window.dispatchEvent(new Event('blur'));
    });
    expect(fake.api.chat.view).toHaveBeenLastCalledWith({ conversationId: 'c1', visible: false });

    focus.mockReturnValue(true);
    act(() => {
      window.dispatchEvent(new Event('focus'));
    });
    expect(fake.api.chat.view).toHaveBeenLastCalledWith({ conversationId: 'c1', visible: true });

    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    expect(fake.api.chat.view).toHaveBeenLastCalledWith({ conversationId: 'c1', visible: false });
    visibility.mockRestore();
  });

  it("'chat:focus' selects that chat", async () => {
    fake.api.chat.state.mockImplementation(() => ok(consoleState([chatView('c1'), chatView('c2')])));
    fake.api.chat.messages.mockImplementation(() => ok([message({ seq: 1, conversationId: 'c2', mensaje: 'Mensaje del cliente dos' })]));
    const { store } = renderConsole();
    await screen.findByText('Cliente c2');
    act(() => fake.emit('chat:focus', { conversationId: 'c2' }));
    expect(await screen.findByText('Mensaje del cliente dos')).toBeTruthy();
    expect(store.get(activeChatIdAtom)).toBe('c2');
    expect(screen.getByRole('heading', { level: 2, name: 'Cliente c2' })).toBeTruthy();
  });

  it("plays the alert sound on 'chat:alert' and ignores a refused autoplay", async () => {
    const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(() => Promise.reject(new Error('NotAllowedError')));
    renderConsole();
    await screen.findByText('No tiene chats asignados');
    act(() => fake.emit('chat:alert', { kind: 'incoming', conversationId: 'c9' }));
    act(() => fake.emit('chat:alert', { kind: 'message', conversationId: 'c9' }));
    expect(play).toHaveBeenCalledTimes(2);
    expect(screen.getByText('No tiene chats asignados')).toBeTruthy();
  });

  it('forgets the selected chat when it leaves the list (transferred away)', async () => {
    fake.api.chat.state.mockImplementation(() => ok(consoleState([chatView('c1')])));
    const { store } = renderConsole();
    fireEvent.click(await screen.findByRole('button', { name: /Cliente c1/ }));
    await waitFor(() => expect(store.get(activeChatIdAtom)).toBe('c1'));
    act(() => fake.emit('chat:changed', consoleState([])));
    expect(store.get(activeChatIdAtom)).toBeNull();
    expect(store.get(threadAtom).messages).toEqual([]);
    expect(screen.getByText('Seleccione un chat de la lista')).toBeTruthy();
  });

  it('moves between chats with the arrow keys, Home and End', async () => {
    fake.api.chat.state.mockImplementation(() => ok(consoleState([chatView('a'), chatView('b'), chatView('c', { status: 'FINALIZADO' })])));
    renderConsole();
    const first = await screen.findByRole('button', { name: /Cliente a/ });
    first.focus();
    fireEvent.keyDown(first, { key: 'ArrowDown' });
    expect(document.activeElement?.getAttribute('data-conversation')).toBe('b');
    fireEvent.keyDown(document.activeElement as Element, { key: 'End' });
    expect(document.activeElement?.getAttribute('data-conversation')).toBe('c');
    fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowUp' });
    expect(document.activeElement?.getAttribute('data-conversation')).toBe('b');
    fireEvent.keyDown(document.activeElement as Element, { key: 'Home' });
    expect(document.activeElement?.getAttribute('data-conversation')).toBe('a');
  });

  it('fetches the thread again when the main process holds more messages than shown (after a resync)', async () => {
    fake.api.chat.state.mockImplementation(() => ok(consoleState([chatView('c1', { messageCount: 1 })])));
    fake.api.chat.messages.mockImplementationOnce(() => ok([message({ seq: 1, conversationId: 'c1', mensaje: 'Antes de la caída' })]));
    renderConsole();
    fireEvent.click(await screen.findByRole('button', { name: /Cliente c1/ }));
    await screen.findByText('Antes de la caída');
    fake.api.chat.messages.mockImplementationOnce(() =>
      ok([message({ seq: 1, conversationId: 'c1', mensaje: 'Antes de la caída' }), message({ seq: 2, conversationId: 'c1', mensaje: 'Durante la caída' })])
    );
    act(() => fake.emit('chat:changed', consoleState([chatView('c1', { messageCount: 2 })])));
    expect(await screen.findByText('Durante la caída')).toBeTruthy();
    expect(fake.api.chat.messages).toHaveBeenCalledTimes(2);
  });
});
