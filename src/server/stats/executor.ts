import { availableParallelism } from 'node:os';
import { sql, type SQL } from 'drizzle-orm';
import pLimit, { type LimitFunction } from 'p-limit';
import { PgDialect } from 'drizzle-orm/pg-core';
import { sqlState } from '../chat/tx';
import { rowsOf } from '../db/statements';
import type { Db } from '../db/types';
import { HttpError } from '../http/errors';
import { freshPlannerStatistics } from './planner-stats';
import type { Row } from './rows';

const dialect = new PgDialect();
/**
 * The statistics group and join hundreds of thousands of rows: with the default work_mem (4 MB)
 * their hash tables spill to disk. Raised for the statement's own transaction only.
 */
const WORK_MEM = sql.raw(`set local work_mem = '64MB'`);
/**
 * PostgreSQL compiles an expensive plan's expressions with LLVM first (jit, on by default above a
 * cost the statistics always reach): for these one-pass aggregates that compilation costs more
 * than it saves (measured on 1,000,000 conversations: TMO's summary 680 → 410 ms, the assistant's
 * totals 770 → 410 ms, the customers' summary about the same). Off for the statement's own
 * transaction; PGlite has no JIT and ignores it.
 */
const NO_JIT = sql.raw(`set local jit = off`);
/**
 * The longest a statistics or report statement may run on PostgreSQL before the engine cancels it:
 * far above what the heaviest allowed page takes on a million conversations (well under a second),
 * short enough that a reader cannot hold a connection and a core for minutes. PGlite accepts the
 * setting and ignores it (it has no timer to cancel with): there the filter's span limits are the
 * bound (src/shared/domain/filter.ts).
 */
export const STATEMENT_TIMEOUT_MS = 20_000;
/** The most rows one statement may answer: a larger answer is refused rather than built in memory. */
export const MAX_STATEMENT_ROWS = 200_000;
export const STATS_TEXT = {
  timeout: 'La consulta tardó demasiado y fue cancelada; reduzca el rango de fechas o agregue filtros',
  tooLarge: 'La consulta devuelve demasiados datos; reduzca el rango de fechas o agregue filtros'
} as const;
/** SQLSTATE query_canceled: the statement timeout fired. */
const QUERY_CANCELED = '57014';
/**
 * How long a statement waits before it starts, so that the other calls of the same page (fired
 * together, arriving within a few milliseconds) find it and wait for it instead of running their
 * own. It matters most on PGlite, which runs a statement on the event loop's thread: a statement
 * started at once would hold back the parsing of the page's other requests until it finished.
 */
export const GATHER_MS = 10;
const gather = () => new Promise<void>((resolve) => setTimeout(resolve, GATHER_MS));

/**
 * How many statistics statements one platform process runs at once on a database (ANALYTICS_CONCURRENCY;
 * default: one fewer than the machine's cores, at least one). Each heavy statement keeps a core of
 * the database busy; admitting them all at once lets four looping readers take every core and the
 * chat's small statements wait for CPU behind them (issue 18's figure). The others queue in this
 * process, not in the database, and the chat keeps the cores left. PGlite runs one statement at a
 * time anyway.
 */
export const ANALYTICS_CONCURRENCY = concurrencyFrom(process.env.ANALYTICS_CONCURRENCY);

export function concurrencyFrom(value: string | undefined, cores = availableParallelism()): number {
  const named = value === undefined || value.trim() === '' ? NaN : Number(value);
  if (Number.isInteger(named) && named >= 1 && named <= 1000) return named;
  return Math.max(1, cores - 1);
}

const admission = new WeakMap<Db, LimitFunction>();
function admit(db: Db): LimitFunction {
  let limit = admission.get(db);
  if (!limit) {
    limit = pLimit(ANALYTICS_CONCURRENCY);
    admission.set(db, limit);
  }
  return limit;
}

/** The statements running now, per database, by their text and parameters. */
const inFlight = new WeakMap<Db, Map<string, Promise<Row[]>>>();

function rows(result: unknown): Row[] {
  return rowsOf(result).filter((row): row is Row => row !== null && typeof row === 'object');
}

/**
 * Runs a statistics statement. An identical statement (same text, same parameters) already asked
 * for on the same database and not answered yet is not run again: the caller waits for it and gets
 * its rows. An analytics page fires its calls at once and several read the same summary
 * (summaries.ts), so the page costs one scan per summary. Nothing is kept once the statement has
 * answered: every call that comes after it reads the data afresh.
 */
export function runShared(db: Db, statement: SQL, timeoutMs: number = STATEMENT_TIMEOUT_MS): Promise<Row[]> {
  const query = dialect.sqlToQuery(statement);
  const key = `${timeoutMs}\u0000${query.sql}\u0000${JSON.stringify(query.params)}`;
  let running = inFlight.get(db);
  if (!running) {
    running = new Map();
    inFlight.set(db, running);
  }
  const existing = running.get(key);
  if (existing) return existing;
  const started = Promise.all([gather(), freshPlannerStatistics(db)]).then(() =>
    admit(db)(() =>
      db.transaction(async (tx) => {
        await tx.execute(WORK_MEM);
        await tx.execute(NO_JIT);
        await tx.execute(sql.raw(`set local statement_timeout = ${Math.max(1, Math.floor(timeoutMs))}`));
        return rows(await tx.execute(statement));
      })
    ).then(
      (answer) => {
        if (answer.length > MAX_STATEMENT_ROWS) throw new HttpError(422, STATS_TEXT.tooLarge);
        return answer;
      },
      (error: unknown) => {
        if (sqlState(error) === QUERY_CANCELED) throw new HttpError(503, STATS_TEXT.timeout);
        throw error;
      }
    )
  );
  const table = running;
  running.set(key, started);
  const forget = () => {
    if (table.get(key) === started) table.delete(key);
  };
  started.then(forget, forget);
  return started;
}
