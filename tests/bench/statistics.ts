/**
 * The analytics figures (issues 4 and 20), on N generated conversations over the last 90 days
 * (sizes from the environment, see run.ts), on PostgreSQL (a throwaway database, when DATABASE_URL
 * is set) and on PGlite (on disk). Part `stats`:
 *  - each statistics call's median time over HTTP ÷ the same SQL run bare on the engine
 *    (bareStatQuery: the route's own queries, without HTTP, auth, validation or shaping), asked for
 *    the last `days` days, with the difference beside it;
 *  - the fixed cost a call adds to its SQL: every call of every page asked for a day with no data
 *    (its SQL does next to nothing), HTTP median − bare median per call, the median over the calls
 *    (goal ≤ 2 ms on both engines);
 *  - each analytics page's time with all its calls at once as the desktop page fires them, over the
 *    last `days` days (goal < 200 ms on PostgreSQL, < 1.5 s on PGlite) and, on PostgreSQL, over the
 *    last year (goal < 1 s).
 * Part `home`: the home page (/analitica) with all its calls at once (goal < 1 s on PostgreSQL,
 * < 3 s on PGlite). Both parts asked for at once share one generated data set per engine.
 * The HTTP client is node:http on kept connections, in the platform's process (httpMedian).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DateTime } from 'luxon';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { DatabaseTarget } from '../../src/server/db/client';
import { generateActivity } from '../../src/server/demo/activity';
import { rowsOf } from '../../src/server/db/statements';
import { bareStatQuery } from '../../src/server/stats';
import { liveQueue } from '../../src/server/stats/live-queue';
import { endpoints } from '../../src/shared/api/catalogue';
import { createTestDatabase } from '../support/database';
import { signInToken, startBenchPlatform } from './platform';
import { median, nowMs, percentile, ratioLine } from './report';
import { homeCalls, PAGE_CALLS, type PageCall } from './statistics-pages';

export interface StatisticsBenchOptions {
  /** Conversations generated for PostgreSQL (BENCH_STATS_CONVERSATIONS). */
  conversations: number;
  /** Conversations generated for PGlite (BENCH_STATS_PGLITE_CONVERSATIONS). */
  pgliteConversations: number;
  /** The range every call asks for, ending today (BENCH_STATS_DAYS). */
  days: number;
  /** Timed runs per statistics figure (BENCH_STATS_ROUNDS). */
  rounds: number;
  /** Timed runs per call of the fixed-cost figure (BENCH_STATS_FIXED_ROUNDS). */
  fixedRounds: number;
  /** Which figures: the statistics calls and pages (part stats), the home page (part home). */
  parts: { stats: boolean; home: boolean };
}

const ORG = 100;
/** The days the generated history spans, ending today. */
const GENERATED_DAYS = 90;
/** The demo organisation's time zone: the filter's days are its days. */
const ZONE = 'America/Bogota';
/** A day with no data (within the filter's 2000–2100 bounds): its SQL does next to nothing, what is left is the call's own cost. */
const EMPTY_DAY = { start: '2001-01-01', end: '2001-01-01' };
const GOALS = {
  PostgreSQL: { page: 200, yearPage: 1000, home: 1000 },
  PGlite: { page: 1500, yearPage: null, home: 3000 }
} as const;
const FIXED_COST_GOAL_MS = 2;
type EngineName = keyof typeof GOALS;

interface Engine {
  name: EngineName;
  conversations: number;
  open(): Promise<{ target: DatabaseTarget; drop(): Promise<void> }>;
  /** A database generated earlier (`npm run seed`) and kept: measured as it is, neither generated nor dropped. */
  kept?: string;
}

/**
 * BENCH_STATS_DATABASE_URL / BENCH_STATS_PGLITE_DIR: measure a database `npm run seed` generated
 * earlier (the last 90 days up to then) instead of generating a throwaway one; 1,000,000
 * conversations take 20–30 minutes to generate on this machine.
 */
function keptEngine(name: EngineName, env: string, target: (value: string) => DatabaseTarget): Engine | null {
  const value = process.env[env];
  if (!value) return null;
  return { name, conversations: 0, kept: env, open: async () => ({ target: target(value), drop: async () => undefined }) };
}

interface Call {
  key: PageCall['key'];
  /** The whole query (range included). */
  query: Record<string, string>;
}

