import { z } from 'zod';
import { PositiveInt, requiredText } from './fields';

/** SPEC §3 "Response template". */
export const ResponseTemplate = z.object({ idTemplate: z.number().int(), templateName: z.string(), templateContent: z.string() });
export type ResponseTemplate = z.infer<typeof ResponseTemplate>;

/** GET getAllTemplatesAvailable answers { templates } (SPEC §7). */
export const ResponseTemplateList = z.object({ templates: z.array(ResponseTemplate) });

/** PUT upsertTemplate: with idTemplate it updates, without it creates. */
export const UpsertResponseTemplate = z.object({
  idTemplate: PositiveInt.optional(),
  templateName: requiredText('El nombre de la plantilla', 120),
  templateContent: requiredText('El contenido de la plantilla', 4000)
});
export const DeleteResponseTemplate = z.object({ idTemplate: PositiveInt });
