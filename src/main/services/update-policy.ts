import type { AgentStatus } from '../../shared/domain/chat';

/**
 * When the desktop app may install a downloaded update (issue 41). An update never restarts the app
 * in the middle of a chat, nor without the person's word: it installs when the app quits (the
 * person's word), or when the person presses 'Instalar ahora', which is offered only while no chat
 * is held and the agent is not receiving chats (Pausa or Desconectado; a role without the console
 * holds none). Pure, so every state is tested as a port with fakes.
 */
export interface DeskState {
  /** Chats held open (ENTRANTE or ACTIVO) by this desk's chat link. */
  heldChats: number;
  /** The agent's status in the console; null when the desk has no console link (signed out, or a role without chats). */
  agentStatus: AgentStatus | null;
}

/** 'Instalar ahora' may be offered, and honoured. */
export function mayInstallNow(desk: DeskState): boolean {
  return desk.heldChats === 0 && desk.agentStatus !== 'CONECTADO';
}
