/** Helpers the list routes share: Spanish name order and timestamps as ISO text. */

const collator = new Intl.Collator('es', { sensitivity: 'base', numeric: true });

/**
 * Sorts by a name in Spanish order (accents and case ignored), then by id. Done in code, not SQL,
 * so PGlite and PostgreSQL (whose collations differ) answer the same order.
 */
export function byName<T>(rows: readonly T[], name: (row: T) => string, id: (row: T) => number): T[] {
  return [...rows].sort((a, b) => collator.compare(name(a), name(b)) || id(a) - id(b));
}

export function iso(date: Date): string {
  return date.toISOString();
}
