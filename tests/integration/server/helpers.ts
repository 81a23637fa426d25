import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { inject } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { decodeJwt } from 'jose';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../../../src/server/app';
import { baseConfig, type ServerConfig } from '../../../src/server/config';
import type { DatabaseTarget } from '../../../src/server/db/client';
import { users } from '../../../src/server/db/schema';
import { DEMO_PASSWORD } from '../../../src/server/demo/demo-data';

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

/** A fresh, empty database: in-memory PGlite (from the run's migrated image), or a new PostgreSQL database dropped afterwards. */
export async function createTestDatabase(backend: Backend): Promise<TestDatabase> {
  if (backend === 'pglite') return { target: { kind: 'pglite', dataDir: null, template: await pgliteTemplate() }, drop: async () => undefined };
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) throw new Error('DATABASE_URL is required for the PostgreSQL backend');
  const name = `atiende_test_${randomBytes(6).toString('hex')}`;
  await withAdmin(adminUrl, (client) => client.query(`create database ${name}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    target: { kind: 'postgres', url: url.toString() },
    drop: () => withAdmin(adminUrl, (client) => client.query(`drop database if exists ${name} with (force)`)).then(() => undefined)
  };
}

async function withAdmin<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/**
 * Limits far above what the tests do from 127.0.0.1 (they sign in and send back to back all day);
 * the production defaults stay as they are, and tests/integration/server/abuse-limits.test.ts and
 * tests/integration/realtime/socket-limits.test.ts pass them explicitly.
 */
export const TEST_RATE_LIMITS: Pick<ServerConfig, 'authRateLimit' | 'signInFailedAccountsMax' | 'socketRateLimits' | 'widgetConnectLimit' | 'ldapProbeLimit'> = {
  authRateLimit: { max: 1_000_000, windowSeconds: 60 },
  signInFailedAccountsMax: 1_000_000,
  ldapProbeLimit: { max: 1_000_000, windowSeconds: 60 },
  widgetConnectLimit: { max: 1_000_000, windowSeconds: 60 },
  socketRateLimits: { messages: { burst: 1_000_000, perSecond: 1_000_000 }, events: { burst: 1_000_000, perSecond: 1_000_000 } }
};

export function testConfig(target: DatabaseTarget, overrides: Partial<ServerConfig> = {}): ServerConfig {
  // The engine's sweeper stays off unless a test asks for it: it would close a fixture's old conversations mid-test.
  // No generated conversations either: each test builds the ones it counts.
  return { ...baseConfig({}), ...TEST_RATE_LIMITS, port: 0, host: '127.0.0.1', database: target, sweepIntervalMs: 0, demoConversations: 0, ...overrides };
}

export interface TestPlatform {
  app: FastifyInstance;
  close(): Promise<void>;
}

/** A ready app on a fresh database of `backend`. */
export async function createTestApp(backend: Backend, overrides: Partial<ServerConfig> = {}): Promise<TestPlatform> {
  const database = await createTestDatabase(backend);
  try {
    const app = await buildApp(testConfig(database.target, overrides));
    return {
      app,
      close: async () => {
        await app.close();
        await database.drop();
      }
    };
  } catch (error) {
    await database.drop();
    throw error;
  }
}

export function login(app: FastifyInstance, email: string, password: string = DEMO_PASSWORD): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'POST', url: '/api/auth', payload: { email, password } });
}

export interface Session {
  token: string;
  refreshToken: string;
}

/** Signs in and returns the pair; fails the test if sign-in fails. */
export async function signIn(app: FastifyInstance, email: string, password: string = DEMO_PASSWORD): Promise<Session> {
  const res = await login(app, email, password);
  if (res.statusCode !== 200) throw new Error(`Sign-in of ${email} answered ${res.statusCode}: ${res.body}`);
  return res.json<Session>();
}

export function bearer(token: string): { authorization: string } {
  return { authorization: `Bearer ${token}` };
}

export function claimsOf(token: string): Record<string, unknown> {
  return decodeJwt(token);
}

export async function userRow(app: FastifyInstance, email: string) {
  const [row] = await app.db.select().from(users).where(eq(users.email, email));
  if (!row) throw new Error(`No user ${email}`);
  return row;
}
