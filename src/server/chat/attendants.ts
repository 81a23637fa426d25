import { inArray, sql, type SQL } from 'drizzle-orm';
import { Role } from '../../shared/roles';
import { agentPresence, agentSplits, users } from '../db/schema';
import { CHAT_ROLES } from './presence-words';

/** users.role is one that may take chats (5, or 6 through 'Atender chats'). */
export function chatRoleCondition(): SQL {
  return inArray(users.role, [...CHAT_ROLES]);
}

/**
 * The users who attend chats, for the lists of agents and their states (estado-asesores, the
 * asesores screen, the live queue): every human agent (5), and a supervisor (6) who is linked to a
 * split or has opened the console at least once (he has a presence row). A supervisor who never
 * attends chats is not listed as a disconnected agent.
 */
export function attendsChatsCondition(): SQL {
  const linked = sql`exists (select 1 from ${agentSplits} where ${agentSplits.idUser} = ${users.idUser})`;
  const present = sql`exists (select 1 from ${agentPresence} where ${agentPresence.userId} = ${users.idUser})`;
  return sql`(${users.role} = ${Role.AsesorHumano} or (${users.role} = ${Role.SupervisorAsesorHumano} and (${linked} or ${present})))`;
}
