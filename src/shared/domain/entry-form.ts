import { z } from 'zod';
import { hasNoControl, hasNoNul, PositiveInt, requiredText } from './fields';
import { ENTRY_FIELD_TYPES } from './entry-values';
import { patternProblem } from './safe-pattern';

export { ENTRY_FIELD_TYPES, type EntryFieldType } from './entry-values';

/** The most fields a form holds. */
export const MAX_ENTRY_FIELDS = 30;
/** The longest consent text. */
export const MAX_CONSENT_TEXT = 4000;

/** The kinds that take a validation pattern (a list, a city or a consent is chosen, not typed). */
export const PATTERN_FIELD_TYPES: readonly string[] = ['text', 'email', 'phone', 'number', 'document'];

/** One field of SPEC §3 "Entry form: an ordered field list". */
export const EntryFormField = z.object({
  idField: z.number().int(),
  label: z.string(),
  fieldType: z.enum(ENTRY_FIELD_TYPES),
  required: z.boolean(),
  position: z.number().int(),
  active: z.boolean(),
  options: z.array(z.string()),
  /** A regular expression the whole answer must match, or null. */
  pattern: z.string().nullable(),
  /** A consent field's text and its current version (each edit of the text is a new version); null for other kinds. */
  consentText: z.string().nullable(),
  consentVersion: z.number().int().nullable()
});
export type EntryFormField = z.infer<typeof EntryFormField>;

/** The complete form, fields ordered by position. */
export const EntryForm = z.object({ idVa: z.number().int(), fields: z.array(EntryFormField) });
export type EntryForm = z.infer<typeof EntryForm>;

const singleLine = (label: string) => ({ message: `${label} no puede tener saltos de línea ni caracteres de control` });

/** A field's label: one line, the key of the customer's answers (conversations.customer_data). */
const Label = requiredText('La etiqueta del campo', 80).refine(hasNoControl, singleLine('La etiqueta del campo'));

const Pattern = z
  .string()
  .trim()
  .max(400, { message: 'El patrón de validación es demasiado largo' })
  .nullable()
  .default(null)
  .transform((p) => (p === null || p === '' ? null : p))
  .superRefine((p, ctx) => {
    const problem = p === null ? null : patternProblem(p);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

export const EntryFieldInput = z
  .object({
    idField: PositiveInt.optional(),
    label: Label,
    fieldType: z.enum(ENTRY_FIELD_TYPES, { message: 'El tipo de campo no es válido' }),
    required: z.boolean().default(false),
    active: z.boolean().default(true),
    options: z.array(requiredText('La opción', 80).refine(hasNoControl, singleLine('La opción'))).max(100, { message: 'Una lista no puede tener más de 100 opciones' }).default([]),
    pattern: Pattern,
    consentText: z
      .string()
      .trim()
      .max(MAX_CONSENT_TEXT, { message: `El texto del consentimiento no puede superar ${MAX_CONSENT_TEXT} caracteres` })
      .refine(hasNoNul, { message: 'El texto del consentimiento contiene caracteres no permitidos' })
      .nullable()
      .default(null)
  })
  .superRefine((f, ctx) => {
    if (f.fieldType === 'select' && f.options.length === 0) ctx.addIssue({ code: 'custom', path: ['options'], message: 'Una lista debe tener al menos una opción' });
    if (f.fieldType === 'select' && new Set(f.options.map(fold)).size !== f.options.length) ctx.addIssue({ code: 'custom', path: ['options'], message: 'Una lista no puede repetir opciones' });
    if (f.fieldType !== 'select' && f.options.length > 0) ctx.addIssue({ code: 'custom', path: ['options'], message: 'Solo una lista lleva opciones' });
    if (f.pattern !== null && !PATTERN_FIELD_TYPES.includes(f.fieldType)) ctx.addIssue({ code: 'custom', path: ['pattern'], message: 'Este tipo de campo no lleva patrón de validación' });
    if (f.fieldType === 'consent' && !f.consentText) ctx.addIssue({ code: 'custom', path: ['consentText'], message: 'El texto del consentimiento es obligatorio' });
    if (f.fieldType !== 'consent' && f.consentText) ctx.addIssue({ code: 'custom', path: ['consentText'], message: 'Solo un consentimiento lleva texto' });
  });
export type EntryFieldInput = z.infer<typeof EntryFieldInput>;

/** Labels compared as a person reads them: trimmed, case and accents aside. */
export function fold(text: string): string {
  return text.trim().normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase('es-CO');
}

/** Why a whole field list cannot be stored (the rules between fields), or null. */
export function formProblem(fields: readonly { idField?: number | undefined; label: string; fieldType: string }[]): string | null {
  const labels = new Set<string>();
  const ids = new Set<number>();
  for (const f of fields) {
    const label = fold(f.label);
    if (labels.has(label)) return `Ya hay un campo con la etiqueta «${f.label.trim()}»`;
    labels.add(label);
    if (f.idField !== undefined) {
      if (ids.has(f.idField)) return 'El formulario no puede repetir campos';
      ids.add(f.idField);
    }
  }
  if (fields.filter((f) => f.fieldType === 'consent').length > 1) return 'El formulario admite un solo consentimiento';
  if (fields.filter((f) => f.fieldType === 'city').length > 1) return 'El formulario admite un solo campo de ciudad';
  return null;
}

/** PUT updateEntryFormComplete: the whole field list in order (fields without idField are new, missing ones removed). */
export const UpdateEntryForm = z
  .object({
    fields: z.array(EntryFieldInput).max(MAX_ENTRY_FIELDS, { message: `El formulario no puede tener más de ${MAX_ENTRY_FIELDS} campos` })
  })
  .superRefine((body, ctx) => {
    const problem = formProblem(body.fields);
    if (problem) ctx.addIssue({ code: 'custom', path: ['fields'], message: problem });
  });
export type UpdateEntryForm = z.infer<typeof UpdateEntryForm>;

/** PUT updateEntryFormOrder: every field id, in the new order. */
export const UpdateEntryFormOrder = z.object({
  order: z
    .array(PositiveInt)
    .min(1, { message: 'El orden debe incluir los campos del formulario' })
    .max(MAX_ENTRY_FIELDS, { message: `El formulario no puede tener más de ${MAX_ENTRY_FIELDS} campos` })
    .refine((ids) => new Set(ids).size === ids.length, { message: 'El orden no puede repetir campos' })
});
export type UpdateEntryFormOrder = z.infer<typeof UpdateEntryFormOrder>;
