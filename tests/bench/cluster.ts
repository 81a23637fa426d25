/**
 * The `cluster` bench part (issue 21): the platform as `npm run cluster` runs it — N platform
 * processes (src/server/main.ts) on one PostgreSQL (a throwaway database) and one Redis (a
 * redis-server of its own on a free loopback port) behind HAProxy (the configuration
 * src/server/cluster/haproxy.ts generates, started by src/server/cluster/supervisor.ts) — against an
 * echo cluster of the same topology: N bare socket.io echo processes (echo-node.ts: the platform's
 * socket.io options and its Redis streams adapter) behind the same generated HAProxy, started by the
 * same supervisor, measured right before it.
 *
 *  - Saturation: every customer sends back to back (the chat part's BENCH_CHAT_PACE_MS=0 run);
 *    messages delivered per second through the N-process cluster ÷ through the echo cluster, beside
 *    the same ratio for one platform process ÷ one echo process without HAProxy or Redis (the `chat`
 *    part's topology), measured in this run: the goal is a cluster ratio not below the one-process
 *    ratio. Then the 1 → N scaling of both clusters' delivered rate (on a machine whose cores the
 *    clients share with every process, this caps near 1×: see the README).
 *  - Concurrency: `concurrentCustomers` customers and `concurrentAgents` agents connected at once
 *    through the N-process cluster, every chat assigned and accepted; the platform processes' RSS
 *    growth per connected client (goal ≤ 30 KB) ÷ the echo cluster's with the same sockets, beside
 *    the JS heap's growth per client (both after GC, every process summed; the clients run in this
 *    process, HAProxy and Redis are not counted on either side), and the customer→agent p99 at a
 *    human pace with all of them connected ÷ the echo cluster's p99. The RSS leaves out the young
 *    generation V8 keeps committed (empty after GC; its size follows the allocation rate, 1 to
 *    32 MB per process, not the clients). The platform's growth is that of the second of two
 *    steps that connect the crowd after a warm-up tenth (see concurrency()); the agents sign in
 *    before the first reading: a sign-in is not a connection, and its growth is printed apart.
 */
