import { and, asc, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { CreateSplitDerive, SplitDerive, UpdateSplitDerive } from '../../../shared/domain/split';
import { splitDerives, splits } from '../../db/schema';
import type { Db } from '../../db/types';
import { HttpError } from '../../http/errors';
import { removed } from '../repository';
import { SETTINGS_TEXT } from '../texts';
import { deriveColumns, lockSplitOfOrg, requireSplitsOfOrg } from './splits';

/** Derivations: the splits a conversation of one split may be transferred to (read by the engine on every transfer). */
export const splitDeriveRepository = {
  create(db: Db, orgId: number, derive: z.output<typeof CreateSplitDerive>): Promise<SplitDerive> {
    return db.transaction(async (tx) => {
      await lockSplitOfOrg(tx, orgId, derive.split_origin);
      await requireSplitsOfOrg(tx, orgId, [derive.split_derive]);
      const [row] = await tx
        .insert(splitDerives)
        .values({ splitOrigin: derive.split_origin, splitDerive: derive.split_derive })
        .onConflictDoNothing()
        .returning(deriveColumns);
      if (!row) throw new HttpError(409, SETTINGS_TEXT.deriveExists);
      return row;
    });
  },

  /** Replaces the split's derivations with splits_derive (an empty list removes them all). */
  replace(db: Db, orgId: number, { split_origin: origin, splits_derive }: z.output<typeof UpdateSplitDerive>): Promise<SplitDerive[]> {
    return db.transaction(async (tx) => {
      const targets = [...new Set(splits_derive)];
      if (targets.includes(origin)) throw new HttpError(400, `splits_derive: ${SETTINGS_TEXT.deriveToItself}`);
      await lockSplitOfOrg(tx, orgId, origin);
      await requireSplitsOfOrg(tx, orgId, targets);
      const kept = await tx.select(deriveColumns).from(splitDerives).where(eq(splitDerives.splitOrigin, origin));
      const gone = kept.filter((d) => !targets.includes(d.split_derive)).map((d) => d.id_splits_derive);
      if (gone.length > 0) await tx.delete(splitDerives).where(inArray(splitDerives.idSplitsDerive, gone));
      const added = targets.filter((t) => !kept.some((d) => d.split_derive === t));
      if (added.length > 0) await tx.insert(splitDerives).values(added.map((splitDerive) => ({ splitOrigin: origin, splitDerive })));
      return tx.select(deriveColumns).from(splitDerives).where(eq(splitDerives.splitOrigin, origin)).orderBy(asc(splitDerives.idSplitsDerive));
    });
  },

  async remove(db: Db, orgId: number, id: number): Promise<void> {
    const [owned] = await db
      .select({ id: splitDerives.idSplitsDerive })
      .from(splitDerives)
      .innerJoin(splits, eq(splits.idSplit, splitDerives.splitOrigin))
      .where(and(eq(splitDerives.idSplitsDerive, id), eq(splits.organizationId, orgId)));
    if (!owned) throw new HttpError(404, SETTINGS_TEXT.deriveNotFound);
    removed(await db.delete(splitDerives).where(eq(splitDerives.idSplitsDerive, owned.id)).returning({ id: splitDerives.idSplitsDerive }), SETTINGS_TEXT.deriveNotFound);
  }
};
