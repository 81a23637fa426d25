import type { FontChoice } from './domain/design';

const GENERIC_FAMILIES = ['serif', 'sans-serif', 'monospace', 'cursive', 'fantasy'];

/** A font family name safe to put in CSS (letters, digits, spaces, dashes), quoted. */
export function cssFamily(family: string): string {
  const clean = family.replace(/[^A-Za-z0-9 _-]/g, '').trim();
  return clean === '' ? 'system-ui' : `"${clean}"`;
}

/** The CSS generic family of a font category (google-font-metadata's 'handwriting'/'display' have none). */
export function cssCategory(category: string): string {
  return GENERIC_FAMILIES.includes(category) ? category : 'sans-serif';
}

/** The CSS font-family stack of a chosen font: the family, then its category's generic family. */
export function fontStack(font: Pick<FontChoice, 'family' | 'category'>): string {
  return `${cssFamily(font.family)}, ${cssCategory(font.category)}`;
}
