import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  formatConnectionDate,
  formatDate,
  formatDateTime,
  formatDuration,
  formatDurationWords,
  formatEscalatedTime,
  formatHms,
  formatIndicator,
  formatInteractionTime,
  formatNumber,
  round2,
  stripUtcTag,
  toIsoDay,
  today
} from '../../src/shared/format';

// ISO strings without a zone tag are local time, so these expectations hold in any zone.
const LOCAL = '2024-03-05T15:07:09';

describe('dates (local zone)', () => {
  it('formats DD/MM/YYYY and DD/MM/YYYY HH:mm:ss', () => {
    expect(formatDate(LOCAL)).toBe('05/03/2024');
    expect(formatDateTime(LOCAL)).toBe('05/03/2024 15:07:09');
    expect(formatDate('2024-12-31')).toBe('31/12/2024');
    expect(formatDateTime('2024-01-02 08:00:00')).toBe('02/01/2024 08:00:00');
  });

  it('formats interaction (DD/MM/YY, h:mm) and escalated (DD/MM/YY, h:mm:ss) times', () => {
    expect(formatInteractionTime(LOCAL)).toBe('05/03/24, 3:07');
    expect(formatEscalatedTime(LOCAL)).toBe('05/03/24, 3:07:09');
    expect(formatInteractionTime('2024-03-05T09:30:00')).toBe('05/03/24, 9:30');
    expect(formatInteractionTime('2024-03-05T00:05:00')).toBe('05/03/24, 12:05');
  });

  it('accepts a Date and epoch milliseconds, read in local time', () => {
    const d = new Date(2024, 2, 5, 15, 7, 9);
    expect(formatDateTime(d)).toBe('05/03/2024 15:07:09');
    expect(formatDateTime(d.getTime())).toBe('05/03/2024 15:07:09');
  });

  it('converts a zone-tagged ISO string to local time', () => {
    const utc = new Date(Date.UTC(2024, 2, 5, 23, 30, 0));
    const pad = (n: number) => String(n).padStart(2, '0');
    const expected =
      `${pad(utc.getDate())}/${pad(utc.getMonth() + 1)}/${utc.getFullYear()} ` +
      `${pad(utc.getHours())}:${pad(utc.getMinutes())}:${pad(utc.getSeconds())}`;
    expect(formatDateTime('2024-03-05T23:30:00Z')).toBe(expected);
    expect(formatDateTime('2024-03-05T18:30:00-05:00')).toBe(expected);
  });

  it('answers an empty string for invalid input, never "Invalid DateTime"', () => {
    for (const bad of ['', '   ', 'nope', '2024-13-40', Number.NaN, Infinity, null, undefined]) {
      expect(formatDate(bad)).toBe('');
      expect(formatDateTime(bad)).toBe('');
      expect(formatInteractionTime(bad)).toBe('');
    }
    expect(formatDate(new Date('x'))).toBe('');
  });

  it('strips the UTC tag of dateConection so the written wall time is shown', () => {
    expect(stripUtcTag('2024-03-05T23:30:00Z')).toBe('2024-03-05T23:30:00');
    expect(stripUtcTag('2024-03-05 23:30:00 UTC')).toBe('2024-03-05 23:30:00');
    expect(stripUtcTag('2024-03-05T23:30:00+00:00')).toBe('2024-03-05T23:30:00');
    expect(stripUtcTag('2024-03-05T23:30:00-05:00')).toBe('2024-03-05T23:30:00-05:00');
    expect(formatConnectionDate('2024-03-05T23:30:00Z')).toBe('05/03/2024');
    expect(formatConnectionDate(null)).toBe('');
  });

  it('gives yyyy-MM-dd days and today', () => {
    expect(toIsoDay(LOCAL)).toBe('2024-03-05');
    expect(toIsoDay(new Date(2024, 0, 9, 23, 59))).toBe('2024-01-09');
    expect(toIsoDay('bad')).toBe('');
    expect(today(new Date(2025, 11, 31, 22, 0))).toBe('2025-12-31');
  });
});

describe('today() with a controlled clock', () => {
  afterEach(() => vi.useRealTimers());
  it('reads the current local day', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date(2026, 1, 14, 10, 0, 0));
    expect(today()).toBe('2026-02-14');
  });
});

