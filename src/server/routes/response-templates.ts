import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../shared/api/catalogue';
import { responseTemplates } from '../db/schema';
import { byName } from './listing';
import { implement } from './register';

export function registerResponseTemplateRoutes(app: FastifyInstance): void {
  implement(app, endpoints.responseTemplates, async ({ db, orgId }) => {
    const rows = await db
      .select({ idTemplate: responseTemplates.idTemplate, templateName: responseTemplates.templateName, templateContent: responseTemplates.templateContent })
      .from(responseTemplates)
      .where(eq(responseTemplates.organizationId, orgId));
    return { templates: byName(rows, (t) => t.templateName, (t) => t.idTemplate) };
  });
}
