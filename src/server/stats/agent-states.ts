import { inArray, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { attendsChatsCondition } from '../chat/attendants';
import { agentPresence, agentSplits, conversations, pauseEvents, users } from '../db/schema';
import { rowsOf } from '../db/statements';
import type { Db } from '../db/types';
import { isoText } from './scope';

/** The chats an agent holds open: assigned to him, or in progress. */
const OPEN_STATES = ['ASIGNADA', 'ACTIVA'];

/**
 * 'Estado de asesores' (GET /api/obtenerEstadoConexionAsesores, served by routes/agent-state.ts)
 * as one statement: each active agent of the organisation (and supervisor who attends chats,
 * chat/attendants.ts) — of any of `splits` when named — its presence (no presence row yet:
 * 'Desconectado' since the account exists), the pause event (and its time limit) and its open chats. The route answers
 * it; the benchmark's bare baseline for that call is this statement alone.
 */
export function agentStatesSql(idOrg: number, splits: readonly number[] = []): SQL {
  const open = sql`(select count(*)::int from ${conversations}
    where ${conversations.organizationId} = ${idOrg} and ${conversations.agentId} = ${users.idUser} and ${inArray(conversations.status, OPEN_STATES)})`;
  const inSplits = splits.length > 0 ? sql`and exists (select 1 from ${agentSplits} where ${agentSplits.idUser} = ${users.idUser} and ${inArray(agentSplits.idSplit, [...splits])})` : sql``;
  return sql`
    select ${users.idUser} as id_user, ${users.name} as name, coalesce(${agentPresence.status}, 'Desconectado') as status, ${pauseEvents.nombre} as pause_event, ${pauseEvents.tiempoMaximo} as pause_limit,
      ${isoText(sql`coalesce(${agentPresence.since}, ${users.dateCreate})`)} as since, ${open} as chats
    from ${users}
    left join ${agentPresence} on ${agentPresence.userId} = ${users.idUser}
    left join ${pauseEvents} on ${pauseEvents.id} = ${agentPresence.pauseEventId}
    where ${users.organizationId} = ${idOrg} and ${users.isActive} and ${attendsChatsCondition()} ${inSplits}`;
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
export async function agentStates(db: Db, idOrg: number, splits: readonly number[] = []): Promise<AgentStateRow[]> {
  return z.array(AgentStateRow).parse(rowsOf(await db.execute(agentStatesSql(idOrg, splits))));
}
