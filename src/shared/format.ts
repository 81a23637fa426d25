/**
 * Display formats of SPEC §9, with luxon, in the machine's local zone.
 * Inputs cross process boundaries, so every formatter takes loose input and answers '' (never
 * 'Invalid DateTime' or 'NaN') when it cannot make sense of it.
 */
import { DateTime } from 'luxon';
import { INDICATOR_KINDS, UI, isIndicatorId } from './constants';

export type DateInput = Date | string | number | null | undefined;
export type NumberInput = number | string | null | undefined;

/**
 * Reads a date. An ISO string without a zone tag (and a date-only string) is local wall time;
 * one with a tag is converted to local time. 'yyyy-MM-dd HH:mm:ss' (SQL style) is accepted too.
 */
export function toDateTime(input: DateInput): DateTime | null {
  let dt: DateTime;
  if (input instanceof Date) dt = DateTime.fromJSDate(input);
  else if (typeof input === 'number') {
    if (!Number.isFinite(input)) return null;
    dt = DateTime.fromMillis(input);
  } else if (typeof input === 'string') {
    const text = input.trim();
    if (text === '') return null;
    dt = DateTime.fromISO(text);
    if (!dt.isValid) dt = DateTime.fromSQL(text);
  } else return null;
  return dt.isValid ? dt.toLocal() : null;
}

function formatWith(input: DateInput, pattern: string): string {
  const dt = toDateTime(input);
  return dt ? dt.toFormat(pattern) : '';
}

/** DD/MM/YYYY */
export function formatDate(input: DateInput): string {
  return formatWith(input, 'dd/LL/yyyy');
}

/** DD/MM/YYYY HH:mm:ss */
export function formatDateTime(input: DateInput): string {
  return formatWith(input, 'dd/LL/yyyy HH:mm:ss');
}

/**
 * Interaction times: DD/MM/YY, h:mm. SPEC writes the hour as 'h', which is the 12-hour clock
 * without padding; we follow it as written (the day is shown next to it).
 */
export function formatInteractionTime(input: DateInput): string {
  return formatWith(input, 'dd/LL/yy, h:mm');
}

/** Escalated-chat messages: DD/MM/YY, h:mm:ss (12-hour clock, as SPEC writes it). */
export function formatEscalatedTime(input: DateInput): string {
  return formatWith(input, 'dd/LL/yy, h:mm:ss');
}

const UTC_TAG = /(?:\s*(?:Z|UTC|GMT|[+-]00:?00)|\[UTC\])$/i;

/**
 * The causal report's dateConection arrives with a UTC tag that the product drops, so the wall
 * time written by the server is what the user sees (SPEC §3). Only a zero-offset tag is removed.
 */
export function stripUtcTag(value: string): string {
  return value.trim().replace(UTC_TAG, '');
}

/** dateConection shown as DD/MM/YYYY after its UTC tag is removed. */
export function formatConnectionDate(value: string | null | undefined): string {
  return typeof value === 'string' ? formatDate(stripUtcTag(value)) : '';
}

/** A number from loose input: numbers as they are, numeric strings converted, anything else NaN. */
export function toNumber(value: NumberInput): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'string' && value.trim() !== '') return Number(value);
  return Number.NaN;
}

/** Whole seconds, or null for negative, NaN and infinite input. */
function wholeSeconds(value: NumberInput): number | null {
  const n = toNumber(value);
  if (!Number.isFinite(n) || n < 0) return null;
  return Math.round(n);
}

/**
 * Durations (SPEC §9): under a minute '{n} s'; whole minutes '{n} min'; otherwise
 * minutes.seconds 'min' with two-digit seconds (90 → '1.30 min'). Fractions of a second are
 * rounded to the nearest second first; negative or non-numeric input gives ''.
 */
export function formatDuration(seconds: NumberInput): string {
  const total = wholeSeconds(seconds);
  if (total === null) return '';
  if (total < 60) return `${total} s`;
  const minutes = Math.floor(total / 60);
  const rest = total % 60;
  if (rest === 0) return `${minutes} min`;
  return `${minutes}.${String(rest).padStart(2, '0')} min`;
}

/**
 * A duration in words, the tooltip beside SPEC §9's 'm.ss min' (which reads like a decimal):
 * 444 → '7 min 24 s', 3725 → '1 h 2 min 5 s', 60 → '1 min', 0 → '0 s'. Negative/non-numeric → ''.
 */
export function formatDurationWords(seconds: NumberInput): string {
  const total = wholeSeconds(seconds);
  if (total === null) return '';
  const parts: [number, string][] = [
    [Math.floor(total / 3600), 'h'],
    [Math.floor((total % 3600) / 60), 'min'],
    [total % 60, 's']
  ];
  const shown = parts.filter(([n]) => n > 0).map(([n, unit]) => `${n} ${unit}`);
  return shown.length > 0 ? shown.join(' ') : '0 s';
}

/** The full duration form HH:MM:SS; hours are not wrapped at 24. Negative/non-numeric → ''. */
export function formatHms(seconds: NumberInput): string {
  const total = wholeSeconds(seconds);
  if (total === null) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  return `${pad(h)}:${pad(m)}:${pad(total % 60)}`;
}

/** Moves the decimal point through the string form, so 1.005 is 100.5 and not 100.49999…. */
function shiftDecimal(n: number, places: number): number {
  const [mantissa, exponent = '0'] = String(n).split('e');
  return Number(`${mantissa}e${Number(exponent) + places}`);
}

/** Rounds to 2 decimals, half away from zero (1.005 → 1.01, -1.005 → -1.01). NaN stays NaN. */
export function round2(n: number): number {
  if (!Number.isFinite(n)) return n;
  const rounded = shiftDecimal(Math.round(shiftDecimal(Math.abs(n), 2)), -2);
  return n < 0 && rounded !== 0 ? -rounded : rounded;
}

const numberFormat = new Intl.NumberFormat('es-CO', { maximumFractionDigits: 2 });

/** es-CO grouping with at most 2 decimals (1234567.891 → '1.234.567,89'). Non-numeric → ''. */
export function formatNumber(value: NumberInput): string {
  const n = toNumber(value);
  if (!Number.isFinite(n)) return '';
  const rounded = round2(n);
  return numberFormat.format(rounded === 0 ? 0 : rounded);
}

/**
 * An indicator tile's value: percentages get the ' %' suffix (SPEC §9), durations (seconds) use
 * formatDuration, counts and scores formatNumber. Missing or non-numeric values show the tile
 * placeholder '--' (SPEC §4). Unknown ids are formatted as plain numbers.
 */
export function formatIndicator(id: string, value: NumberInput): string {
  const n = toNumber(value);
  if (!Number.isFinite(n)) return UI.indicatorPlaceholder;
  const kind = isIndicatorId(id) ? INDICATOR_KINDS[id] : 'count';
  if (kind === 'percent') return `${formatNumber(n)} %`;
  if (kind === 'duration') return formatDuration(n) || UI.indicatorPlaceholder;
  return formatNumber(n);
}

/** yyyy-MM-dd in local time, the filter's date format (SPEC §3). Invalid input → ''. */
export function toIsoDay(input: DateInput): string {
  return formatWith(input, 'yyyy-LL-dd');
}

/** Today as yyyy-MM-dd in local time (the filter's default dates). */
export function today(now: Date = new Date()): string {
  return toIsoDay(now);
}
