import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { ResponseTemplate, UpsertResponseTemplate } from '../../../shared/domain/response-template';
import { DUPLICATE_TEXT } from '../../../shared/domain/unique-name';
import { responseTemplates } from '../../db/schema';
import type { Db } from '../../db/types';
import { byName } from '../../http/listing';
import { duplicateAs } from '../conflicts';
import { found, removed } from '../repository';
import { SETTINGS_TEXT } from '../texts';

/** The organisation's response templates (the console inserts them). A name is unique in the organisation (409). */

const TEMPLATE_DUPLICATES = { response_templates_org_name_unique: DUPLICATE_TEXT.template };

const templateColumns = { idTemplate: responseTemplates.idTemplate, templateName: responseTemplates.templateName, templateContent: responseTemplates.templateContent };

export const responseTemplateRepository = {
  async list(db: Db, orgId: number): Promise<ResponseTemplate[]> {
    const rows = await db.select(templateColumns).from(responseTemplates).where(eq(responseTemplates.organizationId, orgId));
    return byName(rows, (t) => t.templateName, (t) => t.idTemplate);
  },

  /** With idTemplate: edits that template of the organisation (404 otherwise); without: creates one. */
  async upsert(db: Db, orgId: number, template: z.output<typeof UpsertResponseTemplate>, now: Date): Promise<ResponseTemplate> {
    const fields = { templateName: template.templateName, templateContent: template.templateContent };
    if (template.idTemplate === undefined) {
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
      .where(and(eq(responseTemplates.idTemplate, template.idTemplate), eq(responseTemplates.organizationId, orgId)))
      .returning(templateColumns)
      .catch(duplicateAs(TEMPLATE_DUPLICATES));
    return found(updated, SETTINGS_TEXT.templateNotFound);
  },

  async remove(db: Db, orgId: number, idTemplate: number): Promise<void> {
    const rows = await db
      .delete(responseTemplates)
      .where(and(eq(responseTemplates.idTemplate, idTemplate), eq(responseTemplates.organizationId, orgId)))
      .returning({ idTemplate: responseTemplates.idTemplate });
    removed(rows, SETTINGS_TEXT.templateNotFound);
  }
};
