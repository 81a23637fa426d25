import { DateTime } from 'luxon';
import type { CalendarStrings, DateFormatting } from '@fluentui/react-calendar-compat';
import { UI } from '../../shared/constants';
import { isRealDay } from '../../shared/domain/fields';
import { FilterQuery, RESOLUTIONS } from '../../shared/domain/filter';

/**
 * The filter's calendar days in the date pickers: shown and typed as DD/MM/YYYY (SPEC §9) whatever
 * the operating system's locale, held as 'yyyy-MM-dd' (SPEC §3), with Spanish calendar strings.
 * A day is a local calendar date (the picker's Date is local midnight); the arithmetic is done on
 * the calendar alone, so no zone or daylight-saving change can move a day.
 */

const TYPED = /^\s*(\d{1,2})\s*[/.-]\s*(\d{1,2})\s*[/.-]\s*(\d{4})\s*$/;
const ISO = /^\s*(\d{4})-(\d{2})-(\d{2})\s*$/;

const pad = (n: number) => String(n).padStart(2, '0');

/** 'yyyy-MM-dd' of a picker's Date (its local calendar date). */
export function dayOf(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The picker's Date (local midnight) of 'yyyy-MM-dd'; null when it names no real day. */
export function dateOf(day: string): Date | null {
  if (!isRealDay(day)) return null;
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const date = new Date(y, m - 1, d);
  // Years 0–99 are taken by Date as 1900–1999.
  date.setFullYear(y);
  return date;
}

/** DD/MM/YYYY, the display of SPEC §9. */
export function formatPickerDate(date?: Date): string {
  return date ? `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${String(date.getFullYear()).padStart(4, '0')}` : '';
}

/** A typed day: DD/MM/YYYY (also D/M/YYYY, with '-' or '.'), or yyyy-MM-dd as pasted; null when it is no real day. */
export function parsePickerDate(text: string): Date | null {
  const typed = TYPED.exec(text);
  if (typed) return dateOf(`${typed[3]}-${pad(Number(typed[2]))}-${pad(Number(typed[1]))}`);
  const iso = ISO.exec(text);
  return iso ? dateOf(`${iso[1]}-${iso[2]}-${iso[3]}`) : null;
}

/** 'yyyy-MM-dd' as DD/MM/YYYY, for messages. */
export function formatDay(day: string): string {
  const date = dateOf(day);
  return date ? formatPickerDate(date) : day;
}

function shift(day: string, change: { days?: number; months?: number }): DateTime {
  return DateTime.fromISO(day, { zone: 'utc' }).plus(change);
}
const iso = (dt: DateTime) => dt.toISODate() ?? '';

/** What the server's filter schema says of a range for a resolution, by field (nothing when it is valid). */
export function rangeProblem(range: DayRange, resolution: (typeof RESOLUTIONS)[number]): { start?: string; end?: string } {
  const parsed = FilterQuery.safeParse({ start: range.start, end: range.end, resolution });
  const problem: { start?: string; end?: string } = {};
  if (parsed.success) return problem;
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if ((field === 'start' || field === 'end') && problem[field] === undefined) problem[field] = issue.message;
  }
  return problem;
}

export type PresetId = 'today' | 'yesterday' | 'last7' | 'last30' | 'thisMonth' | 'lastMonth';

export const PRESET_LABELS: Record<PresetId, string> = {
  today: 'Hoy',
  yesterday: 'Ayer',
  last7: 'Últimos 7 días',
  last30: 'Últimos 30 días',
  thisMonth: 'Este mes',
  lastMonth: 'Mes anterior'
};

export interface DayRange {
  start: string;
  end: string;
}

/** The range of a preset, counted from `today` ('yyyy-MM-dd', the app's today). */
export function presetRange(id: PresetId, today: string): DayRange {
  switch (id) {
    case 'today':
      return { start: today, end: today };
    case 'yesterday': {
      const day = iso(shift(today, { days: -1 }));
      return { start: day, end: day };
    }
    case 'last7':
      return { start: iso(shift(today, { days: -6 })), end: today };
    case 'last30':
      return { start: iso(shift(today, { days: -29 })), end: today };
    case 'thisMonth':
      return { start: `${today.slice(0, 8)}01`, end: today };
    case 'lastMonth': {
      const previous = shift(`${today.slice(0, 8)}01`, { months: -1 });
      return { start: iso(previous), end: iso(previous.endOf('month')) };
    }
  }
}

/** The preset a range is, counted from `today`; null when it is none ('Personalizado'). */
export function presetOf(range: DayRange, today: string): PresetId | null {
  return (Object.keys(PRESET_LABELS) as PresetId[]).find((id) => {
    const r = presetRange(id, today);
    return r.start === range.start && r.end === range.end;
  }) ?? null;
}

const MONTHS = ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre'];
const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The calendar's Spanish texts (arrays start on Sunday, as the library expects). */
export const CALENDAR_STRINGS: CalendarStrings = {
  months: MONTHS,
  shortMonths: ['ene', 'feb', 'mar', 'abr', 'may', 'jun', 'jul', 'ago', 'sept', 'oct', 'nov', 'dic'],
  days: ['domingo', 'lunes', 'martes', 'miércoles', 'jueves', 'viernes', 'sábado'],
  shortDays: ['Do', 'Lu', 'Ma', 'Mi', 'Ju', 'Vi', 'Sá'],
  goToToday: 'Ir a hoy',
  prevMonthAriaLabel: 'Mes anterior',
  nextMonthAriaLabel: 'Mes siguiente',
  prevYearAriaLabel: 'Año anterior',
  nextYearAriaLabel: 'Año siguiente',
  prevYearRangeAriaLabel: 'Años anteriores',
  nextYearRangeAriaLabel: 'Años siguientes',
  monthPickerHeaderAriaLabel: '{0}, cambiar de año',
  yearPickerHeaderAriaLabel: '{0}, cambiar de mes',
  closeButtonAriaLabel: UI.libraryLabels.close,
  weekNumberFormatString: 'Semana {0}',
  selectedDateFormatString: 'Fecha seleccionada: {0}',
  todayDateFormatString: 'Hoy, {0}',
  dayMarkedAriaLabel: 'marcado'
};

/** How the calendar names days and months (its grid's accessible names and headers), in Spanish. */
export const CALENDAR_FORMATTING: DateFormatting = {
  formatDay: (date) => String(date.getDate()),
  formatMonth: (date) => capital(MONTHS[date.getMonth()] ?? ''),
  formatYear: (date) => String(date.getFullYear()),
  formatMonthDayYear: (date) => `${date.getDate()} de ${MONTHS[date.getMonth()] ?? ''} de ${date.getFullYear()}`,
  formatMonthYear: (date) => `${capital(MONTHS[date.getMonth()] ?? '')} ${date.getFullYear()}`
};