describe('formatDuration', () => {
  it.each([
    [0, '0 s'],
    [1, '1 s'],
    [59, '59 s'],
    [60, '1 min'],
    [61, '1.01 min'],
    [90, '1.30 min'],
    [605, '10.05 min'],
    [3600, '60 min'],
    [3661, '61.01 min'],
    [59.4, '59 s'],
    [59.6, '1 min'],
    ['125', '2.05 min']
  ] as const)('%s s → %s', (input, expected) => {
    expect(formatDuration(input)).toBe(expected);
  });

  it('answers an empty string for negative or non-numeric input', () => {
    for (const bad of [-1, Number.NaN, Infinity, 'abc', '', null, undefined]) {
      expect(formatDuration(bad)).toBe('');
    }
  });
});

describe('formatDurationWords (the tooltip beside m.ss min)', () => {
  it.each([
    [0, '0 s'],
    [24, '24 s'],
    [60, '1 min'],
    [444, '7 min 24 s'],
    [3600, '1 h'],
    [3605, '1 h 5 s'],
    [3725, '1 h 2 min 5 s'],
    [90000, '25 h'],
    [443.6, '7 min 24 s'],
    ['90', '1 min 30 s']
  ] as const)('%s s → %s', (input, expected) => {
    expect(formatDurationWords(input)).toBe(expected);
  });

  it('says in words what formatDuration shows as minutes.seconds', () => {
    expect(formatDuration(444)).toBe('7.24 min');
    expect(formatDurationWords(444)).toBe('7 min 24 s');
  });

  it('answers an empty string for negative or non-numeric input', () => {
    for (const bad of [-1, Number.NaN, Infinity, 'abc', '', null, undefined]) {
      expect(formatDurationWords(bad)).toBe('');
    }
  });
});

describe('formatHms', () => {
  it.each([
    [0, '00:00:00'],
    [59, '00:00:59'],
    [61, '00:01:01'],
    [3600, '01:00:00'],
    [3661, '01:01:01'],
    [86399, '23:59:59'],
    [90000, '25:00:00'],
    [360000, '100:00:00']
  ] as const)('%s s → %s', (input, expected) => {
    expect(formatHms(input)).toBe(expected);
  });

  it('answers an empty string for negative or non-numeric input', () => {
    expect(formatHms(-5)).toBe('');
    expect(formatHms(Number.NaN)).toBe('');
  });
});

describe('round2', () => {
  it('rounds to 2 decimals, half away from zero', () => {
    expect(round2(1.005)).toBe(1.01);
    expect(round2(-1.005)).toBe(-1.01);
    expect(round2(2.675)).toBe(2.68);
    expect(round2(1.004)).toBe(1);
    expect(round2(0.125)).toBe(0.13);
    expect(round2(10)).toBe(10);
    expect(round2(1e-7)).toBe(0);
    expect(Object.is(round2(-0.001), 0)).toBe(true);
    expect(round2(123456.789)).toBe(123456.79);
    expect(round2(Number.NaN)).toBeNaN();
  });
});

describe('formatNumber', () => {
  it('uses es-CO grouping and at most 2 decimals', () => {
    expect(formatNumber(0)).toBe('0');
    expect(formatNumber(12.5)).toBe('12,5');
    expect(formatNumber(1234)).toBe('1.234');
    expect(formatNumber(1234567.891)).toBe('1.234.567,89');
    expect(formatNumber(1.005)).toBe('1,01');
    expect(formatNumber(-0.001)).toBe('0');
    expect(formatNumber(-2500.5)).toBe('-2.500,5');
    expect(formatNumber('45.678')).toBe('45,68');
    expect(formatNumber('x')).toBe('');
    expect(formatNumber(null)).toBe('');
  });
});

describe('formatIndicator', () => {
  it('adds " %" to percentage indicators only', () => {
    expect(formatIndicator('FCR', 85.456)).toBe('85,46 %');
    expect(formatIndicator('NivelAbandono', 12)).toBe('12 %');
    expect(formatIndicator('NivelRespuestaBOT', '3.5')).toBe('3,5 %');
    expect(formatIndicator('NS', 90)).toBe('90 %');
    expect(formatIndicator('RU', 0)).toBe('0 %');
    expect(formatIndicator('NPS', 42)).toBe('42');
    expect(formatIndicator('AttendedChats', 1520)).toBe('1.520');
  });

  it('shows time indicators (seconds) as durations', () => {
    expect(formatIndicator('TMO', 90)).toBe('1.30 min');
    expect(formatIndicator('TMAsignacion', 45)).toBe('45 s');
  });

  it('shows the tile placeholder for missing values', () => {
    expect(formatIndicator('FCR', null)).toBe('--');
    expect(formatIndicator('TMO', 'n/a')).toBe('--');
    expect(formatIndicator('TMO', -3)).toBe('--');
  });
});
