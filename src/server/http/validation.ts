import { z } from 'zod';
import { HttpError } from './errors';
import { MSG } from '../../shared/messages';

const spanish = z.locales.es().localeError;

/**
 * Parses one part of a request with its catalogue schema. The first issue becomes a 400 whose
 * Spanish message names the offending field: "email: Ingrese un correo electrónico válido".
 */
export function parseInput<S extends z.ZodType | undefined>(
  schema: S,
  value: unknown
): S extends z.ZodType ? z.infer<S> : undefined {
  type Out = S extends z.ZodType ? z.infer<S> : undefined;
  if (!schema) return undefined as Out;
  const result = schema.safeParse(value, { error: spanish });
  if (result.success) return result.data as Out;
  throw new HttpError(400, describeIssue(result.error.issues[0]));
}

function describeIssue(issue: z.core.$ZodIssue | undefined): string {
  if (!issue) return MSG.generic.invalidInput;
  const field = issue.path.map(String).join('.');
  return field ? `${field}: ${issue.message}` : `${MSG.generic.invalidInput}: ${issue.message}`;
}
