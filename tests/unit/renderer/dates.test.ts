import { describe, expect, it } from 'vitest';
import { dateOf, dayOf, formatDay, formatPickerDate, parsePickerDate, presetOf, presetRange, rangeProblem } from '../../../src/renderer/components/dates';

describe('the date pickers’ days', () => {
  it('show DD/MM/YYYY and read it back, typed loosely or pasted as yyyy-MM-dd', () => {
    const day = dateOf('2026-03-07');
    expect(day && formatPickerDate(day)).toBe('07/03/2026');
    expect(formatDay('2026-12-31')).toBe('31/12/2026');
    for (const text of ['07/03/2026', '7/3/2026', ' 07-03-2026 ', '7.3.2026', '2026-03-07']) {
      const parsed = parsePickerDate(text);
      expect(parsed && dayOf(parsed), text).toBe('2026-03-07');
    }
    // Day first, never month first; no day that does not exist; no two-digit years or other text.
    expect(parsePickerDate('12/01/2026') && dayOf(parsePickerDate('12/01/2026') as Date)).toBe('2026-01-12');
    for (const text of ['31/02/2026', '00/01/2026', '01/13/2026', '1/1/26', 'mañana', '', '2026-3-7', '01/01/2026 10:00']) {
      expect(parsePickerDate(text), text).toBeNull();
    }
    expect(dateOf('2026-02-29')).toBeNull();
    expect(formatPickerDate(undefined)).toBe('');
  });

  it('count the periods from the given today, across months and years', () => {
    expect(presetRange('today', '2026-03-10')).toEqual({ start: '2026-03-10', end: '2026-03-10' });
    expect(presetRange('yesterday', '2026-01-01')).toEqual({ start: '2025-12-31', end: '2025-12-31' });
    expect(presetRange('last7', '2026-03-03')).toEqual({ start: '2026-02-25', end: '2026-03-03' });
    expect(presetRange('last30', '2026-03-10')).toEqual({ start: '2026-02-09', end: '2026-03-10' });
    expect(presetRange('thisMonth', '2026-03-10')).toEqual({ start: '2026-03-01', end: '2026-03-10' });
    expect(presetRange('lastMonth', '2026-03-31')).toEqual({ start: '2026-02-01', end: '2026-02-28' });
    expect(presetRange('lastMonth', '2024-03-15')).toEqual({ start: '2024-02-01', end: '2024-02-29' });
    expect(presetRange('lastMonth', '2026-01-05')).toEqual({ start: '2025-12-01', end: '2025-12-31' });
    expect(presetOf({ start: '2026-03-04', end: '2026-03-10' }, '2026-03-10')).toBe('last7');
    // On the 1st, 'Este mes' and 'Hoy' are the same range: the first named wins.
    expect(presetOf({ start: '2026-03-01', end: '2026-03-01' }, '2026-03-01')).toBe('today');
    expect(presetOf({ start: '2026-03-02', end: '2026-03-09' }, '2026-03-10')).toBeNull();
  });

  it("judge a range by the server's own filter rules", () => {
    expect(rangeProblem({ start: '2026-03-01', end: '2026-03-10' }, 'day')).toEqual({});
    expect(rangeProblem({ start: '2026-03-10', end: '2026-03-01' }, 'day')).toEqual({ end: 'La fecha final debe ser igual o posterior a la fecha inicial' });
    expect(rangeProblem({ start: '2026-01-01', end: '2026-03-10' }, 'hour').end).toBeTruthy();
    expect(rangeProblem({ start: '2026-01-01', end: '2026-03-10' }, 'day')).toEqual({});
    expect(rangeProblem({ start: '1999-12-31', end: '2026-03-10' }, 'month').start).toBeTruthy();
  });
});
