import { mkdir } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import * as schema from './schema';
import { pgliteCsvSource, postgresCsvSource, type CsvSource } from './csv-stream';
import { priority, prioritised, watchPool } from './priority';
import { pgliteStatements, poolStatements, type RunStatement } from './statements';
import type { Db } from './types';

/**
 * Where the data lives: PGlite in a directory (or in memory when dataDir is null), or PostgreSQL.
 * `template`: a PGlite data directory image (dumpDataDir) an in-memory database starts from instead
 * of running initdb, which costs seconds; the test suites make one, migrated, per run.
 */
export type DatabaseTarget = { kind: 'pglite'; dataDir: string | null; template?: Blob } | { kind: 'postgres'; url: string };

/** Connections of the chat's pool on PostgreSQL (the live chat, the settings, sign-ins: short statements). */
export const MAIN_POOL_SIZE = 10;
/**
 * Connections of the reports' pool on PostgreSQL (REPORTS_POOL_SIZE): statistics and CSV exports.
 * Three: two exports under way (each holds its connection until its client has read the file)
 * still leave one for the statistics pages.
 */
export const DEFAULT_REPORTS_POOL_SIZE = 3;
/** What pg_stat_activity shows as application_name for each pool's connections. */
export const APPLICATION_NAME = { chat: 'atiende', reports: 'atiende-reports' } as const;

/**
 * The longest a statistics or report statement may run on PostgreSQL before the engine cancels it:
 * far above what the heaviest allowed page takes on a million conversations (well under a second),
 * short enough that a reader cannot hold a connection and a core for minutes. PGlite accepts the
 * setting and ignores it (it has no timer to cancel with): there the filter's span limits are the
 * bound (src/shared/domain/filter.ts). A CSV export's COPY is exempt (csv-stream.ts).
 */
export const STATEMENT_TIMEOUT_MS = 20_000;

/**
 * What every statistics statement runs under, given to the connections it runs on when they open
 * (the reports' pool on PostgreSQL, PGlite's one connection), so that a statement is one round trip:
 * no transaction around it, no statement to set them (each would be a fixed cost of every call).
 *  - work_mem: the statistics group and join hundreds of thousands of rows; with the default (4 MB)
 *    their hash tables spill to disk, and a NOT IN over a large subquery is not hashed and takes minutes;
 *  - jit off: PostgreSQL compiles an expensive plan's expressions with LLVM first, and for these
 *    one-pass aggregates that costs more than it saves (measured on 1,000,000 conversations: TMO's
 *    summary 680 → 410 ms, the assistant's totals 770 → 410 ms); PGlite has no JIT;
 *  - statement_timeout (PostgreSQL only).
 */
export function reportsSettings(timeoutMs: number = STATEMENT_TIMEOUT_MS): { work_mem: string; jit: string; statement_timeout: string } {
  return { work_mem: '64MB', jit: 'off', statement_timeout: String(Math.max(1, Math.floor(timeoutMs))) };
}

export interface DatabaseOptions {
  /** PostgreSQL: how many connections statistics and report exports may hold at once (default DEFAULT_REPORTS_POOL_SIZE). */
  reportsPoolSize?: number;
  /** PostgreSQL: the reports' statement timeout (default STATEMENT_TIMEOUT_MS). */
  reportsStatementTimeoutMs?: number;
}

/**
 * Where statistics and report exports run. On PostgreSQL a pool of its own, small, beside the
 * chat's: however many analysts export a million rows or loop the heaviest statistics, they wait
 * for one of these connections and never take the chat's (issue 21). On PGlite the one connection
 * (and the same handle) as everything else.
 */
export interface ReportsDatabase {
  db: Db;
  csv: CsvSource;
}

