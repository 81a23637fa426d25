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
const WORK_MEM = `set_config('work_mem', '64MB', true)`;
/**
 * PostgreSQL compiles an expensive plan's expressions with LLVM first (jit, on by default above a
 * cost the statistics always reach): for these one-pass aggregates that compilation costs more
 * than it saves (measured on 1,000,000 conversations: TMO's summary 680 → 410 ms, the assistant's
 * totals 770 → 410 ms, the customers' summary about the same). Off for the statement's own
 * transaction; PGlite has no JIT and ignores it.
 */
const NO_JIT = `set_config('jit', 'off', true)`;
/**
 * The longest a statistics or report statement may run on PostgreSQL before the engine cancels it:
 * far above what the heaviest allowed page takes on a million conversations (well under a second),
 * short enough that a reader cannot hold a connection and a core for minutes. PGlite accepts the
 * setting and ignores it (it has no timer to cancel with): there the filter's span limits are the
 * bound (src/shared/domain/filter.ts).
 */
export const STATEMENT_TIMEOUT_MS = 20_000;
/**
 * The statement's settings, for its own transaction only (set_config(…, true) is SET LOCAL), in one
 * statement: a round trip each would be a fixed cost of every call. The benchmark's bare SQL
 * (bareStatQuery) runs under them too: the same statement planned the same way.
 */
export function settings(timeoutMs: number = STATEMENT_TIMEOUT_MS): SQL {
  return sql.raw(`select ${WORK_MEM}, ${NO_JIT}, set_config('statement_timeout', '${Math.max(1, Math.floor(timeoutMs))}', true)`);
}
/** The most rows one statement may answer: a larger answer is refused rather than built in memory. */
export const MAX_STATEMENT_ROWS = 200_000;
export const STATS_TEXT = {
  timeout: 'La consulta tardó demasiado y fue cancelada; reduzca el rango de fechas o agregue filtros',
  tooLarge: 'La consulta devuelve demasiados datos; reduzca el rango de fechas o agregue filtros'
} as const;
/** SQLSTATE query_canceled: the statement timeout fired. */
const QUERY_CANCELED = '57014';
/**
 * Gathering a page's calls. An analytics page fires its calls at once and several read the same
 * summary; they should find each other's statement (runShared) rather than each run its own. On
 * PGlite a statement runs on the event loop's thread: one started at once holds back the rest of
 * the page's requests, which then reach the executor one after another, each after the statement it
 * could have shared has finished. A fixed wait before every statement avoided that but added its
 * length (~12 ms) to every call. Instead the statistics route announces each call the moment its
 * request is read (`expectCall`, before authentication, validation and the filter's reference
 * check, which take turns of the event loop) and says when it has named its statements or ended
 * without them; a statement waits only while other calls are known to be on their way, and at most
 * GATHER_MAX_MS. A call alone starts at once.
 */
export const GATHER_MAX_MS = 10;
/** An announced call not heard of for this long no longer holds statements back (a stuck request). */
const EXPECTED_STALE_MS = 2_000;

interface Gathering {
  /** Calls announced and not arrived yet, with when they were announced. */
  expected: Map<object, number>;
  /** Statements waiting for them. */
  waiting: Set<() => void>;
}
const gatherings = new WeakMap<Db, Gathering>();

function gatheringOf(db: Db): Gathering {
  let gathering = gatherings.get(db);
  if (!gathering) {
    gathering = { expected: new Map(), waiting: new Set() };
    gatherings.set(db, gathering);
  }
  return gathering;
}

function release(gathering: Gathering): void {
  for (const resume of [...gathering.waiting]) resume();
}

/**
 * A statistics call on `db` is on its way: its statements come soon. Answers the function to call
 * once it has named them (right before executeStat) or has ended without them; calling it again
 * does nothing.
 */
export function expectCall(db: Db): () => void {
  const gathering = gatheringOf(db);
  const token = {};
  gathering.expected.set(token, Date.now());
  return () => {
    if (!gathering.expected.delete(token)) return;
    if (gathering.expected.size === 0) release(gathering);
  };
}

/** How many announced calls on `db` have not arrived yet (what a statement would wait for). */
export function callsOnTheirWay(db: Db): number {
  return gatherings.get(db)?.expected.size ?? 0;
}

/** Resolves once no other announced call is on its way (at once when none is), or after GATHER_MAX_MS. */
function gathered(db: Db): Promise<void> | undefined {
  const gathering = gatherings.get(db);
  if (!gathering || gathering.expected.size === 0) return undefined;
  const stale = Date.now() - EXPECTED_STALE_MS;
  for (const [token, at] of gathering.expected) if (at < stale) gathering.expected.delete(token);
  if (gathering.expected.size === 0) return undefined;
  return new Promise<void>((resolve) => {
    const resume = () => {
      clearTimeout(timer);
      gathering.waiting.delete(resume);
      resolve();
    };
    const timer = setTimeout(resume, GATHER_MAX_MS);
    gathering.waiting.add(resume);
  });
}

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
  const started = Promise.all([gathered(db), freshPlannerStatistics(db)]).then(() =>
    admit(db)(() =>
      db.transaction(async (tx) => {
        await tx.execute(settings(timeoutMs));
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
