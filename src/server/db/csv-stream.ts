import { Readable } from 'node:stream';
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { stringify } from 'csv-stringify/sync';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { rowsOf } from './statements';
import { FORMULA_ESCAPE, FORMULA_TRIGGERS, neutralizeFormula } from '../../shared/csv-formula';
import type { CsvDelimiter } from '../../shared/domain/report';
import type { Db } from './types';

/**
 * A report's rows as CSV, streamed from the database without holding them (issue 5): the query
 * names the CSV columns (each an SQL expression answering text, never null), the FROM … WHERE, and
 * a unique ascending key. The rows come in key order.
 *
 * Every column but a computed number is text and goes through the formula guard of
 * src/shared/csv-formula.ts whichever engine writes it; the query's column list says which columns
 * are numbers, once, for both.
 *
 * - PostgreSQL: one `COPY (SELECT …) TO STDOUT (FORMAT csv)` on a pooled connection, piped as the
 *   server sends it: the engine formats the CSV and guards the text columns (`formulaGuard` in the
 *   SELECT), nothing is parsed or buffered here.
 * - PGlite: the same columns in keyset batches (rows after the last key of the batch before), each
 *   batch formatted like COPY formats it (csv-stringify, an empty text quoted) and guarded by the
 *   writer (`csvLines`): a batch at a time in memory, and other statements (the live chat) run
 *   between batches on PGlite's one connection.
 */
export interface CsvColumn {
  value: SQL;
  /** A number the report computes (a count, milliseconds): written as it is, a minus sign and all. */
  number?: boolean;
}

export interface CsvQuery {
  columns: readonly CsvColumn[];
  /** `from … [join …] where …` (the PGlite batches append their keyset condition with `and`). */
  source: SQL;
  /** The ORDER BY expressions, unique together; compared as text literals cast back (::timestamptz, ::int…). */
  keys: readonly { expr: SQL; type: 'timestamptz' | 'text' | 'int' }[];
  /** The field separator (',' when absent); both engines quote a field that holds it. */
  delimiter?: CsvDelimiter;
}

export type CsvSource = (query: CsvQuery) => Readable;

const dialect = new PgDialect();

/** The query with its parameters written in as literals (COPY takes no parameters). The values are validated filter fields. */
export function inlineSql(statement: SQL): string {
  const { sql: text, params } = dialect.sqlToQuery(statement);
  return text.replace(/\$(\d+)/g, (_, n: string) => literal(params[Number(n) - 1]));
}

function literal(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error(`CSV query parameter ${value} is not a finite number`);
    return String(value);
  }
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'string') return pg.escapeLiteral(value);
  if (value instanceof Date) return pg.escapeLiteral(value.toISOString());
  throw new Error(`CSV query parameter of type ${typeof value} cannot be written as a literal`);
}

const list = (parts: readonly SQL[]): SQL => sql.join([...parts], sql`, `);

/** The formula triggers as a regular-expression bracket ('-' last, where it is itself). */
const TRIGGER_PATTERN = `^[${[...FORMULA_TRIGGERS].sort((a, b) => Number(a === '-') - Number(b === '-')).join('')}]`;

/**
 * `neutralizeFormula` in SQL, for the cells PostgreSQL's COPY writes itself: the apostrophe before
 * a leading trigger. One regexp_replace, so that the column (a subquery, at times) runs once.
 */
export function formulaGuard(text: SQL): SQL {
  return sql`regexp_replace(${text}, ${TRIGGER_PATTERN}, ${`${FORMULA_ESCAPE}\\&`})`;
}

/** The SELECT of a CSV query in key order (what COPY runs on PostgreSQL), its text columns guarded. */
export function csvSelect(query: CsvQuery): SQL {
  const columns = query.columns.map((c) => (c.number ? c.value : formulaGuard(c.value)));
  return sql`select ${list(columns)} ${query.source} order by ${list(query.keys.map((k) => k.expr))}`;
}

