import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

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

/** A value as a SQL literal: node-postgres's escapeLiteral for text, digits for integers. */
function literal(value: StatementValue): string {
  if (value === null) return 'null';
  if (typeof value === 'number') return String(value); // an integer: checked() ran first
  return pg.escapeLiteral(value);
}

/**
 * PGlite: the statement is PREPAREd once in its single session, then each run is one EXECUTE with
 * the values as literals (escaped by node-postgres), a single round trip into the engine that
 * neither parses nor plans the statement again — about half the time of a parameterised query.
 */
export function pgliteStatements(client: PGlite): RunStatement {
  const prepared = new Map<string, Promise<unknown>>();
  return async (statement, values) => {
    checked(statement, values);
    let ready = prepared.get(statement.name);
    if (!ready) {
      ready = client.exec(`prepare ${statement.name}(${statement.types.join(', ')}) as ${statement.text}`);
      prepared.set(statement.name, ready);
      ready.catch(() => prepared.delete(statement.name));
    }
    await ready;
    const [result] = await client.exec(`execute ${statement.name}(${values.map(literal).join(', ')})`);
    return (result?.rows ?? []) as Record<string, unknown>[];
  };
}

/** The rows of a query builder's db.execute: node-postgres and PGlite both answer { rows }. */
export function rowsOf(result: unknown): unknown[] {
  if (result && typeof result === 'object' && 'rows' in result && Array.isArray(result.rows)) return result.rows;
  return [];
}
