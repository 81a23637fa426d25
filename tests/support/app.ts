import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { decodeJwt } from 'jose';
import { inject } from 'vitest';
import { eq } from 'drizzle-orm';
import { buildApp } from '../../src/server/app';
import { baseConfig, type ServerConfig } from '../../src/server/config';
import type { DatabaseTarget } from '../../src/server/db/client';
import { users } from '../../src/server/db/schema';
import { DEMO_PASSWORD } from '../../src/server/demo/demo-data';
import { createTestDatabase, type Backend } from './database';

/**
 * Limits far above what the tests do from 127.0.0.1 (they sign in and send back to back all day);
 * the production defaults stay as they are, and tests/integration/server/auth-throttle.test.ts and
 * tests/integration/realtime/socket-limits.test.ts pass them explicitly.
 */
export const TEST_RATE_LIMITS: Pick<ServerConfig, 'authRateLimit' | 'signInFailedAccountsMax' | 'socketRateLimits' | 'widgetConnectLimit' | 'ldapProbeLimit'> = {
  authRateLimit: { max: 1_000_000, windowSeconds: 60 },
  signInFailedAccountsMax: 1_000_000,
  ldapProbeLimit: { max: 1_000_000, windowSeconds: 60 },
  widgetConnectLimit: { max: 1_000_000, windowSeconds: 60 },
  socketRateLimits: { messages: { burst: 1_000_000, perSecond: 1_000_000 }, events: { burst: 1_000_000, perSecond: 1_000_000 } }
};

/**
 * The start of every Redis name of this worker's platforms: the run's (tests/integration/global-setup.ts)
 * and the worker's, so that files running at once in other workers stay apart; the platforms of one
 * file share it, as instances of one platform do. Outside vitest (the bench): none.
 */
export const TEST_REDIS_KEY_PREFIX = process.env.VITEST ? `${inject('redisKeyPrefix') ?? 'atiende-test:'}${process.env.VITEST_POOL_ID ?? '0'}:` : '';

export function testConfig(target: DatabaseTarget, overrides: Partial<ServerConfig> = {}): ServerConfig {
  // The engine's sweeper stays off unless a test asks for it: it would close a fixture's old conversations mid-test.
  // No generated conversations either: each test builds the ones it counts.
  return { ...baseConfig({}), ...TEST_RATE_LIMITS, port: 0, host: '127.0.0.1', database: target, sweepIntervalMs: 0, demoConversations: 0, redisKeyPrefix: TEST_REDIS_KEY_PREFIX, ...overrides };
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
