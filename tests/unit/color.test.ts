import { describe, expect, it } from 'vitest';
import { CONTRAST_MINIMUM, checkContrast, contrast, nearestPassingShade, normaliseHex, oklch, readable, shadeAwayFromText } from '../../src/shared/color';

describe('contrast (culori)', () => {
  it('measures the WCAG extremes and an ordinary pair', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrast('#ffffff', '#ffffff')).toBeCloseTo(1, 5);
    // #767676 on white is the classic 4.54:1 grey.
    expect(contrast('#767676', '#fff')).toBeCloseTo(4.54, 2);
  });
});

describe('the contrast guard', () => {
  it('refuses a failing text pair and accepts a passing one', () => {
    const failing = checkContrast({ background: '#639ad9', color: '#ffffff' });
    expect(failing.passes).toBe(false);
    expect(failing.minimum).toBe(CONTRAST_MINIMUM.text);
    expect(checkContrast({ background: '#1973bb', color: '#ffffff' }).passes).toBe(true);
  });

  it('asks 3:1 of UI parts and 4.5:1 of text', () => {
    // About 3.3:1: enough for an icon, not for text.
    const pair = { background: '#ffffff', color: '#949494' };
    expect(contrast(pair.background, pair.color)).toBeGreaterThan(3);
    expect(contrast(pair.background, pair.color)).toBeLessThan(4.5);
    expect(checkContrast(pair, 'ui').passes).toBe(true);
    expect(checkContrast(pair, 'text').passes).toBe(false);
  });

  it('offers a shade that passes, near the chosen colour, with its hue', () => {
    const pair = { background: '#ffffff', color: '#5fa8e8' };
    const shade = nearestPassingShade(pair);
    expect(contrast(pair.background, shade)).toBeGreaterThanOrEqual(4.5);
    // Near: just past the threshold, not black.
    expect(contrast(pair.background, shade)).toBeLessThan(4.7);
    expect(Math.abs((oklch(shade).h ?? 0) - (oklch(pair.color).h ?? 0))).toBeLessThan(8);
    expect(shade).not.toBe('#000000');
  });

  it('moves towards whichever end is nearer, and is deterministic', () => {
    const onDark = { background: '#1f1f1f', color: '#3a5f8a' };
    const lighter = nearestPassingShade(onDark);
    expect(oklch(lighter).l).toBeGreaterThan(oklch(onDark.color).l);
    expect(contrast(onDark.background, lighter)).toBeGreaterThanOrEqual(4.5);
    expect(nearestPassingShade(onDark)).toBe(lighter);
  });

  it('keeps a passing colour and readable() fixes only what fails', () => {
    expect(nearestPassingShade({ background: '#ffffff', color: '#1F1F1F' })).toBe('#1f1f1f');
    const fixed = readable({ background: '#639ad9', color: '#ffffff' });
    expect(fixed.background).toBe('#639ad9');
    expect(contrast(fixed.background, fixed.color)).toBeGreaterThanOrEqual(4.5);
    expect(readable({ background: '#f1f3f4', color: '#1f1f1f' })).toEqual({ background: '#f1f3f4', color: '#1f1f1f' });
  });

  it('normalises short hex', () => {
    expect(normaliseHex('#FA0')).toBe('#ffaa00');
  });

  it('gives a hover shade that never lowers the text’s contrast, and is visibly another colour where there is room', () => {
    for (const background of ['#0298b1', '#1973bb', '#639ad9', '#222222', '#ffeb3b', '#7b1fa2', '#f1f3f4', '#000000', '#ffffff']) {
      for (const color of ['#ffffff', '#000000', '#242424']) {
        const pair = readable({ background, color });
        const hover = shadeAwayFromText(pair);
        expect(contrast(pair.color, hover), `${background}/${color}`).toBeGreaterThanOrEqual(contrast(pair.color, pair.background) - 1e-9);
        if (!['#ffffff', '#000000'].includes(background)) expect(hover, `${background}/${color}`).not.toBe(normaliseHex(background));
      }
    }
  });
});
