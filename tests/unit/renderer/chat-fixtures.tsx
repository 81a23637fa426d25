import { act, configure, render, screen, within } from '@testing-library/react';
import { Provider, createStore } from 'jotai';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import type { AgentChatView, ConsoleMessage, ConsoleState } from '../../../src/shared/chat-console';
import type { EndMessage } from '../../../src/shared/domain/end-message';
import { AppToaster } from '../../../src/renderer/app/toasts';
import { loadState } from '../../../src/renderer/app/load-state';
import { endMessagesAtom } from '../../../src/renderer/features/platform/atoms';
import { ChatPage } from '../../../src/renderer/features/chat/ChatPage';

/** Test data and the rendered console for the chat-*.test.tsx files. */

// The machine is shared: give findBy*/waitFor more than the default second.
configure({ asyncUtilTimeout: 5000 });

export const END_MESSAGES: EndMessage[] = [
  { acronym: 'FCCA', clientMessage: 'El asesor finalizó la conversación. ¡Gracias por escribirnos!', idEndTypeConversation: 3, fin: false },
  { acronym: 'FCFHL', clientMessage: 'Estamos fuera del horario de atención', idEndTypeConversation: 6, fin: true }
];

export function message(overrides: Partial<ConsoleMessage> & { seq: number }): ConsoleMessage {
  return {
    conversationId: 'conv-1',
    clientId: null,
    tipoMensaje: 'TEXTO',
    tipoUsuario: 'CLIENTE',
    mensaje: `Mensaje ${overrides.seq}`,
    adjunto: null,
    items: null,
    fechaMensaje: '2026-03-02T15:04:05',
    pending: false,
    ...overrides
  };
}

export function chatView(conversationId: string, overrides: Partial<AgentChatView> = {}): AgentChatView {
  return {
    conversationId,
    status: 'ACTIVO',
    active: false,
    unreadMessages: 0,
    messageCount: 0,
    lastMessage: null,
    lastInteraction: '2026-03-02T15:00:00',
    recover: false,
    transfer: false,
    transfering: false,
    causalsChecked: 'idle',
    businessCausals: true,
    endCausals: true,
    causalsSetted: false,
    sendingMessage: false,
    uploadFile: { uploading: false, error: false },
    customer: {
      nombre: `Cliente ${conversationId}`,
      tipoIdentificacion: 'CC',
      identificacion: '1020304050',
      email: 'cliente@correo.co',
      telefono: '3001234567',
      datos: {}
    },
    canal: 'Web',
    idVa: 1,
    split: { idSplit: 1, nombre: 'Atención general' },
    fechaEntrada: '2026-03-02T14:59:00',
    endAcronym: null,
    ...overrides
  };
}

export function consoleState(chats: AgentChatView[], overrides: Partial<ConsoleState> = {}): ConsoleState {
  return {
    connection: 'online',
    agentStatus: { status: 'CONECTADO', pauseEventId: null, since: '2026-03-02T08:00:00' },
    chats,
    waiting: 0,
    ...overrides
  };
}

/** The virtualised message list needs a viewport: jsdom lays nothing out, so give every element a height. */
export function stubViewport(clientHeight = 600): () => void {
  const descriptor = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientHeight');
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => clientHeight });
  return () => {
    if (descriptor) Object.defineProperty(HTMLElement.prototype, 'clientHeight', descriptor);
  };
}

export function renderConsole(options: { endMessages?: EndMessage[] } = {}) {
  const store = createStore();
  store.set(endMessagesAtom, loadState('resolved', options.endMessages ?? END_MESSAGES));
  const view = render(
    <Provider store={store}>
      <FluentProvider theme={webLightTheme}>
        <AppToaster />
        <ChatPage />
      </FluentProvider>
    </Provider>
  );
  return { store, ...view };
}

/** The toasts on screen (Fluent repeats their text in a live region, so read the toasts themselves). */
export function toastTexts(): string[] {
  return [...document.querySelectorAll('.fui-Toast')].map((t) => t.textContent ?? '');
}

/**
 * Finds an open dialog and puts the focus inside it, as a browser does when it opens. jsdom has no
 * layout, so Fluent finds nothing visible to focus and focuses the surface itself; tabster then
 * counts the dialog as an inactive modal and hides it (aria-hidden) 250 ms later.
 */
export async function findDialog(name: string): Promise<HTMLElement> {
  const dialog = await screen.findByRole('dialog', { name });
  act(() => within(dialog).getByRole('button', { name: 'Cancelar' }).focus());
  return dialog;
}

/** Renderer tests share two cores with everything else: allow a slow first render. */
export const SLOW = { timeout: 20_000 };
