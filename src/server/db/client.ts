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
import { pgliteStatements, poolStatements, type RunStatement } from './statements';
import type { Db } from './types';

/**
 * Where the data lives: PGlite in a directory (or in memory when dataDir is null), or PostgreSQL.
 * `template`: a PGlite data directory image (dumpDataDir) an in-memory database starts from instead
 * of running initdb, which costs seconds; the test suites make one, migrated, per run.
 */
export type DatabaseTarget = { kind: 'pglite'; dataDir: string | null; template?: Blob } | { kind: 'postgres'; url: string };

export interface Database {
  db: Db;
  kind: DatabaseTarget['kind'];
  /** The hot path's prepared statements (statements.ts). */
  statement: RunStatement;
  /** Report rows as CSV, streamed (csv-stream.ts). */
  csv: CsvSource;
  /**
   * Runs the migrations, then `afterMigrate`, while holding a database-wide lock, so that several
   * server instances starting at once on one PostgreSQL migrate and seed exactly once.
   */
  prepare(migrationsFolder: string, afterMigrate: (db: Db) => Promise<void>): Promise<void>;
  close(): Promise<void>;
}

/** An arbitrary, fixed key for pg_advisory_lock: "atiende start-up". */
const STARTUP_LOCK_KEY = 7_424_716_301;

export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  return target.kind === 'pglite' ? openPglite(target.dataDir, target.template) : openPostgres(target.url);
}

async function openPglite(dataDir: string | null, template?: Blob): Promise<Database> {
  if (dataDir) await mkdir(dataDir, { recursive: true });
  const client = dataDir ? new PGlite(dataDir) : new PGlite(template ? { loadDataDir: template } : {});
  const db = drizzlePglite({ client, schema });
  return {
    db,
    kind: 'pglite',
    statement: pgliteStatements(client),
    csv: pgliteCsvSource(db),
    async prepare(migrationsFolder, afterMigrate) {
      // PGlite is a single connection owned by this process: nothing else can race us.
      await migratePglite(db, { migrationsFolder });
      await afterMigrate(db);
    },
    close: () => client.close()
  };
}

async function openPostgres(url: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle client that errors (server restart) must not crash the process.
  pool.on('error', () => undefined);
  const db = drizzlePg({ client: pool, schema });
  return {
    db,
    kind: 'postgres',
    statement: poolStatements(pool),
    csv: postgresCsvSource(pool),
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
    close: () => pool.end()
  };
}
