import { DateTime } from 'luxon';
import { hash32 } from './random';

export const MINUTE_MS = 60_000;
export const HOUR_MS = 3_600_000;
export const DAY_MS = 86_400_000;

/**
 * Relative traffic per local hour of day: quiet nights, a first peak around 10:00, a dip at lunch
 * and a second peak around 15:00, then a long evening tail.
 */
export const HOUR_CURVE: readonly number[] = [
  0.06, 0.04, 0.03, 0.03, 0.04, 0.08, 0.18, 0.42, 0.72, 0.93, 1.0, 0.92, 0.68, 0.62, 0.84, 0.97, 0.88, 0.74, 0.58, 0.47, 0.38, 0.29, 0.19, 0.11
];

/** Relative traffic per weekday (1 = lunes … 7 = domingo): busiest on Monday, far fewer at weekends. */
export const WEEKDAY_FACTOR: readonly number[] = [1.1, 1.02, 1.0, 0.98, 0.92, 0.55, 0.34];

/**
 * One local clock hour of the range (clipped to it at both ends) and the conversations that start
 * in it: numbers first … last (none when first > last).
 */
export interface Slot {
  startMs: number;
  endMs: number;
  /** 0 … 1: how busy the hour is for its time of day and weekday (queue waits grow with it). */
  load: number;
  first: number;
  last: number;
}

export interface CalendarOptions {
  org: number;
  nowMs: number;
  days: number;
  count: number;
  timeZone: string;
}

/**
 * The hours of the last `days` days ending at now, and how many of `count` conversations start in
 * each: proportional to the hour-of-day curve × the weekday factor × a slow upward trend × a little
 * day-to-day and hour-to-hour noise (and an occasional campaign day), rounded so the total is exact.
 */
export function buildSlots({ org, nowMs, days, count, timeZone }: CalendarOptions): Slot[] {
  const fromMs = nowMs - days * DAY_MS;
  let hour = DateTime.fromMillis(fromMs, { zone: timeZone });
  if (!hour.isValid) hour = DateTime.fromMillis(fromMs, { zone: 'America/Bogota' });
  hour = hour.startOf('hour');
  const raw: { startMs: number; endMs: number; weight: number; load: number }[] = [];
  const maxCurve = Math.max(...HOUR_CURVE) * Math.max(...WEEKDAY_FACTOR);
  while (hour.toMillis() < nowMs) {
    const next = hour.plus({ hours: 1 });
    const startMs = Math.max(hour.toMillis(), fromMs);
    const endMs = Math.min(next.toMillis(), nowMs);
    if (endMs > startMs) {
      const base = (HOUR_CURVE[hour.hour] ?? 0.1) * (WEEKDAY_FACTOR[hour.weekday - 1] ?? 1);
      const dayKey = hour.year * 1000 + hour.ordinal;
      const dayNoise = 0.85 + 0.3 * (hash32(org, dayKey, 1) / 4294967296);
      const campaign = hash32(org, dayKey, 2) % 29 === 0 ? 1.5 : 1;
      const hourNoise = 0.9 + 0.2 * (hash32(org, dayKey, hour.hour, 3) / 4294967296);
      const trend = 0.9 + 0.2 * ((startMs - fromMs) / (nowMs - fromMs));
      const covered = (endMs - startMs) / (next.toMillis() - hour.toMillis());
      raw.push({ startMs, endMs, weight: base * dayNoise * campaign * hourNoise * trend * covered, load: Math.min(1, (base * campaign) / maxCurve) });
    }
    hour = next;
  }
  const total = raw.reduce((sum, s) => sum + s.weight, 0);
  const slots: Slot[] = [];
  let acc = 0;
  let allotted = 0;
  for (const s of raw) {
    acc += s.weight;
    const upTo = total > 0 ? Math.round((count * acc) / total) : 0;
    slots.push({ startMs: s.startMs, endMs: s.endMs, load: s.load, first: allotted + 1, last: upTo });
    allotted = upTo;
  }
  const last = slots[slots.length - 1];
  if (last && allotted !== count) last.last = count;
  return slots;
}
