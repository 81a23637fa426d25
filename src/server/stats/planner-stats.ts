import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { rowsOf } from '../db/statements';
import type { Db } from '../db/types';

/**
 * The statistics need the planner's own statistics (row counts, value distributions) to choose
 * hash joins over nested loops on hundreds of thousands of rows, and the visibility map to answer
 * from the covering indexes alone. PostgreSQL's autovacuum keeps both, when it runs; PGlite runs
 * no autovacuum at all, and a bulk load (the demo data, a generator) can come faster than it does.
 * So before a statistics statement, at most once a minute per database, the tables the statistics
 * read are checked, and the stale ones analysed (never analysed, or grown by more than a fifth
 * since) and vacuumed (less than half their pages known all-visible) — what autovacuum would do.
 */
export const STATISTICS_TABLES = [
  'conversations',
  'bot_interactions',
  'customers',
  'conversation_business_reasons',
  'conversation_final_reasons',
  'integration_calls',
  'notifications_log',
  // The daily totals (totals.ts): customer_day_totals holds about one row per conversation.
  'conversation_day_totals',
  'customer_day_totals',
  'bot_day_totals',
  'conversation_intent_totals',
  'customer_channel_day_totals',
  'channel_day_customers',
  'conversation_hour_totals',
  'reason_day_totals'
] as const;

const CHECK_EVERY_MS = 60_000;
/** Below this many pages (8 MB) a table is read whole in a blink: not worth a vacuum. */
const VACUUM_MIN_PAGES = 1000;

const TableState = z.object({
  name: z.enum(STATISTICS_TABLES),
  reltuples: z.coerce.number(),
  relpages: z.coerce.number(),
  allvisible: z.coerce.number(),
  pages: z.coerce.number()
});

const checks = new WeakMap<Db, { at: number; done: Promise<void> }>();

/** Runs a job unless another process is running the same one (Database.exclusive); answers whether it ran. */
export type ExclusiveRun = (key: number, job: () => Promise<void>) => Promise<boolean>;
/** An arbitrary, fixed advisory-lock key: "atiende planner statistics". */
export const PLANNER_STATISTICS_LOCK_KEY = 7_424_716_302;
const exclusives = new WeakMap<Db, ExclusiveRun>();

/**
 * Several platform processes on one PostgreSQL: the check (and the VACUUM or ANALYZE it starts)
 * runs in one of them at a time; a process that finds another one at it goes on with the planner
 * statistics as they are, and checks again a minute later.
 */
export function shareRefreshes(db: Db, exclusive: ExclusiveRun): void {
  exclusives.set(db, exclusive);
}

/** Resolves once the statistics tables have fresh planner statistics (a check at most once a minute). */
export function freshPlannerStatistics(db: Db, now = Date.now()): Promise<void> {
  const last = checks.get(db);
  if (last && now - last.at < CHECK_EVERY_MS) return last.done;
  // A failed check (a permission, a lock timeout) only leaves the planner with older statistics.
  const exclusive = exclusives.get(db);
  const work = exclusive ? exclusive(PLANNER_STATISTICS_LOCK_KEY, () => refresh(db)) : refresh(db);
  const done = work.then(
    () => undefined,
    () => undefined
  );
  checks.set(db, { at: now, done });
  return done;
}

async function refresh(db: Db): Promise<void> {
  const names = sql.join(
    STATISTICS_TABLES.map((name) => sql`${name}`),
    sql`, `
  );
  const result = await db.execute(sql`
    select c.relname as name, c.reltuples, c.relpages, c.relallvisible as allvisible,
      pg_relation_size(c.oid) / current_setting('block_size')::int as pages
    from pg_class c
    where c.relkind = 'r' and c.relnamespace = 'public'::regnamespace and c.relname in (${names})`);
  const tables = rowsOf(result).flatMap((row) => {
    const parsed = TableState.safeParse(row);
    return parsed.success ? [parsed.data] : [];
  });
  const stale = tables.filter((t) => t.reltuples < 0 || t.pages > t.relpages * 1.2 + 100);
  const unvacuumed = tables.filter((t) => t.pages >= VACUUM_MIN_PAGES && t.allvisible < t.pages / 2);
  // Statement by statement: VACUUM cannot run inside a transaction block, and each table is its own.
  for (const table of unvacuumed) await db.execute(sql.raw(`vacuum (analyze) ${table.name}`));
  const toAnalyze = stale.filter((t) => !unvacuumed.includes(t));
  if (toAnalyze.length > 0) await db.execute(sql.raw(`analyze ${toAnalyze.map((t) => t.name).join(', ')}`));
}