export async function benchStatistics(options: StatisticsBenchOptions): Promise<string[]> {
  const { days, rounds } = options;
  const what = [options.parts.stats ? 'statistics calls and pages' : '', options.parts.home ? 'the home page' : ''].filter(Boolean).join(' and ');
  const lines = [
    `Analytics (${what}) — the demo organisation's conversations over ${GENERATED_DAYS} days; calls asked for the last ${days} days; medians of ${rounds} runs; ratio to the same SQL run bare on the engine`
  ];
  const engines: Engine[] = [];
  const keptPostgres = keptEngine('PostgreSQL', 'BENCH_STATS_DATABASE_URL', (url) => ({ kind: 'postgres', url }));
  if (keptPostgres) engines.push(keptPostgres);
  else if (process.env.DATABASE_URL) engines.push({ name: 'PostgreSQL', conversations: options.conversations, open: () => createTestDatabase('postgres') });
  engines.push(keptEngine('PGlite', 'BENCH_STATS_PGLITE_DIR', (dataDir) => ({ kind: 'pglite', dataDir })) ?? {
    name: 'PGlite',
    conversations: options.pgliteConversations,
    // On disk, as the desktop app keeps it (a large set does not fit PGlite's in-memory heap).
    open: async () => {
      const dir = await mkdtemp(join(tmpdir(), 'atiende-bench-stats-'));
      return { target: { kind: 'pglite', dataDir: dir }, drop: () => rm(dir, { recursive: true, force: true }) };
    }
  });
  for (const engine of engines) lines.push('', ...(await benchEngine(engine, options)));
  if (!keptPostgres && !process.env.DATABASE_URL) lines.push('(PostgreSQL not measured: set DATABASE_URL to add it)');
  return lines;
}

async function benchEngine(engine: Engine, options: StatisticsBenchOptions): Promise<string[]> {
  const { days, rounds, fixedRounds, parts } = options;
  const database = await engine.open();
  const { app, url } = await startBenchPlatform(database.target);
  try {
    const now = new Date();
    const seeded = nowMs();
    if (!engine.kept) await generateActivity(app.db, { org: ORG, now, count: engine.conversations, days: GENERATED_DAYS });
    const seedSeconds = (nowMs() - seeded) / 1000;
    const conversations = engine.kept ? await countConversations(app) : engine.conversations;
    const token = await signInToken(url, 'admin@demo.co');
    const today = DateTime.fromJSDate(now, { zone: ZONE });
    const rangeOf = (span: number) => ({ start: today.minus({ days: span - 1 }).toISODate() ?? '', end: today.toISODate() ?? '' });
    const range = rangeOf(days);
    const goals = GOALS[engine.name];
    const name = engine.name;
    const bench = { app, url, token, rounds };

    const made = engine.kept ? `kept from an earlier generation (${engine.kept})` : `generated in ${seedSeconds.toFixed(0)} s`;
    const lines = [`${name}: ${conversations.toLocaleString('en')} conversations ${made}; range ${range.start} … ${range.end}`];
    if (parts.stats) {
      lines.push(...(await fixedCost(bench, name, fixedRounds)));
      const seen = new Set<string>();
      for (const [page, calls] of Object.entries(PAGE_CALLS)) {
        for (const call of calls) {
          const id = callId(call);
          if (seen.has(id)) continue;
          seen.add(id);
          const query = { ...range, ...call.query };
          const bare = await median(rounds, () => bareCall(app, call.key, query));
          const http = await median(rounds, () => getAll([callUrl(url, call.key, query)], token));
          lines.push(ratioLine(`${name}: ${id}`, http, bare, 'bare SQL', `+${(http - bare).toFixed(1)} ms`));
        }
        lines.push(await pageLine(bench, `${name}: page ${page} (${calls.length} calls at once), ${days} days`, withQuery(calls, range), goals.page));
      }
      if (goals.yearPage !== null) {
        const year = rangeOf(365);
        for (const [page, calls] of Object.entries(PAGE_CALLS)) {
          lines.push(await pageLine(bench, `${name}: page ${page}, a year (${year.start} …)`, withQuery(calls, year), goals.yearPage));
        }
      }
    }
    if (parts.home) {
      const calls = homeCalls(now);
      lines.push(await pageLine(bench, `${name}: home page (${calls.length} calls at once: today and last week, queue, agents)`, calls, goals.home));
    }
    return lines;
  } finally {
    await app.close();
    await database.drop();
  }
}

interface Bench {
  app: FastifyInstance;
  url: string;
  token: string;
  rounds: number;
}

function withQuery(calls: readonly PageCall[], range: { start: string; end: string }): Call[] {
  return calls.map((call) => ({ key: call.key, query: { ...range, ...call.query } }));
}

/**
 * The fixed cost of a call: each distinct call of the pages asked for a day without data, many
 * rounds, HTTP median − bare median; the median and the largest over the calls.
 */
