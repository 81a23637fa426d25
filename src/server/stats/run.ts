import type { SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { endpoints } from '../../shared/api/catalogue';
import { RESOLUTIONS } from '../../shared/domain/filter';
import { rowsOf } from '../db/statements';
import type { Db } from '../db/types';
import { parseInput } from '../http/validation';
import { agentStatesSql } from './agent-states';
import { runShared } from './executor';
import { freshPlannerStatistics } from './planner-stats';
import { STAT_QUERIES } from './registry';
import type { Row } from './rows';
import { bucketLabelsSql, bucketSlices, type Resolution } from './series';
import { dayRange, withDefaultDays } from './scope';
import { STAT_KEYS, type StatInput, type StatKey, type StatQuery } from './types';

type Answer<K extends StatKey> = ReturnType<StatQuery<K>['shape']>;

/** The input of a statistic from its parsed query and path; the day range comes from start/end (today without them). */
export function statInput<K extends StatKey>(idOrg: number, query: StatInput<K>['query'], params: StatInput<K>['params'], now: Date): StatInput<K> {
  const days: Record<string, unknown> = query && typeof query === 'object' && 'start' in query ? query : withDefaultDays({}, now);
  return { idOrg, query, params, range: dayRange(String(days.start), String(days.end)), now };
}

function statements<K extends StatKey>(key: K, input: StatInput<K>): readonly SQL[] {
  const query = STAT_QUERIES[key] as StatQuery<K>;
  const resolution = seriesResolution(query, input);
  return resolution === undefined ? listed(query, input) : [...listed(query, input), bucketLabelsSql(input.range, resolution)];
}

/** The statistic's own statements (a series' without its labels). */
function listed<K extends StatKey>(query: StatQuery<K>, input: StatInput<K>): readonly SQL[] {
  const built = query.sql(input);
  return Array.isArray(built) ? built : [built as SQL];
}

/** A series' resolution (StatQuery.perBucket); undefined for any other statistic. */
function seriesResolution<K extends StatKey>(query: StatQuery<K>, input: StatInput<K>): Resolution | undefined {
  return query.perBucket === true ? resolutionOf(input.query) : undefined;
}

/** The rows of each of the statistic's statements, run at once (each shared with an identical one running). */
function runAll(db: Db, list: readonly SQL[]): Promise<Row[][]> {
  return Promise.all(list.map((statement) => runShared(db, statement)));
}

/**
 * A series read one bucket-aligned slice of its range after another (series.ts, bucketSlices):
 * each of its statements' rows, the slices' rows in order, then the labels of the whole range (one
 * statement beside the slices). Each slice's statements are short and the chat's statements pass
 * between them (db/priority.ts): a statement already running is never interrupted, on PGlite it
 * holds the event loop's thread and on PostgreSQL a core the chat shares.
 */
async function runSliced<K extends StatKey>(db: Db, query: StatQuery<K>, input: StatInput<K>, resolution: Resolution): Promise<Row[][]> {
  const labels = runShared(db, bucketLabelsSql(input.range, resolution));
  // Its failure is the slices' too; awaited after them, it must not go unhandled meanwhile.
  labels.catch(() => undefined);
  const joined: Row[][] = [];
  for (const range of bucketSlices(input.range, resolution)) {
    const found = await runAll(db, listed(query, { ...input, range }));
    found.forEach((rows, i) => {
      const all = (joined[i] ??= []);
      for (const row of rows) all.push(row);
    });
  }
  return [...joined, await labels];
}

export interface ExecuteOptions {
  /** Read a series a slice of its range at a time (default true; false reads the whole range in one statement: the tests' reference). */
  sliced?: boolean;
}

/** Runs one statistic on validated input (its statements at once, shared with identical ones running; a series a slice at a time) and shapes the answer. */
export async function executeStat<K extends StatKey>(db: Db, key: K, input: StatInput<K>, options: ExecuteOptions = {}): Promise<Answer<K>> {
  const query = STAT_QUERIES[key] as StatQuery<K>;
  const resolution = seriesResolution(query, input);
  const [rows = [], ...more] =
    options.sliced !== false && resolution !== undefined ? await runSliced(db, query, input, resolution) : await runAll(db, statements(key, input));
  return query.shape(rows, input, more) as Answer<K>;
}

function resolutionOf(query: unknown): Resolution | undefined {
  if (query === null || typeof query !== 'object' || !('resolution' in query)) return undefined;
  const { resolution } = query;
  return (RESOLUTIONS as readonly unknown[]).includes(resolution) ? (resolution as Resolution) : undefined;
}

export function isStatKey(key: string): key is StatKey {
  return (STAT_KEYS as readonly string[]).includes(key);
}

/** Parses a raw query (and path) with the catalogue's schemas (400 in Spanish when invalid); start and end default to today. */
function parseStatInput<K extends StatKey>(key: K, idOrg: number, query: unknown, params: Record<string, unknown>, now: Date): StatInput<K> {
  const schemas: { query?: z.ZodType; params?: z.ZodType } = endpoints[key];
  const parsedQuery = parseInput(schemas.query, withDefaultDays(query, now)) as StatInput<K>['query'];
  const parsedParams = parseInput(schemas.params, { idOrg, id: idOrg, ...params }) as StatInput<K>['params'];
  return statInput<K>(idOrg, parsedQuery, parsedParams, now);
}

/** One statistic of `idOrg` from a raw query, as the route answers it (without HTTP, token or role checks). */
export async function runStat<K extends StatKey>(
  db: Db,
  key: K,
  idOrg: number,
  query: unknown,
  options: { params?: Record<string, unknown>; now?: Date } & ExecuteOptions = {}
): Promise<Answer<K>> {
  return executeStat(db, key, parseStatInput(key, idOrg, query, options.params ?? {}, options.now ?? new Date()), options);
}

/**
 * The statistic's SQL alone, run bare on the engine, each statement on its own in turn (never
 * shared): the rows, unshaped. `db` is the statistics' database (services.reportsDb), whose
 * connections carry the settings a call runs under (db/client.ts, reportsSettings: the same plans).
 * The benchmark's baseline for the call `key`: a catalogue entry of STAT_KEYS, or
 * agentConnectionStates (served by routes/agent-state.ts; agent-states.ts holds its statement).
 */
export async function bareStatQuery(db: Db, key: string, idOrg: number, query: unknown): Promise<unknown> {
  if (key === 'agentConnectionStates') return rowsOf(await db.execute(agentStatesSql(idOrg)));
  if (!isStatKey(key)) throw new Error(`bareStatQuery: ${key} is not a statistic of src/server/stats`);
  await freshPlannerStatistics(db);
  const results: unknown[][] = [];
  for (const statement of statements(key, parseStatInput(key, idOrg, query, {}, new Date()))) results.push(rowsOf(await db.execute(statement)));
  return results;
}
