import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../shared/api/catalogue';
import type { SplitSchedule } from '../../shared/domain/split';
import { splits, splitSchedules } from '../db/schema';
import type { Db } from '../db/types';
import { HttpError } from '../http/errors';
import { routeWaitingChats } from '../settings/engine-effects';
import { findOverlap, type StoredPeriod } from '../../shared/schedule-periods';
import { lockSplitOfOrg, scheduleColumns } from '../settings/split-view';
import { SETTINGS_TEXT } from '../settings/texts';
import { implement } from './register';

/** A split's attention periods (horariosAtencion): several per day, none overlapping, each ending after it starts. */

async function periodsOf(tx: Db, idSplit: number): Promise<StoredPeriod[]> {
  return tx
    .select({ id: splitSchedules.idHoursBySplits, dia: splitSchedules.dia, horaInicio: splitSchedules.horaInicio, horaFin: splitSchedules.horaFin })
    .from(splitSchedules)
    .where(eq(splitSchedules.idSplit, idSplit));
}

/** Refuses (400, nothing written) a period that overlaps another of the same split and day. */
async function requireNoOverlap(tx: Db, period: Omit<SplitSchedule, 'id_hours_by_splits'>, exceptId: number | null): Promise<void> {
  const clash = findOverlap(await periodsOf(tx, period.id_split), period, exceptId);
  if (clash) throw new HttpError(400, SETTINGS_TEXT.scheduleOverlap(clash.dia, clash.horaInicio, clash.horaFin));
}

/** The period, if it belongs to a split of the organisation that is not deleted. */
async function periodOfOrg(tx: Db, orgId: number, id: number): Promise<{ idSplit: number } | null> {
  const [row] = await tx
    .select({ idSplit: splitSchedules.idSplit })
    .from(splitSchedules)
    .innerJoin(splits, eq(splits.idSplit, splitSchedules.idSplit))
    .where(and(eq(splitSchedules.idHoursBySplits, id), eq(splits.organizationId, orgId), eq(splits.logicDelete, false)));
  return row ?? null;
}

export function registerSplitScheduleRoutes(app: FastifyInstance): void {
  implement(app, endpoints.createSplitSchedule, async ({ db, orgId, body, services }) => {
    const created = await db.transaction(async (tx) => {
      await lockSplitOfOrg(tx, orgId, body.id_split);
      await requireNoOverlap(tx, body, null);
      const [row] = await tx
        .insert(splitSchedules)
        .values({ idSplit: body.id_split, dia: body.dia, horaInicio: body.horaInicio, horaFin: body.horaFin })
        .returning(scheduleColumns);
      if (!row) throw new Error('crearHorarioSplit: no row');
      return row;
    });
    // A new period may open the split now: its waiting chats are offered at once.
    await routeWaitingChats(services);
    return created;
  });

  implement(app, endpoints.updateSplitSchedule, async ({ db, orgId, body, services }) => {
    const updated = await db.transaction(async (tx) => {
      await lockSplitOfOrg(tx, orgId, body.id_split);
      const owner = await periodOfOrg(tx, orgId, body.id_hours_by_splits);
      // A period is edited within its split (moving it to another split is a delete and a create).
      if (!owner || owner.idSplit !== body.id_split) throw new HttpError(404, SETTINGS_TEXT.scheduleNotFound);
      await requireNoOverlap(tx, body, body.id_hours_by_splits);
      const [row] = await tx
        .update(splitSchedules)
        .set({ dia: body.dia, horaInicio: body.horaInicio, horaFin: body.horaFin })
        .where(eq(splitSchedules.idHoursBySplits, body.id_hours_by_splits))
        .returning(scheduleColumns);
      if (!row) throw new Error('actualizarHorarioSplit: no row');
      return row;
    });
    await routeWaitingChats(services);
    return updated;
  });

  /** Closing a period takes effect at the next assignment: the split's new chats wait in its queue. */
  implement(app, endpoints.deleteSplitSchedule, async ({ db, orgId, query }) => {
    await db.transaction(async (tx) => {
      const owner = await periodOfOrg(tx, orgId, query.codigoRegistro);
      if (!owner) throw new HttpError(404, SETTINGS_TEXT.scheduleNotFound);
      await lockSplitOfOrg(tx, orgId, owner.idSplit);
      await tx.delete(splitSchedules).where(eq(splitSchedules.idHoursBySplits, query.codigoRegistro));
    });
    return true;
  });
}
