/**
 * Notifications through the outbox (issue 39), on the platform in a process of its own
 * (server-process.ts: in-memory PGlite, and PostgreSQL in a throwaway database with DATABASE_URL),
 * organisation 100's SMTP channel pointed at a loopback smtp-server in a process of its own
 * (notify-sink.ts: no login, every message taken, its bytes discarded, arrivals counted).
 *
 *  - `count` conversation summaries (notify-mail.ts: one customer each, so no cap holds one back)
 *    queued through raiseEvent, `batch` events per transaction, each commit followed by the
 *    worker's kick as the platform's raisers do it (notify-platform.ts), timed from the first
 *    enqueue to the sink having all `count`; then the outbox must hold `count` ENVIADA rows, the
 *    notification log one ENVIADA row each, and the sink `count` messages to `count` recipients.
 *    Baseline: the same messages sent by nodemailer directly in a fresh process of its own
 *    (notify-baseline.ts), with the platform's pool options and as many under way as the worker's
 *    concurrency, from its first send to the sink having all; run right before and right after the
 *    platform's run, the ratio taken to their mean. Goal ≤ 1.5×. The floor, run between the
 *    platform's run and the second baseline: that nodemailer loop plus the outbox's own statements
 *    in one process, on a fresh database of the same engine (notify-floor.ts: the rows inserted
 *    `batch` to a statement, then per worker's batch sent one transaction marking them ENVIADA and
 *    logging them) — on PGlite the database shares nodemailer's thread, as on the platform; printed
 *    as floor ÷ nodemailer and platform ÷ floor.
 *  - Customer→agent p99 on the same platform while notifications are being sent ÷ the same p99
 *    without, samples pooled over the phases without / with / with / without. A "with" phase queues
 *    `count` summaries before its crowd starts typing (the figure is the sending's; the enqueue's
 *    longest transaction is printed apart), and `count` more whenever the sink has all of them
 *    before the crowd stops, one event per transaction as chats' ends raise them (that enqueue
 *    falls inside the phase); after it the bench waits for the rest to arrive, so each phase starts
 *    with an empty outbox. Goal ≤ 1.2×.
 */
import type { DatabaseTarget } from '../../src/server/db/client';
import { DEFAULT_NOTIFY_DELIVERY } from '../../src/server/notify/options';
import { createTestDatabase } from '../support/database';
import { openCrowd } from './chat-latency';
import { runBaseline, type BaselineRequest } from './notify-baseline';
import { runFloor } from './notify-floor';
import { Enqueued, Setup, Tally, type OutboxTally } from './notify-platform';
import { startSinkProcess, type SinkProcess } from './notify-sink';
import { atMost, LABEL_WIDTH, percentile, ratioLine } from './report';
import { startServerProcess } from './server-process';

export interface NotifyBenchOptions {
  /** BENCH_NOTIFY_COUNT (10,000): notifications per run (and per refill of a "with" phase). */
  count: number;
  /** BENCH_NOTIFY_BATCH (500): events raised per transaction. */
  batch: number;
  /** BENCH_NOTIFY_AGENTS (20) and BENCH_NOTIFY_CUSTOMERS (80): the chat beside the sending. */
  agents: number;
  customers: number;
  /** BENCH_NOTIFY_MESSAGES (15): measured messages per customer per phase, at BENCH_CHAT_PACE_MS. */
  messages: number;
  paceMs: number;
}

const THROUGHPUT_GOAL = 1.5;
const P99_GOAL = 1.2;
/** A wait for the sink fails when no message arrived for this long. */
const STALL_MS = 60_000;
/** How long the outbox may take to record the last sends once the sink has them all. */
const SETTLE_MS = 120_000;

/** A database of its own for one run: in-memory PGlite (made by the process that opens it), or a throwaway PostgreSQL database. */
interface FreshDatabase {
  target: DatabaseTarget;
  drop(): Promise<void>;
}

