import { DateTime } from 'luxon';

/*
 * The home page's comparison windows (issue 20), shared by the renderer (home page, wallboard) and
 * the bench, which fires the page's calls as the page does.
 */

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
