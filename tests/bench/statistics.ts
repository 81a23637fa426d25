/**
 * The analytics figures (issue 4): on a large generated data set, each statistics call's median
 * time over HTTP ÷ the same SQL run bare on the engine (bareStatQuery: the route's own queries,
 * without HTTP, auth, validation or shaping), and each analytics page's time with all its calls
 * at once as the desktop page fires them (goal: under 1 s on PostgreSQL, under 3 s on PGlite).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DateTime } from 'luxon';
import type { DatabaseTarget } from '../../src/server/db/client';
import { generateActivity } from '../../src/server/db/seed/activity';
import { bareStatQuery } from '../../src/server/stats';
import { endpoints } from '../../src/shared/api/catalogue';
import { createTestDatabase } from '../integration/server/helpers';
import { signInToken, startBenchPlatform } from './platform';
import { median, nowMs, percentile, ratioLine } from './report';
import { PAGE_CALLS, type PageCall } from './statistics-pages';

export interface StatisticsBenchOptions {
  /** Conversations generated for PostgreSQL (BENCH_STATS_CONVERSATIONS). */
  conversations: number;
  /** Conversations generated for PGlite (BENCH_STATS_PGLITE_CONVERSATIONS). */
  pgliteConversations: number;
  /** The range every call asks for, ending today (BENCH_STATS_DAYS). */
  days: number;
  /** Timed runs per figure (BENCH_STATS_ROUNDS). */
  rounds: number;
}

const ORG = 100;
/** The demo organisation's time zone: the filter's days are its days. */
const ZONE = 'America/Bogota';
const GOAL_MS = { PostgreSQL: 1000, PGlite: 3000 } as const;
type EngineName = keyof typeof GOAL_MS;

interface Engine {
  name: EngineName;
  conversations: number;
  open(): Promise<{ target: DatabaseTarget; drop(): Promise<void> }>;
}

export async function benchStatistics(options: StatisticsBenchOptions): Promise<string[]> {
  const { days, rounds } = options;
  const lines = [
    `Statistics — the demo organisation's conversations over 90 days, each call asked for the last ${days} days; medians of ${rounds} runs; ratio to the same SQL run bare on the engine`
  ];
  const engines: Engine[] = [];
  if (process.env.DATABASE_URL) engines.push({ name: 'PostgreSQL', conversations: options.conversations, open: () => createTestDatabase('postgres') });
  engines.push({
    name: 'PGlite',
    conversations: options.pgliteConversations,
    // On disk, as the desktop app keeps it (a large set does not fit PGlite's in-memory heap).
    open: async () => {
      const dir = await mkdtemp(join(tmpdir(), 'atiende-bench-stats-'));
      return { target: { kind: 'pglite', dataDir: dir }, drop: () => rm(dir, { recursive: true, force: true }) };
    }
  });
  for (const engine of engines) lines.push('', ...(await benchEngine(engine, options)));
  if (!process.env.DATABASE_URL) lines.push('(PostgreSQL not measured: set DATABASE_URL to add it)');
  return lines;
}

async function benchEngine(engine: Engine, { days, rounds }: StatisticsBenchOptions): Promise<string[]> {
  const database = await engine.open();
  const { app, url } = await startBenchPlatform(database.target);
  try {
    const now = new Date();
    const seeded = nowMs();
    await generateActivity(app.db, { org: ORG, now, count: engine.conversations, days: 90 });
    const seedSeconds = (nowMs() - seeded) / 1000;
    const token = await signInToken(url, 'admin@demo.co');
    const today = DateTime.fromJSDate(now, { zone: ZONE });
    const range = { start: today.minus({ days: days - 1 }).toISODate() ?? '', end: today.toISODate() ?? '' };

    const lines = [`${engine.name}: ${engine.conversations.toLocaleString('en')} conversations generated in ${seedSeconds.toFixed(0)} s; range ${range.start} … ${range.end}`];
    const seen = new Set<string>();
    for (const [page, calls] of Object.entries(PAGE_CALLS)) {
      for (const call of calls) {
        const id = callId(call);
        if (seen.has(id)) continue;
        seen.add(id);
        const query = { ...range, ...call.query };
        const bare = await median(rounds, () => bareStatQuery(app.db, call.key, ORG, query));
        const http = await median(rounds, () => fetchCall(url, token, call.key, query));
        lines.push(ratioLine(`${engine.name}: ${id}`, http, bare, 'bare SQL'));
      }
      const pageSamples: number[] = [];
      let bareSum = 0;
      for (let i = 0; i < rounds + 1; i++) {
        const start = nowMs();
        await Promise.all(calls.map((call) => fetchCall(url, token, call.key, { ...range, ...call.query })));
        if (i > 0) pageSamples.push(nowMs() - start); // the first round warms up
      }
      for (const call of calls) {
        const start = nowMs();
        await bareStatQuery(app.db, call.key, ORG, { ...range, ...call.query });
        bareSum += nowMs() - start;
      }
      const pageMs = percentile(pageSamples, 50);
      const goal = GOAL_MS[engine.name];
      lines.push(
        ratioLine(`${engine.name}: page ${page} (${calls.length} calls at once)`, pageMs, bareSum, 'its bare SQL in sequence', `goal < ${goal} ms — ${pageMs < goal ? 'met' : 'not met'}`)
      );
    }
    return lines;
  } finally {
    await app.close();
    await database.drop();
  }
}

function callId(call: PageCall): string {
  const extra = Object.entries(call.query).map(([k, v]) => `${k}=${v}`);
  return extra.length > 0 ? `${call.key} (${extra.join(', ')})` : call.key;
}

async function fetchCall(url: string, token: string, key: PageCall['key'], query: Record<string, string>): Promise<void> {
  const entry = endpoints[key];
  const path = entry.path.replace('{idOrg}', String(ORG)).replace('{id}', String(ORG));
  const res = await fetch(`${url}${path}?${new URLSearchParams(query).toString()}`, { headers: { authorization: `Bearer ${token}` } });
  if (!res.ok) throw new Error(`${key}: HTTP ${res.status} ${await res.text()}`);
  await res.arrayBuffer();
}
