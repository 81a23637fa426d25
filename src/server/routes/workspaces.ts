import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../shared/api/catalogue';
import { WATSON_TOO_LARGE_TEXT } from '../../shared/domain/watson-import';
import { importWatsonExport } from '../bot/watson/import';
import { errorBody } from '../http/errors';
import { workspaceRepository as workspaces } from '../settings/repositories/workspaces';
import { ANSWER_MEDIA_TYPES } from '../../shared/domain/workspace';
import { callerId } from '../auth/accounts';
import { HttpError } from '../http/errors';
import { storeFile } from '../media/files';
import { checkUpload, uploadBodyLimit } from '../media/upload';
import { SETTINGS_TEXT } from '../settings/texts';
import { defineRoutes } from './module';
import { implement } from './register';

/** 10 MB as base64 is 4/3 of it; the JSON around it is small (a larger body answers 413 before it is read). */
const MEDIA_TYPES = { 3: new Set(ANSWER_MEDIA_TYPES[3]), 4: new Set(ANSWER_MEDIA_TYPES[4]), 5: new Set(ANSWER_MEDIA_TYPES[5]) } as const;

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
  implement(app, endpoints.updateWorkspaceThresholds, ({ db, orgId, params, body, services }) => workspaces.updateThresholds(db, orgId, params.id, body, services.now()));
  implement(app, endpoints.tryWorkspace, async ({ db, orgId, params, body, services }) => {
    const tried = await services.assistant.tryTurn(db, { organizationId: orgId, workspaceId: params.id, text: body.text });
    if (!tried) throw new HttpError(404, SETTINGS_TEXT.workspaceNotFound);
    return tried;
  });
  /** An answer's file: the one upload check of the platform (size, type sniffed from the bytes, stored name), with the types the element shows. */
  implement(
    app,
    endpoints.uploadAnswerMedia,
    async ({ db, orgId, user, body, services }) => {
      const checked = await checkUpload(body, MEDIA_TYPES[body.elementTypesIdType]);
      if (!checked.ok) throw new HttpError(checked.refusal.status, checked.refusal.message);
      return storeFile(db, { ...checked.file, organizationId: orgId, conversationId: null, uploadedBy: callerId(user), now: services.now() });
    },
    { bodyLimit: uploadBodyLimit() }
  );
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
