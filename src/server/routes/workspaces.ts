import { endpoints } from '../../shared/api/catalogue';
import { workspaceRepository as workspaces } from '../settings/repositories/workspaces';
import { defineRoutes } from './module';
import { implement } from './register';

/** configuracion/asesor-virtual/workspaces: the workspaces and their nodes' answers. */
export const workspaceRoutes = defineRoutes('workspaces', (app) => {
  implement(app, endpoints.workspaces, ({ db, orgId, query }) => workspaces.list(db, orgId, query.idVa));
  implement(app, endpoints.workspaceAnswers, ({ db, orgId, params }) => workspaces.answers(db, orgId, params.id));
  implement(app, endpoints.syncWorkspaceAnswers, ({ db, orgId, params }) => workspaces.sync(db, orgId, params.id));
  implement(app, endpoints.nodeAnswer, ({ db, orgId, params }) => workspaces.nodeAnswer(db, orgId, params.workspaceId, params.nodeId));
  implement(app, endpoints.upsertAnswer, async ({ db, orgId, body, services }) => (await workspaces.upsert(db, orgId, body, services.now())).answer);
  implement(app, endpoints.deleteAnswer, async ({ db, orgId, body, services }) => {
    await workspaces.remove(db, orgId, body, services.now());
    return { success: true };
  });
});
