import { useMemo, useRef, useState } from 'react';
import { Chart } from 'react-chartjs-2';
import type { ChartData, ChartOptions, ChartType, TooltipItem } from 'chart.js';
import { Button, Card, Spinner, Subtitle1, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { ArrowDownload20Regular } from '@fluentui/react-icons';
import { CHART_PNG_MAX_BYTES } from '../../shared/constants';
import type { ChartSeries } from '../../shared/domain/statistics';
import { formatDuration, formatDurationWords, formatNumber } from '../../shared/format';
import type { LoadStatus } from '../app/load-state';
import { useNotify } from '../app/toasts';
import { ChartJS, chartImage, seriesColour, whiteBackground } from './chart-theme';
import { DataState } from './DataState';
import { DataTable, type DataColumn } from './DataTable';
import { DATA_TEXT } from './texts';

/** line: series over time; bar / stackedBar: per category; horizontalBar: long category names; doughnut: shares of one total. */
export type ChartKind = 'line' | 'bar' | 'stackedBar' | 'horizontalBar' | 'doughnut';
/**
 * number: counts (es-CO, 2 decimals; the table adds totals); decimal: averages and scores (no
 * totals); duration: seconds as SPEC §9 durations; percent: ' %' suffix.
 */
export type ValueFormat = 'number' | 'decimal' | 'duration' | 'percent';

export interface ChartPanelProps {
  /** The chart's heading, the table's caption and the PNG's default name. */
  title: string;
  kind: ChartKind;
  status: LoadStatus;
  series: ChartSeries | null;
  /** The SPEC §8 text of this load's failure. */
  errorTitle: string;
  errorDetail?: string | null;
  onRetry(): void;
  /** The first column of the table and the category axis' title: what a label is ('Periodo', 'Asesor', 'Canal'…). */
  categoryHeader: string;
  /**
   * The value axis' title, with its unit ('Chats', 'Tiempo promedio de atención (min y s)'…). A doughnut has no
   * axes: its table's value columns are named by the series.
   */
  valueTitle?: string;
  valueFormat?: ValueFormat;
  /** How a label shows (bucket dates as DD/MM/YYYY…); as it comes by default. */
  formatLabel?(label: string): string;
  /** The PNG's default file name without extension; the title by default. */
  fileName?: string;
}

const useStyles = makeStyles({
  card: { padding: tokens.spacingHorizontalL, gap: tokens.spacingVerticalM },
  header: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  title: { margin: 0, flexGrow: 1 },
  body: { display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(300px, 1fr))', gap: tokens.spacingHorizontalXL, alignItems: 'start' },
  // A table of many columns (one per series) does not fit beside the chart: it goes under it, full width.
  stacked: { gridTemplateColumns: '1fr' },
  canvas: { position: 'relative', height: '320px', minWidth: 0 }
});

export function formatValue(value: number, format: ValueFormat): string {
  if (format === 'duration') return formatDuration(value);
  if (format === 'percent') return `${formatNumber(value)} %`;
  return formatNumber(value);
}

/** A value as the chart's tooltip says it: a duration also in words ('7.24 min (7 min 24 s)'), as 'm.ss' reads like a decimal. */
export function tooltipValue(value: number, format: ValueFormat): string {
  const shown = formatValue(value, format);
  if (format !== 'duration') return shown;
  const words = formatDurationWords(value);
  return words && words !== shown ? `${shown} (${words})` : shown;
}

/** A table cell's value; a duration carries its words as a tooltip. */
function ValueCell({ value, format }: { value: number; format: ValueFormat }) {
  const shown = formatValue(value, format);
  return format === 'duration' ? <span title={formatDurationWords(value)}>{shown}</span> : <>{shown}</>;
}

/** Nothing to draw: no categories, no series, or every value zero. */
export function isEmptySeries(series: ChartSeries | null): boolean {
  if (!series || series.labels.length === 0 || series.datasets.length === 0) return true;
  return series.datasets.every((d) => d.data.every((v) => v === 0));
}

/** More table columns than this and the table goes under the chart rather than beside it. */
const WIDE_TABLE_COLUMNS = 5;

const PNG_DATA_URL_MAX = 'data:image/png;base64,'.length + Math.ceil(CHART_PNG_MAX_BYTES / 3) * 4;

function chartType(kind: ChartKind): ChartType {
  if (kind === 'line') return 'line';
  if (kind === 'doughnut') return 'doughnut';
  return 'bar';
}

function chartData(kind: ChartKind, series: ChartSeries, labels: string[]): ChartData {
  if (kind === 'doughnut') {
    const colours = series.labels.map((label, i) => seriesColour(label, i));
    return {
      labels,
      datasets: series.datasets.slice(0, 1).map((d) => ({
        label: d.label,
        data: d.data,
        backgroundColor: colours.map((c) => c.fill),
        borderColor: colours.map((c) => c.stroke),
        borderWidth: 1
      }))
    };
  }
  return {
    labels,
    datasets: series.datasets.map((d, i) => {
      const colour = seriesColour(d.label, i);
      return kind === 'line'
        ? { label: d.label, data: d.data, borderColor: colour.stroke, backgroundColor: colour.fill, pointBackgroundColor: colour.stroke, tension: 0.25, cubicInterpolationMode: 'monotone' as const, borderWidth: 2, pointRadius: 2 }
        : { label: d.label, data: d.data, borderColor: colour.stroke, backgroundColor: colour.fill, borderWidth: 1 };
    })
  };
}

function axisTitle(text: string | undefined) {
  return text ? { display: true, text, font: { weight: 'bold' as const } } : { display: false };
}

/** Steps of a duration axis (seconds): ticks fall on whole half-minutes, minutes… not on 1.40 min. */
const DURATION_STEPS = [5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600, 7200, 14_400, 28_800, 86_400];

/** The smallest step that draws at most six intervals up to `max` seconds. */
export function durationStep(max: number): number {
  return DURATION_STEPS.find((step) => max / step <= 6) ?? Math.ceil(max / 6 / 86_400) * 86_400;
}

/** The largest bar or point (a stacked chart: the largest stack). */
function largest(series: ChartSeries, stacked: boolean): number {
  if (stacked) return Math.max(0, ...series.labels.map((_, i) => series.datasets.reduce((sum, d) => sum + Math.max(0, d.data[i] ?? 0), 0)));
  return Math.max(0, ...series.datasets.flatMap((d) => d.data));
}

function chartOptions(kind: ChartKind, format: ValueFormat, categoryTitle: string, valueTitle: string | undefined, max: number): ChartOptions {
  const tick = (value: number | string) => (typeof value === 'number' ? formatValue(value, format) : value);
  const tooltip = {
    callbacks: {
      label: (item: TooltipItem<ChartType>) => {
        const value = typeof item.raw === 'number' ? tooltipValue(item.raw, format) : String(item.raw);
        const name = kind === 'doughnut' ? item.label : item.dataset.label;
        return name ? `${name}: ${value}` : value;
      }
    }
  };
  const base = { responsive: true, maintainAspectRatio: false, animation: false as const, locale: 'es-CO', plugins: { tooltip, legend: { position: 'bottom' as const } } };
  if (kind === 'doughnut') return base;
  const stacked = kind === 'stackedBar';
  const step = format === 'duration' ? durationStep(max) : undefined;
  const valueAxis = { beginAtZero: true, stacked, title: axisTitle(valueTitle), ticks: { callback: tick, precision: format === 'number' ? 0 : undefined, stepSize: step } };
  const categoryAxis = { stacked, title: axisTitle(categoryTitle), ticks: { autoSkip: true, maxRotation: 45 } };
  if (kind === 'horizontalBar') return { ...base, indexAxis: 'y', scales: { x: valueAxis, y: categoryAxis } };
  return { ...base, scales: { x: categoryAxis, y: valueAxis } };
}

interface Row {
  label: string;
  values: number[];
}

/**
 * One chart of an analytics page: its heading, a 'Guardar imagen' button that saves it as PNG
 * through the main process, the chart (Chart.js; channel series in the SPEC §9 colours), and beside
 * it the same numbers as a table whose caption is the chart's title. Loading, empty and error
 * states replace both while there is nothing to draw.
 */
export function ChartPanel({ title, kind, status, series, errorTitle, errorDetail, onRetry, categoryHeader, valueTitle, valueFormat = 'number', formatLabel, fileName }: ChartPanelProps) {
  const styles = useStyles();
  const notify = useNotify();
  const chartRef = useRef<ChartJS | null>(null);
  const [saving, setSaving] = useState(false);
  const ready = status === 'resolved' && !isEmptySeries(series);

  const labels = useMemo(() => (series ? series.labels.map((l) => (formatLabel ? formatLabel(l) : l)) : []), [series, formatLabel]);
  // A line through a single bucket (one day at 'Día') is a lone dot: bars read better.
  const drawn: ChartKind = kind === 'line' && labels.length === 1 ? 'bar' : kind;
  const data = useMemo(() => (series ? chartData(drawn, series, labels) : null), [drawn, series, labels]);
  const max = useMemo(() => (series ? largest(series, kind === 'stackedBar') : 0), [series, kind]);
  const options = useMemo(() => chartOptions(drawn, valueFormat, categoryHeader, valueTitle, max), [drawn, valueFormat, categoryHeader, valueTitle, max]);

  const datasets = kind === 'doughnut' ? (series?.datasets.slice(0, 1) ?? []) : (series?.datasets ?? []);
  const rows: Row[] = labels.map((label, i) => ({ label, values: datasets.map((d) => d.data[i] ?? 0) }));
  const summable = valueFormat === 'number';
  const withRowTotal = summable && datasets.length > 1;
  const grand = rows.reduce((sum, r) => sum + r.values.reduce((a, b) => a + b, 0), 0);
  const columns: DataColumn<Row>[] = [
    { key: 'label', header: categoryHeader, render: (r) => r.label },
    ...datasets.map((d, i) => ({ key: `d${i}`, header: d.label, numeric: true, render: (r: Row) => <ValueCell value={r.values[i] ?? 0} format={valueFormat} /> })),
    ...(withRowTotal ? [{ key: 'total', header: DATA_TEXT.total, numeric: true, render: (r: Row) => formatValue(r.values.reduce((a, b) => a + b, 0), valueFormat) }] : []),
    ...(kind === 'doughnut' && summable ? [{ key: 'share', header: '%', numeric: true, render: (r: Row) => `${formatNumber(grand === 0 ? 0 : ((r.values[0] ?? 0) * 100) / grand)} %` }] : [])
  ];
  const footer = summable
    ? [
        DATA_TEXT.total,
        ...datasets.map((_, i) => formatValue(rows.reduce((sum, r) => sum + (r.values[i] ?? 0), 0), valueFormat)),
        ...(withRowTotal ? [formatValue(grand, valueFormat)] : []),
        ...(kind === 'doughnut' ? ['100 %'] : [])
      ]
    : undefined;

  async function saveImage() {
    const chart = chartRef.current;
    if (!chart) {
      notify.warning(DATA_TEXT.imageUnavailable);
      return;
    }
    const dataUrl = chartImage(chart, title);
    if (dataUrl.length > PNG_DATA_URL_MAX) {
      notify.error(DATA_TEXT.imageTooLarge);
      return;
    }
    setSaving(true);
    try {
      const result = await window.atiende.analytics.savePng({ suggestedName: fileName ?? title, dataUrl });
      if (!result.ok) notify.error(result.error.message);
      else if (result.data) notify.success(DATA_TEXT.imageSaved(result.data.path));
    } finally {
      setSaving(false);
    }
  }

  return (
    <Card className={styles.card}>
      <div className={styles.header}>
        <Subtitle1 as="h2" className={styles.title}>
          {title}
        </Subtitle1>
        <Button
          icon={saving ? <Spinner size="tiny" aria-hidden /> : <ArrowDownload20Regular />}
          disabled={!ready || saving}
          onClick={() => void saveImage()}
          aria-label={`${DATA_TEXT.saveImage}: ${title}`}
        >
          {DATA_TEXT.saveImage}
        </Button>
      </div>
      <DataState status={status} errorTitle={errorTitle} errorDetail={errorDetail} empty={isEmptySeries(series)} onRetry={onRetry}>
        {data ? (
          <div className={mergeClasses(styles.body, columns.length > WIDE_TABLE_COLUMNS ? styles.stacked : undefined)}>
            <div className={styles.canvas}>
              <Chart ref={chartRef} type={chartType(drawn)} data={data} options={options} plugins={[whiteBackground]} role="img" aria-label={title} />
            </div>
            <DataTable caption={title} captionHidden columns={columns} rows={rows} rowKey={(r, i) => `${i}-${r.label}`} footer={footer} maxHeight="320px" />
          </div>
        ) : null}
      </DataState>
    </Card>
  );
}
