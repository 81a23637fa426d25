import { sql, type SQL } from 'drizzle-orm';

/**
 * 'Estado de asesores' (GET /api/obtenerEstadoConexionAsesores, served by routes/agent-state.ts)
 * as one statement: each active agent of the organisation (and supervisor who attends chats,
 * chat/attendants.ts), its presence and its open chats. The
 * benchmark's bare baseline for that call; the route answers it with the same reads.
 */
export function agentStatesSql(idOrg: number): SQL {
  return sql`
    select u.id_user, u.name, coalesce(p.status, 'Desconectado') as estado, pe.nombre as evento_pausa, coalesce(p.since, u.date_create) as since,
      (select count(*)::int from conversations c where c.organization_id = ${idOrg} and c.agent_id = u.id_user and c.status in ('ASIGNADA', 'ACTIVA')) as chats
    from users u
    left join agent_presence p on p.user_id = u.id_user
    left join pause_events pe on pe.id = p.pause_event_id
    where u.organization_id = ${idOrg} and u.is_active
      and (u.role = 5 or (u.role = 6 and (exists (select 1 from agent_splits s where s.id_user = u.id_user) or p.user_id is not null)))`;
}
