import { sql, type SQL } from 'drizzle-orm';
import { DateTime, type DurationLike } from 'luxon';
import { MAX_SERIES_BUCKETS, type RESOLUTIONS } from '../../shared/domain/filter';
import type { ChartSeries } from '../../shared/domain/statistics';
import { str, type Row } from './rows';
import { STATS_DATE_ZONE, ZONE, type DayRange } from './scope';

/**
 * The time buckets of the line series (the filter's resolution), in Bogotá time. Labels:
 * hour 'yyyy-MM-dd HH:00', day 'yyyy-MM-dd', week the Monday 'yyyy-MM-dd' (ISO weeks), month
 * 'yyyy-MM'. Every bucket the range touches is labelled, empty ones count 0.
 */
export type Resolution = (typeof RESOLUTIONS)[number];

const SQL_FORMAT: Record<Resolution, string> = { hour: 'YYYY-MM-DD HH24:00', day: 'YYYY-MM-DD', week: 'YYYY-MM-DD', month: 'YYYY-MM' };

/** The bucket of an instant column, truncated in Bogotá (group on it; format with bucketLabel). */
export function bucketOf(column: SQL, resolution: Resolution): SQL {
  return sql`date_trunc(${sql.raw(`'${resolution}'`)}, ${column} at time zone ${ZONE})`;
}

/** The label of a truncated bucket (outside the grouping, so the format runs once per bucket). */
export function bucketLabel(bucket: SQL, resolution: Resolution): SQL {
  return sql`to_char(${bucket}, ${sql.raw(`'${SQL_FORMAT[resolution]}'`)})`;
}

/**
 * Every bucket label of the range, in order (rows with `label`), built by the database: from the
 * bucket of the range's first instant, one step at a time, while before the range's end. The
 * filter's span limits keep it within MAX_SERIES_BUCKETS; the limit keeps it there for any caller.
 */
export function bucketLabelsSql(range: DayRange, resolution: Resolution): SQL {
  const local = (d: Date) => sql`(${d.toISOString()}::timestamptz at time zone ${ZONE})`;
  return sql`
    select ${bucketLabel(sql`b`, resolution)} as label
    from generate_series(${bucketOf(sql`${range.from.toISOString()}::timestamptz`, resolution)}, ${local(range.to)} - interval '1 microsecond', ${sql.raw(`interval '1 ${resolution}'`)}) b
    order by b limit ${MAX_SERIES_BUCKETS}`;
}

/**
 * How much of a range one slice of a series covers (bucketSlices): a day of hours, two days, a
 * week, a month — at 50,000 conversations a slice of the totals is a statement of about 1–2 ms on
 * PGlite (a month of day totals ~14 ms: a slice is never smaller than its bucket), and on PostgreSQL
 * at 1,000,000 a 30-day daily series read in 15 slices answers in ~13 ms against ~6 ms whole.
 */
const SLICE: Record<Resolution, { length: DurationLike; unit: 'day' | 'week' | 'month' }> = {
  hour: { length: { days: 1 }, unit: 'day' },
  day: { length: { days: 2 }, unit: 'day' },
  week: { length: { weeks: 1 }, unit: 'week' },
  month: { length: { months: 1 }, unit: 'month' }
};

/**
 * The range cut into consecutive slices whose inner boundaries fall on bucket starts (Bogotá time):
 * each bucket lies whole in one slice, so a per-bucket statistic's rows over the range are the
 * rows of its slices, in order. A range within one slice is itself.
 */
export function bucketSlices(range: DayRange, resolution: Resolution): DayRange[] {
  const { length, unit } = SLICE[resolution];
  const end = DateTime.fromJSDate(range.to, { zone: STATS_DATE_ZONE });
  let from = DateTime.fromJSDate(range.from, { zone: STATS_DATE_ZONE });
  let boundary = from.startOf(unit).plus(length);
  const slices: DayRange[] = [];
  while (from < end) {
    const to = boundary < end ? boundary : end;
    slices.push({ from: from.toJSDate(), to: to.toJSDate() });
    from = to;
    boundary = boundary.plus(length);
  }
  return slices;
}

/** The labels of bucketLabelsSql's rows. */
export function labelsOf(rows: readonly Row[]): string[] {
  return rows.map((row) => str(row, 'label'));
}

export interface SeriesPoint {
  label: string;
  group: string;
  value: number;
}

/** A series set: one dataset per group (in `groups` order), one value per label (0 where absent). */
export function toSeries(labels: readonly string[], groups: readonly string[], points: readonly SeriesPoint[]): ChartSeries {
  const at = new Map(labels.map((label, i) => [label, i]));
  const data = new Map(groups.map((group) => [group, labels.map(() => 0)]));
  for (const point of points) {
    const i = at.get(point.label);
    const row = data.get(point.group);
    if (i !== undefined && row) row[i] = (row[i] ?? 0) + point.value;
  }
  return { labels: [...labels], datasets: groups.map((group) => ({ label: group, data: data.get(group) ?? [] })) };
}

/** The `limit` groups with the highest totals over the points, most first (ties by name, C order: the same everywhere). */
export function topNames(points: readonly { group: string; value: number }[], limit: number): string[] {
  const totals = new Map<string, number>();
  for (const point of points) totals.set(point.group, (totals.get(point.group) ?? 0) + point.value);
  return [...totals.entries()]
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
    .slice(0, limit)
    .map(([name]) => name);
}
