import type { WidgetConfig } from '../shared/realtime';
import { WIDGET_TEXTS as T } from './texts';

export type EntryField = WidgetConfig['entryForm'][number];

const MAX_ANSWER = 200;

/** What is wrong with one answer of the entry form (trimmed), in Spanish; null when it is fine. */
export function fieldProblem(field: EntryField, value: string): string | null {
  if (value === '') return field.required ? T.required : null;
  if (value.length > MAX_ANSWER) return T.tooLong;
  if (field.fieldType === 'email' && !/^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/.test(value)) return T.invalidEmail;
  if (field.fieldType === 'phone' && !(/^\+?[\d\s().-]+$/.test(value) && /^(\D*\d){7,15}\D*$/.test(value))) return T.invalidPhone;
  if (field.fieldType === 'number' && !/^-?\d+([.,]\d+)?$/.test(value)) return T.invalidNumber;
  if (field.fieldType === 'document' && !/^[A-Za-z0-9-]{4,20}$/.test(value)) return T.invalidDocument;
  return null;
}

/** The answers to send (idField → value, empty optional ones left out), or each field's problem. */
export function checkEntryForm(fields: readonly EntryField[], values: Record<number, string>): { ok: true; answers: Record<string, string> } | { ok: false; problems: Record<number, string> } {
  const answers: Record<string, string> = {};
  const problems: Record<number, string> = {};
  for (const field of fields) {
    const value = (values[field.idField] ?? '').trim();
    const problem = fieldProblem(field, value);
    if (problem) problems[field.idField] = problem;
    else if (value !== '') answers[String(field.idField)] = value;
  }
  return Object.keys(problems).length > 0 ? { ok: false, problems } : { ok: true, answers };
}
