import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { READINESS_PATH } from '../routes/health';
import { haproxyConfig, serverStates, type HaproxyInstance, type ServerState } from './haproxy';

/**
 * N platform processes (src/server/main.ts, each a Node process of its own on a loopback port) on
 * one PostgreSQL and one Redis, behind HAProxy: what `npm run cluster` runs, and what the cluster
 * failover test starts and kills. Each process is the whole platform (REST, the agent, widget and
 * monitor namespaces); they share the database and, over Redis, the socket.io rooms.
 */

export interface ClusterOptions {
  instances: number;
  /** HAProxy's address (clients connect here). */
  host: string;
  port: number;
  databaseUrl: string;
  redisUrl: string;
  /** The haproxy binary. */
  haproxyPath: string;
  /** The repository root (the processes run src/server/main.ts through tsx from here). */
  root: string;
  /** Environment for the platform processes on top of this process's (DATABASE_URL, REDIS_URL and TRUST_PROXY are set here). */
  env?: Record<string, string>;
  /** A platform process that exits on its own is started again after this delay; null: left down. */
  restartDelayMs: number | null;
  /** Each output line of a process (prefixed with its name) and of HAProxy. */
  log: (line: string) => void;
  /** How long a process may take to become ready (the first start migrates and may generate the demo data). */
  readyTimeoutMs?: number;
  /**
   * The script each process runs through tsx (relative to `root`), given --port and --host and
   * ready when GET /health/ready answers 200. Default src/server/main.ts; the bench's echo cluster
   * (tests/bench/echo-node.ts) runs bare socket.io echoes behind the same HAProxy.
   */
  entry?: string;
}

export interface InstanceInfo {
  name: string;
  port: number;
  pid: number | null;
}

/** The ready line of `npm run cluster`. */
export const CLUSTER_READY_PREFIX = 'Clúster Atiende listo en';

export class ClusterError extends Error {}

/** A loopback port nobody listens on right now. */
export async function freeLoopbackPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Whether GET /health/ready answers 200 at this address now. */
export async function isReady(baseUrl: string, timeoutMs = 2000): Promise<boolean> {
  try {
    const res = await fetch(`${baseUrl}${READINESS_PATH}`, { signal: AbortSignal.timeout(timeoutMs) });
    await res.arrayBuffer();
    return res.status === 200;
  } catch {
    return false;
  }
}

/** Calls `onLine` with each complete line of a stream. */
function lines(stream: NodeJS.ReadableStream | null, onLine: (line: string) => void): void {
  if (!stream) return;
  let rest = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk: string) => {
    const parts = (rest + chunk).split('\n');
    rest = parts.pop() ?? '';
    for (const line of parts) onLine(line);
  });
  stream.on('end', () => {
    if (rest) onLine(rest);
  });
}

interface Instance extends HaproxyInstance {
  child: ChildProcess | null;
  /** Resolves when the current child exits. */
  exited: Promise<void> | null;
  /** The last lines it printed (told when it fails to start). */
  tail: string[];
  restartTimer: NodeJS.Timeout | null;
}

export class Cluster {
  private readonly instances: Instance[] = [];
  private haproxy: ChildProcess | null = null;
  private haproxyExited: Promise<void> | null = null;
  private haproxyTail: string[] = [];
  private dir = '';
  private stopping = false;
  /** Should this process end without stop() (an uncaught error), nothing it started outlives it. */
  private readonly killAll = () => {
    for (const child of [this.haproxy, ...this.instances.map((i) => i.child)]) if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  };

  private constructor(private readonly opts: ClusterOptions) {
    process.once('exit', this.killAll);
  }

  /** Starts the processes, waits until each is ready, then HAProxy, and waits until it sees all of them up. */
  static async start(opts: ClusterOptions): Promise<Cluster> {
    const cluster = new Cluster(opts);
    try {
      await cluster.boot();
      return cluster;
    } catch (error) {
      await cluster.stop();
      throw error;
    }
  }

  get url(): string {
    const host = this.opts.host.includes(':') ? `[${this.opts.host}]` : this.opts.host;
    return `http://${host}:${this.opts.port}`;
  }

  /** HAProxy's runtime API socket. */
  get statsSocket(): string {
    return join(this.dir, 'haproxy.sock');
  }

  get configPath(): string {
    return join(this.dir, 'haproxy.cfg');
  }

  list(): InstanceInfo[] {
    return this.instances.map((i) => ({ name: i.name, port: i.port, pid: i.child?.pid ?? null }));
  }

  /** The platform backend's servers as HAProxy sees them (status, connections). */
  states(): Promise<ServerState[]> {
    return serverStates(this.statsSocket);
  }

  private async boot(): Promise<void> {
    this.dir = await mkdtemp(join(tmpdir(), 'atiende-cluster-'));
    for (let n = 1; n <= this.opts.instances; n++) {
      this.instances.push({ name: `p${n}`, host: '127.0.0.1', port: await freeLoopbackPort(), child: null, exited: null, tail: [], restartTimer: null });
    }
    for (const instance of this.instances) this.spawnInstance(instance);
    await Promise.all(this.instances.map((i) => this.waitReady(i)));
    await writeFile(
      this.configPath,
      haproxyConfig({ bindHost: this.opts.host, bindPort: this.opts.port, instances: this.instances, statsSocket: this.statsSocket }),
      { mode: 0o600 }
    );
    await this.startHaproxy();
    await this.waitUntil(
      async () => {
        if (!this.haproxy) throw new ClusterError(`HAProxy terminó al iniciar:\n${this.haproxyTail.join('\n')}`);
        return (await this.states().catch(() => [])).filter((s) => s.status === 'UP').length === this.instances.length;
      },
      30_000,
      'HAProxy no vio todos los procesos disponibles'
    );
  }

