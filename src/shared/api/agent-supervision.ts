import { z } from 'zod';
import { endpoint } from './endpoint';
import { ORG_QUERY } from './access';
import { OrgQuery } from '../domain/common';
import { AgentConnectionState } from '../domain/chat';
import { PositiveInt } from '../domain/fields';
import { allowedPaths } from '../menus';
import { ROLE_IDS } from '../roles';

/** The settings page that lists the agents and holds the supervisor's action. */
export const AGENTS_SETTINGS_PATH = '/configuracion/asesor-humano/asesores';

/** Who supervises agents: the roles whose menu holds configuracion/asesor-humano/asesores (3 and 6). */
export const AGENT_SUPERVISORS = ROLE_IDS.filter((role) => allowedPaths(role).includes(AGENTS_SETTINGS_PATH));

/**
 * A supervisor puts an agent in Pausa (with a pause event) or Desconectado: the agent stops
 * receiving chats. Only those two: an agent puts himself back to Activo from his console.
 */
export const SupervisedAgentStatus = z
  .object({
    idUser: PositiveInt,
    estado: z.enum(['Pausa', 'Desconectado'], { message: "El estado debe ser 'Pausa' o 'Desconectado'" }),
    idEventoPausa: PositiveInt.nullable().default(null)
  })
  .refine((v) => v.estado !== 'Pausa' || v.idEventoPausa !== null, { path: ['idEventoPausa'], message: 'Seleccione el evento de pausa' });

/** Not a SPEC §7 call: what the asesores page needs so agents who walk away stop receiving chats. */
export const agentSupervisionEndpoints = {
  setAgentStatus: endpoint({
    service: 'humanAgent',
    method: 'POST',
    path: '/api/actualizarEstadoAsesor',
    query: OrgQuery,
    body: SupervisedAgentStatus,
    response: AgentConnectionState,
    access: AGENT_SUPERVISORS,
    ipc: ['settings'],
    org: ORG_QUERY,
    note:
      "Path and shape not shown in SPEC (ours): body { idUser, estado: 'Pausa' | 'Desconectado', idEventoPausa (required for Pausa) }. " +
      "Recorded in the connection history; the agent's console hears agent:status; Desconectado puts his incoming chats back in the queue. Answers the agent's new state."
  })
} as const;
