import { inArray, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { AgentConnectionState } from '../../shared/domain/chat';
import { attendsChatsCondition } from '../chat/attendants';
import { PRESENCE } from '../chat/presence-words';
import { agentPresence, agentSplits, conversations, pauseEvents, users } from '../db/schema';
import { rowsOf } from '../db/statements';
import type { Db } from '../db/types';
import { isoText } from './scope';

/** The chats an agent holds open: assigned to him, or in progress. */
const OPEN_STATES = ['ASIGNADA', 'ACTIVA'];

/** Which agents agentStatesSql lists: of any of `splits` when named; only `idUser` when given. */
export interface AgentStatesFilter {
  splits?: readonly number[];
  idUser?: number;
}

/**
 * 'Estado de asesores' (GET /api/obtenerEstadoConexionAsesores, served by routes/agent-state.ts, and
 * the one agent a supervisor's POST /api/actualizarEstadoAsesor answers, routes/agent-supervision.ts)
 * as one statement: each active agent of the organisation (and supervisor who attends chats,
 * chat/attendants.ts) — of any of `splits` when named — its presence (no presence row yet:
 * 'Desconectado' since the account exists), the pause event (and its time limit) and its open chats. The route answers
 * it; the benchmark's bare baseline for that call is this statement alone.
 */
export function agentStatesSql(idOrg: number, { splits = [], idUser }: AgentStatesFilter = {}): SQL {
  const open = sql`(select count(*)::int from ${conversations}
    where ${conversations.organizationId} = ${idOrg} and ${conversations.agentId} = ${users.idUser} and ${inArray(conversations.status, OPEN_STATES)})`;
  const inSplits = splits.length > 0 ? sql`and exists (select 1 from ${agentSplits} where ${agentSplits.idUser} = ${users.idUser} and ${inArray(agentSplits.idSplit, [...splits])})` : sql``;
  const only = idUser === undefined ? sql`` : sql`and ${users.idUser} = ${idUser}`;
  return sql`
    select ${users.idUser} as id_user, ${users.name} as name, coalesce(${agentPresence.status}, 'Desconectado') as status, ${pauseEvents.nombre} as pause_event, ${pauseEvents.tiempoMaximo} as pause_limit,
      ${isoText(sql`coalesce(${agentPresence.since}, ${users.dateCreate})`)} as since, ${open} as chats
    from ${users}
    left join ${agentPresence} on ${agentPresence.userId} = ${users.idUser}
    left join ${pauseEvents} on ${pauseEvents.id} = ${agentPresence.pauseEventId}
    where ${users.organizationId} = ${idOrg} and ${users.isActive} and ${attendsChatsCondition()} ${inSplits} ${only}`;
}

const AgentStateRow = z.object({
  id_user: z.number(),
  name: z.string(),
  status: z.string(),
  pause_event: z.string().nullable(),
  pause_limit: z.number().nullable(),
  since: z.string(),
  chats: z.number()
});
export type AgentStateRow = z.infer<typeof AgentStateRow>;

/** agentStatesSql's rows, read. */
export async function agentStates(db: Db, idOrg: number, filter: AgentStatesFilter = {}): Promise<AgentStateRow[]> {
  return z.array(AgentStateRow).parse(rowsOf(await db.execute(agentStatesSql(idOrg, filter))));
}

/** A row as the API answers it: the pause event and its limit only while paused. */
export function toConnectionState(agent: AgentStateRow): AgentConnectionState {
  const paused = agent.status === PRESENCE.paused;
  return {
    idUser: agent.id_user,
    nombre: agent.name,
    estado: agent.status,
    eventoPausa: paused ? agent.pause_event : null,
    pausaMaxima: paused ? agent.pause_limit : null,
    fechaEstado: agent.since,
    chatsActivos: agent.chats
  };
}
