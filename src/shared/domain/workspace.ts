import { z } from 'zod';
import { IdParam } from './common';
import { INT4_MAX, NO_NUL, PositiveInt, Timestamp, hasNoNul } from './fields';

/** SPEC §3 "Answer type options". */
export const ANSWER_TYPES = { Texto: 1, Link: 2, Imagen: 3, Documento: 4, Video: 5 } as const;
export type AnswerTypeId = (typeof ANSWER_TYPES)[keyof typeof ANSWER_TYPES];
const ANSWER_TYPE_IDS: readonly number[] = Object.values(ANSWER_TYPES);

/** A workspace of a virtual agent (fields not shown in SPEC). */
export const Workspace = z.object({ id: z.number().int(), idVa: z.number().int(), name: z.string(), description: z.string(), updatedAt: Timestamp });
export type Workspace = z.infer<typeof Workspace>;

/** SPEC §3 "Answer detail". */
export const AnswerDetail = z.object({
  elementTypesIdType: z.number().int(),
  elementOrderPos: z.number().int(),
  elementValue: z.string()
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
  elementValue: z.string().trim().min(1, { message: 'El contenido de la respuesta es obligatorio' }).max(4000, { message: 'El contenido no puede superar 4000 caracteres' }).refine(hasNoNul, NO_NUL)
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

export const WorkspaceQuery = z.object({ idOrg: IdParam.optional(), idVa: IdParam.optional() });
