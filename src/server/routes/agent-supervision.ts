import { and, count, eq, inArray } from 'drizzle-orm';
import { endpoints } from '../../shared/api/catalogue';
import type { AgentConnectionState } from '../../shared/domain/chat';
import { ChatError } from '../chat/errors';
import { attendsChatsCondition } from '../chat/attendants';
import { PRESENCE } from '../chat/presence-words';
import { agentPresence, conversations, pauseEvents, users } from '../db/schema';
import type { Db } from '../db/types';
import { HttpError } from '../http/errors';
import { SETTINGS_TEXT } from '../settings/texts';
import { defineRoutes } from './module';
import { implement } from './register';

/** The agent's state as obtenerEstadoConexionAsesores lists it. */
async function connectionState(db: Db, idUser: number): Promise<AgentConnectionState> {
  const [agent] = await db
    .select({ nombre: users.name, created: users.dateCreate, estado: agentPresence.status, since: agentPresence.since, eventoPausa: pauseEvents.nombre, pausaMaxima: pauseEvents.tiempoMaximo })
    .from(users)
    .leftJoin(agentPresence, eq(agentPresence.userId, users.idUser))
    .leftJoin(pauseEvents, eq(pauseEvents.id, agentPresence.pauseEventId))
    .where(eq(users.idUser, idUser));
  if (!agent) throw new HttpError(404, SETTINGS_TEXT.agentNotFound);
  const [open] = await db
    .select({ n: count() })
    .from(conversations)
    .where(and(eq(conversations.agentId, idUser), inArray(conversations.status, ['ASIGNADA', 'ACTIVA'])));
  const estado = agent.estado ?? PRESENCE.disconnected;
  return {
    idUser,
    nombre: agent.nombre,
    estado,
    eventoPausa: estado === PRESENCE.paused ? agent.eventoPausa : null,
    pausaMaxima: estado === PRESENCE.paused ? agent.pausaMaxima : null,
    fechaEstado: (agent.since ?? agent.created).toISOString(),
    chatsActivos: Number(open?.n ?? 0)
  };
}

export const agentSupervisionRoutes = defineRoutes('agentSupervision', (app) => {
  /**
   * A supervisor puts an agent of the organisation in Pausa (with an active pause event of the
   * organisation) or Desconectado, through the chat engine as if the agent had done it: the
   * connection history closes the open stretch and opens the new one, the router stops offering
   * him chats (it only offers to Activo agents), Desconectado puts his incoming chats back in their
   * queues, and his console hears agent:status.
   */
  implement(app, endpoints.setAgentStatus, async ({ db, orgId, body, services }) => {
    const [agent] = await db
      .select({ idUser: users.idUser })
      .from(users)
      .where(and(eq(users.idUser, body.idUser), eq(users.organizationId, orgId), attendsChatsCondition()));
    if (!agent) throw new HttpError(404, SETTINGS_TEXT.agentNotFound);
    const status = body.estado === PRESENCE.paused ? 'PAUSA' : 'DESCONECTADO';
    try {
      await services.chat.setStatus({ userId: agent.idUser, organizationId: orgId }, { status, pauseEventId: status === 'PAUSA' ? body.idEventoPausa : null });
    } catch (error) {
      if (error instanceof ChatError) throw new HttpError(error.status, error.message);
      throw error;
    }
    return connectionState(db, agent.idUser);
  });
});