const line = (label: string, text: string) => `${label.padEnd(LABEL_WIDTH)} ${text}`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function benchNotify(options: NotifyBenchOptions): Promise<string[]> {
  const delivery = DEFAULT_NOTIFY_DELIVERY;
  // createNotificationWorker (src/server/notify/worker.ts): the SMTP pool's connections.
  const maxConnections = Math.max(1, Math.min(delivery.concurrency, 5));
  const lines = [
    `notify: ${options.count} conversation summaries (RESUMEN_CONVERSACION, one customer each) through organisation 100's SMTP channel to a loopback smtp-server in a process of its own; the worker ${delivery.concurrency} sends at once, a pool of ${maxConnections} connections`
  ];
  const engines: { name: string; open: () => Promise<FreshDatabase> }[] = [
    { name: 'PGlite (embedded)', open: async () => ({ target: { kind: 'pglite', dataDir: null }, drop: async () => undefined }) }
  ];
  if (process.env.DATABASE_URL) engines.push({ name: 'PostgreSQL', open: () => createTestDatabase('postgres') });
  const sink = await startSinkProcess();
  try {
    for (const [i, engine] of engines.entries()) {
      const database = await engine.open();
      try {
        const tag = `n${Date.now().toString(36)}${i}`;
        const pool = { inFlight: delivery.concurrency, maxConnections, timeoutMs: delivery.smtpTimeoutMs };
        lines.push(...(await benchEngine(engine.name, database.target, engine.open, tag, options, sink, pool)));
      } finally {
        await database.drop();
      }
    }
  } finally {
    await sink.stop();
  }
  if (!process.env.DATABASE_URL) lines.push('(PostgreSQL not measured: set DATABASE_URL to add it)');
  return lines;
}

/** When the sink's `n`th message arrived (nowMs); fails when nothing arrives for STALL_MS. */
async function untilSunk(sink: SinkProcess, n: number, why: () => Promise<string>): Promise<number> {
  let seen = -1;
  let movedAt = Date.now();
  for (;;) {
    const status = await sink.status(n);
    if (status.nthAtMs !== null) return status.nthAtMs;
    if (status.count !== seen) {
      seen = status.count;
      movedAt = Date.now();
    } else if (Date.now() - movedAt > STALL_MS) {
      throw new Error(`bench: the SMTP sink has ${status.count} of ${n} messages and none arrived for ${STALL_MS / 1000} s (${await why()})`);
    }
    await sleep(100);
  }
}

