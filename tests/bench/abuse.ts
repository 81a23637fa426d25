/**
 * Heavy reads cannot starve the chat (issue 18): customer→agent message latency p99 on the real
 * platform (a process of its own, with `conversations` of generated history: in-memory PGlite, and
 * PostgreSQL in a throwaway database when DATABASE_URL is set) while 4 analytics readers send the
 * heaviest statistics requests the filter allows, back to back, ÷ the same p99 on the same
 * platform, same agents and customers, with no reader. Goal ≤ 1.5×. The readers run in a process of
 * their own (abuse-readers.ts), so their work never delays a message the bench's process times.
 */
import { DateTime } from 'luxon';
import type { DatabaseTarget } from '../../src/server/db/client';
import { endpoints } from '../../src/shared/api/catalogue';
import { MAX_SPAN_DAYS } from '../../src/shared/domain/filter';
import { createTestDatabase } from '../support/database';
import { startReaders } from './abuse-readers';
import { openCrowd } from './chat-latency';
import { signInToken } from './platform';
import { atMost, LABEL_WIDTH, percentile, ratioLine } from './report';
import { startServerProcess } from './server-process';

export interface AbuseBenchOptions {
  /** BENCH_ABUSE_AGENTS (20). */
  agents: number;
  /** BENCH_ABUSE_CUSTOMERS (80). */
  customers: number;
  /** BENCH_ABUSE_MESSAGES (15): measured messages per customer in each phase. */
  messages: number;
  /** BENCH_ABUSE_CONVERSATIONS (50000): generated history the readers read. */
  conversations: number;
  /** BENCH_CHAT_PACE_MS (2000): mean pause before each customer message. */
  paceMs: number;
  /** BENCH_ABUSE_ROUNDS (2): rounds of a phase without readers then one with them. */
  rounds: number;
}

const ORG = 100;
const ZONE = 'America/Bogota';
const READERS = 4;
const GOAL = 1.5;

/**
 * The heaviest statistics requests the shared filter lets through: the finest series over its
 * longest span (hours over MAX_SPAN_DAYS.hour days), and day series over MAX_SPAN_DAYS.day days
 * with a time-of-day window, which reads the raw rows instead of the daily totals.
 */
function heavyRequests(now: Date): string[] {
  const today = DateTime.fromJSDate(now, { zone: ZONE });
  const range = (days: number) => ({ start: today.minus({ days: days - 1 }).toISODate() ?? '', end: today.toISODate() ?? '' });
  const path = (key: 'conversationsLine' | 'attendedChatsLine' | 'consumerClientsStatistics') => endpoints[key].path.replace('{idOrg}', String(ORG)).replace('{id}', String(ORG));
  const query = (q: Record<string, string>) => new URLSearchParams(q).toString();
  return [
    `${path('conversationsLine')}?${query({ ...range(MAX_SPAN_DAYS.hour), resolution: 'hour' })}`,
    `${path('attendedChatsLine')}?${query({ ...range(MAX_SPAN_DAYS.hour), resolution: 'hour' })}`,
    `${path('conversationsLine')}?${query({ ...range(MAX_SPAN_DAYS.day), resolution: 'day', since: '00:00', until: '23:59' })}`,
    `${path('consumerClientsStatistics')}?${query({ ...range(MAX_SPAN_DAYS.day), since: '00:00', until: '23:59' })}`
  ];
}

export async function benchAbuse(options: AbuseBenchOptions): Promise<string[]> {
  const { agents, customers, messages, conversations, paceMs, rounds } = options;
  const lines = [
    `Heavy reads beside the chat — ${customers} customers, ${agents} agents, ${messages} messages each at ~${paceMs} ms in each of ${rounds} rounds without then with ${READERS} analytics readers (their own process) looping the heaviest allowed statistics requests over ${conversations.toLocaleString('en')} generated conversations`
  ];
  const engines: { name: string; open: () => Promise<{ target: DatabaseTarget; drop(): Promise<void> }> }[] = [
    { name: 'PGlite (embedded)', open: async () => ({ target: { kind: 'pglite', dataDir: null }, drop: async () => undefined }) }
  ];
  if (process.env.DATABASE_URL) engines.push({ name: 'PostgreSQL', open: () => createTestDatabase('postgres') });
  for (const [i, engine] of engines.entries()) {
    const database = await engine.open();
    try {
      lines.push(...(await benchEngine(engine.name, database.target, `a${Date.now().toString(36)}${i}`, options)));
    } finally {
      await database.drop();
    }
  }
  if (!process.env.DATABASE_URL) lines.push('(PostgreSQL not measured: set DATABASE_URL to add it)');
  return lines;
}

async function benchEngine(name: string, database: DatabaseTarget, tag: string, { agents, customers, messages, conversations, paceMs, rounds }: AbuseBenchOptions): Promise<string[]> {
  const lines: string[] = [];
  const platform = await startServerProcess({ kind: 'platform', database, agents, customers, tag, conversations });
  try {
    const crowd = await openCrowd(platform, customers, tag);
    try {
      const tokens = await Promise.all(Array.from({ length: READERS }, () => signInToken(platform.url, 'visualizador@demo.co')));
      const requests = heavyRequests(new Date());
      // A platform that has been running: the generated history's one-off upkeep (VACUUM and ANALYZE
      // after the bulk insert, stats/planner-stats.ts) is done before either phase is measured.
      for (const request of requests) {
        const res = await fetch(`${platform.url}${request}`, { headers: { authorization: `Bearer ${tokens[0] ?? ''}` } });
        await res.arrayBuffer();
      }
      // Rounds of a phase without readers then one with them, the samples of each kind pooled: a
      // background hiccup of the machine (PostgreSQL's autovacuum, say) lands on both kinds alike.
      const quiet = { samples: [] as number[] };
      const busy = { samples: [] as number[] };
      const tally = { ok: 0, refused: 0, failed: 0 };
      for (let round = 0; round < rounds; round++) {
        quiet.samples.push(...(await crowd.drive(messages, paceMs)).samples);
        const readers = await startReaders(platform.url, tokens, requests);
        try {
          busy.samples.push(...(await crowd.drive(messages, paceMs)).samples);
        } finally {
          const counted = await readers.stop();
          tally.ok += counted.ok;
          tally.refused += counted.refused;
          tally.failed += counted.failed;
        }
      }
      const [quiet99, busy99] = [percentile(quiet.samples, 99), percentile(busy.samples, 99)];
      lines.push(
        ratioLine(`${name}: customer→agent p99 with ${READERS} heavy readers`, busy99, quiet99, 'p99 without them', atMost(busy99 / quiet99, GOAL)),
        ratioLine(`${name}: customer→agent p50 with ${READERS} heavy readers`, percentile(busy.samples, 50), percentile(quiet.samples, 50), 'p50 without them'),
        `${`(${name}: statistics answers meanwhile, ok / 4xx / 5xx)`.padEnd(LABEL_WIDTH)} ${tally.ok} / ${tally.refused} / ${tally.failed}`
      );
    } finally {
      crowd.close();
    }
  } finally {
    await platform.stop();
  }
  return lines;
}