import { mkdtemp, readFile, rm, unlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { z } from 'zod';
import { Cluster, freeLoopbackPort } from '../../src/server/cluster/supervisor';
import type { DatabaseTarget } from '../../src/server/db/client';
import { chatParameters, splits } from '../../src/server/db/schema';
import { DEBIAN_HAPROXY, findHaproxy, machineProbes } from '../../scripts/provision.mjs';
import { OwnRedis, redisServerAvailable, REDIS_SERVER_PATH } from '../support/redis';
import { createTestDatabase } from '../support/database';
import { openCrowd, prepareAgents } from './chat-latency';
import { echoBaseline, echoRun, type LatencyRun } from './echo-baseline';
import { signInToken, startBenchPlatform } from './platform';
import { inBatches, LABEL_WIDTH, percentile, rssBytes } from './report';
import { startServerProcess } from './server-process';

export interface ClusterBenchOptions {
  /** BENCH_CLUSTER_INSTANCES (3): processes of the cluster (the scaling figure goes 1 → this). */
  instances: number;
  /** BENCH_CLUSTER_AGENTS (50), BENCH_CLUSTER_CUSTOMERS (200), BENCH_CLUSTER_MESSAGES (20): the saturation runs' topology (the chat part's sizes). */
  agents: number;
  customers: number;
  messages: number;
  /** BENCH_CONCURRENT_AGENTS (200), BENCH_CONCURRENT_CUSTOMERS (2000): connected at once. */
  concurrentAgents: number;
  concurrentCustomers: number;
  /** BENCH_CONCURRENT_MESSAGES (2) measured messages per customer, BENCH_CONCURRENT_PACE_MS (10000) mean pause before each. */
  concurrentMessages: number;
  concurrentPaceMs: number;
}

/** Server RSS per connected client, goal (KB). */
const GOAL_KB_PER_CLIENT = 30;

/** The platform processes' environment: the bench's clients all come from 127.0.0.1 and a saturation run sends faster than any person. */
const PLATFORM_ENV = {
  DEMO_CONVERSATIONS: '0',
  LOG_LEVEL: 'warn',
  CHAT_MESSAGE_BURST: '1000000',
  CHAT_MESSAGES_PER_SECOND: '1000000',
  AUTH_RATE_LIMIT_MAX: '1000000',
  WIDGET_CONNECT_MAX: '1000000'
};

const rate = (run: LatencyRun): number => (run.samples.length * 1000) / run.elapsedMs;
const fmtRate = (perSecond: number): string => `${perSecond.toFixed(0)}/s`;

/** A process's CPU time so far (user + system, seconds), from /proc (Linux; clock ticks of 1/100 s). */
export async function cpuSeconds(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  // The fields after the command's closing parenthesis: state is the 3rd field, utime the 14th, stime the 15th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** The CPU seconds every cluster process spent while `run` ran. */
async function clusterCpu<T>(cluster: Cluster, run: () => Promise<T>): Promise<{ result: T; cpu: number }> {
  const pids = cluster.list().map((i) => i.pid ?? 0);
  const total = async () => (await Promise.all(pids.map(cpuSeconds))).reduce((a, b) => a + b, 0);
  const before = await total();
  const result = await run();
  return { result, cpu: (await total()) - before };
}

/**
 * Every cluster process (platform and echo) collects its garbage on SIGUSR2 and then writes its
 * process.memoryUsage() to `memoryDir` (gc-on-signal.mjs, with --expose-gc). MALLOC_MMAP_THRESHOLD_
 * pins glibc's threshold at its default (128 KiB) instead of letting it rise to the largest block
 * freed: an argon2id verify's 19 MiB block then goes back to the system when the sign-in ends,
 * rather than staying in the arena of the libuv thread that ran it until glibc trims it — later,
 * inside a measured window. MALLOC_TRIM_THRESHOLD_ (1 TiB) keeps glibc from trimming the free top
 * of its heaps back to the system: native memory freed inside the window stays resident, so the RSS
 * growth cannot come out smaller than what the clients hold (it may come out larger: a conservative
 * figure); before, glibc's trims made it shrink inside the window and the figure said nothing.
 * Nothing else changes: blocks are served as before.
 */
const gcEnv = (memoryDir: string) => ({ MALLOC_MMAP_THRESHOLD_: '131072', MALLOC_TRIM_THRESHOLD_: String(2 ** 40), NODE_OPTIONS: `--expose-gc --import ${fileURLToPath(new URL('./gc-on-signal.mjs', import.meta.url))}`, BENCH_MEMORY_DIR: memoryDir });

const MemoryUsage = z.object({ heapUsed: z.number(), external: z.number(), youngGeneration: z.number(), committed: z.number() });

export interface MemoryReading {
  /** Resident set, from /proc, less the young generation V8 keeps committed (empty after GC). */
  rss: number;
  /** The JS heap in use plus what JS objects hold outside it (Buffers), per process.memoryUsage(). */
  heap: number;
  /** What V8 keeps committed for its heap, less the young generation: the part of `rss` that is V8's. */
  v8: number;
}

/** The file's text once it exists (a process writes it after its collections; a busy one takes a while). */
async function written(file: string, ms = 60_000): Promise<string> {
  const deadline = Date.now() + ms;
  for (;;) {
    try {
      return await readFile(file, 'utf8');
    } catch (error) {
      if (Date.now() > deadline) throw new Error(`bench: no memory reading in ${file}`, { cause: error });
      await settle(100);
    }
  }
}

/** Every cluster process's RSS and JS heap (bytes, summed), each after a garbage collection. */
async function clusterMemory(cluster: Cluster, memoryDir: string): Promise<MemoryReading> {
  const pids = cluster.list().map((i) => i.pid);
  if (pids.some((pid) => pid === null)) throw new Error('bench: a cluster process is down');
  const files = pids.map((pid) => join(memoryDir, `${pid}.json`));
  await Promise.all(files.map((file) => unlink(file).catch(() => undefined)));
  for (const pid of pids) process.kill(pid ?? 0, 'SIGUSR2');
  const readings = await Promise.all(
    files.map(async (file, i) => {
      const usage = MemoryUsage.parse(JSON.parse(await written(file)));
      return { rss: (await rssBytes(pids[i] ?? 0)) - usage.youngGeneration, heap: usage.heapUsed + usage.external, v8: usage.committed - usage.youngGeneration };
    })
  );
  return readings.reduce((a, b) => ({ rss: a.rss + b.rss, heap: a.heap + b.heap, v8: a.v8 + b.v8 }), { rss: 0, heap: 0, v8: 0 });
}

/**
 * The RSS figure's verdict. The RSS is V8's committed heap plus the rest (native memory): when either
 * part shrank over the window, memory went back to the system inside it (V8 releasing pages, glibc
 * trimming), so the growth understates what the clients cost and says nothing. The JS heap in use
 * may grow more than the RSS (V8 filling pages it had committed before the window); that is no sign.
 */
export function rssVerdict(growth: MemoryReading): string {
  if (growth.v8 < 0 || growth.rss - growth.v8 < 0) return `inconclusive: memory went back to the system inside the window (V8's committed heap ${growth.v8.toFixed(1)} KB, the rest ${(growth.rss - growth.v8).toFixed(1)} KB per client)`;
  return growth.rss <= GOAL_KB_PER_CLIENT ? 'met' : 'not met';
}

/** Signed megabytes: "+12", "-3". */
const mbOf = (bytes: number): string => `${bytes >= 0 ? '+' : ''}${(bytes / (1024 * 1024)).toFixed(0)}`;

/** RSS, JS heap and V8 committed growth per client (KB) between two readings. */
function perClient(before: MemoryReading, after: MemoryReading, clients: number): MemoryReading {
  return { rss: kbPerClient(before.rss, after.rss, clients), heap: kbPerClient(before.heap, after.heap, clients), v8: kbPerClient(before.v8, after.v8, clients) };
}

/** Server RSS growth per client (KB) between two readings; the figure of the concurrency goal. */
export function kbPerClient(beforeBytes: number, afterBytes: number, clients: number): number {
  if (clients <= 0) throw new Error('kbPerClient: no clients');
  return (afterBytes - beforeBytes) / 1024 / clients;
}

/** "goal ≥ X — met"/"not met": a ratio that must not fall below `min`. */
export function atLeast(ratio: number, min: number, what: string): string {
  return `goal ≥ ${min.toFixed(2)} (${what}) — ${ratio >= min ? 'met' : 'not met'}`;
}

/** Chats per agent: `customers` fit `agents` with one to spare each (the warm-up crowd fills its agents to exactly this). */
export function perAgentLimit(agents: number, customers: number): number {
  return Math.ceil(customers / agents) + 1;
}

/**
 * The concurrency figure's two steps: a warm-up crowd (about a tenth of the agents, each filled to
 * its limit: the platform's lazy start — the assistant's model, prepared statements, pools — is paid
 * before the first RSS reading), then the rest; the growth between the readings ÷ the clients added.
 */
export function concurrencySteps(agents: number, customers: number): { warmAgents: number; warmCustomers: number; restAgents: number; restCustomers: number } {
  const perAgent = perAgentLimit(agents, customers);
  const warmAgents = Math.min(agents - 1, Math.max(1, Math.round(agents / 10)));
  const warmCustomers = warmAgents * perAgent;
  if (warmCustomers >= customers) throw new Error('bench: the concurrency figure needs more customers than its warm-up agents hold');
  if (warmAgents < 1) throw new Error('bench: the concurrency figure needs at least 2 agents');
  return { warmAgents, warmCustomers, restAgents: agents - warmAgents, restCustomers: customers - warmCustomers };
}

/** The process counts the scaling figure runs: 1, then `instances` (once when it is 1). */
export function processCounts(instances: number): number[] {
  return instances === 1 ? [1] : [1, instances];
}

const line = (label: string, value: string): string => `${label.padEnd(LABEL_WIDTH)} ${value}`;

interface Env {
  haproxyPath: string;
  redis: OwnRedis;
  logs: string[];
  /** Where the processes write their memory readings (gc-on-signal.mjs). */
  memoryDir: string;
}

function startCluster(env: Env, instances: number, extra: { entry?: string; databaseUrl: string; env?: Record<string, string> }): Promise<Cluster> {
  return freeLoopbackPort().then((port) =>
    Cluster.start({
      instances,
      host: '127.0.0.1',
      port,
      databaseUrl: extra.databaseUrl,
      redisUrl: env.redis.url,
      haproxyPath: env.haproxyPath,
      root: process.cwd(),
      env: extra.env,
      entry: extra.entry,
      restartDelayMs: null,
      readyTimeoutMs: 180_000,
      log: (text) => {
        env.logs.push(text);
        if (env.logs.length > 400) env.logs.shift();
      }
    })
  );
}

async function withEchoCluster<T>(env: Env, instances: number, run: (cluster: Cluster) => Promise<T>): Promise<T> {
  // The echo needs no database; the supervisor passes DATABASE_URL along regardless.
  const cluster = await startCluster(env, instances, { entry: 'tests/bench/echo-node.ts', databaseUrl: 'postgres://unused@127.0.0.1/unused', env: gcEnv(env.memoryDir) });
  try {
    return await run(cluster);
  } finally {
    await cluster.stop();
  }
}

/** A throwaway PostgreSQL database, migrated and seeded, with `agents` load agents prepared; the agents' e-mails. */
async function preparedDatabase(agents: number, customers: number, tag: string, exactPerAgent: boolean): Promise<{ url: string; emails: string[]; drop(): Promise<void> }> {
  const database = await createTestDatabase('postgres');
  if (database.target.kind !== 'postgres') throw new Error('bench: PostgreSQL expected');
  const target: DatabaseTarget = database.target;
  let app: FastifyInstance | null = null;
  try {
    // An app in this process only to migrate, seed and add the agents (it serves nothing afterwards).
    app = (await startBenchPlatform(target, { redisUrl: undefined })).app;
    const emails = await prepareAgents(app, agents, customers, tag);
    // The concurrency figure fills its first agents to the limit, so the later customers go to the later agents.
    if (exactPerAgent) {
      // Connecting thousands takes minutes on a small machine: the first chats must not end (or go back to the queue) for inactivity meanwhile.
      const hours = 4 * 60;
      await app.db.update(chatParameters).set({ nroMaximoChatsAsesor: perAgentLimit(agents, customers), tiempoInactividadCliente: hours }).where(eq(chatParameters.organizationId, 100));
      await app.db.update(splits).set({ timeInactivityAgent: hours, timeInactivityClient: hours, timeMaxInitConversation: hours }).where(eq(splits.organizationId, 100));
    }
    return { url: database.target.url, emails, drop: database.drop };
  } catch (error) {
    await database.drop();
    throw error;
  } finally {
    await app?.close();
  }
}

async function withPlatformCluster<T>(
  env: Env,
  instances: number,
  agents: number,
  customers: number,
  tag: string,
  run: (cluster: Cluster, emails: string[]) => Promise<T>,
  exactPerAgent = false
): Promise<T> {
  const database = await preparedDatabase(agents, customers, tag, exactPerAgent);
  try {
    const cluster = await startCluster(env, instances, { databaseUrl: database.url, env: { ...PLATFORM_ENV, ...gcEnv(env.memoryDir) } });
    try {
      return await run(cluster, database.emails);
    } catch (error) {
      // What the conversations were doing when it failed (e.g. how many never reached an agent).
      throw new Error(`${error instanceof Error ? error.message : String(error)} (conversations by status: ${await statusCounts(database.url).catch(() => 'unknown')})`);
    } finally {
      await cluster.stop();
    }
  } finally {
    await database.drop();
  }
}

async function statusCounts(url: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ status: string; n: string }>('select status, count(*) as n from conversations group by status order by status');
    return rows.map((r) => `${r.status} ${r.n}`).join(', ');
  } finally {
    await client.end();
  }
}