async function benchEngine(
  name: string,
  target: DatabaseTarget,
  fresh: () => Promise<FreshDatabase>,
  tag: string,
  options: NotifyBenchOptions,
  sink: SinkProcess,
  pool: Pick<BaselineRequest, 'inFlight' | 'maxConnections' | 'timeoutMs'>
): Promise<string[]> {
  const { count, batch, agents, customers, messages, paceMs } = options;
  // Back to back (pace 0) is above any person's pace: the platform's per-socket message limit would refuse it.
  const platform = await startServerProcess({ kind: 'platform', database: target, agents, customers, tag, unthrottled: paceMs === 0, notifyLoopback: true });
  const closing: (() => void)[] = [];
  try {
    const { organisation, template } = Setup.parse(await platform.notify({ kind: 'setup', port: sink.port }));
    const outboxState = async () => {
      const tally = Tally.parse(await platform.notify({ kind: 'tally', timeoutMs: 1 }));
      return `outbox ${JSON.stringify(tally.outbox)}${tally.lastError ? `, e.g. «${tally.lastError}»` : ''}`;
    };
    let nextCustomer = 1;
    const enqueue = async (perTransaction = batch) => {
      const first = nextCustomer;
      nextCustomer += count;
      return Enqueued.parse(await platform.notify({ kind: 'enqueue', tag, organisation, first, count, batch: perTransaction }));
    };
    const baseline = async (run: string) => {
      await sink.reset();
      const result = await runBaseline({ port: sink.port, count, tag: `${tag}${run}`, organisation, template, ...pool });
      if (result.failed > 0) throw new Error(`bench: nodemailer failed ${result.failed} of ${count} sends: ${result.firstError ?? ''}`);
      const arrived = await untilSunk(sink, count, async () => 'the baseline');
      return { ms: arrived - result.startMs, bytes: result.bytes };
    };
    // nodemailer + the outbox's own statements in one process, on a fresh database of the same engine (notify-floor.ts).
    const floor = async () => {
      const database = await fresh();
      try {
        await sink.reset();
        const result = await runFloor({ port: sink.port, count, tag: `${tag}f`, organisation, template, ...pool, database: database.target, batch, group: DEFAULT_NOTIFY_DELIVERY.batchSize });
        if (result.failed > 0) throw new Error(`bench: the floor's nodemailer failed ${result.failed} of ${count} sends: ${result.firstError ?? ''}`);
        if (result.sent !== count || result.unsent > 0 || result.logged !== count || result.calls !== count) {
          throw new Error(`bench: the floor's outbox holds ${result.sent} ENVIADA rows and ${result.unsent} others, its log ${result.logged} rows and ${result.calls} smtp calls, of ${count}`);
        }
        const arrived = await untilSunk(sink, count, async () => 'the floor');
        return { ms: arrived - result.startMs, insertMs: result.insertedMs - result.startMs };
      } finally {
        await database.drop();
      }
    };

    // The platform's run between two baseline runs.
    const before = await baseline('b');
    await sink.reset();
    const enqueued = await enqueue();
    const platformMs = (await untilSunk(sink, count, outboxState)) - enqueued.startMs;
    const sent = Tally.parse(await platform.notify({ kind: 'tally', timeoutMs: SETTLE_MS }));
    const sunk = await sink.status();
    const floorRun = await floor();
    const after = await baseline('a');
    const baselineMs = (before.ms + after.ms) / 2;

    // The chat without, then with notifications being sent, pooled.
    const crowd = await openCrowd(platform, customers, tag);
    closing.push(crowd.close);
    await sink.reset();
    const samples = { without: [] as number[], with: [] as number[] };
    let queuedInPhases = 0;
    let sentDuringPhases = 0;
    let refills = 0;
    let longestInPhases = 0;
    let longestRefill = 0;
    for (const phase of ['without', 'with', 'with', 'without'] as const) {
      if (phase === 'without') {
        samples.without.push(...(await crowd.drive(messages, paceMs)).samples);
        continue;
      }
      const base = (await sink.status()).count;
      // The phase's notifications queued before the crowd types (the figure is the sending's), more whenever the sink has them all.
      const opening = await enqueue();
      longestInPhases = Math.max(longestInPhases, opening.longestMs);
      let queued = opening.queued;
      const typingFrom = (await sink.status()).count;
      let typing = true;
      const feeding = (async () => {
        for (;;) {
          while (typing && (await sink.status()).count < base + queued) await sleep(200);
          if (!typing) return;
          // One event per transaction, as each chat's end raises its own: on PGlite a transaction of
          // BENCH_NOTIFY_BATCH holds the one connection (and the event loop) for as long as it takes.
          const refill = await enqueue(1);
          queued += refill.queued;
          refills += 1;
          longestRefill = Math.max(longestRefill, refill.longestMs);
        }
      })();
      try {
        samples.with.push(...(await crowd.drive(messages, paceMs)).samples);
      } finally {
        typing = false;
        sentDuringPhases += (await sink.status()).count - typingFrom;
        await feeding;
      }
      queuedInPhases += queued;
      // The rest sent before the next phase: it starts with an empty outbox.
      await untilSunk(sink, base + queued, outboxState);
    }
    const afterPhases = Tally.parse(await platform.notify({ kind: 'tally', timeoutMs: SETTLE_MS }));
    const sunkInPhases = await sink.status();

    const [p99With, p99Without] = [percentile(samples.with, 99), percentile(samples.without, 99)];
    const [p50With, p50Without] = [percentile(samples.with, 50), percentile(samples.without, 50)];
    const perMessage = (ms: number) => `${(ms / count).toFixed(3)} ms`;
    return [
      ratioLine(
        `${name}: ${count} notifications, first enqueue → the sink has all`,
        platformMs,
        baselineMs,
        `nodemailer directly, ${pool.inFlight} under way (mean of 2 runs)`,
        atMost(platformMs / baselineMs, THROUGHPUT_GOAL)
      ),
      ratioLine(`(${name}: floor — nodemailer + the outbox's own statements, one process)`, floorRun.ms, baselineMs, 'nodemailer directly'),
      ratioLine(`(${name}: platform ÷ that floor)`, platformMs, floorRun.ms, 'floor'),
      line(
        `(${name}: per message, platform / floor / nodemailer)`,
        `${perMessage(platformMs)} / ${perMessage(floorRun.ms)} / ${perMessage(baselineMs)}; the floor's inserts ${floorRun.insertMs.toFixed(0)} ms; nodemailer before / after ${before.ms.toFixed(0)} / ${after.ms.toFixed(0)} ms; the enqueue alone ${(enqueued.endMs - enqueued.startMs).toFixed(0)} ms (${batch} events per transaction, the longest ${Math.max(enqueued.longestMs, longestInPhases).toFixed(0)} ms); ${Math.round(before.bytes / count)} bytes of subject and body each`
      ),
      exactlyOnce(`(${name}: sent exactly once)`, count, sent, sunk),
      ratioLine(
        `${name}: customer→agent p99 while notifications are sent`,
        p99With,
        p99Without,
        'the same p99 without',
        atMost(p99With / p99Without, P99_GOAL)
      ),
      line(
        `(${name}: customer→agent p50 without / with)`,
        `${p50Without.toFixed(1)} / ${p50With.toFixed(1)} ms; ${sentDuringPhases} notifications reached the sink while the crowd typed (${count} queued as each phase began, ${refills} × ${count} more while it typed, one per transaction${refills > 0 ? `, the longest ${longestRefill.toFixed(1)} ms` : ''}); ${agents} agents, ${customers} customers, ${messages} messages each per phase, pace ${paceMs} ms`
      ),
      exactlyOnce(`(${name}: the phases' notifications sent exactly once)`, count + queuedInPhases, afterPhases, sunkInPhases, queuedInPhases)
    ];
  } finally {
    for (const close of closing) close();
    await platform.stop();
  }
}

/**
 * The outbox holds `rows` ENVIADA rows and nothing else, the log one ENVIADA row for each, and the
 * sink `sunk` (default `rows`) messages to as many recipients.
 */
function exactlyOnce(label: string, rows: number, tally: OutboxTally, sink: { count: number; distinct: number }, sunk = rows): string {
  const held = Object.entries(tally.outbox).filter(([status]) => status !== 'ENVIADA');
  const logExtra = Object.entries(tally.log).filter(([status]) => status !== 'ENVIADA');
  const ok =
    tally.settled && (tally.outbox.ENVIADA ?? 0) === rows && held.length === 0 && (tally.log.ENVIADA ?? 0) === rows && logExtra.length === 0 && tally.loggedRows === rows && sink.count === sunk && sink.distinct === sunk;
  const facts = `outbox ${JSON.stringify(tally.outbox)}, log ${JSON.stringify(tally.log)} over ${tally.loggedRows} rows, sink ${sink.count} messages to ${sink.distinct} recipients; the worker claimed ${tally.claimed}`;
  return line(label, `${ok ? 'yes' : 'NO'} — ${facts}${tally.lastError ? `; e.g. «${tally.lastError}»` : ''}`);
}
