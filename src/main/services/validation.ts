import { z } from 'zod';
import { MSG } from '../../shared/messages';

/** zod's Spanish texts for issues a schema does not word itself (schema messages take precedence). */
const spanish = z.locales.es().localeError;

export type Parsed<T> = { ok: true; data: T } | { ok: false; message: string };

/** Validates `value`; a failure carries the first issue's Spanish message. */
export function parseSpanish<S extends z.ZodType>(schema: S, value: unknown): Parsed<z.output<S>> {
  const result = schema.safeParse(value, { error: spanish });
  if (result.success) return { ok: true, data: result.data };
  return { ok: false, message: result.error.issues[0]?.message ?? MSG.generic.invalidInput };
}
