import { and, count, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../shared/api/catalogue';
import { agentPresence, agentSplits, splitDerives, splits, users } from '../db/schema';
import { requireSplitOfOrg } from './conversation-access';
import { byName } from './listing';
import { implement } from './register';

export function registerSplitRoutes(app: FastifyInstance): void {
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
