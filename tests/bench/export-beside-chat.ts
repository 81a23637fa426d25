/**
 * Report exports cannot starve the chat (issue 21): customer→agent message latency p99 on the real
 * platform (a process of its own, on PostgreSQL in a throwaway database with `conversations` of
 * generated history over 90 days) while an analyst downloads the history report's CSV of every one
 * of those conversations over and over (COPY on the reports' own pool, REPORTS_POOL_SIZE) ÷ the same
 * p99 on the same platform, same agents and customers, with no export running (goal ≤ 1.5×); then
 * the same with `exporters` analysts at once. Beside them, the raw engine's share: the p99 while the
 * same query's `COPY … TO STDOUT` runs straight on PostgreSQL (psql), no platform between. The
 * exporters are processes of their own (curl, psql), as an analyst's machine is: this process, which
 * times the chat, only starts them. PostgreSQL only: on PGlite there is one
 * connection, and a CSV is read there in keyset batches with the chat's statements between them.
 */
import { spawn } from 'node:child_process';
import { DateTime } from 'luxon';
import { endpoints } from '../../src/shared/api/catalogue';
import { DEFAULT_REPORTS_POOL_SIZE } from '../../src/server/db/client';
import { csvSelect, inlineSql } from '../../src/server/db/csv-stream';
import { csvReportQuery } from '../../src/server/reports/csv';
import { dayRange } from '../../src/server/stats/scope';
import { createTestDatabase } from '../support/database';
import { openCrowd } from './chat-latency';
import { signInToken } from './platform';
import { atMost, LABEL_WIDTH, percentile, ratioLine } from './report';
import { startServerProcess } from './server-process';

export interface ExportBesideChatOptions {
  /** BENCH_ABUSE_AGENTS (20). */
  agents: number;
  /** BENCH_ABUSE_CUSTOMERS (80). */
  customers: number;
  /** BENCH_ABUSE_MESSAGES (15): measured messages per customer in each phase. */
  messages: number;
  /** BENCH_EXPORT_CONVERSATIONS (1000000): generated conversations, every one of them in each export. */
  conversations: number;
  /** BENCH_EXPORT_BESIDE_EXPORTERS (3): analysts exporting at once. */
  exporters: number;
  /** BENCH_CHAT_PACE_MS (2000): mean pause before each customer message. */
  paceMs: number;
}

const DAYS = 90;
const ZONE = 'America/Bogota';
const GOAL = 1.5;
const MB = 1024 * 1024;

