import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { rowsOf } from '../db/statements';
import type { Db } from '../db/types';

export const LIVENESS_PATH = '/health/live';
export const READINESS_PATH = '/health/ready';

/** A check that has not answered by then counts as failed: a load balancer's probe must not hang. */
export const HEALTH_CHECK_TIMEOUT_MS = 2000;

export type CheckState = 'ok' | 'error' | 'off' | 'pending';

/** The readiness answer: each dependency's state, nothing else (no names, addresses or data). */
export interface Readiness {
  status: 'ok' | 'unavailable';
  checks: { database: CheckState; redis: CheckState; migrations: CheckState };
}

export interface HealthProbes {
  db: Db;
  /** The migrations folder the platform was migrated from (its journal names the newest migration). */
  migrationsFolder: string;
  /** PING to Redis when the platform shares socket.io rooms on one; null without Redis. */
  pingRedis: (() => Promise<void>) | null;
}

interface Journal {
  entries: { idx: number; when: number; tag: string }[];
}

const journals = new Map<string, Promise<number>>();

/** The newest migration's timestamp in the folder's journal (drizzle-kit's meta/_journal.json), read once per folder. */
function newestMigration(folder: string): Promise<number> {
  let newest = journals.get(folder);
  if (!newest) {
    newest = readFile(join(folder, 'meta', '_journal.json'), 'utf8').then((text) => {
      const journal = JSON.parse(text) as Journal;
      return Math.max(0, ...journal.entries.map((entry) => entry.when));
    });
    journals.set(folder, newest);
  }
  return newest;
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer in ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/**
 * The database is reachable, Redis answers (when configured), and the database has every migration
 * this build ships: drizzle's migrator records each applied one with its journal timestamp in
 * drizzle.__drizzle_migrations, so the newest recorded must be at least the journal's newest.
 */
export async function checkReadiness(probes: HealthProbes, timeoutMs = HEALTH_CHECK_TIMEOUT_MS): Promise<Readiness> {
  const expected = await newestMigration(probes.migrationsFolder);
  const database = withTimeout(probes.db.execute(sql`select 1`), timeoutMs).then(
    (): CheckState => 'ok',
    (): CheckState => 'error'
  );
  const migrations = withTimeout(probes.db.execute(sql`select max(created_at) as newest from drizzle.__drizzle_migrations`), timeoutMs).then(
    (result): CheckState => {
      const row = rowsOf(result)[0] as { newest?: unknown } | undefined;
      const newest = Number(row?.newest ?? 0);
      return newest >= expected ? 'ok' : 'pending';
    },
    (): CheckState => 'error'
  );
  const redis =
    probes.pingRedis ?
      withTimeout(probes.pingRedis(), timeoutMs).then(
        (): CheckState => 'ok',
        (): CheckState => 'error'
      )
    : Promise.resolve<CheckState>('off');
  const checks = { database: await database, redis: await redis, migrations: await migrations };
  const ok = checks.database === 'ok' && checks.migrations === 'ok' && (checks.redis === 'ok' || checks.redis === 'off');
  return { status: ok ? 'ok' : 'unavailable', checks };
}

/**
 * Unauthenticated probes for a load balancer or an orchestrator (HAProxy's health check in
 * `npm run cluster`). Liveness: the process answers HTTP (its event loop runs). Readiness: it can
 * serve — 200 when every check passes, 503 otherwise (and while the platform closes: Fastify
 * answers 503 to every request then). Neither says anything personal nor how to reach a dependency.
 */
export function registerHealthRoutes(app: FastifyInstance, probes: HealthProbes): void {
  app.get(LIVENESS_PATH, async () => ({ status: 'ok' }));
  app.get(READINESS_PATH, async (_request, reply) => {
    const readiness = await checkReadiness(probes);
    return reply.code(readiness.status === 'ok' ? 200 : 503).send(readiness);
  });
}
