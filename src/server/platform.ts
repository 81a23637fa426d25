import { resolve } from 'node:path';
import { buildApp } from './app';
import { baseConfig, DEFAULT_DATA_DIR, DEFAULT_HOST, type ServerConfig } from './config';
import type { Db } from './db/types';

export interface StartPlatformOptions {
  /** 0 picks any free port. Default 0. */
  port?: number;
  /** Default 127.0.0.1 (loopback only). */
  host?: string;
  /** PGlite in memory: nothing is kept. */
  memory?: boolean;
  /** PGlite data directory (default ./.data/platform). */
  dataDir?: string;
  /** PostgreSQL instead of PGlite. Only this option selects it: DATABASE_URL is not read here. */
  databaseUrl?: string;
  /** Redis for socket.io rooms shared with other instances. Only this option selects it: REDIS_URL is not read here. */
  redisUrl?: string;
  /** Fastify's logging at level info. Default off. */
  logger?: boolean;
  /** The migrations folder, when a bundled build ships it elsewhere. */
  migrationsFolder?: string;
}

export interface RunningPlatform {
  url: string;
  port: number;
  /** The platform's database handle (tests inject faults through it; nothing in the app uses it). */
  db: Db;
  close(): Promise<void>;
}

/**
 * Starts the platform server in this process and listens; used by the CLI, the browser host and
 * the Electron utility process. Token lifetimes and the chat timers (AGENT_DISCONNECT_GRACE_MS,
 * SWEEP_INTERVAL_MS) come from the environment as for the CLI.
 */
export async function startPlatform(opts: StartPlatformOptions = {}): Promise<RunningPlatform> {
  const base = baseConfig(process.env);
  const config: ServerConfig = {
    ...base,
    port: opts.port ?? 0,
    host: opts.host ?? DEFAULT_HOST,
    database:
      opts.databaseUrl ? { kind: 'postgres', url: opts.databaseUrl }
      : opts.memory ? { kind: 'pglite', dataDir: null }
      : { kind: 'pglite', dataDir: resolve(opts.dataDir ?? DEFAULT_DATA_DIR) },
    logger: opts.logger ? 'info' : false,
    migrationsFolder: opts.migrationsFolder ?? base.migrationsFolder,
    redisUrl: opts.redisUrl
  };
  return listen(config);
}

/** Builds the app from a full configuration and listens on its port. */
export async function listen(config: ServerConfig): Promise<RunningPlatform> {
  const app = await buildApp(config);
  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await app.close();
    throw error;
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const host = config.host.includes(':') ? `[${config.host}]` : config.host;
  let closing: Promise<void> | undefined;
  return {
    url: `http://${host}:${port}`,
    port,
    db: app.db,
    close: () => (closing ??= app.close())
  };
}
