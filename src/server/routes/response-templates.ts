import { endpoints } from '../../shared/api/catalogue';
import { responseTemplateRepository as templates } from '../settings/repositories/response-templates';
import { defineRoutes } from './module';
import { implement } from './register';

/** plantillas-respuesta. */
export const responseTemplateRoutes = defineRoutes('responseTemplates', (app) => {
  implement(app, endpoints.responseTemplates, async ({ db, orgId }) => ({ templates: await templates.list(db, orgId) }));
  implement(app, endpoints.upsertResponseTemplate, ({ db, orgId, body, services }) => templates.upsert(db, orgId, body, services.now()));
  implement(app, endpoints.deleteResponseTemplate, async ({ db, orgId, body }) => {
    await templates.remove(db, orgId, body.idTemplate);
    return { success: true };
  });
});
