import type { ResponseTemplate } from '../../../shared/domain/response-template';

/**
 * The '/' template search of the composer: a '/' at the start of the text or after a space opens
 * it; what follows up to the caret filters the templates.
 */

export interface SlashToken {
  /** Where the '/' is. */
  start: number;
  query: string;
}

/** The '/…' word the caret ends, or null. */
export function slashToken(text: string, caret: number): SlashToken | null {
  const before = text.slice(0, caret);
  const start = before.search(/\S*$/);
  if (before[start] !== '/') return null;
  return { start, query: before.slice(start + 1) };
}

const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLocaleLowerCase('es');

/** Templates whose name or content contains the query (accents and case ignored); name matches first. */
export function filterTemplates(templates: readonly ResponseTemplate[], query: string): ResponseTemplate[] {
  const q = fold(query.trim());
  if (q === '') return [...templates];
  const byName = templates.filter((t) => fold(t.templateName).includes(q));
  const byContent = templates.filter((t) => !byName.includes(t) && fold(t.templateContent).includes(q));
  return [...byName, ...byContent];
}

/** Replaces the '/…' word with the template's content; answers the new text and where the caret goes. */
export function applyTemplate(text: string, token: SlashToken, caret: number, content: string): { text: string; caret: number } {
  const next = `${text.slice(0, token.start)}${content}${text.slice(caret)}`;
  return { text: next, caret: token.start + content.length };
}
