import { endpoints } from '../../shared/api/catalogue';
import { routeWaitingChats } from '../settings/engine-effects';
import { agentSplitRepository as agentSplits } from '../settings/repositories/agent-splits';
import { splitDeriveRepository as derives } from '../settings/repositories/split-derives';
import { splitScheduleRepository as schedules } from '../settings/repositories/split-schedules';
import { createSplit, deleteSplit, loadSplit, loadSplits, transferTargets, updateSplits } from '../settings/repositories/splits';
import { requireSplitOfOrg } from './conversation-access';
import { defineRoutes } from './module';
import { implement } from './register';

/**
 * splits: the queues, their attention periods, derivations and agents (src/server/settings/
 * repositories). A change that may let waiting chats through (a split, period or agent added or
 * switched on) runs the router once committed (engine-effects.ts); a stricter one holds from the
 * next assignment.
 */
export const splitRoutes = defineRoutes(['splits', 'splitBulk'], (app) => {
  implement(app, endpoints.splits, ({ db, orgId }) => loadSplits(db, orgId));
  implement(app, endpoints.createSplit, ({ db, orgId, body, services }) => createSplit(db, orgId, body, services.now()));

  implement(app, endpoints.updateSplit, async ({ db, orgId, body, services }) => {
    await updateSplits(db, orgId, [body], services.now());
    await routeWaitingChats(services);
    return loadSplit(db, orgId, body.idSplit);
  });

  implement(app, endpoints.updateSplits, async ({ db, orgId, body, services }) => {
    await updateSplits(db, orgId, body.splits, services.now());
    await routeWaitingChats(services);
    return loadSplits(
      db,
      orgId,
      body.splits.map((s) => s.idSplit)
    );
  });

  implement(app, endpoints.deleteSplit, async ({ db, orgId, query, services }) => {
    await deleteSplit(db, orgId, query.idSplit, services.now());
    return true;
  });

  implement(app, endpoints.transferSplits, async ({ db, orgId, query }) => {
    if (query.idSplit !== undefined) await requireSplitOfOrg(db, orgId, query.idSplit);
    return transferTargets(db, orgId, query.idSplit);
  });

  // Periods: a new or wider one may open the split now; closing one takes effect at the next assignment.
  implement(app, endpoints.createSplitSchedule, async ({ db, orgId, body, services }) => {
    const created = await schedules.create(db, orgId, body);
    await routeWaitingChats(services);
    return created;
  });
  implement(app, endpoints.updateSplitSchedule, async ({ db, orgId, body, services }) => {
    const updated = await schedules.update(db, orgId, body);
    await routeWaitingChats(services);
    return updated;
  });
  implement(app, endpoints.deleteSplitSchedule, async ({ db, orgId, query }) => {
    await schedules.remove(db, orgId, query.codigoRegistro);
    return true;
  });

  implement(app, endpoints.createSplitDerive, ({ db, orgId, body }) => derives.create(db, orgId, body));
  implement(app, endpoints.updateSplitDerive, ({ db, orgId, body }) => derives.replace(db, orgId, body));
  implement(app, endpoints.deleteSplitDerive, async ({ db, orgId, query }) => {
    await derives.remove(db, orgId, query.codigoRegistro);
    return true;
  });

  implement(app, endpoints.agentSplits, async ({ db, orgId, query }) => {
    if (query.idSplit !== undefined) await requireSplitOfOrg(db, orgId, query.idSplit);
    return agentSplits.list(db, orgId, query.idSplit);
  });
  // The agent may take the split's waiting chats now.
  implement(app, endpoints.createAgentSplit, async ({ db, orgId, body, services }) => {
    const link = await agentSplits.create(db, orgId, body);
    await routeWaitingChats(services);
    return link;
  });
  implement(app, endpoints.deleteAgentSplit, async ({ db, orgId, query }) => {
    await agentSplits.remove(db, orgId, query.codigoRegistro);
    return true;
  });
});
