import { and, eq, inArray, lt, lte, or, sql } from 'drizzle-orm';
import { AddressRules } from '../ldap/address-rules';
import type { ServerConfig } from '../config';
import { notificationOutbox } from '../db/schema';
import type { Db } from '../db/types';
import { ChannelSet } from './channels';
import { outboxFolder } from './channels/eml';
import { batchContext, deliverOne, type ClaimedRow, type DeliverDeps } from './deliver';
import { recordAttempt, type AttemptResult } from './delivery-log';
import type { NotifyDeliveryOptions } from './options';
import { connectNotifyKick } from './kick';
import { loadSecretKey } from './secrets';


export interface WorkerDeps {
  /** The database the worker's short statements run on (app.ts: on PGlite the background turn, so the chat goes first). */
  db: Db;
  /** The platform's clock: the log rows' times (the statistics read them with it). */
  clock: () => Date;
  channels: ChannelSet;
  options: NotifyDeliveryOptions;
  /** The key the SMTP password and SMS token are sealed with (secrets.ts), read on first need. */
  secretKey: () => Promise<Buffer>;
  onError: (error: unknown, context: string) => void;
}

/**
 * The wait before try `attempt` + 1 after `attempt` tries failed: the base, doubled each try, plus
 * up to a quarter more at random (processes retrying the same provider spread out), capped.
 */
export function retryDelayMs(attempt: number, options: Pick<NotifyDeliveryOptions, 'retryBaseMs' | 'retryMaxMs'>, random: () => number = Math.random): number {
  const exponential = options.retryBaseMs * 2 ** Math.max(0, attempt - 1);
  return Math.round(Math.min(options.retryMaxMs, exponential * (1 + random() / 4)));
}

/**
 * Claims up to `limit` due rows for this process: pending rows whose time has come, and rows
 * another process claimed and did not finish before its lease ran out (it crashed). One statement:
 * the rows are locked with SKIP LOCKED, so two processes claiming at once take different rows, and
 * marked ENVIANDO with a lease (to the millisecond, so that it can be compared exactly later) and
 * one more attempt — a row that crashes its sender still runs out of tries.
 */
export async function claimDue(db: Db, limit: number, leaseMs: number): Promise<ClaimedRow[]> {
  const due = db
    .select({ id: notificationOutbox.id })
    .from(notificationOutbox)
    .where(
      or(
        and(eq(notificationOutbox.status, 'PENDIENTE'), lte(notificationOutbox.nextAttemptAt, sql`now()`)),
        and(eq(notificationOutbox.status, 'ENVIANDO'), lt(notificationOutbox.leaseUntil, sql`now()`))
      )
    )
    .orderBy(notificationOutbox.id)
    .limit(limit)
    .for('update', { skipLocked: true });
  const rows = await db
    .update(notificationOutbox)
    .set({
      status: 'ENVIANDO',
      leaseUntil: sql`date_trunc('milliseconds', now() + make_interval(secs => ${leaseMs / 1000}))`,
      attempts: sql`${notificationOutbox.attempts} + 1`
    })
    .where(inArray(notificationOutbox.id, due))
    .returning();
  const claimed: ClaimedRow[] = [];
  for (const row of rows) if (row.leaseUntil) claimed.push({ ...row, leaseUntil: row.leaseUntil });
  return claimed.sort((a, b) => a.id - b.id);
}

/** Gives claimed rows back untouched (the worker is stopping before it started them). */
async function release(db: Db, rows: readonly ClaimedRow[]): Promise<void> {
  for (const row of rows) {
    await db
      .update(notificationOutbox)
      .set({ status: 'PENDIENTE', leaseUntil: null, attempts: sql`greatest(0, ${notificationOutbox.attempts} - 1)` })
      .where(and(eq(notificationOutbox.id, row.id), eq(notificationOutbox.status, 'ENVIANDO'), eq(notificationOutbox.leaseUntil, row.leaseUntil)));
  }
}

/**
 * Issue 39: the notification worker, one in every platform process. It claims due outbox rows a few
 * at a time (claimDue: short statements, never a transaction held open while sending — on PGlite one
 * connection serves the chat too), sends each through its channel with at most `concurrency` sends
 * under way, and records every try (delivery-log.ts). It wakes on kick(), after each send it
 * finishes, when a retry falls due, and every `pollMs`. stop() claims nothing more, waits for the
 * sends under way and writes their outcome, gives back what it claimed and had not started, and
 * closes the channels: a restart loses nothing and sends nothing twice.
 */
export class NotificationWorker {
  private active = false;
  private readonly inFlight = new Set<Promise<void>>();
  private pumping: Promise<void> | null = null;
  private again = false;
  private poll: NodeJS.Timeout | null = null;
  private readonly wakes = new Set<NodeJS.Timeout>();
  private readonly deliverDeps: DeliverDeps;
  /** Rows this worker has claimed since it started (tests and the bench read how the work was shared). */
  claimed = 0;

