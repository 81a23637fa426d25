import { DateTime } from 'luxon';

/** The platform's day and clock (SPEC §3 filter days are Bogotá days; src/server/stats/scope.ts). */
export const HOME_ZONE = 'America/Bogota';

/** One day's window of the home page's figures: a filter day and the time of day it reaches. */
export interface DayWindow {
  /** yyyy-MM-dd (Bogotá). */
  day: string;
  /** 'HH:mm' (Bogotá), inclusive: the filter's `until`. */
  until: string;
}

/**
 * Today so far, and the same hours of the same weekday last week (7 days earlier): both from 00:00
 * to the current minute in Bogotá, so a comparison never sets a whole day against a part of one.
 */
export function comparisonWindows(now: Date): { today: DayWindow; lastWeek: DayWindow } {
  const local = DateTime.fromJSDate(now, { zone: HOME_ZONE });
  const until = local.toFormat('HH:mm');
  return {
    today: { day: local.toISODate() ?? '', until },
    lastWeek: { day: local.minus({ weeks: 1 }).toISODate() ?? '', until }
  };
}

/** The statistics query of a window: that one day, from its start to `until`. */
export function windowQuery(w: DayWindow): { start: string; end: string; until: string } {
  return { start: w.day, end: w.day, until: w.until };
}

/** How a figure moved against last week: the difference, and the relative change when last week was not 0. */
export function change(current: number | null | undefined, previous: number | null | undefined): { delta: number; percent: number | null } | null {
  if (current == null || previous == null || !Number.isFinite(current) || !Number.isFinite(previous)) return null;
  const delta = current - previous;
  return { delta, percent: previous === 0 ? null : (delta / Math.abs(previous)) * 100 };
}
