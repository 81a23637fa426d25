import { z } from 'zod';
import { ConversationId, NO_NUL, hasNoNul } from './fields';

/** Upload limit: 10 MB of file, as base64 text (4/3 of it). Not shown in SPEC. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
const MAX_BASE64_CHARS = Math.ceil(MAX_UPLOAD_BYTES / 3) * 4;

/** SPEC §3 "Upload payload": data, format_type (base64), content_type. */
export const UploadPayload = z.object({
  data: z
    .string()
    .min(1, { message: 'El archivo está vacío' })
    .max(MAX_BASE64_CHARS, { message: 'El archivo no puede superar 10 MB' })
    .regex(/^[A-Za-z0-9+/]+={0,2}$/, { message: 'El archivo debe venir en base64' }),
  format_type: z.literal('base64', { message: "format_type debe ser 'base64'" }),
  content_type: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z]+\/[a-z0-9.+-]+$/, { message: 'El tipo de contenido no es válido' })
    .max(100),
  name: z.string().trim().max(200).refine(hasNoNul, NO_NUL).optional(),
  /** A chat attachment: links the file to that conversation (of the caller's organisation), so its customer may download it too. */
  conversationId: ConversationId.optional()
});
export type UploadPayload = z.infer<typeof UploadPayload>;

/** The stored file: its id and where to download it. */
export const UploadResult = z.object({ id: z.string(), url: z.string(), contentType: z.string(), size: z.number().int().nonnegative() });

export const FileId = z.string().regex(/^[A-Za-z0-9_-]{1,100}$/, { message: 'El identificador del archivo no es válido' });
