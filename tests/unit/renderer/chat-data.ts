import type { AgentChatView, ConsoleMessage, ConsoleState } from '../../../src/shared/chat-console';
import type { EndMessage } from '../../../src/shared/domain/end-message';

/**
 * The console's test data, for the tests of its pure parts as for chat-fixtures.tsx (which re-exports
 * it): importing it loads no component.
 */

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
