import type { ChartSeries } from '../../../shared/domain/statistics';
import type { ReasonStatistics } from '../../../shared/domain/reason';

/** One series from a name → value list (a doughnut's slices, a bar per category). */
export function seriesOf(datasetLabel: string, entries: readonly (readonly [string, number])[]): ChartSeries {
  return { labels: entries.map(([name]) => name), datasets: [{ label: datasetLabel, data: entries.map(([, value]) => value) }] };
}

/** SPEC §3 reason statistics (Causales map and Total) as one series, largest first. */
export function reasonSeries(datasetLabel: string, stats: ReasonStatistics | null): ChartSeries | null {
  if (!stats) return null;
  const entries = Object.entries(stats.Causales).sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0], 'es'));
  return seriesOf(datasetLabel, entries);
}

/** Counts per value of a field (agents per state…), in the given order first, then the rest by name. */
export function countBy<T>(items: readonly T[], key: (item: T) => string, order: readonly string[] = []): [string, number][] {
  const counts = new Map<string, number>();
  for (const name of order) counts.set(name, 0);
  for (const item of items) counts.set(key(item), (counts.get(key(item)) ?? 0) + 1);
  const rest = [...counts.keys()].filter((k) => !order.includes(k)).sort((a, b) => a.localeCompare(b, 'es'));
  return [...order, ...rest].map((k) => [k, counts.get(k) ?? 0]);
}