/** The platform cluster's saturation run: the chat part's crowd through HAProxy. */
async function platformSaturation(env: Env, instances: number, options: ClusterBenchOptions, tag: string): Promise<{ result: LatencyRun; cpu: number }> {
  return withPlatformCluster(env, instances, options.agents, options.customers, tag, async (cluster, emails) => {
    const crowd = await openCrowd({ url: cluster.url, emails }, options.customers, tag);
    try {
      return await clusterCpu(cluster, () => crowd.drive(options.messages, 0));
    } finally {
      crowd.close();
    }
  });
}

/** One platform process (no HAProxy, no Redis) on a throwaway PostgreSQL database: the chat part's saturation run. */
async function oneProcessSaturation(options: ClusterBenchOptions, tag: string): Promise<LatencyRun> {
  const database = await createTestDatabase('postgres');
  try {
    const platform = await startServerProcess({ kind: 'platform', database: database.target, agents: options.agents, customers: options.customers, tag, unthrottled: true });
    try {
      const crowd = await openCrowd(platform, options.customers, tag);
      try {
        return await crowd.drive(options.messages, 0);
      } finally {
        crowd.close();
      }
    } finally {
      await platform.stop();
    }
  } finally {
    await database.drop();
  }
}

/** Lets the processes settle (sockets' buffers, timers) before an RSS reading. */
const settle = (ms = 3000) => new Promise((resolve) => setTimeout(resolve, ms));
/**
 * The pause before a memory reading: longer than @redis/client's default command timeout (5 s),
 * whose AbortSignal.timeout outlives each command's answer — a timer, a WeakRef and a finalization
 * cell per command until it fires (tens of thousands pending in one process right after a crowd
 * connects), which no GC can collect: what is read is then what the clients hold, not the last
 * seconds' traffic.
 */
