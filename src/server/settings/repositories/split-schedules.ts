import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { CreateSplitSchedule, SplitSchedule, UpdateSplitSchedule } from '../../../shared/domain/split';
import { findOverlap, type StoredPeriod } from '../../../shared/schedule-periods';
import { splits, splitSchedules } from '../../db/schema';
import type { Db } from '../../db/types';
import { HttpError } from '../../http/errors';
import { SETTINGS_TEXT } from '../texts';
import { lockSplitOfOrg, scheduleColumns } from './splits';

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

export const splitScheduleRepository = {
  create(db: Db, orgId: number, period: z.output<typeof CreateSplitSchedule>): Promise<SplitSchedule> {
    return db.transaction(async (tx) => {
      await lockSplitOfOrg(tx, orgId, period.id_split);
      await requireNoOverlap(tx, period, null);
      const [row] = await tx
        .insert(splitSchedules)
        .values({ idSplit: period.id_split, dia: period.dia, horaInicio: period.horaInicio, horaFin: period.horaFin })
        .returning(scheduleColumns);
      if (!row) throw new Error('crearHorarioSplit: no row');
      return row;
    });
  },

  /** A period is edited within its split (moving it to another split is a delete and a create). */
  update(db: Db, orgId: number, period: z.output<typeof UpdateSplitSchedule>): Promise<SplitSchedule> {
    return db.transaction(async (tx) => {
      await lockSplitOfOrg(tx, orgId, period.id_split);
      const owner = await periodOfOrg(tx, orgId, period.id_hours_by_splits);
      if (!owner || owner.idSplit !== period.id_split) throw new HttpError(404, SETTINGS_TEXT.scheduleNotFound);
      await requireNoOverlap(tx, period, period.id_hours_by_splits);
      const [row] = await tx
        .update(splitSchedules)
        .set({ dia: period.dia, horaInicio: period.horaInicio, horaFin: period.horaFin })
        .where(eq(splitSchedules.idHoursBySplits, period.id_hours_by_splits))
        .returning(scheduleColumns);
      if (!row) throw new Error('actualizarHorarioSplit: no row');
      return row;
    });
  },

  async remove(db: Db, orgId: number, id: number): Promise<void> {
    await db.transaction(async (tx) => {
      const owner = await periodOfOrg(tx, orgId, id);
      if (!owner) throw new HttpError(404, SETTINGS_TEXT.scheduleNotFound);
      await lockSplitOfOrg(tx, orgId, owner.idSplit);
      await tx.delete(splitSchedules).where(eq(splitSchedules.idHoursBySplits, id));
    });
  }
};
