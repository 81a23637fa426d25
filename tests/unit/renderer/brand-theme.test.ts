import { describe, expect, it } from 'vitest';
import { BRAND_SHADES, brandRamp, designTheme } from '../../../src/renderer/components/brand-theme';
import { contrast, oklch } from '../../../src/shared/color';
import { DEFAULT_DASHBOARD_DESIGN, type DashboardDesign } from '../../../src/shared/domain/dashboard-design';

const lightness = (hex: string) => oklch(hex).l;

describe('the brand theme', () => {
  for (const brand of ['#1973bb', '#c0392b', '#2e7d32', '#7b1fa2', '#f4b400']) {
    it(`ramps ${brand}: 16 shades, darkest first, the brand colour at 80`, () => {
      const ramp = brandRamp(brand);
      expect(Object.keys(ramp).map(Number)).toEqual([...BRAND_SHADES]);
      expect(ramp[80]).toBe(brand);
      const values = BRAND_SHADES.map((shade) => lightness(ramp[shade]));
      for (let i = 1; i < values.length; i += 1) expect(values[i]!).toBeGreaterThan(values[i - 1]!);
      expect(values[0]!).toBeLessThan(0.2);
      expect(values[15]!).toBeGreaterThan(0.95);
      for (const shade of BRAND_SHADES) expect(ramp[shade]).toMatch(/^#[0-9a-f]{6}$/);
    });
  }

  it('keeps the hue along the ramp', () => {
    const ramp = brandRamp('#c0392b');
    const hue = oklch('#c0392b').h ?? 0;
    for (const shade of [40, 60, 100, 120]) expect(Math.abs((oklch(ramp[shade as 40]).h ?? 0) - hue)).toBeLessThan(15);
  });

  it('builds a Fluent light theme from the principal colour, its text colour and the font', () => {
    const design: DashboardDesign = {
      ...DEFAULT_DASHBOARD_DESIGN,
      colores: { ...DEFAULT_DASHBOARD_DESIGN.colores, principal: { background: '#2e7d32', color: '#ffffff' } },
      fuente: { family: 'Lato', category: 'sans-serif', variant: 'regular' }
    };
    const theme = designTheme(design);
    expect(theme.colorBrandBackground).toBe('#2e7d32');
    expect(theme.colorNeutralForegroundOnBrand).toBe('#ffffff');
    expect(theme.fontFamilyBase).toBe('"Lato", sans-serif');
  });

  it('never puts unreadable text on the brand colour', () => {
    const design: DashboardDesign = {
      ...DEFAULT_DASHBOARD_DESIGN,
      colores: { ...DEFAULT_DASHBOARD_DESIGN.colores, principal: { background: '#f4b400', color: '#ffffff' } }
    };
    const theme = designTheme(design);
    expect(contrast(theme.colorBrandBackground, theme.colorNeutralForegroundOnBrand)).toBeGreaterThanOrEqual(4.5);
  });
});
