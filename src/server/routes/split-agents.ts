import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../shared/api/catalogue';
import { agentSplits, splits, users } from '../db/schema';
import { HttpError } from '../http/errors';
import { AGENT_ROLE } from '../chat/presence-words';
import { routeWaitingChats } from '../settings/engine-effects';
import { lockSplitOfOrg } from '../settings/split-view';
import { SETTINGS_TEXT } from '../settings/texts';
import { requireSplitOfOrg } from './conversation-access';
import { byName } from './listing';
import { implement } from './register';

/** Which agent answers which split: the router offers a split's chats only to its agents. */

const linkColumns = { idSplitUsuario: agentSplits.idSplitUsuario, idSplit: agentSplits.idSplit, idUser: agentSplits.idUser, nombre: users.name };

export function registerSplitAgentRoutes(app: FastifyInstance): void {
  /** The links of the organisation's splits (of one split with idSplit), by agent name. */
  implement(app, endpoints.agentSplits, async ({ db, orgId, query }) => {
    if (query.idSplit !== undefined) await requireSplitOfOrg(db, orgId, query.idSplit);
    const rows = await db
      .select(linkColumns)
      .from(agentSplits)
      .innerJoin(splits, eq(splits.idSplit, agentSplits.idSplit))
      .innerJoin(users, eq(users.idUser, agentSplits.idUser))
      .where(and(eq(splits.organizationId, orgId), eq(splits.logicDelete, false), query.idSplit === undefined ? undefined : eq(agentSplits.idSplit, query.idSplit)));
    return byName(rows, (r) => r.nombre, (r) => r.idSplitUsuario);
  });

  implement(app, endpoints.createAgentSplit, async ({ db, orgId, body, services }) => {
    const link = await db.transaction(async (tx) => {
      await lockSplitOfOrg(tx, orgId, body.idSplit);
      const [agent] = await tx
        .select({ name: users.name })
        .from(users)
        .where(and(eq(users.idUser, body.idUser), eq(users.organizationId, orgId), eq(users.role, AGENT_ROLE)));
      if (!agent) throw new HttpError(404, SETTINGS_TEXT.agentNotFound);
      const [row] = await tx
        .insert(agentSplits)
        .values({ idSplit: body.idSplit, idUser: body.idUser })
        .onConflictDoNothing()
        .returning({ idSplitUsuario: agentSplits.idSplitUsuario, idSplit: agentSplits.idSplit, idUser: agentSplits.idUser });
      if (!row) throw new HttpError(409, SETTINGS_TEXT.agentSplitExists);
      return { ...row, nombre: agent.name };
    });
    // The agent may take the split's waiting chats now.
    await routeWaitingChats(services);
    return link;
  });

  /** The agent stops receiving the split's new chats; the ones he holds stay with him. */
  implement(app, endpoints.deleteAgentSplit, async ({ db, orgId, query }) => {
    const [owned] = await db
      .select({ id: agentSplits.idSplitUsuario })
      .from(agentSplits)
      .innerJoin(splits, eq(splits.idSplit, agentSplits.idSplit))
      .where(and(eq(agentSplits.idSplitUsuario, query.codigoRegistro), eq(splits.organizationId, orgId)));
    if (!owned) throw new HttpError(404, SETTINGS_TEXT.agentSplitNotFound);
    const deleted = await db.delete(agentSplits).where(eq(agentSplits.idSplitUsuario, owned.id)).returning({ id: agentSplits.idSplitUsuario });
    if (deleted.length === 0) throw new HttpError(404, SETTINGS_TEXT.agentSplitNotFound);
    return true;
  });
}
