import { Role, type RoleId } from '../../shared/roles';
import type { AgentStatus } from '../../shared/domain/chat';

/**
 * The roles that work the chat console: the human agent (SPEC §1: 5 Asesor humano) and the
 * human-agent supervisor (6), who attends chats through SPEC §2's special action that sets the
 * chat-only tree ('Atender chats'). Both connect to the agent namespace, are offered their splits'
 * chats by the router and may be linked to splits; a supervisor linked to no split receives only
 * the chats another supervisor assigns him from the queue.
 */
export const CHAT_ROLES: readonly RoleId[] = [Role.AsesorHumano, Role.SupervisorAsesorHumano];

export function takesChats(role: number): boolean {
  return (CHAT_ROLES as readonly number[]).includes(role);
}

/** agent_presence.status holds the service's words; SPEC §4 maps them to the console's (toAgentStatus). */
export const PRESENCE = { active: 'Activo', paused: 'Pausa', disconnected: 'Desconectado' } as const;
export type PresenceWord = (typeof PRESENCE)[keyof typeof PRESENCE];

export function presenceWord(status: AgentStatus): PresenceWord {
  if (status === 'CONECTADO') return PRESENCE.active;
  if (status === 'PAUSA') return PRESENCE.paused;
  return PRESENCE.disconnected;
}