/**
 * CSV text of some rows, quoted as PostgreSQL's COPY … (FORMAT csv) quotes them, every field
 * formula-guarded but those of the columns `numbers` names (by index).
 */
export function csvLines(rows: readonly (readonly string[])[], delimiter: CsvDelimiter = ',', numbers: ReadonlySet<number> = new Set()): string {
  if (rows.length === 0) return '';
  const guarded = rows.map((row) => row.map((field, i) => (numbers.has(i) ? field : neutralizeFormula(field))));
  return stringify(guarded, { delimiter, quoted_empty: true, record_delimiter: '\n' });
}

/** PostgreSQL: COPY TO STDOUT on a connection of its own (no statement timeout), given back to the pool when the COPY ended (dropped when it did not). */
export function postgresCsvSource(pool: pg.Pool): CsvSource {
  return (query) => {
    // The delimiter is one of CSV_DELIMITERS (validated), written as a literal: COPY takes no parameters.
    const text = `COPY (${inlineSql(csvSelect(query))}) TO STDOUT WITH (FORMAT csv, DELIMITER ${pg.escapeLiteral(query.delimiter ?? ',')})`;
    async function* copy(): AsyncGenerator<Buffer> {
      const client = await pool.connect();
      let complete = false;
      try {
        // The pool's statement timeout (client.ts, reportsSettings) bounds a statistic, not an export:
        // a COPY lasts as long as its reader takes to save the file. Lifted for its own transaction.
        await client.query('begin; set local statement_timeout = 0');
        for await (const chunk of client.query(copyTo(text))) yield chunk as Buffer;
        await client.query('commit');
        complete = true;
      } finally {
        // A connection left mid-COPY (an error, or the reader went away) cannot serve another query.
        client.release(complete ? undefined : new Error('CSV export ended before the COPY did'));
      }
    }
    return Readable.from(copy(), { objectMode: false });
  };
}

/** Rows per batch on PGlite: a batch is read, formatted and sent before the next one is asked for. */
export const PGLITE_CSV_BATCH = 5000;

/** PGlite: keyset batches through the query builder's driver, formatted and guarded here. */
export function pgliteCsvSource(db: Db, batchSize: number = PGLITE_CSV_BATCH): CsvSource {
  return (query) => {
    const keyAliases = query.keys.map((_, i) => sql.raw(`k${i}`));
    const columnAliases = query.columns.map((_, i) => `c${i}`);
    const numbers = new Set(query.columns.flatMap((c, i) => (c.number ? [i] : [])));
    let last: string[] | null = null;
    let done = false;

    async function* batches(): AsyncGenerator<string> {
      while (!done) {
        const after =
          last === null
            ? sql`true`
            : sql`(${list(query.keys.map((k) => k.expr))}) > (${list(query.keys.map((k, i) => sql`${last?.[i] ?? ''}::${sql.raw(k.type)}`))})`;
        const statement = sql`select ${list(query.columns.map((c, i) => sql`${c.value} as ${sql.raw(columnAliases[i] ?? '')}`))},
            ${list(query.keys.map((k, i) => sql`(${k.expr})::text as ${keyAliases[i]}`))}
          ${query.source} and ${after}
          order by ${list(query.keys.map((k) => k.expr))}
          limit ${batchSize}`;
        const rows = rowsOf(await db.execute(statement)) as Record<string, unknown>[];
        if (rows.length < batchSize) done = true;
        const lastRow = rows[rows.length - 1];
        if (lastRow) last = query.keys.map((_, i) => String(lastRow[`k${i}`]));
        const text = csvLines(
          rows.map((row) => columnAliases.map((alias) => String(row[alias] ?? ''))),
          query.delimiter,
          numbers
        );
        if (text !== '') yield text;
      }
    }
    return Readable.from(batches(), { objectMode: false });
  };
}
