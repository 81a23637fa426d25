import { and, asc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../shared/api/catalogue';
import { splitDerives, splits } from '../db/schema';
import type { Db } from '../db/types';
import { HttpError } from '../http/errors';
import { deriveColumns, lockSplitOfOrg } from '../settings/split-view';
import { SETTINGS_TEXT } from '../settings/texts';
import { implement } from './register';

/** Derivations: the splits a conversation of one split may be transferred to (read by the engine on every transfer). */

/** Every id is a split of the organisation that is not deleted; 404 otherwise. */
async function requireSplitsOfOrg(tx: Db, orgId: number, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  const found = await tx
    .select({ idSplit: splits.idSplit })
    .from(splits)
    .where(and(inArray(splits.idSplit, [...ids]), eq(splits.organizationId, orgId), eq(splits.logicDelete, false)));
  if (found.length !== new Set(ids).size) throw new HttpError(404, SETTINGS_TEXT.splitNotFound);
}

export function registerSplitDeriveRoutes(app: FastifyInstance): void {
  implement(app, endpoints.createSplitDerive, ({ db, orgId, body }) =>
    db.transaction(async (tx) => {
      await lockSplitOfOrg(tx, orgId, body.split_origin);
      await requireSplitsOfOrg(tx, orgId, [body.split_derive]);
      const [row] = await tx
        .insert(splitDerives)
        .values({ splitOrigin: body.split_origin, splitDerive: body.split_derive })
        .onConflictDoNothing()
        .returning(deriveColumns);
      if (!row) throw new HttpError(409, SETTINGS_TEXT.deriveExists);
      return row;
    })
  );

  /** Replaces the split's derivations with splits_derive (an empty list removes them all). */
  implement(app, endpoints.updateSplitDerive, ({ db, orgId, body }) =>
    db.transaction(async (tx) => {
      const targets = [...new Set(body.splits_derive)];
      if (targets.includes(body.split_origin)) throw new HttpError(400, `splits_derive: ${SETTINGS_TEXT.deriveToItself}`);
      await lockSplitOfOrg(tx, orgId, body.split_origin);
      await requireSplitsOfOrg(tx, orgId, targets);
      const kept = await tx.select(deriveColumns).from(splitDerives).where(eq(splitDerives.splitOrigin, body.split_origin));
      const gone = kept.filter((d) => !targets.includes(d.split_derive)).map((d) => d.id_splits_derive);
      if (gone.length > 0) await tx.delete(splitDerives).where(inArray(splitDerives.idSplitsDerive, gone));
      const added = targets.filter((t) => !kept.some((d) => d.split_derive === t));
      if (added.length > 0) await tx.insert(splitDerives).values(added.map((splitDerive) => ({ splitOrigin: body.split_origin, splitDerive })));
      return tx.select(deriveColumns).from(splitDerives).where(eq(splitDerives.splitOrigin, body.split_origin)).orderBy(asc(splitDerives.idSplitsDerive));
    })
  );

  implement(app, endpoints.deleteSplitDerive, async ({ db, orgId, query }) => {
    const [owned] = await db
      .select({ id: splitDerives.idSplitsDerive })
      .from(splitDerives)
      .innerJoin(splits, eq(splits.idSplit, splitDerives.splitOrigin))
      .where(and(eq(splitDerives.idSplitsDerive, query.codigoRegistro), eq(splits.organizationId, orgId)));
    if (!owned) throw new HttpError(404, SETTINGS_TEXT.deriveNotFound);
    const deleted = await db.delete(splitDerives).where(eq(splitDerives.idSplitsDerive, owned.id)).returning({ id: splitDerives.idSplitsDerive });
    if (deleted.length === 0) throw new HttpError(404, SETTINGS_TEXT.deriveNotFound);
    return true;
  });
}
