/**
 * Readers of the statistics rows. The SQL casts what it answers (::int, ::float8, text), so both
 * drivers (node-postgres, PGlite) hand back the same JS types; these check them instead of casting.
 */
export type Row = Record<string, unknown>;

function fail(column: string, value: unknown, expected: string): never {
  throw new Error(`statistics row: ${column} is ${JSON.stringify(value)}, expected ${expected}`);
}

export function int(row: Row, column: string): number {
  const value = row[column];
  if (typeof value === 'number' && Number.isInteger(value)) return value;
  // A bigint the SQL did not narrow (count(*) without ::int) arrives as text from node-postgres.
  if (typeof value === 'string' && /^-?\d+$/.test(value)) return Number(value);
  return fail(column, value, 'an integer');
}

export function numOrNull(row: Row, column: string): number | null {
  const value = row[column];
  if (value === null || value === undefined) return null;
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  return fail(column, value, 'a number or null');
}

export function str(row: Row, column: string): string {
  const value = row[column];
  if (typeof value === 'string') return value;
  return fail(column, value, 'a text');
}

export function strOrNull(row: Row, column: string): string | null {
  const value = row[column];
  if (value === null || value === undefined) return null;
  return str(row, column);
}

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** An instant the SQL formatted with isoText (scope.ts). */
export function isoOrNull(row: Row, column: string): string | null {
  const value = row[column];
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' && ISO.test(value)) return value;
  return fail(column, value, 'an ISO-8601 UTC timestamp');
}

export function iso(row: Row, column: string): string {
  return isoOrNull(row, column) ?? fail(column, null, 'a timestamp');
}

export function textList(row: Row, column: string): string[] {
  const value = row[column];
  if (value === null || value === undefined) return [];
  if (Array.isArray(value) && value.every((v) => typeof v === 'string')) return value;
  return fail(column, value, 'a text array');
}
