import type { PrefillFields } from '../shared/widget-embed-messages';
import type { EntryField } from './entry-validation';

const plain = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .trim()
    .toLowerCase();

/**
 * The host page's answers (Atiende.prefill) matched to the entry form: a key names a field by its
 * id ("12"), its label as the customer reads it ("Documento", accents and case aside) or its type
 * when only one field has it ("document", "email"). Keys that name no field are dropped, and so is
 * a consent: only the customer can accept it. The values are then checked as typed ones.
 */
export function resolvePrefill(fields: readonly EntryField[], given: PrefillFields): Record<number, string> {
  const answers: Record<number, string> = {};
  for (const [key, value] of Object.entries(given)) {
    const k = plain(key);
    const byType = fields.filter((f) => f.fieldType === key);
    const field = fields.find((f) => String(f.idField) === key) ?? fields.find((f) => plain(f.label) === k) ?? (byType.length === 1 ? byType[0] : undefined);
    if (field && field.fieldType !== 'consent') answers[field.idField] = value;
  }
  return answers;
}
