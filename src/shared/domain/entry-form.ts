import { z } from 'zod';
import { PositiveInt, requiredText } from './fields';

/** The kinds of field the customer's entry form offers (not shown in SPEC). */
export const ENTRY_FIELD_TYPES = ['text', 'email', 'phone', 'number', 'document', 'select'] as const;

/** One field of SPEC §3 "Entry form: an ordered field list". */
export const EntryFormField = z.object({
  idField: z.number().int(),
  label: z.string(),
  fieldType: z.enum(ENTRY_FIELD_TYPES),
  required: z.boolean(),
  position: z.number().int(),
  active: z.boolean(),
  options: z.array(z.string())
});
export type EntryFormField = z.infer<typeof EntryFormField>;

/** The complete form, fields ordered by position. */
export const EntryForm = z.object({ idVa: z.number().int(), fields: z.array(EntryFormField) });
export type EntryForm = z.infer<typeof EntryForm>;

const FieldInput = z
  .object({
    idField: PositiveInt.optional(),
    label: requiredText('La etiqueta del campo', 80),
    fieldType: z.enum(ENTRY_FIELD_TYPES, { message: 'El tipo de campo no es válido' }),
    required: z.boolean().default(false),
    active: z.boolean().default(true),
    options: z.array(requiredText('La opción', 80)).max(100).default([])
  })
  .refine((f) => f.fieldType !== 'select' || f.options.length > 0, { path: ['options'], message: 'Una lista debe tener al menos una opción' });

/** PUT updateEntryFormComplete: the whole field list in order (fields without idField are new). */
export const UpdateEntryForm = z.object({ fields: z.array(FieldInput).max(30, { message: 'El formulario no puede tener más de 30 campos' }) });
/** PUT updateEntryFormOrder: every field id, in the new order. */
export const UpdateEntryFormOrder = z.object({
  order: z
    .array(PositiveInt)
    .min(1)
    .max(30)
    .refine((ids) => new Set(ids).size === ids.length, { message: 'El orden no puede repetir campos' })
});
