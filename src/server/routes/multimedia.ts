import { endpoints } from '../../shared/api/catalogue';
import { MSG } from '../../shared/messages';
import { choosesOrganisation } from '../../shared/roles';
import { callerId } from '../auth/accounts';
import { HttpError } from '../http/errors';
import { contentDisposition, findFile, storeFile } from '../media/files';
import { decodeUpload, uploadBodyLimit } from '../media/upload';
import { conversationOfOrg, requireOpenFor } from './conversation-access';
import { defineRoutes } from './module';
import { implement } from './register';

const UPLOAD_BODY_LIMIT = uploadBodyLimit();

export const multimediaRoutes = defineRoutes('multimedia', (app) => {
  implement(
    app,
    endpoints.uploadFile,
    async ({ db, orgId, user, body, services }) => {
      const file = await decodeUpload(body);
      let conversationId: string | null = null;
      if (body.conversationId !== undefined) {
        const conversation = await conversationOfOrg(db, orgId, body.conversationId);
        requireOpenFor(conversation, user);
        conversationId = conversation.idConv;
      }
      return storeFile(db, { ...file, organizationId: orgId, conversationId, uploadedBy: callerId(user), now: services.now() });
    },
    { bodyLimit: UPLOAD_BODY_LIMIT }
  );

  /** The stored bytes, to the caller's organisation only (roles 1–2: any); 404 otherwise, as if absent. */
  implement(app, endpoints.downloadFile, async ({ db, user, params, reply }) => {
    const file = await findFile(db, params.id);
    if (!file || (file.organizationId !== user.company && !choosesOrganisation(user.role))) throw new HttpError(404, MSG.chat.fileNotFound);
    reply
      .type(file.contentType)
      .header('content-length', file.data.length)
      .header('content-disposition', contentDisposition(file.name))
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, max-age=0');
    return file.data;
  });
});
