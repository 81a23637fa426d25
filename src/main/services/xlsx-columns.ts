import { restoreFormula } from '../../shared/csv-formula';

/**
 * What each column of a report's workbook is (xlsx-export.ts), decided once per column, never per
 * cell: a timestamp at 00:00:00 is still a timestamp, and a customer who types a date as a name
 * still gets text. The header says which columns are amounts and durations (identification
 * numbers must stay text, which their digits alone cannot tell); the first rows say which hold
 * SPEC §9 timestamps ('DD/MM/YYYY HH:mm:ss') or days ('DD/MM/YYYY'), and how wide each must be.
 */
export type ColumnKind = 'text' | 'number' | 'duration' | 'timestamp' | 'day';

export interface XlsxColumn {
  kind: ColumnKind;
  /** Excel's width, in characters of the default font. */
  width: number;
  /** No value in the rows the layout saw: the first value that comes decides (timestamp, day or text). */
  pending?: boolean;
}

export const FORMATS = {
  timestamp: 'dd/mm/yyyy hh:mm:ss',
  day: 'dd/mm/yyyy',
  duration: '[h]:mm:ss'
} as const;

/** Rows read (and held) before the columns are laid out: enough to see each column's values, few enough to hold. */
export const LAYOUT_SAMPLE_ROWS = 1000;

const TIMESTAMP = /^(\d{2})\/(\d{2})\/(\d{4}) (\d{2}):(\d{2}):(\d{2})$/;
const DAY = /^(\d{2})\/(\d{2})\/(\d{4})$/;
const DURATION = /^(\d+):([0-5]\d):([0-5]\d)$/;
const INTEGER = /^-?\d{1,15}$/;
/** Columns whose digits are an amount, not an identifier. */
const NUMBER_HEADERS = new Set(['Interacciones', 'Duración (ms)']);

const MIN_WIDTH = 12;
const MAX_WIDTH = 60;
/** Room around the text (the bold header, the cell's padding). */
const PADDING = 2;
/** What a date cell shows is its format's length ('dd/mm/yyyy hh:mm:ss' shows 19 characters). */
const SHOWN_LENGTH: Partial<Record<ColumnKind, number>> = { timestamp: FORMATS.timestamp.length, day: FORMATS.day.length };

function headerKind(header: string): ColumnKind | null {
  if (NUMBER_HEADERS.has(header)) return 'number';
  if (header.startsWith('Duración')) return 'duration';
  return null;
}

/** A date column's kind when every value of `values` is that kind of date; else text. */
function dateKind(values: readonly string[]): ColumnKind {
  if (values.every((v) => TIMESTAMP.test(v))) return 'timestamp';
  if (values.every((v) => DAY.test(v))) return 'day';
  return 'text';
}

/** The longest line a cell of these values shows (a business-reasons cell holds line breaks). */
function longestLine(values: readonly string[]): number {
  let longest = 0;
  for (const value of values) for (const line of restoreFormula(value).split('\n')) longest = Math.max(longest, line.length);
  return longest;
}

/**
 * The columns of `headers` from the first rows (`sample`); `complete` when the sample is the whole
 * report. A column with no value in the sample of a longer report waits for its first value, and
 * meanwhile gets room for a timestamp, the widest value a column of ours shows.
 */
export function layoutColumns(headers: readonly string[], sample: readonly (readonly string[])[], complete: boolean): XlsxColumn[] {
  return headers.map((header, i) => {
    const values = sample.map((row) => row[i] ?? '').filter((v) => v !== '');
    const pending = values.length === 0 && !complete && headerKind(header) === null;
    const kind = headerKind(header) ?? (values.length === 0 ? 'text' : dateKind(values));
    const shown = pending ? FORMATS.timestamp.length : (SHOWN_LENGTH[kind] ?? longestLine(values));
    const width = Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, header.length + PADDING, shown + PADDING));
    return pending ? { kind, width, pending } : { kind, width };
  });
}

/** A pending column's kind, from its first value. */
export function settle(column: XlsxColumn, text: string): void {
  if (!column.pending || text === '') return;
  column.kind = dateKind([text]);
  delete column.pending;
}

/**
 * The cell value of one CSV field in a column of `kind`. Dates are written as the wall-clock reading
 * the platform gave (as UTC, which is how exceljs turns a Date into Excel's zone-less serial), so
 * the cell shows the same day and time as the CSV. Text is shown as it was typed: the apostrophe
 * the CSV's formula guard put before it is taken off (a text cell is never evaluated).
 */
export function cellValue(text: string, kind: ColumnKind): string | number | Date | null {
  if (text === '') return null;
  if (kind === 'timestamp') {
    const ts = TIMESTAMP.exec(text);
    if (ts) return new Date(Date.UTC(Number(ts[3]), Number(ts[2]) - 1, Number(ts[1]), Number(ts[4]), Number(ts[5]), Number(ts[6])));
  }
  if (kind === 'day') {
    const day = DAY.exec(text);
    if (day) return new Date(Date.UTC(Number(day[3]), Number(day[2]) - 1, Number(day[1])));
  }
  if (kind === 'duration') {
    const d = DURATION.exec(text);
    // Excel's durations are fractions of a day.
    if (d) return (Number(d[1]) * 3600 + Number(d[2]) * 60 + Number(d[3])) / 86_400;
  }
  // The platform's computed numbers are never guarded.
  if (kind === 'number') return INTEGER.test(text) ? Number(text) : text;
  return restoreFormula(text);
}

/** The number format of a typed cell of the column (none for text and counts). */
export function formatOf(kind: ColumnKind): string | undefined {
  return kind === 'timestamp' || kind === 'day' || kind === 'duration' ? FORMATS[kind] : undefined;
}
