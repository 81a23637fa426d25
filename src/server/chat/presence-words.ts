import { Role } from '../../shared/roles';
import type { AgentStatus } from '../../shared/domain/chat';

/** The only role that works the chat console (SPEC §1: 5 Asesor humano). */
export const AGENT_ROLE = Role.AsesorHumano;

/** agent_presence.status holds the service's words; SPEC §4 maps them to the console's (toAgentStatus). */
export const PRESENCE = { active: 'Activo', paused: 'Pausa', disconnected: 'Desconectado' } as const;
export type PresenceWord = (typeof PRESENCE)[keyof typeof PRESENCE];

export function presenceWord(status: AgentStatus): PresenceWord {
  if (status === 'CONECTADO') return PRESENCE.active;
  if (status === 'PAUSA') return PRESENCE.paused;
  return PRESENCE.disconnected;
}
