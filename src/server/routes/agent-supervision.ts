import { and, eq } from 'drizzle-orm';
import { endpoints } from '../../shared/api/catalogue';
import { ChatError } from '../chat/errors';
import { attendsChatsCondition } from '../chat/attendants';
import { PRESENCE } from '../chat/presence-words';
import { agentStates, toConnectionState } from '../stats/agent-states';
import { users } from '../db/schema';
import { HttpError } from '../http/errors';
import { SETTINGS_TEXT } from '../settings/texts';
import { defineRoutes } from './module';
import { implement } from './register';

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
      .where(and(eq(users.idUser, body.idUser), eq(users.organizationId, orgId), eq(users.isActive, true), attendsChatsCondition()));
    if (!agent) throw new HttpError(404, SETTINGS_TEXT.agentNotFound);
    const status = body.estado === PRESENCE.paused ? 'PAUSA' : 'DESCONECTADO';
    try {
      await services.chat.setStatus({ userId: agent.idUser, organizationId: orgId }, { status, pauseEventId: status === 'PAUSA' ? body.idEventoPausa : null });
    } catch (error) {
      if (error instanceof ChatError) throw new HttpError(error.status, error.message);
      throw error;
    }
    // The agent as obtenerEstadoConexionAsesores lists it (the same statement, narrowed to him).
    const [state] = await agentStates(db, orgId, { idUser: agent.idUser });
    if (!state) throw new HttpError(404, SETTINGS_TEXT.agentNotFound);
    return toConnectionState(state);
  });
});
