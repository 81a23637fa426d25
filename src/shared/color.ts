import { formatHex, modeLrgb, modeOklab, modeOklch, modeRgb, toGamut, useMode, wcagContrast, wcagLuminance, type Oklch } from 'culori/fn';
import type { ColorPair } from './domain/design';

/**
 * Colour rules of the configured designs (dashboard and widget), on culori: WCAG luminance and
 * contrast, the contrast guard an editor runs before saving (WCAG AA: 4.5:1 for text, 3:1 for UI
 * parts such as icons), the nearest passing shade it offers for a failing pair, and `readable`, which
 * the interfaces use so the product stays readable whatever a stored design says.
 *
 * culori's tree-shakable build: only the modes used here are registered (the widget bundle ships this).
 */
const toOklch = useMode(modeOklch);
useMode(modeOklab);
useMode(modeLrgb);
useMode(modeRgb);
// Chroma reduced by bisection alone (no just-noticeable-difference shortcut), so lightness and hue stay put.
const intoSrgb = toGamut('rgb', 'oklch', null, 0);

/** WCAG AA minimum contrast: text on its background, and UI parts (icons, borders) on theirs. */
export const CONTRAST_MINIMUM = { text: 4.5, ui: 3 } as const;
export type ContrastUse = keyof typeof CONTRAST_MINIMUM;

/** '#rrggbb' (lower case) of any colour culori parses ('#rgb' included). */
export function normaliseHex(color: string): string {
  const hex = formatHex(color);
  if (hex === undefined) throw new Error(`Not a colour: ${color}`);
  return hex;
}

/** WCAG relative luminance. */
export function luminance(color: string): number {
  return wcagLuminance(color);
}

/** WCAG contrast ratio of two colours (1 … 21). */
export function contrast(a: string, b: string): number {
  return wcagContrast(a, b);
}

/** A colour in OKLCH (achromatic colours get chroma 0). */
export function oklch(color: string): Oklch {
  const value = toOklch(color);
  return { mode: 'oklch', l: value?.l ?? 0, c: value?.c ?? 0, ...(value?.h === undefined ? {} : { h: value.h }) };
}

/** The colour of `base`'s hue and chroma at OKLCH lightness `l`, mapped into sRGB, as '#rrggbb'. */
export function withLightness(base: Oklch, l: number): string {
  return formatHex(intoSrgb({ ...base, l: Math.min(1, Math.max(0, l)) }));
}

/**
 * A hover or selection shade of `pair`'s background that keeps its text at least as readable: the
 * background moved `step` of OKLCH lightness away from the text's lightness (lighter under dark text,
 * darker under light text), so the contrast only grows.
 */
export function shadeAwayFromText(pair: ColorPair, step = 0.08): string {
  const background = oklch(pair.background);
  const text = oklch(pair.color);
  return withLightness(background, text.l < background.l ? background.l + step : background.l - step);
}

export interface ContrastCheck {
  ratio: number;
  minimum: number;
  passes: boolean;
}

/** The guard: does `pair`'s colour reach the AA minimum for its use on `pair`'s background? */
export function checkContrast(pair: ColorPair, use: ContrastUse = 'text'): ContrastCheck {
  const ratio = contrast(pair.background, pair.color);
  const minimum = CONTRAST_MINIMUM[use];
  return { ratio, minimum, passes: ratio >= minimum };
}

/**
 * The nearest passing shade of `pair.color` on `pair.background`: the same OKLCH hue and chroma
 * (gamut-mapped into sRGB), moved in lightness as little as needed to reach the minimum, towards
 * lighter or darker, whichever is the smaller move. A pair that passes keeps its colour. Deterministic:
 * a bisection with a fixed number of steps; the answer always passes (its invariant).
 */
export function nearestPassingShade(pair: ColorPair, use: ContrastUse = 'text'): string {
  const color = normaliseHex(pair.color);
  const minimum = CONTRAST_MINIMUM[use];
  const passes = (candidate: string) => contrast(pair.background, candidate) >= minimum;
  if (passes(color)) return color;
  const base = oklch(color);
  const from = base.l;
  const found: Array<{ hex: string; move: number }> = [];
  for (const end of [0, 1]) {
    if (!passes(withLightness(base, end))) continue;
    // Invariant: the lightness `pass` passes, `fail` does not.
    let fail = from;
    let pass = end;
    for (let step = 0; step < 30; step += 1) {
      const middle = (fail + pass) / 2;
      if (passes(withLightness(base, middle))) pass = middle;
      else fail = middle;
    }
    found.push({ hex: withLightness(base, pass), move: Math.abs(pass - from) });
  }
  found.sort((a, b) => a.move - b.move);
  // Black or white reaches 4.58:1 on any background, so one end always passes.
  return found[0]?.hex ?? (contrast(pair.background, '#000000') >= contrast(pair.background, '#ffffff') ? '#000000' : '#ffffff');
}

/** A pair that stays readable: the configured colour when it passes, else its nearest passing shade. */
export function readable(pair: ColorPair, use: ContrastUse = 'text'): ColorPair {
  if (checkContrast(pair, use).passes) return pair;
  return { background: pair.background, color: nearestPassingShade(pair, use) };
}
