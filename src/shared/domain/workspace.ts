import { z } from 'zod';
import { IdParam } from './common';
import { ResponseItem } from './interaction';
import { UploadPayload } from './media';
import { INT4_MAX, NO_NUL, PositiveInt, Timestamp, hasNoNul } from './fields';

/** SPEC §3 "Answer type options". */
export const ANSWER_TYPES = { Texto: 1, Link: 2, Imagen: 3, Documento: 4, Video: 5 } as const;
export type AnswerTypeId = (typeof ANSWER_TYPES)[keyof typeof ANSWER_TYPES];
const ANSWER_TYPE_IDS: readonly number[] = Object.values(ANSWER_TYPES);

/**
 * A workspace of a virtual agent (fields not shown in SPEC). answerThreshold / optionsThreshold: the
 * assistant's confidence (0…1) from which a node answers, and from which it offers options.
 */
export const Workspace = z.object({
  id: z.number().int(),
  idVa: z.number().int(),
  name: z.string(),
  description: z.string(),
  updatedAt: Timestamp,
  answerThreshold: z.number(),
  optionsThreshold: z.number()
});
export type Workspace = z.infer<typeof Workspace>;

/**
 * SPEC §3 "Answer detail". elementFallback (ours): the plain text sent instead of the element to a
 * channel that cannot show it (empty: the element's own text form).
 */
export const AnswerDetail = z.object({
  elementTypesIdType: z.number().int(),
  elementOrderPos: z.number().int(),
  elementValue: z.string(),
  elementFallback: z.string()
});
export type AnswerDetail = z.infer<typeof AnswerDetail>;

/** Details are shown sorted by elementOrderPos (SPEC §3). */
export function sortAnswerDetails<T extends { elementOrderPos: number }>(details: readonly T[]): T[] {
  return [...details].sort((a, b) => a.elementOrderPos - b.elementOrderPos);
}

/** The configured answer of one response node of a workspace. */
export const Answer = z.object({
  workspaceId: z.number().int(),
  nodeId: z.string(),
  nodeName: z.string(),
  details: z.array(AnswerDetail)
});
export type Answer = z.infer<typeof Answer>;

export const NodeId = z
  .string()
  .trim()
  .min(1, { message: 'El nodo es obligatorio' })
  .max(120, { message: 'El nodo no puede superar 120 caracteres' })
  .regex(/^[A-Za-z0-9_.-]+$/, { message: 'El nodo solo admite letras, números, puntos, guiones y _' });

const AnswerDetailInput = z.object({
  elementTypesIdType: z.number().int().refine((n) => ANSWER_TYPE_IDS.includes(n), { message: 'El tipo de respuesta no es válido' }),
  elementOrderPos: z.number().int().min(0, { message: 'La posición no puede ser negativa' }).max(INT4_MAX, { message: `La posición no puede superar ${INT4_MAX}` }),
  elementValue: z.string().trim().min(1, { message: 'El contenido de la respuesta es obligatorio' }).max(4000, { message: 'El contenido no puede superar 4000 caracteres' }).refine(hasNoNul, NO_NUL),
  elementFallback: z.string().trim().max(1000, { message: 'El texto alternativo no puede superar 1000 caracteres' }).refine(hasNoNul, NO_NUL).optional()
});

/** PUT /api/answers: creates or replaces the answer of a node. */
export const UpsertAnswer = z.object({
  workspaceId: PositiveInt,
  nodeId: NodeId,
  details: z
    .array(AnswerDetailInput)
    .min(1, { message: 'La respuesta debe tener al menos un elemento' })
    .max(50)
    .refine((d) => new Set(d.map((x) => x.elementOrderPos)).size === d.length, { message: 'Las posiciones de los elementos no pueden repetirse' })
});
/** DELETE /api/answers body. */
export const DeleteAnswer = z.object({ workspaceId: PositiveInt, nodeId: NodeId });

