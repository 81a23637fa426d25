import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { createClient } from 'redis';
import type { TestProject } from 'vitest/node';
import { defaultMigrationsFolder } from '../../src/server/db/migrations-folder';
import { ensureWidgetBundle } from '../../scripts/widget-bundle';
import { withAdmin } from '../support/database';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated, empty PGlite data directory image (tests/support/database.ts starts every in-memory test database from it). */
    pgliteTemplatePath: string;
    /**
     * With DATABASE_URL: the name of this run's migrated, empty PostgreSQL database, which
     * tests/support/database.ts clones (CREATE DATABASE … TEMPLATE) for every PostgreSQL test
     * database; null without DATABASE_URL.
     */
    postgresTemplate: string | null;
    /**
     * The start of every Redis name this run's platforms use (tests/support/app.ts adds the worker):
     * test files running at once, and other runs on the same Redis, never hear each other's
     * broadcasts, count each other as instances or share a throttle. Its keys go at the end.
     */
    redisKeyPrefix: string;
  }
}

/**
 * Once per run: an in-memory PGlite, migrated and nothing else, dumped to a file; and, with
 * DATABASE_URL, a migrated PostgreSQL database of a name of this run's own, dropped at the end. A
 * database started from either skips the migrations (seconds each); the app still runs them as it
 * starts and finds them applied. What a test's own configuration decides (the demo data, its
 * clock) each app still does as it starts.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // The server imports the customer widget's build (src/server/widget/bundle.generated.js).
  await ensureWidgetBundle();
  const dir = await mkdtemp(join(tmpdir(), 'atiende-pglite-'));
  const client = new PGlite();
  try {
    await migrate(drizzle({ client }), { migrationsFolder: defaultMigrationsFolder() });
    const image = await client.dumpDataDir('none');
    const path = join(dir, 'template.tar');
    await writeFile(path, new Uint8Array(await image.arrayBuffer()));
    project.provide('pgliteTemplatePath', path);
  } finally {
    await client.close();
  }
  const adminUrl = process.env.DATABASE_URL;
  const postgresTemplate = adminUrl ? await migratedPostgresTemplate(adminUrl) : null;
  project.provide('postgresTemplate', postgresTemplate);
  const redisKeyPrefix = `atiende-test:${randomBytes(6).toString('hex')}:`;
  project.provide('redisKeyPrefix', redisKeyPrefix);
  return async () => {
    await rm(dir, { recursive: true, force: true });
    await dropRedisKeys(process.env.REDIS_URL, redisKeyPrefix);
    if (adminUrl && postgresTemplate) await withAdmin(adminUrl, (admin) => admin.query(`drop database if exists ${postgresTemplate} with (force)`));
  };
}

/**
 * Creates and migrates this run's PostgreSQL template, then closes every connection to it and
 * forbids new ones: PostgreSQL refuses to clone a database someone is connected to (several
 * workers cloning it at once is fine while nobody is).
 */
async function migratedPostgresTemplate(adminUrl: string): Promise<string> {
  const name = `atiende_template_${randomBytes(6).toString('hex')}`;
  await withAdmin(adminUrl, (admin) => admin.query(`create database ${name}`));
  try {
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    await withAdmin(url.toString(), (client) => migratePg(drizzlePg({ client }), { migrationsFolder: defaultMigrationsFolder() }));
    await withAdmin(adminUrl, (admin) => admin.query(`alter database ${name} with allow_connections false`));
  } catch (error) {
    await withAdmin(adminUrl, (admin) => admin.query(`drop database if exists ${name} with (force)`));
    throw error;
  }
  return name;
}

/** Deletes the keys under `prefix` (this run's), when a Redis was given; one that does not answer is left alone. */
async function dropRedisKeys(url: string | undefined, prefix: string): Promise<void> {
  if (!url) return;
  const client = createClient({ url, socket: { connectTimeout: 2000, reconnectStrategy: false } });
  client.on('error', () => undefined);
  try {
    await client.connect();
    for await (const keys of client.scanIterator({ MATCH: `${prefix}*`, COUNT: 500 })) if (keys.length > 0) await client.del(keys);
  } catch {
    // Nothing to clean where no Redis answers.
  } finally {
    client.destroy();
  }
}
