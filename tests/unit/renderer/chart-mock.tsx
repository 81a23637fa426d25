import { forwardRef, useImperativeHandle } from 'react';
import type { ChartData, ChartOptions } from 'chart.js';

/**
 * react-chartjs-2 as the renderer tests see it. jsdom has no canvas, so each test file that renders
 * a chart replaces the module with this one, in one line (vi.mock is hoisted per file, the factory
 * shared here):
 *
 *     vi.mock('react-chartjs-2', () => import('./chart-mock'));
 *
 * Its Chart records what it was asked to draw (`drawn`) and hands out a PNG as Chart.js's
 * toBase64Image would.
 */

/** A real 1×1 PNG, what the mocked chart hands out as its image. */
export const PNG_DATA_URL = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

export interface DrawnChart {
  type: string;
  data: ChartData;
  options: ChartOptions;
}
/** The props each chart was last drawn with, by its accessible name (the chart's title). */
export const drawn = new Map<string, DrawnChart>();

export const MockChart = forwardRef(function MockChart(
  props: { type: string; data: ChartData; options: ChartOptions; 'aria-label'?: string },
  ref: React.ForwardedRef<{ toBase64Image(): string }>
) {
  useImperativeHandle(ref, () => ({ toBase64Image: () => PNG_DATA_URL }));
  const name = props['aria-label'] ?? '';
  drawn.set(name, { type: props.type, data: props.data, options: props.options });
  return <canvas role="img" aria-label={name} data-type={props.type} />;
});

/** The only export of react-chartjs-2 the renderer uses (ChartPanel's generic <Chart type>). */
export const Chart = MockChart;