export async function benchExportBesideChat(options: ExportBesideChatOptions): Promise<string[]> {
  const { agents, customers, messages, conversations, exporters, paceMs } = options;
  const pool = process.env.REPORTS_POOL_SIZE ?? `${DEFAULT_REPORTS_POOL_SIZE} (default)`;
  const lines = [
    `Exports beside the chat — ${customers} customers, ${agents} agents, ${messages} messages each at ~${paceMs} ms; the history CSV of ${conversations.toLocaleString('en')} generated conversations exported over and over by 1, then ${exporters} analysts (REPORTS_POOL_SIZE ${pool})`
  ];
  if (!process.env.DATABASE_URL) return [...lines, '(not measured: set DATABASE_URL — the reports pool is PostgreSQL’s)'];
  const database = await createTestDatabase('postgres');
  try {
    if (database.target.kind !== 'postgres') throw new Error('the bench runs on PostgreSQL');
    const tag = `x${Date.now().toString(36)}`;
    const generating = Date.now();
    const platform = await startServerProcess({ kind: 'platform', database: database.target, agents, customers, tag, conversations });
    lines.push(`(${conversations.toLocaleString('en')} conversations generated and the platform ready in ${((Date.now() - generating) / 1000).toFixed(0)} s)`);
    try {
      const crowd = await openCrowd(platform, customers, tag);
      try {
        const quiet = await crowd.drive(messages, paceMs);
        const today = DateTime.now().setZone(ZONE);
        const query = new URLSearchParams({ start: today.minus({ days: DAYS }).toISODate() ?? '', end: today.toISODate() ?? '' });
        const url = `${platform.url}${endpoints.conversationsReportCsv.path}?${query.toString()}`;
        const tokens = await Promise.all(Array.from({ length: Math.max(1, exporters) }, () => signInToken(platform.url, 'admin@demo.co')));
        // The same query as the platform hands to COPY (csv-stream.ts), for the raw phase.
        const range = { start: today.minus({ days: DAYS }).toISODate() ?? '', end: today.toISODate() ?? '' };
        const input = { idOrg: 100, query: { ...range, attention: 'attended' as const, resolution: 'day' as const }, range: dayRange(range.start, range.end), now: new Date() };
        const copyText = `COPY (${inlineSql(csvSelect(csvReportQuery('conversationsReportCsv', input).query))}) TO STDOUT WITH (FORMAT csv)`;
        const dbUrl = database.target.url;

        type Phase = { label: string; goal: boolean; workers: number; once: (worker: number, signal: AbortSignal) => Promise<number> };
        /**
         * One run of an external program, its output thrown away, answering what it printed on stdout: the exporters run
         * in processes of their own (curl, psql), as an analyst's machine does, so this process times only the chat.
         */
        const run = (command: string, args: string[], signal: AbortSignal): Promise<string> =>
          new Promise((resolve, reject) => {
            const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'ignore'], signal });
            let out = '';
            child.stdout.on('data', (chunk: Buffer) => {
              out += chunk.toString();
            });
            child.once('error', reject);
            child.once('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`${command} exited ${code}`))));
          });
        // curl writes the file to /dev/null and prints its size.
        const overHttp = async (worker: number, signal: AbortSignal): Promise<number> =>
          Number(await run('curl', ['-sS', '--fail', '-o', '/dev/null', '-w', '%{size_download}', '-H', `authorization: Bearer ${tokens[worker] ?? ''}`, url], signal));
        // psql's COPY … TO STDOUT, its output to /dev/null (sh), then the byte count of nothing: the size is not known here.
        const rawCopy = async (_worker: number, signal: AbortSignal): Promise<number> => {
          await run('sh', ['-c', 'exec psql "$1" -X -q -c "$2" > /dev/null', 'sh', dbUrl, copyText], signal);
          return 0;
        };
        const phases: Phase[] = [
          // The raw engine's share: the same COPY straight from PostgreSQL to this process, no platform in between.
          { label: `a bare COPY of the same ${conversations.toLocaleString('en')} conversations (psql, no platform)`, goal: false, workers: 1, once: rawCopy },
          // The figure of issue 21: one analyst exporting through the platform.
          { label: `an export of ${conversations.toLocaleString('en')} conversations`, goal: true, workers: 1, once: overHttp },
          ...(exporters > 1 ? [{ label: `${exporters} exports at once`, goal: false, workers: exporters, once: overHttp }] : [])
        ];
        for (const phase of phases) {
          const stop = new AbortController();
          const tally = { complete: 0, bytes: 0, failed: 0, firstMs: NaN };
          const working = Array.from({ length: phase.workers }, async (_, worker) => {
            while (!stop.signal.aborted) {
              const started = Date.now();
              try {
                tally.bytes += await phase.once(worker, stop.signal);
                tally.complete++;
                if (Number.isNaN(tally.firstMs)) tally.firstMs = Date.now() - started;
              } catch {
                if (!stop.signal.aborted) tally.failed++;
              }
            }
          });
          let busy;
          try {
            // Let the COPY start before the chat is timed.
            await new Promise((r) => setTimeout(r, 1000));
            busy = await crowd.drive(messages, paceMs);
          } finally {
            stop.abort();
            await Promise.all(working);
          }
          const [quiet99, busy99] = [percentile(quiet.samples, 99), percentile(busy.samples, 99)];
          lines.push(
            ratioLine(`customer→agent p99 during ${phase.label}`, busy99, quiet99, 'p99 without', phase.goal ? atMost(busy99 / quiet99, GOAL) : undefined),
            ratioLine(`customer→agent p50 during ${phase.label}`, percentile(busy.samples, 50), percentile(quiet.samples, 50), 'p50 without'),
            `${`(meanwhile: complete / failed, MB, first one took)`.padEnd(LABEL_WIDTH)} ${tally.complete} / ${tally.failed}, ${tally.bytes > 0 ? `${(tally.bytes / MB).toFixed(0)} MB` : 'size not read'}, ${Number.isNaN(tally.firstMs) ? 'none finished' : `${(tally.firstMs / 1000).toFixed(1)} s`}`
          );
        }
      } finally {
        crowd.close();
      }
    } finally {
      await platform.stop();
    }
    return lines;
  } finally {
    await database.drop();
  }
}
