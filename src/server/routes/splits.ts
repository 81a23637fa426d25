import { and, count, eq, inArray, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../shared/api/catalogue';
import type { UpdateSplit } from '../../shared/domain/split';
import type { z } from 'zod';
import { agentPresence, agentSplits, conversations, splitDerives, splits, users } from '../db/schema';
import type { Db } from '../db/types';
import { HttpError } from '../http/errors';
import { DUPLICATE_TEXT } from '../../shared/domain/unique-name';
import { duplicateAs } from '../settings/conflicts';
import { routeWaitingChats } from '../settings/engine-effects';
import { loadSplit, loadSplits } from '../settings/split-view';
import { SETTINGS_TEXT } from '../settings/texts';
import { requireSplitOfOrg } from './conversation-access';
import { byName } from './listing';
import { implement } from './register';

type SplitChanges = z.output<typeof UpdateSplit>;

/**
 * The code is unique in the organisation, deleted splits included (their history keeps it); the
 * name among the splits not deleted (unique-name.ts).
 */
const SPLIT_DUPLICATES = { splits_org_code_unique: DUPLICATE_TEXT.splitCode, splits_org_name_unique: DUPLICATE_TEXT.split };

/** Writes the editable fields of one split of the organisation; 404 when it is not one. */
async function updateSplitRow(tx: Db, orgId: number, changes: SplitChanges, now: Date): Promise<void> {
  const { idSplit, ...fields } = changes;
  const [updated] = await tx
    .update(splits)
    .set({ ...fields, fechaActualizacion: now })
    .where(and(eq(splits.idSplit, idSplit), eq(splits.organizationId, orgId), eq(splits.logicDelete, false)))
    .returning({ idSplit: splits.idSplit })
    .catch(duplicateAs(SPLIT_DUPLICATES));
  if (!updated) throw new HttpError(404, SETTINGS_TEXT.splitNotFound);
}

export function registerSplitRoutes(app: FastifyInstance): void {
  implement(app, endpoints.splits, ({ db, orgId }) => loadSplits(db, orgId));

  /** A new split: no periods (it attends nobody until it has some) and no derivations. */
  implement(app, endpoints.createSplit, async ({ db, orgId, body, services }) => {
    const now = services.now();
    const [created] = await db
      .insert(splits)
      .values({ ...body, organizationId: orgId, fechaCreacion: now, fechaActualizacion: now })
      .returning({ idSplit: splits.idSplit })
      .catch(duplicateAs(SPLIT_DUPLICATES));
    if (!created) throw new Error('crearSplit: no row');
    return loadSplit(db, orgId, created.idSplit);
  });

  implement(app, endpoints.updateSplit, async ({ db, orgId, body, services }) => {
    await db.transaction((tx) => updateSplitRow(tx, orgId, body, services.now()));
    await routeWaitingChats(services);
    return loadSplit(db, orgId, body.idSplit);
  });

  /** Every split or none: one unknown split (or another organisation's) refuses the whole update. */
  implement(app, endpoints.updateSplits, async ({ db, orgId, body, services }) => {
    const now = services.now();
    await db.transaction(async (tx) => {
      for (const changes of body.splits) await updateSplitRow(tx, orgId, changes, now);
    });
    await routeWaitingChats(services);
    return loadSplits(
      db,
      orgId,
      body.splits.map((s) => s.idSplit)
    );
  });

  /**
   * Logical delete (conversations and statistics keep the split): refused while conversations wait
   * in it or are open in it. Its derivations (both ways) and agent links go with it.
   */
  implement(app, endpoints.deleteSplit, async ({ db, orgId, query, services }) => {
    await db.transaction(async (tx) => {
      const [split] = await tx
        .select({ idSplit: splits.idSplit })
        .from(splits)
        .where(and(eq(splits.idSplit, query.idSplit), eq(splits.organizationId, orgId), eq(splits.logicDelete, false)))
        .for('update');
      if (!split) throw new HttpError(404, SETTINGS_TEXT.splitNotFound);
      const [busy] = await tx
        .select({ n: count() })
        .from(conversations)
        .where(and(eq(conversations.splitId, split.idSplit), inArray(conversations.status, ['EN_COLA', 'ASIGNADA', 'ACTIVA'])));
      if (Number(busy?.n ?? 0) > 0) throw new HttpError(409, SETTINGS_TEXT.splitBusy);
      await tx.update(splits).set({ logicDelete: true, activo: false, fechaActualizacion: services.now() }).where(eq(splits.idSplit, split.idSplit));
      await tx.delete(splitDerives).where(or(eq(splitDerives.splitOrigin, split.idSplit), eq(splitDerives.splitDerive, split.idSplit)));
      await tx.delete(agentSplits).where(eq(agentSplits.idSplit, split.idSplit));
    });
    return true;
  });

  /**
   * Where a conversation may be transferred: the organisation's active splits, or only the
   * derivations of idSplit when given; each with how many of its agents are connected (Activo).
   */
  implement(app, endpoints.transferSplits, async ({ db, orgId, query }) => {
    const usable = and(eq(splits.organizationId, orgId), eq(splits.activo, true), eq(splits.logicDelete, false));
    const columns = { idSplit: splits.idSplit, codigoSplit: splits.codigoSplit, nombre: splits.nombre };
    let targets: { idSplit: number; codigoSplit: string; nombre: string }[];
    if (query.idSplit === undefined) {
      targets = await db.select(columns).from(splits).where(usable);
    } else {
      await requireSplitOfOrg(db, orgId, query.idSplit);
      targets = await db
        .select(columns)
        .from(splitDerives)
        .innerJoin(splits, eq(splits.idSplit, splitDerives.splitDerive))
        .where(and(eq(splitDerives.splitOrigin, query.idSplit), usable));
    }
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
  });
}
