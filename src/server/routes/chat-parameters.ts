import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../shared/api/catalogue';
import { MSG } from '../../shared/messages';
import { chatParameters, pauseEvents } from '../db/schema';
import { HttpError } from '../http/errors';
import { iso } from './listing';
import { implement } from './register';

export function registerChatParameterRoutes(app: FastifyInstance): void {
  implement(app, endpoints.chatParameters, async ({ db, orgId }) => {
    const [row] = await db
      .select({
        diasLaborales: chatParameters.diasLaborales,
        horaLaboralInicio: chatParameters.horaLaboralInicio,
        horaLaboralFin: chatParameters.horaLaboralFin,
        nroMaximoChatsAsesor: chatParameters.nroMaximoChatsAsesor,
        tiempoInactividadCliente: chatParameters.tiempoInactividadCliente
      })
      .from(chatParameters)
      .where(eq(chatParameters.organizationId, orgId))
      .limit(1);
    // An organisation without parameters has none to show: no invented defaults.
    if (!row) throw new HttpError(404, MSG.parameters.loadFailed);
    return { ...row, diasLaborales: [...row.diasLaborales].sort((a, b) => a - b) };
  });

  implement(app, endpoints.pauseEvents, async ({ db, orgId, query }) => {
    const rows = await db
      .select({
        id: pauseEvents.id,
        nombre: pauseEvents.nombre,
        descripcion: pauseEvents.descripcion,
        activo: pauseEvents.activo,
        logic_delete: pauseEvents.logicDelete,
        fechaCreacion: pauseEvents.fechaCreacion,
        fechaActualizacion: pauseEvents.fechaActualizacion
      })
      .from(pauseEvents)
      .where(and(eq(pauseEvents.organizationId, orgId), query.alsoDeleted ? undefined : eq(pauseEvents.logicDelete, false)))
      .orderBy(desc(pauseEvents.fechaCreacion), desc(pauseEvents.id));
    return rows.map((row) => ({ ...row, fechaCreacion: iso(row.fechaCreacion), fechaActualizacion: iso(row.fechaActualizacion) }));
  });
}
