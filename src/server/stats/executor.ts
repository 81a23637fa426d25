import { availableParallelism } from 'node:os';
import type { SQL } from 'drizzle-orm';
import pLimit, { type LimitFunction } from 'p-limit';
import { PgDialect } from 'drizzle-orm/pg-core';
import { sqlState } from '../chat/tx';
import { rowsOf } from '../db/statements';
import type { Db } from '../db/types';
import { HttpError } from '../http/errors';
import { freshPlannerStatistics } from './planner-stats';
import type { Row } from './rows';

const dialect = new PgDialect();
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

/** A statement running now; its key (text and parameters) is written only once another statement could share it. */
interface Running {
  statement: SQL;
  key?: string;
  answer: Promise<Row[]>;
}

/** The statements running now, per database. */
const inFlight = new WeakMap<Db, Set<Running>>();

function keyOf(statement: SQL): string {
  const query = dialect.sqlToQuery(statement);
  return `${query.sql}\u0000${JSON.stringify(query.params)}`;
}

function rows(result: unknown): Row[] {
  return rowsOf(result).filter((row): row is Row => row !== null && typeof row === 'object');
}

/**
 * Runs a statistics statement. An identical statement (same text, same parameters) already asked
 * for on the same database and not answered yet is not run again: the caller waits for it and gets
 * its rows. An analytics page fires its calls at once and several read the same summary
 * (summaries.ts), so the page costs one scan per summary. Nothing is kept once the statement has
 * answered: every call that comes after it reads the data afresh. A statement that runs alone never
 * has its text written twice (the driver writes it): keys are written when a second one arrives.
 * `db` is the statistics' database (services.reportsDb), whose connections carry the statistics'
 * settings (db/client.ts, reportsSettings).
 */
export function runShared(db: Db, statement: SQL): Promise<Row[]> {
  let running = inFlight.get(db);
  if (!running) {
    running = new Set();
    inFlight.set(db, running);
  }
  let key: string | undefined;
  if (running.size > 0) {
    key = keyOf(statement);
    for (const other of running) {
      other.key ??= keyOf(other.statement);
      if (other.key === key) return other.answer;
    }
  }
  // The statement then waits for a quiet moment of the chat (db/priority.ts: services.reportsDb's handle).
  const answer = Promise.all([gathered(db), freshPlannerStatistics(db)]).then(() =>
    admit(db)(async () => rows(await db.execute(statement))).then(
      (found) => {
        if (found.length > MAX_STATEMENT_ROWS) throw new HttpError(422, STATS_TEXT.tooLarge);
        return found;
      },
      (error: unknown) => {
        if (sqlState(error) === QUERY_CANCELED) throw new HttpError(503, STATS_TEXT.timeout);
        throw error;
      }
    )
  );
  const entry: Running = { statement, answer, ...(key === undefined ? {} : { key }) };
  const table = running;
  table.add(entry);
  const forget = () => table.delete(entry);
  answer.then(forget, forget);
  return answer;
}
