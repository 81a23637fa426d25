/**
 * The export figure (issue 5): N generated conversations on PostgreSQL (a throwaway database),
 * the history report's CSV of all of them exported end to end as the desktop app does it — the
 * main-process services in this process ('reports:download': API client → HTTP → the platform in a
 * process of its own → COPY from PostgreSQL → a temporary file renamed when complete) — ÷ the same
 * query's `COPY … TO STDOUT` written to a file straight from the database in the same run (goal
 * ≤ 1.5×); and this process's peak memory growth while the export runs (goal < 100 MB). Then the
 * same rows as an Excel workbook (issue 20: the CSV parsed as it arrives and written by exceljs's
 * streaming writer) ÷ that CSV export, and the peak memory growth while it runs (goal < 150 MB).
 */
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { DateTime } from 'luxon';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { createMainServices } from '../../src/main/services';
import { createMemorySettings, createMemoryTokenVault, silentLogger, systemClock, type FileSaver } from '../../src/main/services/ports';
import { buildApp } from '../../src/server/app';
import { baseConfig } from '../../src/server/config';
import { csvSelect, inlineSql } from '../../src/server/db/csv-stream';
import { generateActivity } from '../../src/server/demo/activity';
import { csvReportQuery } from '../../src/server/reports/csv';
import { dayRange } from '../../src/server/stats/scope';
import type { DownloadProgress } from '../../src/shared/report-downloads';
import { createTestDatabase } from '../support/database';
import { PASSWORD } from './platform';
import { nowMs } from './report';
import { startServerProcess } from './server-process';

export interface ExportBenchOptions {
  /** Conversations generated (BENCH_EXPORT_CONVERSATIONS). */
  conversations: number;
}

const ORG = 100;
const DAYS = 90;
const ZONE = 'America/Bogota';
const MB = 1024 * 1024;

/** COPY (query) TO STDOUT into a file: the engine's own CSV, nothing between it and the disk. */
async function copyToFile(url: string, text: string, file: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await pipeline(client.query(copyTo(`COPY (${text}) TO STDOUT WITH (FORMAT csv)`)), createWriteStream(file));
  } finally {
    await client.end();
  }
}