export interface Database {
  db: Db;
  kind: DatabaseTarget['kind'];
  /** The hot path's prepared statements (statements.ts). */
  statement: RunStatement;
  /** Report rows as CSV, streamed (csv-stream.ts), on the reports' connections. */
  csv: CsvSource;
  /** Statistics and report exports (their own small pool on PostgreSQL). */
  reports: ReportsDatabase;
  /** Whether the chat's statements are running or ran within the last moments (priority.ts chatActive). */
  chatActive(): boolean;
  /**
   * Runs `job` unless another process (or this one) is running the job of the same key on this
   * database at the moment, and answers whether it ran. PostgreSQL: a session advisory lock tried
   * on a connection held for the job (pg_try_advisory_lock; the job's own statements use the pool).
   * PGlite: one process owns the database, so only this process's runs are kept apart.
   */
  exclusive(key: number, job: () => Promise<void>): Promise<boolean>;
  /**
   * Runs the migrations, then `afterMigrate`, while holding a database-wide lock, so that several
   * server instances starting at once on one PostgreSQL migrate and seed exactly once.
   */
  prepare(migrationsFolder: string, afterMigrate: (db: Db) => Promise<void>): Promise<void>;
  close(): Promise<void>;
}

/** An arbitrary, fixed key for pg_advisory_lock: "atiende start-up". */
const STARTUP_LOCK_KEY = 7_424_716_301;

export async function openDatabase(target: DatabaseTarget, options: DatabaseOptions = {}): Promise<Database> {
  const settings = reportsSettings(options.reportsStatementTimeoutMs);
  return target.kind === 'pglite'
    ? openPglite(target.dataDir, target.template, settings.work_mem)
    : openPostgres(target.url, options.reportsPoolSize ?? DEFAULT_REPORTS_POOL_SIZE, settings);
}

/** Per key, the run under way in this process. */
function localExclusion(): (key: number, job: () => Promise<void>) => Promise<boolean> {
  const running = new Set<number>();
  return async (key, job) => {
    if (running.has(key)) return false;
    running.add(key);
    try {
      await job();
      return true;
    } finally {
      running.delete(key);
    }
  };
}

async function openPglite(dataDir: string | null, template: Blob | undefined, workMem: string): Promise<Database> {
  if (dataDir) await mkdir(dataDir, { recursive: true });
  const client = dataDir ? new PGlite(dataDir) : new PGlite(template ? { loadDataDir: template } : {});
  // The statistics' work_mem (reportsSettings) for the one connection: the chat's small statements
  // never reach it, and it is an upper bound per sort or hash, not an allocation.
  await client.exec(`set work_mem = ${pg.escapeLiteral(workMem)}`);
  // One engine, two sides: the chat's statements go first, the statistics' and reports' wait for a
  // quiet moment (priority.ts) and run one at a time.
  const turns = priority();
  const entryPoints = ['query', 'exec', 'transaction'];
  const db = drizzlePglite({ client: prioritised(client, turns.chat, entryPoints), schema });
  const reportsDb = drizzlePglite({ client: prioritised(client, turns.background, entryPoints), schema });
  const csv = pgliteCsvSource(reportsDb);
  return {
    db,
    kind: 'pglite',
    statement: pgliteStatements(client, turns.chat),
    csv,
    reports: { db: reportsDb, csv },
    chatActive: turns.chatActive,
    exclusive: localExclusion(),
    async prepare(migrationsFolder, afterMigrate) {
      // PGlite is a single connection owned by this process: nothing else can race us.
      await migratePglite(db, { migrationsFolder });
      await afterMigrate(db);
    },
    close: () => client.close()
  };
}

/**
 * A pool that outlives its connections: a backend that goes away (a server restart, a failover,
 * pg_terminate_backend) errors its client, which the pool then drops and replaces at the next
 * checkout. Idle clients are watched by the pool ('error' on the pool); a client checked out
 * between two statements (a transaction waiting on this process, a COPY's reader) gets its error
 * on the client itself, and an 'error' event nobody listens to would end the process — so every
 * client listens for good. The statement that was running fails and its caller answers an error;
 * the next one gets a live connection.
 */
