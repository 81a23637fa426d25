import { and, count, eq, inArray } from 'drizzle-orm';
import { endpoints } from '../../shared/api/catalogue';
import { attendsChatsCondition } from '../chat/attendants';
import { agentPresence, agentSplits, conversations, pauseEvents, users } from '../db/schema';
import { byName } from './listing';
import { defineRoutes } from './module';
import { implement } from './register';

const OPEN_STATES = ['ASIGNADA', 'ACTIVA'];

export const agentStateRoutes = defineRoutes('agentState', (app) => {
  /**
   * Each active agent of the organisation (a supervisor too once he attends chats: attendants.ts) with its presence ('Activo', 'Pausa', 'Desconectado';
   * no presence row yet: 'Desconectado' since the account exists), the pause event while paused,
   * and its assigned or active chats. splits narrows to agents of any of those splits.
   */
  implement(app, endpoints.agentConnectionStates, async ({ db, orgId, query }) => {
    const splitFilter = query.splits && query.splits.length > 0 ? query.splits : null;
    const inSplits = splitFilter
      ? inArray(users.idUser, db.select({ idUser: agentSplits.idUser }).from(agentSplits).where(inArray(agentSplits.idSplit, splitFilter)))
      : undefined;
    const agents = await db
      .select({
        idUser: users.idUser,
        nombre: users.name,
        since: agentPresence.since,
        created: users.dateCreate,
        estado: agentPresence.status,
        eventoPausa: pauseEvents.nombre
      })
      .from(users)
      .leftJoin(agentPresence, eq(agentPresence.userId, users.idUser))
      .leftJoin(pauseEvents, eq(pauseEvents.id, agentPresence.pauseEventId))
      .where(and(eq(users.organizationId, orgId), attendsChatsCondition(), eq(users.isActive, true), inSplits));
    if (agents.length === 0) return [];
    const open = await db
      .select({ agentId: conversations.agentId, chats: count() })
      .from(conversations)
      .where(
        and(
          eq(conversations.organizationId, orgId),
          inArray(conversations.status, OPEN_STATES),
          inArray(
            conversations.agentId,
            agents.map((a) => a.idUser)
          )
        )
      )
      .groupBy(conversations.agentId);
    const chatsOf = new Map(open.map((row) => [row.agentId, Number(row.chats)]));
    return byName(agents, (a) => a.nombre, (a) => a.idUser).map((agent) => {
      const estado = agent.estado ?? 'Desconectado';
      return {
        idUser: agent.idUser,
        nombre: agent.nombre,
        estado,
        eventoPausa: estado === 'Pausa' ? agent.eventoPausa : null,
        fechaEstado: (agent.since ?? agent.created).toISOString(),
        chatsActivos: chatsOf.get(agent.idUser) ?? 0
      };
    });
  });
});
