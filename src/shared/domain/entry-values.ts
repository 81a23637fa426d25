/**
 * The customer's answers to the entry form, checked against one definition by both the widget
 * (before sending) and the platform (src/server/chat/entry-form.ts, whatever the client sent).
 * Pure: no zod, no DOM, no database. Each side words the problem in its own Spanish.
 */

/** The kinds of field the customer's entry form offers (not shown in SPEC). */
export const ENTRY_FIELD_TYPES = ['text', 'email', 'phone', 'number', 'document', 'select', 'city', 'consent'] as const;
export type EntryFieldType = (typeof ENTRY_FIELD_TYPES)[number];

/** The longest answer a field takes (the widget:start payload's limit). */
export const MAX_ANSWER = 200;

/** What one answer is checked against. */
export interface EntryValueField {
  idField: number;
  fieldType: string;
  required: boolean;
  options: readonly string[];
  /** A stored regular expression the whole answer must match (already checked safe when stored). */
  pattern: string | null;
  /** For a consent field: the version of its text the customer is shown (the answer names it). */
  consentVersion: number | null;
}

/** The cities the form offers (ids), for a city field. */
export interface EntryValueContext {
  cityIds: ReadonlySet<number>;
}

export type EntryProblem = 'required' | 'tooLong' | 'email' | 'phone' | 'number' | 'document' | 'option' | 'city' | 'pattern' | 'consent' | 'consentChanged';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
const PHONE = /^\+?[\d\s().-]+$/;
const PHONE_DIGITS = /^(\D*\d){7,15}\D*$/;
const NUMBER = /^-?\d+([.,]\d+)?$/;
const DOCUMENT = /^[A-Za-z0-9-]{4,20}$/;
const CITY_ID = /^[1-9]\d{0,8}$/;

const compiled = new Map<string, RegExp | null>();

/** A stored pattern as a whole-answer match (null when it does not compile: it then refuses every answer). */
export function patternRegExp(pattern: string): RegExp | null {
  if (!compiled.has(pattern)) {
    let re: RegExp | null;
    try {
      re = new RegExp(`^(?:${pattern})$`, 'u');
    } catch {
      re = null;
    }
    if (compiled.size > 500) compiled.clear();
    compiled.set(pattern, re);
  }
  return compiled.get(pattern) ?? null;
}

/** The value a checked consent box sends: the version of the text it showed. */
export function consentAnswer(version: number): string {
  return String(version);
}

function kindProblem(field: EntryValueField, value: string, context: EntryValueContext): EntryProblem | null {
  switch (field.fieldType) {
    case 'email':
      return EMAIL.test(value) ? null : 'email';
    case 'phone':
      return PHONE.test(value) && PHONE_DIGITS.test(value) ? null : 'phone';
    case 'number':
      return NUMBER.test(value) ? null : 'number';
    case 'document':
      return DOCUMENT.test(value) ? null : 'document';
    case 'select':
      return field.options.includes(value) ? null : 'option';
    case 'city':
      return CITY_ID.test(value) && context.cityIds.has(Number(value)) ? null : 'city';
    case 'consent':
      return field.consentVersion !== null && value === consentAnswer(field.consentVersion) ? null : 'consentChanged';
    default:
      return null;
  }
}

/**
 * What is wrong with one answer, or null. Blank or whitespace-only is no answer: a required field
 * refuses it ('consent' for an unchecked required consent), an optional one accepts it.
 */
export function entryValueProblem(field: EntryValueField, raw: string | undefined, context: EntryValueContext): EntryProblem | null {
  const value = (raw ?? '').trim();
  if (value === '') return field.required ? (field.fieldType === 'consent' ? 'consent' : 'required') : null;
  if (value.length > MAX_ANSWER) return 'tooLong';
  const problem = kindProblem(field, value, context);
  if (problem) return problem;
  if (field.pattern !== null && field.pattern !== '' && !(patternRegExp(field.pattern)?.test(value) ?? false)) return 'pattern';
  return null;
}

/** Every answer (idField → trimmed value, blank optional ones left out), or each field's problem. */
export function checkEntryAnswers(
  fields: readonly EntryValueField[],
  values: Readonly<Record<string, string | undefined>>,
  context: EntryValueContext
): { ok: true; answers: Record<string, string> } | { ok: false; problems: Record<number, EntryProblem> } {
  const answers: Record<string, string> = {};
  const problems: Record<number, EntryProblem> = {};
  for (const field of fields) {
    const raw = values[String(field.idField)];
    const problem = entryValueProblem(field, raw, context);
    const value = (raw ?? '').trim();
    if (problem) problems[field.idField] = problem;
    else if (value !== '') answers[String(field.idField)] = value;
  }
  return Object.keys(problems).length > 0 ? { ok: false, problems } : { ok: true, answers };
}
