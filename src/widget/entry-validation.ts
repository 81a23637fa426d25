import type { WidgetConfig } from '../shared/realtime';
import { checkEntryAnswers, type EntryProblem } from '../shared/domain/entry-values';
import { cityIdsOf } from './entry-cities';
import { WIDGET_TEXTS as T } from './texts';

export type EntryField = WidgetConfig['entryForm'][number];

/** The customer's words for each problem the shared check finds (src/shared/domain/entry-values.ts, which the platform runs too). */
const PROBLEM_TEXT: Record<EntryProblem, string> = {
  required: T.required,
  tooLong: T.tooLong,
  email: T.invalidEmail,
  phone: T.invalidPhone,
  number: T.invalidNumber,
  document: T.invalidDocument,
  option: T.invalidOption,
  city: T.invalidCity,
  pattern: T.invalidPattern,
  consent: T.consentRequired,
  consentChanged: T.consentChanged
};

/** The answers to send (idField → value, empty optional ones left out), or each field's problem in Spanish. */
export function checkEntryForm(config: Pick<WidgetConfig, 'entryForm' | 'regions'>, values: Record<number, string>): { ok: true; answers: Record<string, string> } | { ok: false; problems: Record<number, string> } {
  const checked = checkEntryAnswers(config.entryForm, values, { cityIds: cityIdsOf(config.regions) });
  if (checked.ok) return checked;
  return { ok: false, problems: Object.fromEntries(Object.entries(checked.problems).map(([id, p]) => [id, PROBLEM_TEXT[p]])) };
}
