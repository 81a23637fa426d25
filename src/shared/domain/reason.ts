import { z } from 'zod';
import { IdParam } from './common';
import { ConversationId, PositiveInt, Timestamp, optionalText, requiredText } from './fields';

/** SPEC §3 "Reason (causal)": the fields business and finalisation reasons share. */
const reasonShape = {
  idCausal: z.number().int(),
  nombre: z.string(),
  descripcion: z.string(),
  activo: z.boolean(),
  fechaCreacion: Timestamp,
  fechaActualizacion: Timestamp,
  logic_delete: z.boolean()
};

/** Business reason: codigoCausal. */
export const BusinessReason = z.object({ ...reasonShape, codigoCausal: z.string() });
export type BusinessReason = z.infer<typeof BusinessReason>;

/** Finalisation reason: codigoCausalFinalizacion. */
export const FinalReason = z.object({ ...reasonShape, codigoCausalFinalizacion: z.string() });
export type FinalReason = z.infer<typeof FinalReason>;

const Code = z
  .string({ message: 'El código es obligatorio' })
  .trim()
  .min(1, { message: 'El código es obligatorio' })
  .max(30, { message: 'El código no puede superar 30 caracteres' })
  .regex(/^[A-Za-z0-9_-]+$/, { message: 'El código solo admite letras, números, guiones y _' });

const editable = {
  nombre: requiredText('El nombre', 120),
  descripcion: optionalText('La descripción', 500).default(''),
  activo: z.boolean({ message: 'Indique si la causal está activa' }).default(true)
};

/**
 * Create/update bodies (SPEC §7 says the business-reason bodies are not shown): the code on
 * create, then nombre, descripcion and activo (the fields SPEC §4 says an update changes).
 */
export const CreateBusinessReason = z.object({ codigoCausal: Code, ...editable });
export const UpdateBusinessReason = z.object({ idCausal: PositiveInt, ...editable });
export const CreateFinalReason = z.object({ codigoCausalFinalizacion: Code, ...editable });
export const UpdateFinalReason = z.object({ idCausal: PositiveInt, ...editable });

/** The query of the reason deletes: which reason, in which organisation. */
export const DeleteReasonQuery = z.object({ idCausal: IdParam, idOrg: IdParam.optional() });

/** SPEC §3 "Automatic-transfer reason". */
export const AutomaticTransferReason = z.object({ idCause: z.number().int(), nombre: z.string() });
export type AutomaticTransferReason = z.infer<typeof AutomaticTransferReason>;

/** SPEC §3 "Reason statistics": count per reason name, and the total. */
export const ReasonStatistics = z.object({ Causales: z.record(z.string(), z.number().int().nonnegative()), Total: z.number().int().nonnegative() });
export type ReasonStatistics = z.infer<typeof ReasonStatistics>;

/** SPEC §3 "Conversation cause record" (client-side, kept per conversation by the chat console). */
export const ConversationCauseRecord = z.object({
  conversationId: ConversationId,
  splitId: z.number().int().nullable(),
  transfer: z.boolean(),
  business: z.array(z.number().int()),
  ending: z.number().int().nullable().default(null)
});
export type ConversationCauseRecord = z.infer<typeof ConversationCauseRecord>;

/** POST /api/crearListadoCausalesConversacion: the business reasons an agent ticked for a conversation. */
export const SaveConversationBusinessReasons = z.object({
  conversationId: ConversationId,
  splitId: PositiveInt.nullable().default(null),
  transfer: z.boolean().default(false),
  business: z.array(PositiveInt).max(50, { message: 'No puede seleccionar más de 50 causales' })
});

/** POST /api/causalesFinalizacion/guardarCausalFinalizacionConversacion: the ending reason of a conversation. */
export const SaveConversationFinalReason = z.object({
  conversationId: ConversationId,
  ending: PositiveInt
});
