import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../shared/api/catalogue';
import type { ChatParameters } from '../../shared/domain/parameters';
import { MSG } from '../../shared/messages';
import { chatParameters, pauseEvents } from '../db/schema';
import type { Db } from '../db/types';
import { DEFAULT_RULES } from '../chat/schedule';
import { HttpError } from '../http/errors';
import { DUPLICATE_TEXT } from '../../shared/domain/unique-name';
import { duplicateAs } from '../settings/conflicts';
import { routeWaitingChats } from '../settings/engine-effects';
import { SETTINGS_TEXT } from '../settings/texts';
import { iso } from './listing';
import { implement } from './register';

const parameterColumns = {
  diasLaborales: chatParameters.diasLaborales,
  horaLaboralInicio: chatParameters.horaLaboralInicio,
  horaLaboralFin: chatParameters.horaLaboralFin,
  nroMaximoChatsAsesor: chatParameters.nroMaximoChatsAsesor,
  tiempoInactividadCliente: chatParameters.tiempoInactividadCliente
};

const pauseColumns = {
  id: pauseEvents.id,
  nombre: pauseEvents.nombre,
  descripcion: pauseEvents.descripcion,
  activo: pauseEvents.activo,
  logic_delete: pauseEvents.logicDelete,
  fechaCreacion: pauseEvents.fechaCreacion,
  fechaActualizacion: pauseEvents.fechaActualizacion
};

/** A name another live pause event of the organisation already has (unique-name.ts) is refused with 409. */
const PAUSE_DUPLICATES = { pause_events_org_name_unique: DUPLICATE_TEXT.pauseEvent };

function shownParameters(row: ChatParameters): ChatParameters {
  return { ...row, diasLaborales: [...row.diasLaborales].sort((a, b) => a - b) };
}

function shownPauseEvent<R extends { fechaCreacion: Date; fechaActualizacion: Date }>(row: R | undefined) {
  if (!row) throw new HttpError(404, SETTINGS_TEXT.pauseEventNotFound);
  return { ...row, fechaCreacion: iso(row.fechaCreacion), fechaActualizacion: iso(row.fechaActualizacion) };
}

async function readParameters(db: Db, orgId: number, lock = false): Promise<ChatParameters | null> {
  const query = db.select(parameterColumns).from(chatParameters).where(eq(chatParameters.organizationId, orgId)).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

export function registerChatParameterRoutes(app: FastifyInstance): void {
  implement(app, endpoints.chatParameters, async ({ db, orgId }) => {
    const row = await readParameters(db, orgId);
    // An organisation without parameters has none to show: no invented defaults.
    if (!row) throw new HttpError(404, MSG.parameters.loadFailed);
    return shownParameters(row);
  });

  /**
   * Changes the parameters sent and keeps the others. An organisation without a row has the
   * engine's rules in force (DEFAULT_RULES), so those fill what the body leaves out. The working
   * hours are checked as they will be stored: the end after the start. Whatever changed, the router
   * then runs: a higher max chats or wider hours let waiting chats through at once, a lower max
   * holds from the next assignment (the router counts each agent's open chats against it).
   */
  implement(app, endpoints.updateChatParameters, async ({ db, orgId, body, services }) => {
    const stored = await db.transaction(async (tx) => {
      const current = (await readParameters(tx, orgId, true)) ?? DEFAULT_RULES;
      const next: ChatParameters = {
        diasLaborales: body.diasLaborales ?? current.diasLaborales,
        horaLaboralInicio: body.horaLaboralInicio ?? current.horaLaboralInicio,
        horaLaboralFin: body.horaLaboralFin ?? current.horaLaboralFin,
        nroMaximoChatsAsesor: body.nroMaximoChatsAsesor ?? current.nroMaximoChatsAsesor,
        tiempoInactividadCliente: body.tiempoInactividadCliente ?? current.tiempoInactividadCliente
      };
      if (next.horaLaboralFin <= next.horaLaboralInicio) throw new HttpError(400, SETTINGS_TEXT.workingHoursOrder);
      const values = { ...next, fechaActualizacion: services.now() };
      const [row] = await tx
        .insert(chatParameters)
        .values({ organizationId: orgId, ...values })
        .onConflictDoUpdate({ target: chatParameters.organizationId, set: values })
        .returning(parameterColumns);
      if (!row) throw new Error('actualizarParametros: no row');
      return row;
    });
    await routeWaitingChats(services);
    return shownParameters(stored);
  });

  implement(app, endpoints.pauseEvents, async ({ db, orgId, query }) => {
    const rows = await db
      .select(pauseColumns)
      .from(pauseEvents)
      .where(and(eq(pauseEvents.organizationId, orgId), query.alsoDeleted ? undefined : eq(pauseEvents.logicDelete, false)))
      .orderBy(desc(pauseEvents.fechaCreacion), desc(pauseEvents.id));
    return rows.map((row) => shownPauseEvent(row));
  });

  implement(app, endpoints.createPauseEvent, async ({ db, orgId, body, services }) => {
    const now = services.now();
    const [row] = await db
      .insert(pauseEvents)
      .values({ ...body, organizationId: orgId, fechaCreacion: now, fechaActualizacion: now })
      .returning(pauseColumns)
      .catch(duplicateAs(PAUSE_DUPLICATES));
    return shownPauseEvent(row);
  });

  /** An agent already paused on an event switched off stays paused; the event is no longer offered for new pauses. */
  implement(app, endpoints.updatePauseEvent, async ({ db, orgId, body, services }) => {
    const { id, ...fields } = body;
    const [row] = await db
      .update(pauseEvents)
      .set({ ...fields, fechaActualizacion: services.now() })
      .where(and(eq(pauseEvents.id, id), eq(pauseEvents.organizationId, orgId), eq(pauseEvents.logicDelete, false)))
      .returning(pauseColumns)
      .catch(duplicateAs(PAUSE_DUPLICATES));
    return shownPauseEvent(row);
  });

  /** Logical delete: the connection history keeps naming it (listed with alsoDeleted=true). */
  implement(app, endpoints.deletePauseEvent, async ({ db, orgId, query, services }) => {
    const deleted = await db
      .update(pauseEvents)
      .set({ logicDelete: true, activo: false, fechaActualizacion: services.now() })
      .where(and(eq(pauseEvents.id, query.id), eq(pauseEvents.organizationId, orgId), eq(pauseEvents.logicDelete, false)))
      .returning({ id: pauseEvents.id });
    if (deleted.length === 0) throw new HttpError(404, SETTINGS_TEXT.pauseEventNotFound);
    return { success: true };
  });
}
