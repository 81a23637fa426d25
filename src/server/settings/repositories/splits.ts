import { and, asc, count, desc, eq, inArray, or } from 'drizzle-orm';
import type { z } from 'zod';
import type { CreateSplit, Split, SplitDerive, SplitSchedule, TransferSplit, UpdateSplit } from '../../../shared/domain/split';
import { DUPLICATE_TEXT } from '../../../shared/domain/unique-name';
import { agentPresence, agentSplits, conversations, splitDerives, splits, splitSchedules, users } from '../../db/schema';
import type { Db } from '../../db/types';
import { HttpError } from '../../http/errors';
import { byName, iso } from '../../http/listing';
import { duplicateAs } from '../conflicts';
import { SETTINGS_TEXT } from '../texts';

/**
 * The organisation's splits (queues) as SPEC §3 shows them: the split with its attention periods
 * (horariosAtencion) and derivations. The code is unique in the organisation, deleted splits
 * included (their history keeps it); the name among the splits not deleted (unique-name.ts).
 */

const SPLIT_DUPLICATES = { splits_org_code_unique: DUPLICATE_TEXT.splitCode, splits_org_name_unique: DUPLICATE_TEXT.split };

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

/** A new split: no periods (it attends nobody until it has some) and no derivations. */
export async function createSplit(db: Db, orgId: number, fields: z.output<typeof CreateSplit>, now: Date): Promise<Split> {
  const [created] = await db
    .insert(splits)
    .values({ ...fields, organizationId: orgId, fechaCreacion: now, fechaActualizacion: now })
    .returning({ idSplit: splits.idSplit })
    .catch(duplicateAs(SPLIT_DUPLICATES));
  if (!created) throw new Error('crearSplit: no row');
  return loadSplit(db, orgId, created.idSplit);
}

/** Writes the editable fields of one split of the organisation; 404 when it is not one. */
export async function updateSplitRow(tx: Db, orgId: number, changes: z.output<typeof UpdateSplit>, now: Date): Promise<void> {
  const { idSplit, ...fields } = changes;
  const [updated] = await tx
    .update(splits)
    .set({ ...fields, fechaActualizacion: now })
    .where(and(eq(splits.idSplit, idSplit), eq(splits.organizationId, orgId), eq(splits.logicDelete, false)))
    .returning({ idSplit: splits.idSplit })
    .catch(duplicateAs(SPLIT_DUPLICATES));
  if (!updated) throw new HttpError(404, SETTINGS_TEXT.splitNotFound);
}

/** Every split or none: one unknown split (or another organisation's) refuses the whole update. */
export async function updateSplits(db: Db, orgId: number, changes: readonly z.output<typeof UpdateSplit>[], now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    for (const change of changes) await updateSplitRow(tx, orgId, change, now);
  });
}

/**
 * Logical delete (conversations and statistics keep the split): refused while conversations wait
 * in it or are open in it. Its derivations (both ways) and agent links go with it.
 */
export async function deleteSplit(db: Db, orgId: number, idSplit: number, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const [split] = await tx
      .select({ idSplit: splits.idSplit })
      .from(splits)
      .where(and(eq(splits.idSplit, idSplit), eq(splits.organizationId, orgId), eq(splits.logicDelete, false)))
      .for('update');
    if (!split) throw new HttpError(404, SETTINGS_TEXT.splitNotFound);
    const [busy] = await tx
      .select({ n: count() })
      .from(conversations)
      .where(and(eq(conversations.splitId, split.idSplit), inArray(conversations.status, ['EN_COLA', 'ASIGNADA', 'ACTIVA'])));
    if (Number(busy?.n ?? 0) > 0) throw new HttpError(409, SETTINGS_TEXT.splitBusy);
    await tx.update(splits).set({ logicDelete: true, activo: false, fechaActualizacion: now }).where(eq(splits.idSplit, split.idSplit));
    await tx.delete(splitDerives).where(or(eq(splitDerives.splitOrigin, split.idSplit), eq(splitDerives.splitDerive, split.idSplit)));
    await tx.delete(agentSplits).where(eq(agentSplits.idSplit, split.idSplit));
  });
}

/** Every id is a split of the organisation that is not deleted; 404 otherwise. */
export async function requireSplitsOfOrg(tx: Db, orgId: number, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  const found = await tx
    .select({ idSplit: splits.idSplit })
    .from(splits)
    .where(and(inArray(splits.idSplit, [...ids]), eq(splits.organizationId, orgId), eq(splits.logicDelete, false)));
  if (found.length !== new Set(ids).size) throw new HttpError(404, SETTINGS_TEXT.splitNotFound);
}

/**
 * Where a conversation may be transferred: the organisation's active splits, or only the
 * derivations of `from` when given (the caller checked it is the organisation's); each with how
 * many of its agents are connected (Activo), by name.
 */
export async function transferTargets(db: Db, orgId: number, from: number | undefined): Promise<TransferSplit[]> {
  const usable = and(eq(splits.organizationId, orgId), eq(splits.activo, true), eq(splits.logicDelete, false));
  const columns = { idSplit: splits.idSplit, codigoSplit: splits.codigoSplit, nombre: splits.nombre };
  const targets =
    from === undefined
      ? await db.select(columns).from(splits).where(usable)
      : await db
          .select(columns)
          .from(splitDerives)
          .innerJoin(splits, eq(splits.idSplit, splitDerives.splitDerive))
          .where(and(eq(splitDerives.splitOrigin, from), usable));
  if (targets.length === 0) return [];
  const connected = await db
    .select({ idSplit: agentSplits.idSplit, agents: count() })
    .from(agentSplits)
    .innerJoin(agentPresence, eq(agentPresence.userId, agentSplits.idUser))
    .innerJoin(users, eq(users.idUser, agentSplits.idUser))
    .where(
      and(
        inArray(
          agentSplits.idSplit,
          targets.map((t) => t.idSplit)
        ),
        eq(agentPresence.status, 'Activo'),
        eq(users.isActive, true)
      )
    )
    .groupBy(agentSplits.idSplit);
  const connectedTo = new Map(connected.map((row) => [row.idSplit, Number(row.agents)]));
  return byName(targets, (t) => t.nombre, (t) => t.idSplit).map((t) => ({ ...t, agentesConectados: connectedTo.get(t.idSplit) ?? 0 }));
}