  private spawnInstance(instance: Instance): void {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      ...this.opts.env,
      DATABASE_URL: this.opts.databaseUrl,
      REDIS_URL: this.opts.redisUrl,
      // HAProxy (loopback) tells the client's address in X-Forwarded-For.
      TRUST_PROXY: '127.0.0.1'
    };
    // One Node process running the TypeScript through tsx's loader (no wrapper process: its pid is the platform's).
    const child = spawn(process.execPath, ['--import', 'tsx', this.opts.entry ?? join('src', 'server', 'main.ts'), '--port', String(instance.port), '--host', instance.host], {
      cwd: this.opts.root,
      env,
      stdio: ['ignore', 'pipe', 'pipe']
    });
    instance.child = child;
    instance.tail = [];
    const onLine = (line: string) => {
      instance.tail.push(line);
      if (instance.tail.length > 20) instance.tail.shift();
      this.opts.log(`[${instance.name}] ${line}`);
    };
    lines(child.stdout, onLine);
    lines(child.stderr, onLine);
    instance.exited = new Promise((resolve) => {
      child.once('exit', (code, signal) => {
        if (instance.child === child) instance.child = null;
        if (!this.stopping) {
          this.opts.log(`[${instance.name}] terminó (${signal ?? `código ${code}`})`);
          if (this.opts.restartDelayMs !== null) {
            instance.restartTimer = setTimeout(() => {
              instance.restartTimer = null;
              if (!this.stopping && !instance.child) {
                this.opts.log(`[${instance.name}] se inicia de nuevo`);
                this.spawnInstance(instance);
              }
            }, this.opts.restartDelayMs);
          }
        }
        resolve();
      });
    });
  }

  private async waitReady(instance: Instance): Promise<void> {
    const deadline = Date.now() + (this.opts.readyTimeoutMs ?? 180_000);
    const url = `http://${instance.host}:${instance.port}`;
    for (;;) {
      if (!instance.child) throw new ClusterError(`El proceso ${instance.name} terminó al iniciar:\n${instance.tail.join('\n')}`);
      if (await isReady(url)) return;
      if (Date.now() > deadline) throw new ClusterError(`El proceso ${instance.name} no estuvo listo a tiempo:\n${instance.tail.join('\n')}`);
      await sleep(200);
    }
  }

  private async waitUntil(check: () => Promise<boolean>, timeoutMs: number, message: string): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!(await check())) {
      if (Date.now() > deadline) throw new ClusterError(message);
      await sleep(100);
    }
  }

  private async startHaproxy(): Promise<void> {
    const check = spawn(this.opts.haproxyPath, ['-c', '-q', '-f', this.configPath], { stdio: ['ignore', 'pipe', 'pipe'] });
    const output: string[] = [];
    lines(check.stdout, (l) => output.push(l));
    lines(check.stderr, (l) => output.push(l));
    const code = await new Promise<number | null>((resolve) => check.once('exit', resolve));
    if (code !== 0) throw new ClusterError(`La configuración de HAProxy no es válida (${this.configPath}):\n${output.join('\n')}`);
    // -db: stay in the foreground, so it stops with us.
    const haproxy = spawn(this.opts.haproxyPath, ['-db', '-f', this.configPath], { stdio: ['ignore', 'pipe', 'pipe'] });
    this.haproxy = haproxy;
    const onLine = (line: string) => {
      this.haproxyTail.push(line);
      if (this.haproxyTail.length > 20) this.haproxyTail.shift();
      this.opts.log(`[haproxy] ${line}`);
    };
    lines(haproxy.stdout, onLine);
    lines(haproxy.stderr, onLine);
    this.haproxyExited = new Promise((resolve) => {
      haproxy.once('exit', (code, signal) => {
        if (this.haproxy === haproxy) this.haproxy = null;
        if (!this.stopping) this.opts.log(`[haproxy] terminó (${signal ?? `código ${code}`})`);
        resolve();
      });
    });
  }

  private byName(name: string): Instance {
    const instance = this.instances.find((i) => i.name === name);
    if (!instance) throw new ClusterError(`No hay un proceso ${name}`);
    return instance;
  }

  /** SIGKILL to one platform process (a crash: nothing closes, nothing is flushed); resolves once it is gone. */
  async kill(name: string): Promise<void> {
    const instance = this.byName(name);
    const child = instance.child;
    if (!child) return;
    const exited = instance.exited;
    child.kill('SIGKILL');
    await exited;
  }

  /** Starts a process that is down again on its port and waits until it is ready. */
  async restart(name: string): Promise<void> {
    const instance = this.byName(name);
    if (instance.restartTimer) clearTimeout(instance.restartTimer);
    instance.restartTimer = null;
    if (!instance.child) this.spawnInstance(instance);
    await this.waitReady(instance);
  }

  /** SIGTERM to HAProxy and to every process (each closes its sockets and its database), SIGKILL after `graceMs`. */
  async stop(graceMs = 10_000): Promise<void> {
    this.stopping = true;
    for (const instance of this.instances) {
      if (instance.restartTimer) clearTimeout(instance.restartTimer);
      instance.restartTimer = null;
    }
    const stopOne = async (child: ChildProcess | null, exited: Promise<void> | null) => {
      if (!child || !exited || child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([exited, new Promise<void>((resolve) => (timer = setTimeout(resolve, graceMs)))]);
      clearTimeout(timer);
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGKILL');
        await exited;
      }
    };
    // No new connections first, then the processes.
    await stopOne(this.haproxy, this.haproxyExited);
    await Promise.all(this.instances.map((i) => stopOne(i.child, i.exited)));
    if (this.dir) await rm(this.dir, { recursive: true, force: true });
    process.off('exit', this.killAll);
  }
}
