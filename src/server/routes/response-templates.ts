import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../shared/api/catalogue';
import { responseTemplates } from '../db/schema';
import { HttpError } from '../http/errors';
import { DUPLICATE_TEXT } from '../../shared/domain/unique-name';
import { duplicateAs } from '../settings/conflicts';
import { SETTINGS_TEXT } from '../settings/texts';
import { byName } from './listing';
import { implement } from './register';

/** A name another template of the organisation already has (unique-name.ts) is refused with 409. */
const TEMPLATE_DUPLICATES = { response_templates_org_name_unique: DUPLICATE_TEXT.template };

const templateColumns = { idTemplate: responseTemplates.idTemplate, templateName: responseTemplates.templateName, templateContent: responseTemplates.templateContent };

export function registerResponseTemplateRoutes(app: FastifyInstance): void {
  implement(app, endpoints.responseTemplates, async ({ db, orgId }) => {
    const rows = await db.select(templateColumns).from(responseTemplates).where(eq(responseTemplates.organizationId, orgId));
    return { templates: byName(rows, (t) => t.templateName, (t) => t.idTemplate) };
  });

  /** With idTemplate: edits that template of the organisation (404 otherwise); without: creates one. */
  implement(app, endpoints.upsertResponseTemplate, async ({ db, orgId, body, services }) => {
    const now = services.now();
    const fields = { templateName: body.templateName, templateContent: body.templateContent };
    if (body.idTemplate === undefined) {
      const [created] = await db
        .insert(responseTemplates)
        .values({ ...fields, organizationId: orgId, fechaCreacion: now, fechaActualizacion: now })
        .returning(templateColumns)
        .catch(duplicateAs(TEMPLATE_DUPLICATES));
      if (!created) throw new Error('upsertTemplate: no row');
      return created;
    }
    const [updated] = await db
      .update(responseTemplates)
      .set({ ...fields, fechaActualizacion: now })
      .where(and(eq(responseTemplates.idTemplate, body.idTemplate), eq(responseTemplates.organizationId, orgId)))
      .returning(templateColumns)
      .catch(duplicateAs(TEMPLATE_DUPLICATES));
    if (!updated) throw new HttpError(404, SETTINGS_TEXT.templateNotFound);
    return updated;
  });

  implement(app, endpoints.deleteResponseTemplate, async ({ db, orgId, body }) => {
    const deleted = await db
      .delete(responseTemplates)
      .where(and(eq(responseTemplates.idTemplate, body.idTemplate), eq(responseTemplates.organizationId, orgId)))
      .returning({ idTemplate: responseTemplates.idTemplate });
    if (deleted.length === 0) throw new HttpError(404, SETTINGS_TEXT.templateNotFound);
    return { success: true };
  });
}
