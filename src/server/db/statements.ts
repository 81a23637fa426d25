import { parse, protocol, type PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import type { Turn } from './priority';

/**
 * A statement with a fixed text and typed parameters ($1 … $n), kept prepared under `name`: on
 * each PostgreSQL connection (the driver's named statements), and once in PGlite (PREPARE).
 */
export interface Statement {
  /** A lower-case SQL identifier, unique per statement text. */
  name: string;
  text: string;
  /** The SQL type of each parameter, in order. */
  types: readonly string[];
}

/** What a statement takes: text, integers and null (dates travel as ISO text). */
export type StatementValue = string | number | null;

/**
 * Runs one fixed statement straight through the driver (no query builder, rows as the driver
 * parses them): for the few statements on the chat's hot path, where the builder's cost shows.
 */
export type RunStatement = (statement: Statement, values: readonly StatementValue[]) => Promise<Record<string, unknown>[]>;

const IDENTIFIER = /^[a-z_][a-z0-9_]{0,62}$/;

function checked(statement: Statement, values: readonly StatementValue[]): void {
  if (!IDENTIFIER.test(statement.name)) throw new Error(`statement name ${statement.name} is not an identifier`);
  if (values.length !== statement.types.length) throw new Error(`statement ${statement.name} takes ${statement.types.length} values, got ${values.length}`);
  for (const value of values) if (typeof value === 'number' && !Number.isSafeInteger(value)) throw new Error(`statement value ${value} is not an integer`);
}

/** node-postgres: a named statement is parsed and planned once per pooled connection. */
export function poolStatements(pool: pg.Pool): RunStatement {
  return async (statement, values) => {
    checked(statement, values);
    return (await pool.query<Record<string, unknown>>({ name: statement.name, text: statement.text, values: [...values] })).rows;
  };
}

/**
 * PGlite: the statement is PREPAREd once in its single session; then each run is ONE call into the
 * engine carrying Bind (the values as text, which the parameter types read: no SQL quoting), Describe,
 * Execute and Sync — neither parsed nor planned again, no SQL text to parse, and one call where
 * `exec` makes two. PGlite runs such raw protocol messages outside its locks, so the run takes both
 * of them as `exec` does: the transaction lock too, else it would land inside a transaction another
 * caller has open on the one session (runExclusive takes only the query lock). `turn` is the chat's
 * turn (priority.ts): these are the chat's statements, asked for ahead of the statistics'.
 * No filesystem sync after the run: the platform's PGlite lives in memory or on Node's filesystem
 * (openPglite), whose syncToFs does nothing (it is for the browser's IndexedDB); asking for it
 * anyway took a lock and made promises on every chat message.
 */
export function pgliteStatements(client: PGlite, turn: Turn): RunStatement {
  const prepared = new Map<string, Promise<unknown>>();
  const { serialize } = protocol;
  // What follows every Bind is the same bytes each time: serialised once.
  const describeExecuteSync = Buffer.concat([serialize.describe({ type: 'P' }), serialize.execute({}), serialize.sync()]);
  return (statement, values) => turn(async () => {
    checked(statement, values);
    let ready = prepared.get(statement.name);
    if (!ready) {
      ready = client.exec(`prepare ${statement.name}(${statement.types.join(', ')}) as ${statement.text}`);
      prepared.set(statement.name, ready);
      ready.catch(() => prepared.delete(statement.name));
    }
    await ready;
    const message = Buffer.concat([serialize.bind({ statement: statement.name, values: values.map((v) => (v === null ? null : String(v))) }), describeExecuteSync]);
    const { messages } = await client._runExclusiveTransaction(() => client._runExclusiveQuery(() => client.execProtocol(message, { syncToFs: false })));
    return (parse.parseResults(messages, client.parsers)[0]?.rows ?? []) as Record<string, unknown>[];
  });
}

/** The rows of a query builder's db.execute: node-postgres and PGlite both answer { rows }. */
export function rowsOf(result: unknown): unknown[] {
  if (result && typeof result === 'object' && 'rows' in result && Array.isArray(result.rows)) return result.rows;
  return [];
}
