import { createLightTheme, type BrandVariants, type Theme } from '@fluentui/react-components';
import { normaliseHex, oklch, readable, withLightness } from '../../shared/color';
import type { DashboardDesign } from '../../shared/domain/dashboard-design';
import { fontStack } from '../../shared/font-stack';

/** Fluent's brand ramp keys, darkest first. */
export const BRAND_SHADES = [10, 20, 30, 40, 50, 60, 70, 80, 90, 100, 110, 120, 130, 140, 150, 160] as const;
/** Fluent's light theme paints its brand backgrounds (primary buttons, selection) with shade 80. */
const BRAND_INDEX = BRAND_SHADES.indexOf(80);
/** OKLCH lightness of the ramp's darkest and lightest shades (unless the brand colour is beyond them). */
const DARKEST = 0.16;
const LIGHTEST = 0.97;

/**
 * A brand colour → Fluent's 16-shade BrandVariants: the colour itself at 80, darker shades below
 * it and lighter ones above, evenly spaced in OKLCH lightness with its hue, the chroma easing off
 * towards the ends, each mapped into sRGB (culori).
 */
export function brandRamp(brand: string): BrandVariants {
  const hex = normaliseHex(brand);
  const base = oklch(hex);
  const darkest = Math.min(DARKEST, base.l);
  const lightest = Math.max(LIGHTEST, base.l);
  const lighterSlots = BRAND_SHADES.length - 1 - BRAND_INDEX;
  const entries = BRAND_SHADES.map((shade, index) => {
    if (index === BRAND_INDEX) return [shade, hex] as const;
    const distance = index < BRAND_INDEX ? (BRAND_INDEX - index) / BRAND_INDEX : (index - BRAND_INDEX) / lighterSlots;
    const l = index < BRAND_INDEX ? base.l - (base.l - darkest) * distance : base.l + (lightest - base.l) * distance;
    return [shade, withLightness({ ...base, c: base.c * (1 - 0.6 * distance * distance) }, l)] as const;
  });
  return Object.fromEntries(entries) as unknown as BrandVariants;
}

/**
 * The organisation's design as a Fluent theme: createLightTheme over the principal colour's ramp,
 * the principal text colour on brand backgrounds (made readable), and the design's font.
 */
export function designTheme(design: DashboardDesign): Theme {
  const ramp = brandRamp(design.colores.principal.background);
  const onBrand = readable({ background: ramp[80], color: design.colores.principal.color }).color;
  const font = fontStack(design.fuente);
  return {
    ...createLightTheme(ramp),
    colorNeutralForegroundOnBrand: onBrand,
    fontFamilyBase: font
  };
}