const READING_SETTLE_MS = 10_000;

export async function benchCluster(options: ClusterBenchOptions): Promise<string[]> {
  const { instances, agents, customers, messages } = options;
  const header = `Cluster — N platform processes on PostgreSQL + Redis (streams adapter) behind HAProxy, ÷ N bare socket.io echo processes with the same adapter behind the same HAProxy (N = ${processCounts(instances).join(', ')})`;
  const haproxyPath = findHaproxy(machineProbes(process.env))?.path;
  const missing = [
    process.env.DATABASE_URL ? null : 'DATABASE_URL (PostgreSQL)',
    haproxyPath ? null : `haproxy (${DEBIAN_HAPROXY}: apt-get install haproxy)`,
    redisServerAvailable ? null : `redis-server (${REDIS_SERVER_PATH})`
  ].filter((m) => m !== null);
  if (missing.length > 0 || !haproxyPath) return [header, `(cluster: not measured — missing ${missing.join(', ')})`];

  const tag = `c${Date.now().toString(36)}`;
  const lines = [header];
  const redis = await OwnRedis.start();
  const env: Env = { haproxyPath, redis, logs: [], memoryDir: await mkdtemp(join(tmpdir(), 'atiende-bench-memory-')) };
  try {
    // Saturation. The one-process ratio first (the chat part's topology, no HAProxy, no Redis).
    const topology = { agents, customers, messages, paceMs: 0 };
    lines.push(`Saturation — ${customers} customers, ${agents} agents, ${messages} messages each, back to back; messages delivered per second`);
    const echo1 = await echoBaseline(topology);
    const real1 = await oneProcessSaturation(options, `${tag}o`);
    const oneRatio = rate(real1) / rate(echo1);
    lines.push(line('1 process, no HAProxy/Redis: platform ÷ echo', `${oneRatio.toFixed(2).padStart(8)} × socket.io echo (${fmtRate(rate(real1))} vs ${fmtRate(rate(echo1))}) — the baseline ratio`));
    const byCount = new Map<number, { real: LatencyRun; echo: LatencyRun; perCpuSecond: number }>();
    for (const n of processCounts(instances)) {
      const echo = await withEchoCluster(env, n, (cluster) => echoRun(cluster.url, topology));
      const { result: real, cpu } = await platformSaturation(env, n, options, `${tag}s${n}`);
      const perCpuSecond = real.samples.length / cpu;
      byCount.set(n, { real, echo, perCpuSecond });
      const ratio = rate(real) / rate(echo);
      lines.push(
        line(
          `${n} process${n === 1 ? '' : 'es'} + HAProxy + Redis: platform ÷ echo cluster`,
          `${ratio.toFixed(2).padStart(8)} × echo cluster (${fmtRate(rate(real))} vs ${fmtRate(rate(echo))}; p99 ${percentile(real.samples, 99).toFixed(1)} vs ${percentile(echo.samples, 99).toFixed(1)} ms)  ${atLeast(ratio, oneRatio, 'the 1-process ratio')}`
        ),
        `(${n} process${n === 1 ? '' : 'es'}: ${perCpuSecond.toFixed(0)} messages delivered per CPU-second of the platform processes, ${cpu.toFixed(1)} CPU-s for ${real.samples.length} messages)`
      );
    }
    const first = byCount.get(1);
    const last = byCount.get(instances);
    if (first && last && instances > 1) {
      lines.push(
        line(`Scaling 1 → ${instances} processes: platform delivered rate`, `${(rate(last.real) / rate(first.real)).toFixed(2).padStart(8)} × 1 process (${fmtRate(rate(last.real))} vs ${fmtRate(rate(first.real))})`),
        line(`Scaling 1 → ${instances} processes: echo cluster delivered rate`, `${(rate(last.echo) / rate(first.echo)).toFixed(2).padStart(8)} × 1 process (${fmtRate(rate(last.echo))} vs ${fmtRate(rate(first.echo))})`),
        // A process is one event loop: with a machine (a core) of its own it spends up to one CPU-second per second.
        `(with a machine per process, ${instances} processes at ${last.perCpuSecond.toFixed(0)} messages per CPU-second each would deliver up to ~${fmtRate(instances * last.perCpuSecond)} — ${((instances * last.perCpuSecond) / rate(first.real)).toFixed(1)}× this run's 1 process — before PostgreSQL, Redis or HAProxy bind)`
      );
    }

    // Concurrency: everyone connected at once through the N-process cluster (a failure there keeps the figures so far).
    await concurrency(env, options, tag, lines).catch((error: unknown) => {
      lines.push(`(concurrency: failed — ${error instanceof Error ? error.message : String(error)})`);
    });
    const errors = env.logs.filter((l) => /"level":(5\d|60)/.test(l));
    lines.push(`(cluster processes' error log lines: ${errors.length}${errors[0] ? `; first: ${errors[0].slice(0, 200)}` : ''})`);
    return lines;
  } catch (error) {
    console.error(`bench cluster: the processes' last lines:\n${env.logs.slice(-40).join('\n')}`);
    throw error;
  } finally {
    await redis.down();
    await rm(env.memoryDir, { recursive: true, force: true });
  }
}

