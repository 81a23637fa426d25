import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../../../src/server/app';
import { rowsOf } from '../../../src/server/db/statements';
import { LIVENESS_PATH, READINESS_PATH, type Readiness } from '../../../src/server/routes/health';
import { OwnRedis, redisServerAvailable, REDIS_SERVER_PATH } from '../../support/redis';
import { eventually } from '../../support/platform';
import { BACKENDS, createTestDatabase, type TestDatabase } from '../../support/database';
import { createTestApp, testConfig, type TestPlatform } from '../../support/app';

/** Issue 21: the probes HAProxy (npm run cluster) and any orchestrator use. */
describe.each(BACKENDS)('health routes (%s)', (backend) => {
  let platform: TestPlatform;

  beforeAll(async () => {
    platform = await createTestApp(backend);
  });
  afterAll(async () => {
    await platform?.close();
  });

  it('liveness answers 200 without credentials', async () => {
    const res = await platform.app.inject({ method: 'GET', url: LIVENESS_PATH });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('readiness: database reachable and migrated, no Redis configured; only states, nothing personal', async () => {
    const res = await platform.app.inject({ method: 'GET', url: READINESS_PATH });
    expect(res.statusCode).toBe(200);
    expect(res.json<Readiness>()).toEqual({ status: 'ok', checks: { database: 'ok', redis: 'off', migrations: 'ok' } });
  });

  it('readiness is 503 while the newest migration this build ships is not recorded as applied', async () => {
    const db = platform.app.db;
    const newest = await db.execute(sql`select id, hash, created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`);
    const row = rowsOf(newest)[0] as { id: number; hash: string; created_at: string };
    await db.execute(sql`delete from drizzle.__drizzle_migrations where id = ${row.id}`);
    try {
      const res = await platform.app.inject({ method: 'GET', url: READINESS_PATH });
      expect(res.statusCode).toBe(503);
      expect(res.json<Readiness>()).toEqual({ status: 'unavailable', checks: { database: 'ok', redis: 'off', migrations: 'pending' } });
    } finally {
      await db.execute(sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${row.id}, ${row.hash}, ${row.created_at})`);
    }
    expect((await platform.app.inject({ method: 'GET', url: READINESS_PATH })).statusCode).toBe(200);
  });
});

const DATABASE_URL = process.env.DATABASE_URL;

describe.skipIf(!DATABASE_URL)('readiness when PostgreSQL refuses connections (needs DATABASE_URL)', () => {
  let database: TestDatabase;
  let app: Awaited<ReturnType<typeof buildApp>>;
  const dbName = () => new URL((database.target as { url: string }).url).pathname.slice(1);
  const admin = async (text: string) => {
    const client = new pg.Client({ connectionString: DATABASE_URL });
    await client.connect();
    try {
      await client.query(text);
    } finally {
      await client.end();
    }
  };

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    app = await buildApp(testConfig(database.target));
  });
  afterAll(async () => {
    await app?.close();
    if (database) await admin(`alter database ${dbName()} allow_connections true`).catch(() => undefined);
    await database?.drop();
  });

  it('answers 503 with the database in error, then 200 again once it accepts connections', async () => {
    await admin(`alter database ${dbName()} allow_connections false`);
    await admin(`select pg_terminate_backend(pid) from pg_stat_activity where datname = '${dbName()}'`);
    const down = await app.inject({ method: 'GET', url: READINESS_PATH });
    expect(down.statusCode).toBe(503);
    expect(down.json<Readiness>().checks.database).toBe('error');
    // Liveness is about the process only.
    expect((await app.inject({ method: 'GET', url: LIVENESS_PATH })).statusCode).toBe(200);

    await admin(`alter database ${dbName()} allow_connections true`);
    await eventually(async () => {
      const up = await app.inject({ method: 'GET', url: READINESS_PATH });
      expect(up.json<Readiness>()).toEqual({ status: 'ok', checks: { database: 'ok', redis: 'off', migrations: 'ok' } });
      expect(up.statusCode).toBe(200);
    });
  });
});

if (!DATABASE_URL || !redisServerAvailable) {
  console.warn(`readiness with Redis skipped: it needs DATABASE_URL (PostgreSQL) and redis-server at ${REDIS_SERVER_PATH} (REDIS_SERVER_PATH)`);
}

describe.skipIf(!DATABASE_URL || !redisServerAvailable)('readiness with Redis (needs DATABASE_URL and redis-server)', () => {
  let database: TestDatabase;
  let redis: OwnRedis;
  let app: Awaited<ReturnType<typeof buildApp>>;

  beforeAll(async () => {
    redis = await OwnRedis.start();
    database = await createTestDatabase('postgres');
    app = await buildApp(testConfig(database.target, { redisUrl: redis.url }));
  });
  afterAll(async () => {
    await app?.close();
    await database?.drop();
    await redis?.down();
  });

  it('is ready with Redis answering, 503 while Redis is down, and ready again when it is back', async () => {
    const up = await app.inject({ method: 'GET', url: READINESS_PATH });
    expect(up.statusCode).toBe(200);
    expect(up.json<Readiness>().checks).toEqual({ database: 'ok', redis: 'ok', migrations: 'ok' });

    await redis.down();
    await eventually(async () => {
      const down = await app.inject({ method: 'GET', url: READINESS_PATH });
      expect(down.statusCode).toBe(503);
      expect(down.json<Readiness>().checks).toEqual({ database: 'ok', redis: 'error', migrations: 'ok' });
    });

    await redis.up();
    await eventually(async () => {
      const again = await app.inject({ method: 'GET', url: READINESS_PATH });
      expect(again.json<Readiness>().checks.redis).toBe('ok');
      expect(again.statusCode).toBe(200);
    }, 20_000);
  });
});