export const ResponseNodeRef = z.object({ nodeId: z.string(), nodeName: z.string() });
export const AnswerConfigElement = AnswerDetail.extend({ nodeId: z.string() });

/**
 * SPEC §3 "Workspace update summary" (field spellings as SPEC gives them) — the answer of
 * PUT /api/answers/workspace/{id}, which re-reads the workspace's response nodes.
 */
export const WorkspaceUpdateSummary = z.object({
  includeWorkpaceData: z.boolean(),
  integrationResult: z.boolean(),
  listNewAnswersConfigElement: z.array(AnswerConfigElement),
  listNewAnswersConfigElementFromMaster: z.array(AnswerConfigElement),
  listNewResponseNodes: z.array(ResponseNodeRef),
  listUpdatedResponseNodes: z.array(ResponseNodeRef),
  workpaceData: Workspace.nullable(),
  workspaceUpdateResponse: z.string()
});
export type WorkspaceUpdateSummary = z.infer<typeof WorkspaceUpdateSummary>;

/** A confidence threshold (0…1, up to 4 decimals as the assistant reads them). */
const Threshold = (label: string) =>
  z
    .number({ message: `${label} debe ser un número` })
    .min(0, { message: `${label} no puede ser menor que 0` })
    .max(1, { message: `${label} no puede ser mayor que 1` });

/** PUT /api/workspaces/{id}/umbrales (ours): the options threshold never above the answer threshold. */
export const UpdateWorkspaceThresholds = z
  .object({ answerThreshold: Threshold('El umbral de respuesta'), optionsThreshold: Threshold('El umbral de opciones') })
  .refine((t) => t.optionsThreshold <= t.answerThreshold, { message: 'El umbral de opciones no puede superar el umbral de respuesta', path: ['optionsThreshold'] });

/** POST /api/workspaces/{id}/probar (ours): a sentence to try the assistant with. */
export const TryWorkspaceInput = z.object({
  text: z.string().trim().min(1, { message: 'Escribe una frase para probar' }).max(1000, { message: 'La frase no puede superar 1000 caracteres' }).refine(hasNoNul, NO_NUL)
});

/**
 * What the assistant makes of a sentence, recording nothing: how it reads it (answer, options, or
 * not understood), the node's intent and its confidence (0…1; null when nothing was understood) and
 * the answer it would give (SPEC §3 response items, as the widget shows them).
 */
export const TryWorkspaceResult = z.object({
  kind: z.enum(['answer', 'options', 'none']),
  intent: z.string().nullable(),
  nodeId: z.string().nullable(),
  confidence: z.number().nullable(),
  escalates: z.boolean(),
  items: z.array(ResponseItem),
  text: z.string()
});
export type TryWorkspaceResult = z.infer<typeof TryWorkspaceResult>;

/** The content types an answer's file element may hold, by element type (file-type checks the bytes; SVG never). */
export const ANSWER_MEDIA_TYPES: Readonly<Record<3 | 4 | 5, readonly string[]>> = {
  3: ['image/png', 'image/jpeg', 'image/gif', 'image/webp'],
  4: [
    'application/pdf',
    'application/msword',
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    'application/vnd.ms-excel',
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    'application/vnd.ms-powerpoint',
    'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    'text/plain',
    'text/csv'
  ],
  5: ['video/mp4', 'video/webm']
};

/** POST /api/answers/media (ours): SPEC §3's upload payload for an Imagen (3), Documento (4) or Video (5) element. */
export const AnswerMediaUpload = UploadPayload.omit({ conversationId: true }).extend({
  elementTypesIdType: z.union([z.literal(3), z.literal(4), z.literal(5)], { message: 'Solo las imágenes, documentos y videos se suben como archivo' })
});
export type AnswerMediaUpload = z.infer<typeof AnswerMediaUpload>;

export const WorkspaceQuery = z.object({ idOrg: IdParam.optional(), idVa: IdParam.optional() });
