import { utilityProcess, type UtilityProcess } from 'electron';
import { PlatformMessage, type PlatformCommand } from '../platform-messages';
import type { Logger } from '../services/ports';

export interface EmbeddedPlatform {
  /** The platform's base URL once it answers; null if it does not come up within `waitMs`. */
  url(waitMs?: number): Promise<string | null>;
  /** How many times it was restarted after exiting (issue 41: the desk's health report). */
  restarts(): number;
  stop(): Promise<void>;
}

export interface EmbeddedPlatformOptions {
  /** The built platform-process entry. */
  entry: string;
  dataDir: string;
  migrationsDir: string;
  logger: Logger;
}

const MAX_BACKOFF_MS = 30_000;

/**
 * Runs the platform server in an Electron utility process (DESIGN.md §1), on loopback, and restarts
 * it when it dies. After a crash it comes back on the same port, so the URL the services use stays
 * valid; if that port is no longer free it takes any free one.
 */
export function startEmbeddedPlatform(options: EmbeddedPlatformOptions): EmbeddedPlatform {
  const { logger } = options;
  let child: UtilityProcess | null = null;
  let port = 0;
  let failures = 0;
  let stopping = false;
  let current = pendingUrl();

  function pendingUrl() {
    let resolve!: (url: string) => void;
    let reject!: (error: Error) => void;
    const promise = new Promise<string>((res, rej) => {
      resolve = res;
      reject = rej;
    });
    // Nobody may be waiting when a start fails; the next attempt gets a fresh promise.
    promise.catch(() => {});
    return { promise, resolve, reject, settled: false };
  }

  function spawn(): void {
    const attempt = current.settled ? (current = pendingUrl()) : current;
    const proc = utilityProcess.fork(options.entry, [], {
      serviceName: 'Atiende plataforma',
      stdio: 'pipe',
      env: {
        ...process.env,
        ATIENDE_PLATFORM_DATA_DIR: options.dataDir,
        ATIENDE_PLATFORM_PORT: String(port),
        ATIENDE_MIGRATIONS_DIR: options.migrationsDir
      }
    });
    child = proc;
    proc.stdout?.on('data', (chunk: Buffer) => logger.info(`platform: ${chunk.toString().trimEnd()}`));
    proc.stderr?.on('data', (chunk: Buffer) => logger.warn(`platform: ${chunk.toString().trimEnd()}`));
    proc.on('message', (raw: unknown) => {
      const message = PlatformMessage.safeParse(raw);
      if (!message.success) return;
      if (message.data.type === 'failed') {
        logger.error(`Embedded platform failed to start: ${message.data.message}`);
        return;
      }
      port = Number(new URL(message.data.url).port);
      failures = 0;
      attempt.settled = true;
      attempt.resolve(message.data.url);
      logger.info(`Embedded platform listening on ${message.data.url}`);
    });
    proc.on('exit', (code) => {
      child = null;
      const wasReady = attempt.settled;
      if (!attempt.settled) {
        attempt.settled = true;
        attempt.reject(new Error(`platform exited with code ${code}`));
        // It never came up: the remembered port may be the problem.
        port = 0;
      }
      if (stopping) return;
      const delay = Math.min(MAX_BACKOFF_MS, 1000 * 2 ** failures++);
      logger.warn(`Embedded platform exited (code ${code}${wasReady ? ', after start-up' : ''}); restarting in ${delay} ms`);
      setTimeout(() => {
        if (stopping) return;
        restarts++;
        spawn();
      }, delay);
    });
  }

  let restarts = 0;
  spawn();

  return {
    restarts: () => restarts,
    async url(waitMs = 20_000) {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<null>((resolve) => {
        timer = setTimeout(() => resolve(null), waitMs);
      });
      try {
        return await Promise.race([current.promise, timeout]);
      } catch {
        return null;
      } finally {
        clearTimeout(timer);
      }
    },
    async stop() {
      stopping = true;
      const proc = child;
      if (!proc) return;
      await new Promise<void>((resolve) => {
        const force = setTimeout(() => {
          proc.kill();
          resolve();
        }, 5000);
        proc.once('exit', () => {
          clearTimeout(force);
          resolve();
        });
        const stop: PlatformCommand = { type: 'stop' };
        proc.postMessage(stop);
      });
    }
  };
}
