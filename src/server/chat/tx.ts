import type { Db } from '../db/types';

/** PostgreSQL errors a transaction may simply run again: deadlock, serialization failure, lock not available. */
const RETRYABLE = new Set(['40P01', '40001', '55P03']);
const ATTEMPTS = 5;

/** The driver's error (SQLSTATE and constraint), also when Drizzle wraps it (DrizzleQueryError.cause). */
function driverError(error: unknown): { code: string; constraint: unknown } | null {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 4; depth++) {
    const code = 'code' in e ? e.code : undefined;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return { code, constraint: 'constraint' in e ? e.constraint : undefined };
    e = 'cause' in e ? e.cause : undefined;
  }
  return null;
}

/** The SQLSTATE of a driver error, also when Drizzle wraps it. */
export function sqlState(error: unknown): string | null {
  return driverError(error)?.code ?? null;
}

/** The constraint (or unique index) a unique violation names; null for any other error. */
export function uniqueViolationOf(error: unknown): string | null {
  const e = driverError(error);
  return e?.code === '23505' && typeof e.constraint === 'string' ? e.constraint : null;
}

/**
 * A message whose clientId another writer stored while this one ran (a retry of a send still in
 * flight, after a reconnect): the unique constraint refused the second copy. Running the work again
 * finds the stored message and answers it, as any repeat of a clientId is answered.
 */
export function isDuplicateClientId(error: unknown): boolean {
  const e = driverError(error);
  return e?.code === '23505' && e.constraint === 'messages_conv_client_unique';
}

/** A failure that running the transaction again from scratch resolves. */
function retryable(error: unknown): boolean {
  const state = sqlState(error);
  return (state !== null && RETRYABLE.has(state)) || isDuplicateClientId(error);
}

/**
 * Runs `fn` in one transaction, again (from scratch) when PostgreSQL aborts it for a deadlock, a
 * serialization failure or a racing duplicate of a message's clientId. `fn` must not touch the
 * root database handle: on PGlite that would wait for this very transaction forever.
 */
export async function inTransaction<T>(db: Db, fn: (tx: Db) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction((tx) => fn(tx));
    } catch (error) {
      if (attempt >= ATTEMPTS || !retryable(error)) throw error;
    }
  }
}
