import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { Split, SplitDerive, SplitSchedule } from '../../shared/domain/split';
import { splitDerives, splits, splitSchedules } from '../db/schema';
import type { Db } from '../db/types';
import { HttpError } from '../http/errors';
import { iso } from '../routes/listing';
import { SETTINGS_TEXT } from './texts';

/** Splits as SPEC §3 shows them: the split with its attention periods (horariosAtencion) and derivations. */

export const scheduleColumns = {
  id_hours_by_splits: splitSchedules.idHoursBySplits,
  id_split: splitSchedules.idSplit,
  dia: splitSchedules.dia,
  horaInicio: splitSchedules.horaInicio,
  horaFin: splitSchedules.horaFin
};

export const deriveColumns = {
  id_splits_derive: splitDerives.idSplitsDerive,
  split_origin: splitDerives.splitOrigin,
  split_derive: splitDerives.splitDerive
};

const splitColumns = {
  idSplit: splits.idSplit,
  codigoSplit: splits.codigoSplit,
  nombre: splits.nombre,
  descripcion: splits.descripcion,
  activo: splits.activo,
  fechaActualizacion: splits.fechaActualizacion,
  timeInactivityAgent: splits.timeInactivityAgent,
  timeInactivityClient: splits.timeInactivityClient,
  timeMaxInitConversation: splits.timeMaxInitConversation
};

/**
 * The organisation's splits not deleted, newest first (or only `ids`, in that order), each with its
 * periods (by day, then start) and its derivations (in the order they were added).
 */
export async function loadSplits(db: Db, orgId: number, ids?: readonly number[]): Promise<Split[]> {
  if (ids && ids.length === 0) return [];
  const rows = await db
    .select(splitColumns)
    .from(splits)
    .where(and(eq(splits.organizationId, orgId), eq(splits.logicDelete, false), ids ? inArray(splits.idSplit, [...ids]) : undefined))
    .orderBy(desc(splits.fechaCreacion), desc(splits.idSplit));
  if (rows.length === 0) return [];
  const splitIds = rows.map((r) => r.idSplit);
  const periods: SplitSchedule[] = await db
    .select(scheduleColumns)
    .from(splitSchedules)
    .where(inArray(splitSchedules.idSplit, splitIds))
    .orderBy(asc(splitSchedules.dia), asc(splitSchedules.horaInicio), asc(splitSchedules.idHoursBySplits));
  const derives: SplitDerive[] = await db.select(deriveColumns).from(splitDerives).where(inArray(splitDerives.splitOrigin, splitIds)).orderBy(asc(splitDerives.idSplitsDerive));
  const listed = rows.map((row) => ({
    ...row,
    fechaActualizacion: iso(row.fechaActualizacion),
    horariosAtencion: periods.filter((p) => p.id_split === row.idSplit),
    derivaciones: derives.filter((d) => d.split_origin === row.idSplit)
  }));
  if (!ids) return listed;
  const byId = new Map(listed.map((s) => [s.idSplit, s]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** One split of the organisation, with its sublists; 404 when it is not one (deleted or another organisation's). */
export async function loadSplit(db: Db, orgId: number, idSplit: number): Promise<Split> {
  const [split] = await loadSplits(db, orgId, [idSplit]);
  if (!split) throw new HttpError(404, SETTINGS_TEXT.splitNotFound);
  return split;
}

/**
 * Locks the split's row for the rest of the transaction (its periods, derivations and agents are
 * then written by one call at a time); 404 when it is not a split of the organisation.
 */
export async function lockSplitOfOrg(tx: Db, orgId: number, idSplit: number): Promise<void> {
  const [row] = await tx
    .select({ idSplit: splits.idSplit })
    .from(splits)
    .where(and(eq(splits.idSplit, idSplit), eq(splits.organizationId, orgId), eq(splits.logicDelete, false)))
    .for('update');
  if (!row) throw new HttpError(404, SETTINGS_TEXT.splitNotFound);
}
