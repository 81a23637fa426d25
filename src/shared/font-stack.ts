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

/** A Developer-API variant ('regular', 'italic', '700', '700italic') → @fontsource weight and style. */
export function variantFace(variant: string): { weight: number; style: 'normal' | 'italic' } | null {
  const match = /^(\d{3})?(regular|italic)?$/.exec(variant);
  if (!match || (match[1] === undefined && match[2] === undefined) || (match[1] !== undefined && match[2] === 'regular')) return null;
  return { weight: match[1] === undefined ? 400 : Number(match[1]), style: match[2] === 'italic' ? 'italic' : 'normal' };
}

/**
 * The @font-face rule of a chosen font whose file is at `src` (a data: URL the main process
 * fetched from the platform's /fonts route); null for a variant that names no face.
 */
export function fontFaceRule(font: Pick<FontChoice, 'family' | 'variant'>, src: string): string | null {
  const face = variantFace(font.variant);
  if (!face || !/^data:font\/woff2;base64,[A-Za-z0-9+/]+=*$/.test(src)) return null;
  return `@font-face { font-family: ${cssFamily(font.family)}; src: url("${src}") format("woff2"); font-weight: ${face.weight}; font-style: ${face.style}; font-display: swap; }`;
}
