import { describe, expect, it } from 'vitest';
import { DateTime, IANAZone } from 'luxon';
import { dayRange, STATS_DATE_ZONE, STATS_ZONE } from '../../../src/server/stats/scope';

const HOUR_MS = 3_600_000;

describe('STATS_DATE_ZONE (Bogotá, its offsets remembered)', () => {
  const iana = IANAZone.create(STATS_ZONE);

  it('answers the IANA zone’s offset at every quarter hour across Colombia’s 1992–93 daylight saving time, and on days of 2000–2100', () => {
    const differ: string[] = [];
    const check = (ts: number) => {
      // Twice: computed, then remembered.
      for (let i = 0; i < 2; i++) if (STATS_DATE_ZONE.offset(ts) !== iana.offset(ts)) differ.push(new Date(ts).toISOString());
    };
    for (let ts = Date.UTC(1992, 3, 1); ts < Date.UTC(1993, 4, 1); ts += HOUR_MS / 4) check(ts);
    for (let ts = Date.UTC(2000, 0, 1); ts < Date.UTC(2100, 0, 1); ts += 7 * 24 * HOUR_MS + 17 * 60_000) check(ts);
    expect(differ).toEqual([]);
    // The transitions themselves are in the range: -5 h before, -4 h during, -5 h after.
    expect(STATS_DATE_ZONE.offset(Date.UTC(1992, 4, 1))).toBe(-300);
    expect(STATS_DATE_ZONE.offset(Date.UTC(1992, 6, 1))).toBe(-240);
    expect(STATS_DATE_ZONE.offset(Date.UTC(1993, 4, 1))).toBe(-300);
  });

  it('makes the same DateTimes as the zone’s name, equal to them, and the same day ranges', () => {
    const named = DateTime.fromISO('2026-03-08T10:15', { zone: STATS_ZONE });
    const remembered = DateTime.fromISO('2026-03-08T10:15', { zone: STATS_DATE_ZONE });
    expect(remembered.toISO()).toBe(named.toISO());
    expect(remembered.zoneName).toBe(STATS_ZONE);
    expect(remembered.zone.equals(named.zone)).toBe(true);
    expect(named.zone.equals(remembered.zone)).toBe(true);
    expect(dayRange('2026-11-01', '2026-11-30')).toEqual({ from: new Date('2026-11-01T05:00:00Z'), to: new Date('2026-12-01T05:00:00Z') });
  });
});
