import { describe, expect, it } from 'vitest';
import { oklch, wcagContrast } from 'culori';
import { durationStep, formatValue, tooltipValue } from '../../../src/renderer/components/ChartPanel';
import { seriesColour, strongOf } from '../../../src/renderer/components/chart-theme';
import { columnMinWidth } from '../../../src/renderer/components/DataTable';
import { tileTooltip } from '../../../src/renderer/components/IndicatorTile';
import { CHANNEL_COLOURS } from '../../../src/shared/constants';

describe('chart colours', () => {
  it('keeps the SPEC §9 channel fills and draws their lines in a strong colour of the same hue', () => {
    for (const [channel, fill] of Object.entries(CHANNEL_COLOURS)) {
      const colour = seriesColour(channel, 0);
      expect(colour.fill).toBe(fill);
      // Readable on white (WCAG 4.5:1) where the pastel fill is not…
      expect(wcagContrast(colour.stroke, '#ffffff')).toBeGreaterThanOrEqual(4.5);
      expect(wcagContrast(fill, '#ffffff')).toBeLessThan(1.5);
      // …and still the channel's hue.
      expect(Math.abs((oklch(colour.stroke)?.h ?? 0) - (oklch(fill)?.h ?? 0))).toBeLessThan(12);
    }
  });

  it('tells the three channel lines apart', () => {
    const strokes = Object.values(CHANNEL_COLOURS).map(strongOf);
    expect(new Set(strokes).size).toBe(3);
  });

  it('colours the agent states by what they mean, whatever their position', () => {
    expect(seriesColour('Conectado', 5).stroke).toBe('#107C10');
    expect(seriesColour('Pausa', 0).stroke).toBe('#8A5D00');
    expect(seriesColour('Desconectado', 1).stroke).toBe('#616161');
    expect(seriesColour('Fallida', 0).stroke).toBe('#C50F1F');
  });

  it('gives other series the palette in order', () => {
    expect(seriesColour('Bienvenida', 0)).toEqual({ fill: '#0F6CBDB3', stroke: '#0F6CBD' });
    expect(seriesColour('Bienvenida', 10).stroke).toBe('#0F6CBD');
  });
});

describe('durations on charts and tiles', () => {
  it("adds the words to a tooltip's 'm.ss min', and nothing to other formats", () => {
    expect(tooltipValue(444, 'duration')).toBe('7.24 min (7 min 24 s)');
    expect(tooltipValue(30, 'duration')).toBe('30 s');
    expect(tooltipValue(1234.5, 'number')).toBe(formatValue(1234.5, 'number'));
    expect(formatValue(1234.5, 'number')).toBe('1.234,5');
    expect(tooltipValue(12.5, 'percent')).toBe('12,5 %');
  });

  it('steps a duration axis on whole half-minutes, minutes or hours', () => {
    expect(durationStep(0)).toBe(5);
    expect(durationStep(25)).toBe(5);
    expect(durationStep(170)).toBe(30);
    expect(durationStep(659)).toBe(120);
    expect(durationStep(7200)).toBe(1800);
    expect(durationStep(10 * 86_400)).toBe(2 * 86_400);
  });

  it('gives a duration tile its value in words, and no other tile', () => {
    expect(tileTooltip('TMO', 'resolved', 444)).toBe('7 min 24 s');
    expect(tileTooltip('AverageInteraction', 'resolved', 61, 'duration')).toBe('1 min 1 s');
    expect(tileTooltip('TMO', 'pending', 444)).toBeUndefined();
    expect(tileTooltip('FCR', 'resolved', 80)).toBeUndefined();
    expect(tileTooltip('TMO', 'resolved', null)).toBeUndefined();
  });
});

describe('table headers', () => {
  it('are never narrower than their longest word, so they wrap between words only', () => {
    expect(columnMinWidth('Administrador', true)).toBe('calc(13ch + 16px)');
    expect(columnMinWidth('Tiempo promedio de atención', true)).toBe('calc(8ch + 16px)');
    expect(columnMinWidth('%', true)).toBe('calc(1ch + 16px)');
    expect(columnMinWidth('', true)).toBe('calc(0ch + 16px)');
  });

  it('keep a text column as wide as a DD/MM/YYYY date, so a date never breaks in two', () => {
    expect(columnMinWidth('Fin')).toBe('calc(10ch + 16px)');
    expect(columnMinWidth('Conversación')).toBe('calc(12ch + 16px)');
  });
});
