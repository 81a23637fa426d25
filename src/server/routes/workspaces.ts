import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../shared/api/catalogue';
import { WATSON_TOO_LARGE_TEXT } from '../../shared/domain/watson-import';
import { importWatsonExport } from '../bot/watson/import';
import { errorBody } from '../http/errors';
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
  void app.register(watsonImportRoute);
});

/**
 * The Watson import in a scope of its own: its body is the export file's bytes, taken as they are
 * (application/json or application/octet-stream; any other type answers 415) up to exactly 10 MB,
 * and parsed by the import itself so that a byte-order mark is accepted and a malformed file is
 * refused naming its JSON path. Beyond 10 MB it answers 413 with its own Spanish text.
 */
async function watsonImportRoute(scope: FastifyInstance): Promise<void> {
  const bodyLimit = endpoints.importWatsonExport.maxBodyBytes;
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser(['application/json', 'application/octet-stream'], { parseAs: 'buffer', bodyLimit }, (_request, body, done) => {
    done(null, body);
  });
  scope.setErrorHandler((error: { statusCode?: number }, _request, reply) => {
    if (error.statusCode === 413) return reply.code(413).send(errorBody(413, WATSON_TOO_LARGE_TEXT));
    throw error;
  });
  implement(
    scope,
    endpoints.importWatsonExport,
    async ({ db, orgId, params, query, request, services }) => {
      const raw = request.body;
      const bytes = raw instanceof Uint8Array ? raw : undefined;
      const { result, idVa } = await importWatsonExport(db, { orgId, workspaceId: params.id, bytes, dryRun: query.dryRun ?? true, now: services.now() });
      // The assistant retrains off the event loop (its worker) now, not on the next customer turn.
      if (result.applied) services.chat.refreshAssistant(orgId, idVa);
      return result;
    },
    { bodyLimit }
  );
}