async function fixedCost({ app, url, token }: Bench, name: EngineName, rounds: number): Promise<string[]> {
  const calls = new Map<string, Call>();
  for (const list of Object.values(PAGE_CALLS)) for (const call of withQuery(list, EMPTY_DAY)) calls.set(callId(call), call);
  const costs: { id: string; http: number; bare: number }[] = [];
  for (const [id, call] of calls) {
    const bare = await median(rounds, () => bareCall(app, call.key, call.query));
    const http = await median(rounds, () => getAll([callUrl(url, call.key, call.query)], token));
    costs.push({ id, http, bare });
  }
  const mid = percentile(
    costs.map((c) => c.http - c.bare),
    50
  );
  const worst = costs.reduce((a, b) => (b.http - b.bare > a.http - a.bare ? b : a));
  const http = percentile(
    costs.map((c) => c.http),
    50
  );
  const bare = percentile(
    costs.map((c) => c.bare),
    50
  );
  const goal = `+${mid.toFixed(2)} ms a call (largest +${(worst.http - worst.bare).toFixed(2)} ms: ${worst.id}; goal ≤ ${FIXED_COST_GOAL_MS} ms — ${mid <= FIXED_COST_GOAL_MS ? 'met' : 'not met'})`;
  return [ratioLine(`${name}: fixed cost of a call (${calls.size} calls, a day without data, ${rounds} runs each)`, http, bare, 'bare SQL', goal)];
}

/** A page's calls all at once as the page fires them: median of `rounds` after one warm-up, ÷ their bare SQL in sequence. */
async function pageLine({ app, url, token, rounds }: Bench, label: string, calls: readonly Call[], goal: number): Promise<string> {
  const samples: number[] = [];
  for (let i = 0; i < rounds + 1; i++) {
    const start = nowMs();
    await getAll(
      calls.map((call) => callUrl(url, call.key, call.query)),
      token
    );
    if (i > 0) samples.push(nowMs() - start); // the first round warms up
  }
  let bareSum = 0;
  for (const call of calls) {
    const start = nowMs();
    await bareCall(app, call.key, call.query);
    bareSum += nowMs() - start;
  }
  const pageMs = percentile(samples, 50);
  return ratioLine(label, pageMs, bareSum, 'its bare SQL in sequence', `goal < ${goal} ms — ${pageMs < goal ? 'met' : 'not met'}`);
}

/** A call's own work run bare on the engine: its SQL (bareStatQuery), or the live queue's reads. */
/** The organisation's conversations in a kept database. */
async function countConversations(app: FastifyInstance): Promise<number> {
  const result = await app.db.execute(sql`select count(*)::int as n from conversations where organization_id = ${ORG}`);
  const parsed = z.array(z.object({ n: z.number() })).parse(rowsOf(result));
  return parsed[0]?.n ?? 0;
}

function bareCall(app: FastifyInstance, key: PageCall['key'], query: Record<string, string>): Promise<unknown> {
  if (key === 'liveQueue') return liveQueue(app.db, ORG, new Date(), app.services.config.agentDisconnectGraceMs);
  return bareStatQuery(app.services.reportsDb, key, ORG, query);
}

function callId(call: { key: string; query: Record<string, string> }): string {
  const extra = Object.entries(call.query)
    .filter(([k]) => k !== 'start' && k !== 'end')
    .map(([k, v]) => `${k}=${v}`);
  return extra.length > 0 ? `${call.key} (${extra.join(', ')})` : call.key;
}

/** The address of a call on the bench platform. */
function callUrl(url: string, key: PageCall['key'], query: Record<string, string>): string {
  const path = endpoints[key].path.replace('{idOrg}', String(ORG)).replace('{id}', String(ORG));
  return `${url}${path}?${new URLSearchParams(query).toString()}`;
}

/**
 * The bench's client: node:http on kept connections, as lean as a client gets. It runs in the
 * platform's own process (a real one, the desktop app, runs elsewhere): fetch's WHATWG streams would
 * add about a millisecond of this process's time to every call and count it as the platform's. (A
 * client on a thread of its own was tried: each request then waits for the other thread to wake,
 * which costs more than the client's work here.)
 */
const agent = new http.Agent({ keepAlive: true });

/** GETs of `urls` at once with the bearer `token`; rejects on any answer but 200. */
function getAll(urls: readonly string[], token: string): Promise<unknown> {
  return Promise.all(urls.map((url) => get(url, token)));
}

function get(url: string, token: string): Promise<void> {
  const target = new URL(url);
  return new Promise<void>((resolve, reject) => {
    const request = http.get({ host: target.hostname, port: target.port, path: `${target.pathname}${target.search}`, agent, headers: { authorization: `Bearer ${token}` } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => (res.statusCode === 200 ? resolve() : reject(new Error(`${target.pathname}: HTTP ${res.statusCode ?? '?'} ${Buffer.concat(chunks).toString().slice(0, 300)}`))));
      res.on('error', reject);
    });
    request.on('error', reject);
  });
}
