/**
 * When two names of the human-agent settings are "the same" (issue 17): a pause event, reason, split
 * or response template may not share its name with another of its kind in the organisation. Case,
 * the Spanish accents (á é í ó ú ü) and runs of spaces do not count — 'Almuerzo', ' almuerzo ' and
 * 'ALMUÉRZO' are one name — while ñ stays a letter of its own ('Año' and 'Ano' differ).
 *
 * The database enforces it with unique indexes on the same expression (NAME_KEY_SQL, in
 * src/server/db/schema/chat-config.ts); the forms apply `nameKey` to warn before sending. Both must
 * fold exactly the same way, so the accent table lives here once.
 */
export const ACCENTED = 'ÁÉÍÓÚÜáéíóúü';
export const UNACCENTED = 'AEIOUUaeiouu';

const FOLD = new Map([...ACCENTED].map((ch, i) => [ch, UNACCENTED.charAt(i)]));

/** The form of a name two names are compared by: accents folded, spaces collapsed and trimmed, lower case. */
export function nameKey(name: string): string {
  return [...name]
    .map((ch) => FOLD.get(ch) ?? ch)
    .join('')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();
}

/** Whether `name` is already used by one of `others` (the one being edited, `selfId`, left out). */
export function nameTaken<T>(others: readonly T[], name: string, nameOf: (item: T) => string, idOf: (item: T) => number, selfId?: number): boolean {
  const key = nameKey(name);
  return key !== '' && others.some((item) => idOf(item) !== selfId && nameKey(nameOf(item)) === key);
}

/** The refusals of a duplicate, said alike by the platform (409) and by the form before sending. */
export const DUPLICATE_TEXT = {
  pauseEvent: 'Ya existe un evento de pausa con ese nombre',
  reason: 'Ya existe una causal con ese nombre',
  reasonCode: 'Ya existe una causal con ese código',
  region: 'Ya existe una regional con ese nombre',
  split: 'Ya existe un split con ese nombre',
  splitCode: 'Ya existe un split con ese código',
  template: 'Ya existe una plantilla con ese nombre'
} as const;