export async function benchReportExport({ conversations }: ExportBenchOptions): Promise<string[]> {
  const lines = [`Report export — the history report's CSV of ${conversations.toLocaleString('en')} generated conversations, to disk`];
  if (!process.env.DATABASE_URL) return [...lines, '(not measured: set DATABASE_URL — the figure is on PostgreSQL)'];
  const database = await createTestDatabase('postgres');
  const dir = await mkdtemp(join(tmpdir(), 'atiende-bench-export-'));
  try {
    if (database.target.kind !== 'postgres') throw new Error('the export bench runs on PostgreSQL');
    const url = database.target.url;
    // Migrate, seed the demo accounts and generate the history, then leave the database to the platform's own process.
    const now = new Date();
    const seeding = await buildApp({ ...baseConfig(process.env), port: 0, host: '127.0.0.1', database: database.target, logger: false, demoConversations: 0 });
    const seeded = nowMs();
    try {
      await generateActivity(seeding.db, { org: ORG, now, count: conversations, days: DAYS });
      await seeding.db.execute(sql`analyze`);
    } finally {
      await seeding.close();
    }
    lines.push(`${conversations.toLocaleString('en')} conversations generated in ${((nowMs() - seeded) / 1000).toFixed(0)} s`);

    const today = DateTime.fromJSDate(now, { zone: ZONE });
    const range = { start: today.minus({ days: DAYS }).toISODate() ?? '', end: today.toISODate() ?? '' };
    const input = { idOrg: ORG, query: { ...range, attention: 'attended' as const, resolution: 'day' as const }, range: dayRange(range.start, range.end), now };
    const { query } = csvReportQuery('conversationsReportCsv', input);
    // The very text the platform hands to COPY (csv-stream.ts).
    const selectText = inlineSql(csvSelect(query));

    const server = await startServerProcess({ kind: 'plain', database: { kind: 'postgres', url } });
    try {
      const saver: FileSaver = { choosePath: async (name) => join(dir, name), chooseFolder: async () => dir, showInFolder: () => undefined };
      const services = await createMainServices({
        fetch: (input, init) => fetch(input, init),
        vault: createMemoryTokenVault(),
        settings: createMemorySettings({ serviceUrls: { virtualAgent: server.url, humanAgent: server.url, notifications: server.url } }),
        clock: systemClock,
        logger: silentLogger,
        fileSaver: saver
      });
      try {
        const signedIn = await services.session.login({ email: 'admin@demo.co', password: PASSWORD });
        if (!signedIn.ok) throw new Error(`bench sign-in failed: ${signedIn.error.message}`);

        const copyFile = join(dir, 'copy.csv');
        const copies: number[] = [];
        const timedCopy = async () => {
          const start = nowMs();
          await copyToFile(url, selectText, copyFile);
          copies.push(nowMs() - start);
        };
        await timedCopy(); // warms the cache as much as the export will find it

        // The export, as the desktop app runs it, with this process's memory sampled while it runs.
        const measure = async (format: 'csv' | 'xlsx') => {
          global.gc?.();
          const before = process.memoryUsage();
          let peakRss = before.rss;
          let peakHeap = before.heapUsed;
          const sampler = setInterval(() => {
            const m = process.memoryUsage();
            peakRss = Math.max(peakRss, m.rss);
            peakHeap = Math.max(peakHeap, m.heapUsed);
          }, 10);
          const start = nowMs();
          const ended = new Promise<DownloadProgress>((resolve) => {
            const stop = services.bus.on('reports:progress', (p) => {
              if (p.state !== 'running') {
                stop();
                resolve(p);
              }
            });
          });
          // The CSV as the app's default (';', Excel en español); the workbook of the same rows.
          const started = await services.downloads.download({ report: 'conversations', query: { ...range }, delimiter: ';', format });
          if (!started.ok || !started.data) throw new Error(`bench export did not start: ${started.ok ? 'no file' : started.error.message}`);
          const outcome = await ended;
          const ms = nowMs() - start;
          clearInterval(sampler);
          if (outcome.state !== 'done') throw new Error(`bench export ${outcome.state}: ${outcome.error ?? ''}`);
          return { outcome, ms, rssGrowth: (peakRss - before.rss) / MB, heapGrowth: (peakHeap - before.heapUsed) / MB };
        };
        const csv = await measure('csv');
        const { outcome, ms: exportMs } = csv;

        await timedCopy();
        const copyMs = Math.min(...copies);
        const exported = (await stat(outcome.path)).size;
        const copied = (await stat(copyFile)).size;
        const ratio = exportMs / copyMs;
        lines.push(
          `export end to end: ${exportMs.toFixed(0)} ms for ${outcome.rows.toLocaleString('en')} rows (${(exported / MB).toFixed(1)} MB); ` +
            `COPY … TO STDOUT to a file: ${copyMs.toFixed(0)} ms (${(copied / MB).toFixed(1)} MB, BOM and header aside) → ${ratio.toFixed(2)}× (goal ≤ 1.5× — ${ratio <= 1.5 ? 'met' : 'not met'})`
        );
        const growth = csv.rssGrowth;
        lines.push(
          `main-process memory during the export: peak RSS growth ${growth.toFixed(1)} MB, peak heap growth ${csv.heapGrowth.toFixed(1)} MB ` +
            `(goal < 100 MB — ${growth < 100 ? 'met' : 'not met'})`
        );

        // The same rows as an Excel workbook (exceljs's streaming writer in this process) ÷ the CSV just measured.
        const xlsx = await measure('xlsx');
        const workbook = (await stat(xlsx.outcome.path)).size;
        const xlsxRatio = xlsx.ms / exportMs;
        lines.push(
          `.xlsx of the same rows: ${xlsx.ms.toFixed(0)} ms for ${xlsx.outcome.rows.toLocaleString('en')} rows (${(workbook / MB).toFixed(1)} MB) ÷ the CSV export ${exportMs.toFixed(0)} ms → ${xlsxRatio.toFixed(2)}×; ` +
            `peak RSS growth ${xlsx.rssGrowth.toFixed(1)} MB, peak heap growth ${xlsx.heapGrowth.toFixed(1)} MB (goal < 150 MB — ${xlsx.rssGrowth < 150 ? 'met' : 'not met'})`
        );
      } finally {
        services.dispose();
      }
    } finally {
      await server.stop();
    }
    return lines;
  } finally {
    await rm(dir, { recursive: true, force: true });
    await database.drop();
  }
}
