import type { z } from 'zod';
import { endpoints } from '../../shared/api/catalogue';
import { rowsOf } from '../db/statements';
import type { Db } from '../db/types';
import { parseInput } from '../http/validation';
import { agentStatesSql } from './agent-states';
import { runShared } from './executor';
import { freshPlannerStatistics } from './planner-stats';
import { STAT_QUERIES } from './registry';
import { dayRange, withDefaultDays } from './scope';
import { STAT_KEYS, type StatInput, type StatKey, type StatQuery } from './types';

type Answer<K extends StatKey> = ReturnType<StatQuery<K>['shape']>;

/** The input of a statistic from its parsed query and path; the day range comes from start/end (today without them). */
export function statInput<K extends StatKey>(idOrg: number, query: StatInput<K>['query'], params: StatInput<K>['params'], now: Date): StatInput<K> {
  const days: Record<string, unknown> = query && typeof query === 'object' && 'start' in query ? query : withDefaultDays({}, now);
  return { idOrg, query, params, range: dayRange(String(days.start), String(days.end)), now };
}

function statements<K extends StatKey>(key: K, input: StatInput<K>) {
  const query = STAT_QUERIES[key] as StatQuery<K>;
  const built = query.sql(input);
  return { query, list: Array.isArray(built) ? built : [built] };
}

/** Runs one statistic on validated input (its statements at once, shared with identical ones running) and shapes the answer. */
export async function executeStat<K extends StatKey>(db: Db, key: K, input: StatInput<K>): Promise<Answer<K>> {
  const { query, list } = statements(key, input);
  const [rows = [], ...more] = await Promise.all(list.map((statement) => runShared(db, statement)));
  return query.shape(rows, input, more) as Answer<K>;
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
  options: { params?: Record<string, unknown>; now?: Date } = {}
): Promise<Answer<K>> {
  return executeStat(db, key, parseStatInput(key, idOrg, query, options.params ?? {}, options.now ?? new Date()));
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
  const { list } = statements(key, parseStatInput(key, idOrg, query, {}, new Date()));
  const results: unknown[][] = [];
  for (const statement of list) results.push(rowsOf(await db.execute(statement)));
  return results;
}
