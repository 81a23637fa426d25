import type { Db } from '../db/types';

/** PostgreSQL errors a transaction may simply run again: deadlock, serialization failure, lock not available. */
const RETRYABLE = new Set(['40P01', '40001', '55P03']);
const ATTEMPTS = 5;

/** The SQLSTATE of a driver error, also when Drizzle wraps it (DrizzleQueryError.cause). */
export function sqlState(error: unknown): string | null {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 4; depth++) {
    const code = 'code' in e ? e.code : undefined;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    e = 'cause' in e ? e.cause : undefined;
  }
  return null;
}

/**
 * Runs `fn` in one transaction, again (from scratch) when PostgreSQL aborts it for a deadlock or a
 * serialization failure. `fn` must not touch the root database handle: on PGlite that would wait
 * for this very transaction forever.
 */
export async function inTransaction<T>(db: Db, fn: (tx: Db) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction((tx) => fn(tx));
    } catch (error) {
      const state = sqlState(error);
      if (attempt >= ATTEMPTS || state === null || !RETRYABLE.has(state)) throw error;
    }
  }
}
