import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { inject } from 'vitest';
import pg from 'pg';
import type { DatabaseTarget } from '../../src/server/db/client';

export type Backend = 'pglite' | 'postgres';

/** PGlite always; PostgreSQL too when DATABASE_URL is set (each file gets its own database). */
export const BACKENDS: Backend[] = process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

export interface TestDatabase {
  target: DatabaseTarget;
  drop(): Promise<void>;
}

let template: Promise<Blob> | null = null;

/** The run's migrated PGlite image (tests/integration/global-setup.ts), read once per test file. */
function pgliteTemplate(): Promise<Blob> {
  template ??= readFile(inject('pgliteTemplatePath')).then((bytes) => new Blob([bytes]));
  return template;
}

/**
 * This run's migrated PostgreSQL database to clone (tests/integration/global-setup.ts), or null:
 * outside vitest (the bench) or when the run made none, a test database starts empty and the app
 * migrates it.
 */
function postgresTemplate(): string | null {
  return process.env.VITEST ? (inject('postgresTemplate') ?? null) : null;
}

/**
 * A fresh database with the migrations applied and no data: in-memory PGlite from the run's
 * migrated image, or a new PostgreSQL database (a clone of the run's migrated template; outside
 * vitest an empty one the app migrates) dropped afterwards.
 */
export async function createTestDatabase(backend: Backend): Promise<TestDatabase> {
  if (backend === 'pglite') return { target: { kind: 'pglite', dataDir: null, template: await pgliteTemplate() }, drop: async () => undefined };
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) throw new Error('DATABASE_URL is required for the PostgreSQL backend');
  const name = `atiende_test_${randomBytes(6).toString('hex')}`;
  const template = postgresTemplate();
  await withAdmin(adminUrl, (client) => client.query(template ? `create database ${name} template ${template}` : `create database ${name}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    target: { kind: 'postgres', url: url.toString() },
    drop: () => withAdmin(adminUrl, (client) => client.query(`drop database if exists ${name} with (force)`)).then(() => undefined)
  };
}

/** Runs `fn` on a connection of its own to `url`, closed after it. */
export async function withAdmin<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}
