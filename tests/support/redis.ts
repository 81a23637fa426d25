import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { connect } from 'node:net';
import { freeLoopbackPort } from '../../src/server/cluster/supervisor';

/**
 * A redis-server of the test's own, on a free loopback port, that the test may kill and start again
 * on the same port (the machine's Redis, if any, is never touched). Nothing is saved to disk.
 */

export const REDIS_SERVER_PATH = process.env.REDIS_SERVER_PATH ?? '/usr/bin/redis-server';
export const redisServerAvailable = existsSync(REDIS_SERVER_PATH);

/** Resolves once something accepts connections on the port (or rejects after `attempts`). */
async function listening(port: number, attempts = 200): Promise<void> {
  for (let i = 0; i < attempts; i++) {
    const ok = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (ok) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`redis-server did not listen on ${port}`);
}

export class OwnRedis {
  private child: ChildProcess | null = null;

  private constructor(readonly port: number) {}

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  static async start(): Promise<OwnRedis> {
    const redis = new OwnRedis(await freeLoopbackPort());
    await redis.up();
    return redis;
  }

  /** Starts the server on its port (again). */
  async up(): Promise<void> {
    if (this.child) return;
    const child = spawn(REDIS_SERVER_PATH, ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
    this.child = child;
    child.once('exit', () => {
      if (this.child === child) this.child = null;
    });
    await listening(this.port);
  }

  /** Kills the server (SIGKILL: a crash, not a shutdown) and waits until it is gone. */
  async down(): Promise<void> {
    const child = this.child;
    if (!child) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGKILL');
    await exited;
    this.child = null;
  }
}
