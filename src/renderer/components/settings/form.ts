import { z } from 'zod';
import type { IpcError } from '../../../shared/ipc';
import { DUPLICATE_TEXT } from '../../../shared/domain/unique-name';

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

/**
 * The messages of a form after the user left `field`: its own refusal in `check` (what a submit
 * would say under it, 'El nombre es obligatorio' for a blank one); otherwise what it showed before.
 * `key` is the field's name in the schema when the form names it otherwise.
 */
export function afterBlur(errors: FieldErrors, check: { ok: true } | { ok: false; errors: FieldErrors }, field: string, key: string = field): FieldErrors {
  const message = check.ok ? undefined : check.errors[key];
  return message ? { ...errors, [field]: message } : errors;
}

/** Whether a form's values differ from those it opened with (the unsaved-edits question). */
export function changed(start: unknown, now: unknown): boolean {
  return JSON.stringify(start) !== JSON.stringify(now);
}

const NAME_REFUSALS: ReadonlySet<string> = new Set([DUPLICATE_TEXT.pauseEvent, DUPLICATE_TEXT.reason, DUPLICATE_TEXT.split, DUPLICATE_TEXT.template]);
const CODE_REFUSALS: ReadonlySet<string> = new Set([DUPLICATE_TEXT.reasonCode, DUPLICATE_TEXT.splitCode]);

/** Which field a platform refusal belongs under: a 409 for a name or code already in use goes under that field. */
export function refusedField(error: IpcError): 'name' | 'code' | null {
  if (error.status !== 409) return null;
  if (NAME_REFUSALS.has(error.message)) return 'name';
  return CODE_REFUSALS.has(error.message) ? 'code' : null;
}

/**
 * A platform validation refusal names its field first ('schemaName: El esquema …', the platform's
 * convention): the field and the words, when the field is one of `fields`.
 */
export function prefixedField(message: string, fields: readonly string[]): { field: string; message: string } | null {
  const match = /^([A-Za-z][A-Za-z0-9_]*): (.+)$/s.exec(message);
  if (!match || !fields.includes(match[1]!)) return null;
  return { field: match[1]!, message: match[2]! };
}