  private disconnectKick: (() => void) | null = null;

  constructor(private readonly deps: WorkerDeps) {
    this.deliverDeps = { db: deps.db, channels: deps.channels, secretKey: deps.secretKey };
  }

  get outboxFolder(): string {
    return this.deps.channels.outboxFolder;
  }

  start(): void {
    if (this.active) return;
    this.active = true;
    // raiseEvent's callers wake it through kick.ts once their transaction has committed.
    this.disconnectKick = connectNotifyKick(() => this.kick());
    if (this.deps.options.pollMs > 0) {
      this.poll = setInterval(() => this.kick(), this.deps.options.pollMs);
      this.poll.unref();
    }
    this.kick();
  }

  /** Looks for due rows now (a look under way looks once more when it ends). */
  kick(): void {
    if (!this.active) return;
    if (this.pumping) {
      this.again = true;
      return;
    }
    this.pumping = this.pump().finally(() => {
      this.pumping = null;
    });
  }

  private async pump(): Promise<void> {
    const { db, options } = this.deps;
    do {
      this.again = false;
      try {
        while (this.active) {
          const free = options.concurrency - this.inFlight.size;
          if (free <= 0) break;
          const rows = await claimDue(db, free, options.leaseMs);
          if (rows.length === 0) break;
          this.claimed += rows.length;
          if (!this.active) {
            await release(db, rows);
            break;
          }
          const context = await batchContext(db, rows).catch(async (error: unknown) => {
            await release(db, rows).catch(() => undefined);
            throw error;
          });
          for (const row of rows) this.track(this.deliver(row, context));
          if (rows.length < free) break;
        }
      } catch (error) {
        this.deps.onError(error, 'notify: claiming due notifications');
        return;
      }
    } while (this.again && this.active);
  }

  private track(work: Promise<void>): void {
    this.inFlight.add(work);
    void work.finally(() => {
      this.inFlight.delete(work);
      this.kick();
    });
  }

  private async deliver(row: ClaimedRow, context: Awaited<ReturnType<typeof batchContext>>): Promise<void> {
    const { db, options, clock } = this.deps;
    const tries = { attempt: row.attempts, max: options.maxAttempts, retryInMs: row.attempts < options.maxAttempts ? retryDelayMs(row.attempts, options) : null };
    let result: AttemptResult | null;
    try {
      result = await deliverOne(this.deliverDeps, row, context, tries);
    } catch (error) {
      // A fault of the platform's own (the database): the row stays claimed until its lease runs out, then it is tried again.
      this.deps.onError(error, `notify: delivering outbox row ${row.id}`);
      return;
    }
    if (result === null) return;
    try {
      await recordAttempt(db, row, result, clock());
    } catch (error) {
      this.deps.onError(error, `notify: recording outbox row ${row.id}`);
      return;
    }
    if (result.outcome === 'RETRY' && this.active) this.wakeIn(result.retryInMs ?? 0);
  }

  /** A retry falls due: look then (other processes' polls may take it first). */
  private wakeIn(ms: number): void {
    const timer = setTimeout(() => {
      this.wakes.delete(timer);
      this.kick();
    }, ms + 5);
    timer.unref();
    this.wakes.add(timer);
  }

  /** Stops claiming, lets the sends under way finish and be recorded, then closes the channels. */
  async stop(): Promise<void> {
    this.active = false;
    this.disconnectKick?.();
    this.disconnectKick = null;
    if (this.poll) clearInterval(this.poll);
    this.poll = null;
    for (const timer of this.wakes) clearTimeout(timer);
    this.wakes.clear();
    await this.pumping;
    await Promise.allSettled([...this.inFlight]);
    this.deps.channels.close();
  }

  /** Resolves once nothing is under way (tests; a look started by a kick included). */
  async idle(): Promise<void> {
    while (this.pumping || this.inFlight.size > 0) {
      await this.pumping;
      await Promise.allSettled([...this.inFlight]);
    }
  }
}

/** The platform's worker from its configuration (app.ts). */
export function createNotificationWorker(config: ServerConfig, db: Db, onError: WorkerDeps['onError']): NotificationWorker {
  const options = config.notifyDelivery;
  const channels = new ChannelSet({
    rules: new AddressRules(config.notifyAllowedHosts),
    outboxFolder: outboxFolder(config),
    smtpConnections: Math.max(1, Math.min(options.concurrency, 5)),
    smtpTimeoutMs: options.smtpTimeoutMs,
    smsTimeoutMs: options.smsTimeoutMs
  });
  let key: Promise<Buffer> | null = null;
  const secretKey = () => {
    key ??= loadSecretKey(db).catch((error: unknown) => {
      key = null;
      throw error;
    });
    return key;
  };
  return new NotificationWorker({ db, clock: config.clock, channels, options, secretKey, onError });
}
