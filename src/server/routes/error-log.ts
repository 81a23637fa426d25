import { endpoints } from '../../shared/api/catalogue';
import { callerId } from '../auth/accounts';
import { errorLog } from '../db/schema';
import { defineRoutes } from './module';
import { implement } from './register';

export const errorLogRoutes = defineRoutes('errorLog', (app) => {
  implement(app, endpoints.logErrorSocket, async ({ db, orgId, user, body, services }) => {
    await db.insert(errorLog).values({
      organizationId: orgId,
      userId: callerId(user),
      name: body.name,
      detail: body.detail,
      path: body.path ?? null,
      idAdviser: body.idadviser,
      application: body.application,
      createdAt: services.now()
    });
    return { success: true };
  });
});