async function concurrency(env: Env, options: ClusterBenchOptions, tag: string, lines: string[]): Promise<void> {
  const { instances, concurrentAgents, concurrentCustomers, concurrentMessages, concurrentPaceMs } = options;
  const clients = concurrentAgents + concurrentCustomers;
  const concurrent = { agents: concurrentAgents, customers: concurrentCustomers, messages: concurrentMessages, paceMs: concurrentPaceMs };
  lines.push(
    `Concurrency — ${concurrentCustomers} customers and ${concurrentAgents} agents connected at once through ${instances} process${instances === 1 ? '' : 'es'} + HAProxy; then ${concurrentMessages} messages each at ~${concurrentPaceMs} ms (±50%)`
  );
  let echo: { rss: number; heap: number } = { rss: NaN, heap: NaN };
  const echoRunC = await withEchoCluster(env, instances, async (cluster) => {
    await settle(READING_SETTLE_MS);
    const before = await clusterMemory(cluster, env.memoryDir);
    return echoRun(cluster.url, concurrent, async () => {
      await settle(READING_SETTLE_MS);
      echo = perClient(before, await clusterMemory(cluster, env.memoryDir), clients);
    });
  });
  const steps = concurrencySteps(concurrentAgents, concurrentCustomers);
  const realRunC = await withPlatformCluster(
    env,
    instances,
    concurrentAgents,
    concurrentCustomers,
    `${tag}k`,
    async (cluster, emails) => {
      const warm = await openCrowd({ url: cluster.url, emails: emails.slice(0, steps.warmAgents) }, steps.warmCustomers, `${tag}kw`);
      try {
        await warm.drive(1, 0);
        await settle(READING_SETTLE_MS);
        const beforeSignIns = await clusterMemory(cluster, env.memoryDir);
        // The other agents sign in first (through HAProxy, as they would): the growth from here on is the connections'.
        const restEmails = emails.slice(steps.warmAgents);
        const tokens = new Map<string, string>();
        await inBatches(restEmails, 4, async (email) => {
          tokens.set(email, await signInToken(cluster.url, email));
        });
        await settle(READING_SETTLE_MS);
        const before = await clusterMemory(cluster, env.memoryDir);
        // The rest connect in two steps, each reading after GC: the first step's window also holds
        // what each process gives back once after its start (seen on this 2-core VM: ~40 MB of
        // native memory per process, not V8's heap, whose committed size grew meanwhile — the
        // reading over one step went negative), so the figure is the second step's growth, the
        // marginal cost of a client with over a thousand already connected; the first step and the
        // whole window are printed beside it.
        const firstAgents = Math.floor(steps.restAgents / 2);
        // The first step's customers fill its agents exactly, so the second step's go to the second step's agents.
        const firstCustomers = firstAgents * perAgentLimit(concurrentAgents, concurrentCustomers);
        if (firstCustomers >= steps.restCustomers) throw new Error('bench: the concurrency figure needs enough customers to fill half the agents and leave some for the second step (about 1.25 per agent or more)');
        const first = await openCrowd({ url: cluster.url, emails: restEmails.slice(0, firstAgents), tokens }, firstCustomers, `${tag}k`);
        try {
          await settle(READING_SETTLE_MS);
          const middle = await clusterMemory(cluster, env.memoryDir);
          const second = await openCrowd({ url: cluster.url, emails: restEmails.slice(firstAgents), tokens }, steps.restCustomers - firstCustomers, `${tag}m`);
          try {
            await settle(READING_SETTLE_MS);
            const after = await clusterMemory(cluster, env.memoryDir);
            const stepOne = firstAgents + firstCustomers;
            const stepTwo = steps.restAgents + steps.restCustomers - stepOne;
            const real = perClient(middle, after, stepTwo);
            const [early, whole] = [perClient(before, middle, stepOne), perClient(before, after, stepOne + stepTwo)];
            lines.push(
              line(
                `Server RSS growth per connected client (${instances} platform process${instances === 1 ? '' : 'es'})`,
                `${(real.rss / echo.rss).toFixed(2).padStart(8)} × echo cluster (${real.rss.toFixed(1)} KB vs ${echo.rss.toFixed(1)} KB)  goal ≤ ${GOAL_KB_PER_CLIENT} KB — ${rssVerdict(real)}`
              ),
              line('JS heap growth per connected client (the same readings)', `${(real.heap / echo.heap).toFixed(2).padStart(8)} × echo cluster (${real.heap.toFixed(1)} KB vs ${echo.heap.toFixed(1)} KB)`),
              `(over the second step: ${stepTwo} clients added to ${steps.warmAgents + steps.warmCustomers + stepOne} already connected, all readings after GC; the first step, ${stepOne} clients: RSS ${early.rss.toFixed(1)} KB, JS heap ${early.heap.toFixed(1)} KB per client — ${rssVerdict(early)}; both steps: RSS ${whole.rss.toFixed(1)} KB, JS heap ${whole.heap.toFixed(1)} KB)`,
              `(not counted above — the ${restEmails.length} agents' sign-ins before they connected: RSS ${mbOf(before.rss - beforeSignIns.rss)} MB, JS heap ${mbOf(before.heap - beforeSignIns.heap)} MB over the processes)`
            );
            const [a, b, c] = await Promise.all([warm.drive(concurrentMessages, concurrentPaceMs), first.drive(concurrentMessages, concurrentPaceMs), second.drive(concurrentMessages, concurrentPaceMs)]);
            return { samples: [...a.samples, ...b.samples, ...c.samples], elapsedMs: Math.max(a.elapsedMs, b.elapsedMs, c.elapsedMs) };
          } finally {
            second.close();
          }
        } finally {
          first.close();
        }
      } finally {
        warm.close();
      }
    },
    true
  );
  const [p99, echoP99] = [percentile(realRunC.samples, 99), percentile(echoRunC.samples, 99)];
  lines.push(
    line('Customer→agent p99 with everyone connected', `${(p99 / echoP99).toFixed(2).padStart(8)} × echo cluster p99 (${p99.toFixed(1)} ms vs ${echoP99.toFixed(1)} ms; p50 ${percentile(realRunC.samples, 50).toFixed(1)} ms)`)
  );
}
