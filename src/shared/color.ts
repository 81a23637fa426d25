import type { ColorPair } from './domain/design';

/**
 * WCAG contrast for configured colour pairs (dashboard and widget designs): an administrator may
 * pick a text colour that cannot be read on its background; the interfaces then use dark or light
 * text instead, so the product stays readable (WCAG AA, 4.5:1) whatever the design says.
 */

const DARK = '#1f1f1f';
const LIGHT = '#ffffff';

function channel(hex: string, at: number): number {
  const v = parseInt(hex.slice(at, at + 2), 16) / 255;
  return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
}

function expand(hex: string): string {
  return hex.length === 4 ? `#${hex[1]}${hex[1]}${hex[2]}${hex[2]}${hex[3]}${hex[3]}` : hex;
}

/** WCAG relative luminance of '#rrggbb' / '#rgb'. */
export function luminance(hex: string): number {
  const full = expand(hex);
  return 0.2126 * channel(full, 1) + 0.7152 * channel(full, 3) + 0.0722 * channel(full, 5);
}

export function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** A colour pair that stays readable: the configured text colour when it reaches 4.5:1, else dark or light text. */
export function readable(pair: ColorPair): ColorPair {
  if (contrast(pair.background, pair.color) >= 4.5) return pair;
  const color = contrast(pair.background, DARK) >= contrast(pair.background, LIGHT) ? DARK : LIGHT;
  return { background: pair.background, color };
}