function resilientPool(
  url: string,
  max: number,
  applicationName: string,
  { settings = {}, idleTimeoutMillis }: { settings?: Record<string, string>; idleTimeoutMillis?: number } = {}
): pg.Pool {
  // Settings travel in the start-up packet: the connection has them before its first statement.
  const options = Object.entries(settings)
    .map(([name, value]) => `-c ${name}=${value}`)
    .join(' ');
  // idleTimeoutMillis left undefined is the driver's default (10 s).
  const pool = new pg.Pool({ connectionString: url, max, application_name: applicationName, idleTimeoutMillis, ...(options ? { options } : {}) });
  pool.on('error', () => undefined);
  pool.on('connect', (client) => {
    client.on('error', () => undefined);
  });
  return pool;
}

async function openPostgres(url: string, reportsPoolSize: number, settings: Record<string, string>): Promise<Database> {
  // The chat's connections stay open once opened (idle timeout 0; the driver's default closes one
  // idle for 10 s): at a human pace a message seldom needs a second or third connection at once,
  // so those sat idle past 10 s, were closed, and the next message that needed one waited for a
  // new backend (connect, authenticate, start) and for its hot statements to be parsed and planned
  // again — the chat bench's PostgreSQL run opened 17 connections for the pool's 10. At most
  // MAIN_POOL_SIZE per process, as before; a connection that breaks is still dropped and replaced.
  const pool = resilientPool(url, MAIN_POOL_SIZE, APPLICATION_NAME.chat, { idleTimeoutMillis: 0 });
  const reportsPool = resilientPool(url, reportsPoolSize, APPLICATION_NAME.reports, { settings });
  // The chat goes first (priority.ts): a statistics statement (the reports' pool's query, which the
  // query builder uses) waits while the chat's pool has a connection out and for a moment after.
  // A CSV export's COPY checks its connection out itself and is not held back.
  const turns = priority({ backgroundSlots: Infinity });
  watchPool(pool, turns);
  const db = drizzlePg({ client: pool, schema });
  const reportsDb = drizzlePg({ client: prioritised(reportsPool, turns.background, ['query']), schema });
  const csv = postgresCsvSource(reportsPool);
  const local = localExclusion();
  return {
    db,
    kind: 'postgres',
    statement: poolStatements(pool),
    csv,
    reports: { db: reportsDb, csv },
    chatActive: turns.chatActive,
    exclusive: (key, job) =>
      local(key, async () => {
        const client = await pool.connect();
        let broken: Error | undefined;
        try {
          const locked = await client.query<{ locked: boolean }>('select pg_try_advisory_lock($1::bigint) as locked', [key]);
          if (locked.rows[0]?.locked !== true) throw new NotOurs();
          try {
            await job();
          } finally {
            await client.query('select pg_advisory_unlock($1::bigint)', [key]).catch((error: unknown) => {
              // A connection that cannot unlock must not go back to the pool still holding the lock.
              broken = error instanceof Error ? error : new Error(String(error));
            });
          }
        } finally {
          client.release(broken);
        }
      }).catch((error: unknown) => {
        if (error instanceof NotOurs) return false;
        throw error;
      }),
    async prepare(migrationsFolder, afterMigrate) {
      const client = await pool.connect();
      try {
        const locked = drizzlePg({ client, schema });
        await locked.execute(sql`select pg_advisory_lock(${STARTUP_LOCK_KEY})`);
        try {
          await migratePg(locked, { migrationsFolder });
          await afterMigrate(locked);
        } finally {
          await locked.execute(sql`select pg_advisory_unlock(${STARTUP_LOCK_KEY})`);
        }
      } finally {
        client.release();
      }
    },
    close: async () => {
      await Promise.all([pool.end(), reportsPool.end()]);
    }
  };
}

/** Another process holds the job's lock. */
class NotOurs extends Error {}
