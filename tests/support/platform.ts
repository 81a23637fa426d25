import { afterAll, beforeAll } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app';
import type { ServerConfig } from '../../src/server/config';
import type { DatabaseTarget } from '../../src/server/db/client';
import { testConfig } from './app';
import { createTestDatabase, type Backend, type TestDatabase } from './database';
import type { TestClient } from './clients';

/** A fixed, hand-moved clock: the engine's "now" everywhere (tests never wait on wall-clock timers). */
export class TestClock {
  constructor(public now: Date) {}
  read = (): Date => new Date(this.now.getTime());
  advanceMinutes(minutes: number): Date {
    this.now = new Date(this.now.getTime() + minutes * 60_000);
    return this.now;
  }
  advanceMs(ms: number): Date {
    this.now = new Date(this.now.getTime() + ms);
    return this.now;
  }
}

/** Monday 2 March 2026, 10:00 in Bogotá. */
export const MONDAY_10AM = new Date('2026-03-02T15:00:00.000Z');

export interface Running {
  app: FastifyInstance;
  url: string;
  port: number;
  close(): Promise<void>;
}

/**
 * Builds the platform on `target` and listens on loopback: on `port`, or a free one (the
 * sweeper's timer off: tests sweep by hand).
 */
export async function listenPlatform(target: DatabaseTarget, clock: TestClock, overrides: Partial<ServerConfig> = {}, port = 0): Promise<Running> {
  const app = await buildApp(testConfig(target, { clock: clock.read, sweepIntervalMs: 0, ...overrides }));
  try {
    await app.listen({ port, host: '127.0.0.1' });
  } catch (error) {
    await app.close();
    throw error;
  }
  const address = app.server.address();
  const bound = typeof address === 'object' && address ? address.port : port;
  let closing: Promise<void> | undefined;
  return { app, url: `http://127.0.0.1:${bound}`, port: bound, close: () => (closing ??= app.close()) };
}

/** A describe block's platform: listening on a fresh database at a test clock from Monday 10:00. */
export interface BlockPlatform {
  readonly platform: Running;
  readonly database: TestDatabase;
  readonly clock: TestClock;
  /** Sockets the tests open; closed after the block. */
  readonly clients: TestClient[];
}

/**
 * Registers, in the calling describe block, a listening platform on a fresh `backend` database for
 * its tests (beforeAll), and closes the clients, the platform and the database after them.
 */
export function platformForBlock(backend: Backend, overrides: Partial<ServerConfig> = {}): BlockPlatform {
  const clock = new TestClock(MONDAY_10AM);
  const clients: TestClient[] = [];
  let database: TestDatabase | undefined;
  let platform: Running | undefined;
  beforeAll(async () => {
    database = await createTestDatabase(backend);
    platform = await listenPlatform(database.target, clock, overrides);
  });
  afterAll(async () => {
    for (const c of clients) c.close();
    await platform?.close();
    await database?.drop();
  });
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('the platform starts in beforeAll');
    return value;
  };
  return {
    get platform() {
      return started(platform);
    },
    get database() {
      return started(database);
    },
    clock,
    clients
  };
}

const DATABASE_URL = process.env.DATABASE_URL;
const REDIS_URL = process.env.REDIS_URL;

/**
 * Whether two-instance blocks can run here: they need PostgreSQL (DATABASE_URL) and Redis
 * (REDIS_URL). When not, warns once that `what` is skipped and why; use it in the block's
 * `describe.skipIf`.
 */
export function twoInstancesReady(what: string): boolean {
  const ready = Boolean(DATABASE_URL && REDIS_URL);
  if (!ready) console.warn(`${what} skipped: it needs DATABASE_URL (PostgreSQL) and REDIS_URL (e.g. redis://127.0.0.1:6379)`);
  return ready;
}

/** A describe block's two instances of the platform, sharing one PostgreSQL database and one Redis. */
export interface TwoInstances {
  readonly one: Running;
  readonly two: Running;
  readonly database: TestDatabase;
  readonly clock: TestClock;
  /** Sockets the tests open; closed after the block. */
  readonly clients: TestClient[];
}

export type InstanceOverrides = Partial<ServerConfig> | ((instance: 'one' | 'two') => Partial<ServerConfig>);

/**
 * Registers, in the calling describe block, two listening platforms on one fresh PostgreSQL
 * database and the shared Redis (REDIS_URL) at a test clock from Monday 10:00 (beforeAll), and
 * closes the clients, both platforms and the database after the block. `overrides` applies to both
 * instances, or, as a function, to each one; it is read in beforeAll, so it may name what an
 * earlier beforeAll of the block started (a Redis of the test's own: `() => ({ redisUrl: redis.url })`).
 * Skip the block with `twoInstancesReady` where PostgreSQL or Redis is missing.
 */
export function twoInstances(overrides: InstanceOverrides = {}): TwoInstances {
  const clock = new TestClock(MONDAY_10AM);
  const clients: TestClient[] = [];
  let database: TestDatabase | undefined;
  let one: Running | undefined;
  let two: Running | undefined;
  const configOf = (instance: 'one' | 'two'): Partial<ServerConfig> => {
    const config = { redisUrl: REDIS_URL, ...(typeof overrides === 'function' ? overrides(instance) : overrides) };
    if (!config.redisUrl) throw new Error('two instances need a Redis: REDIS_URL, or a redisUrl override');
    return config;
  };
  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    one = await listenPlatform(database.target, clock, configOf('one'));
    two = await listenPlatform(database.target, clock, configOf('two'));
  });
  afterAll(async () => {
    for (const c of clients) c.close();
    await one?.close();
    await two?.close();
    await database?.drop();
  });
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('the two instances start in beforeAll');
    return value;
  };
  return {
    get one() {
      return started(one);
    },
    get two() {
      return started(two);
    },
    get database() {
      return started(database);
    },
    clock,
    clients
  };
}

/** Waits until `check` passes (polling the database, say), or fails with its last error. */
export async function eventually<T>(check: () => Promise<T>, timeoutMs = 10_000, everyMs = 25): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((r) => setTimeout(r, everyMs));
    }
  }
}
