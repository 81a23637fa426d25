import { z } from 'zod';

/** zod's Spanish texts for issues a schema does not word itself (the schemas' own messages come first). */
const spanish = z.locales.es().localeError;

/** Validation messages by field (the first segment of the issue's path; '' for the whole form). */
export type FieldErrors = Record<string, string>;

/**
 * `errors`: by field (the first segment of each issue's path); `byPath`: by the whole path
 * ('splits.0.timeInactivityAgent'), for a form whose body nests its fields.
 */
export type FormCheck<T> = { ok: true; data: T } | { ok: false; errors: FieldErrors; byPath: FieldErrors; first: string };

/**
 * A form's values checked with the catalogue entry's own body schema (the same rules and Spanish
 * messages the main process and the platform apply) before anything is sent.
 */
export function checkWith<S extends z.ZodType>(schema: S, value: unknown): FormCheck<z.output<S>> {
  const result = schema.safeParse(value, { error: spanish });
  if (result.success) return { ok: true, data: result.data };
  const errors: FieldErrors = {};
  const byPath: FieldErrors = {};
  for (const issue of result.error.issues) {
    errors[issue.path.length > 0 ? String(issue.path[0]) : ''] ??= issue.message;
    byPath[issue.path.map(String).join('.')] ??= issue.message;
  }
  return { ok: false, errors, byPath, first: result.error.issues[0]?.message ?? '' };
}

/**
 * A number typed in a text box: the integer it spells, or what it is as text for the schema to
 * refuse in Spanish ('' → undefined: required; '2,5' or 'abc' → NaN: not a number).
 */
export function numberFrom(text: string): number | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  return /^-?\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

/** A list of messages typed one per line, blank lines left out. */
export function linesFrom(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
}
