import { and, eq, inArray, lt, lte, or, sql } from 'drizzle-orm';
import { AddressRules } from '../ldap/address-rules';
import type { ServerConfig } from '../config';
import { notificationOutbox } from '../db/schema';
import type { Db } from '../db/types';
import { ChannelSet } from './channels';
import { outboxFolder } from './channels/eml';
import type { SendOutcome } from './channels/channel';
import { batchContext, capped, fromOutcome, prepareDelivery, type ClaimedRow, type DeliverDeps, type Tries } from './deliver';
import { recordAttempts, type Attempt } from './delivery-log';
import { reserveUnderCaps, type Cap } from './guards';
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
  /** Whether the chat is active at this moment (db/priority.ts): the worker then sends gently. */
  chatActive?: () => boolean;
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
 * one more attempt — a row that crashes its sender still runs out of tries. No ORDER BY: sorting
 * every due row to take the first few cost a claim 20 ms on PGlite with 10,000 waiting (the event
 * loop's, the chat's); the heap's order is the rows' arrival order but for rows updated since
 * (retries), and the claimed few are sent in id order.
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

/**
 * Gives claimed rows back untouched (the worker is stopping before it started them, or their
 * lease ran short): pending again, the try not counted, a place reserved under the cap given back.
 */
async function release(db: Db, rows: readonly ClaimedRow[]): Promise<void> {
  if (rows.length === 0) return;
  const values = sql.join(
    rows.map((r) => sql`(${r.id}::int, ${r.leaseUntil.toISOString()}::timestamptz)`),
    sql`, `
  );
  await db.execute(sql`
    update ${notificationOutbox} as o set status = 'PENDIENTE', lease_until = null, sent_at = null, attempts = greatest(0, o.attempts - 1)
    from (values ${values}) as v(id, lease_until)
    where o.id = v.id and o.status = 'ENVIANDO' and o.lease_until = v.lease_until`);
}

/**
 * Attempts written in groups (delivery-log.ts recordAttempts): a group is written once `groupSize()`
 * tries have finished (and whatever finished while it was being written goes in the next), and the
 * rest when the sending pauses (flush). So a busy worker writes one transaction for several sends;
 * the cost is that a process killed mid-backlog can leave up to a group of sent tries unrecorded,
 * which their lease then gives to another try (a clean stop records everything first).
 */
class GroupRecorder {
  private pending: Attempt[] = [];
  private writing: Promise<void> | null = null;

  constructor(
    private readonly write: (group: Attempt[]) => Promise<void>,
    private readonly groupSize: () => number
  ) {}

  add(attempt: Attempt): void {
    this.pending.push(attempt);
    if (this.pending.length >= this.groupSize()) this.writing ??= this.drain();
  }

  private async drain(): Promise<void> {
    while (this.pending.length > 0) await this.write(this.pending.splice(0));
    this.writing = null;
  }

  /** Writes what is left; resolves once everything added has been written (or its failure reported). */
  async flush(): Promise<void> {
    if (this.pending.length > 0) this.writing ??= this.drain();
    while (this.writing) await this.writing;
  }
}

/** Tries written at once while the chat is quiet: at most this many sent and not yet recorded (what a crash could send twice). */
const RECORD_GROUP = 8;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A reserved row waiting for a lane: its send, which try it is, and when it must have started (half its lease). */
interface Queued {
  row: ClaimedRow;
  tries: Tries;
  send: () => Promise<SendOutcome>;
  startBy: number;
}

/**
 * Issue 39: the notification worker, one in every platform process. It claims due outbox rows in
 * batches (claimDue: short statements, never a transaction held open while sending — on PGlite one
 * connection serves the chat too), reads what a batch needs once (its templates, channels and
 * suppressed recipients), reserves the batch's places under the per-recipient cap in one
 * transaction, and queues its rows for the lanes: `concurrency` sends under way at once, taking rows
 * from the queue as each send ends, while the next batch is claimed and prepared beside them (one
 * batch waits ready at most), so the SMTP connections are never idle between batches. Tries are
 * recorded in groups (GroupRecorder). While the chat is active (`chatActive`: a chat statement ran
 * within the last moments) it is background work: batches of `concurrency` rows, one lane, and
 * after each send a rest so that sending takes at most `busyShare` of the time — nodemailer's work
 * runs on the thread the chat runs on, and a backlog sent at full speed beside a busy chat is what a
 * customer's message would wait behind. It wakes on a kick (kick.ts), when a retry falls due, and
 * every `pollMs`. stop() claims nothing more, lets the sends under way finish and writes their
 * outcome, gives back what it claimed and had not started, and closes the channels: a restart loses
 * nothing and sends nothing twice.
 */
export class NotificationWorker {
  private active = false;
  private pumping: Promise<void> | null = null;
  private again = false;
  private poll: NodeJS.Timeout | null = null;
  private readonly wakes = new Set<NodeJS.Timeout>();
  private readonly deliverDeps: DeliverDeps;
  private readonly queue: Queued[] = [];
  private readonly lanes = new Set<Promise<void>>();
  /** The pump waits here while a batch is ready and unsent; a lane taking a row wakes it. */
  private roomWaiters: (() => void)[] = [];
  private readonly recorder: GroupRecorder;
  /** Rows this worker has claimed since it started (tests and the bench read how the work was shared). */
  claimed = 0;

  private disconnectKick: (() => void) | null = null;

  constructor(private readonly deps: WorkerDeps) {
    this.deliverDeps = { db: deps.db, channels: deps.channels, secretKey: deps.secretKey };
    this.recorder = new GroupRecorder(
      (group) => this.record(group),
      () => (this.chatActive() ? 1 : RECORD_GROUP)
    );
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

  private chatActive(): boolean {
    return this.deps.chatActive?.() ?? false;
  }

  private batchLimit(): number {
    return this.chatActive() ? this.deps.options.concurrency : this.deps.options.batchSize;
  }

  private async pump(): Promise<void> {
    const { db, options } = this.deps;
    do {
      this.again = false;
      try {
        while (this.active) {
          // One batch ready beside the one being sent, no more: the rest stays in the outbox for other processes.
          while (this.active && this.queue.length >= this.batchLimit()) await new Promise<void>((resolve) => this.roomWaiters.push(resolve));
          if (!this.active) break;
          const limit = this.batchLimit();
          const rows = await claimDue(db, limit, options.leaseMs);
          if (rows.length === 0) break;
          this.claimed += rows.length;
          await this.prepareBatch(rows);
          if (rows.length < limit) break;
        }
      } catch (error) {
        this.deps.onError(error, 'notify: claiming due notifications');
        return;
      }
    } while (this.again && this.active);
  }

  /** One claimed batch: prepared, its cap places reserved, its sendable rows queued for the lanes (the others recorded). */
  private async prepareBatch(rows: ClaimedRow[]): Promise<void> {
    const { db, options } = this.deps;
    // A row not started within half its lease is given back: its lease must outlast its send.
    const startBy = performance.now() + options.leaseMs / 2;
    const ready: Queued[] = [];
    try {
      if (!this.active) throw new Stopping();
      const context = await batchContext(db, rows);
      const asking: (Omit<Queued, 'startBy'> & { templateId: number; cap: Cap })[] = [];
      for (const row of rows) {
        const prepared = await prepareDelivery(this.deliverDeps, row, context);
        const tries = { attempt: row.attempts, max: options.maxAttempts, retryInMs: row.attempts < options.maxAttempts ? retryDelayMs(row.attempts, options) : null };
        if (prepared.kind === 'done') this.recorder.add({ row, result: prepared.result });
        else asking.push({ row, tries, send: prepared.send, templateId: prepared.templateId, cap: prepared.cap });
      }
      const verdicts = await reserveUnderCaps(
        db,
        asking.map((a) => ({ id: a.row.id, templateId: a.templateId, recipient: a.row.recipient, leaseUntil: a.row.leaseUntil, cap: a.cap }))
      );
      for (const item of asking) {
        const verdict = verdicts.get(item.row.id);
        if (verdict === 'capped') this.recorder.add({ row: item.row, result: capped(item.cap) });
        else if (verdict === 'reserved') ready.push({ row: item.row, tries: item.tries, send: item.send, startBy });
      }
    } catch (error) {
      // Nothing of this batch was sent: its rows go back as claimed (those already recorded are no longer this claim's and are left alone).
      await this.recorder.flush();
      await release(db, rows).catch(() => undefined);
      if (error instanceof Stopping) return;
      throw error;
    }
    this.queue.push(...ready);
    this.startLanes();
    // Nothing to send (all recorded, or nothing reserved): write those outcomes now.
    if (this.lanes.size === 0) await this.recorder.flush();
  }

  /** Lanes to send the queue: `concurrency`, or one while the chat is active. */
  private startLanes(): void {
    const wanted = this.chatActive() ? 1 : Math.max(1, this.deps.options.concurrency);
    while (this.lanes.size < wanted && this.queue.length > this.lanes.size) {
      const lane: Promise<void> = this.lane().finally(() => {
        this.lanes.delete(lane);
        if (this.queue.length > 0) this.startLanes();
        else if (this.lanes.size === 0) void this.recorder.flush();
      });
      this.lanes.add(lane);
    }
  }

  private takeFromQueue(): Queued | undefined {
    const item = this.queue.shift();
    const waiters = this.roomWaiters;
    this.roomWaiters = [];
    for (const wake of waiters) wake();
    return item;
  }

  /** Sends queued rows one after another until the queue is empty (while the chat is active: resting, and only one lane stays). */
  private async lane(): Promise<void> {
    const rest = 1 / Math.min(1, Math.max(this.deps.options.busyShare, 0.01)) - 1;
    const unstarted: ClaimedRow[] = [];
    try {
      for (let item = this.takeFromQueue(); item; item = this.takeFromQueue()) {
        if (!this.active || performance.now() > item.startBy) {
          unstarted.push(item.row);
          continue;
        }
        const began = performance.now();
        try {
          this.recorder.add({ row: item.row, result: fromOutcome(await item.send(), item.tries) });
        } catch (error) {
          // A fault of the platform's own (channels answer a provider's failure, never throw it): the row stays claimed until its lease runs out, then it is tried again.
          this.deps.onError(error, `notify: delivering outbox row ${item.row.id}`);
        }
        if (this.chatActive()) {
          if (this.lanes.size > 1) return;
          await sleep((performance.now() - began) * rest);
        }
      }
    } finally {
      await release(this.deps.db, unstarted).catch((error: unknown) => this.deps.onError(error, 'notify: giving back unsent notifications'));
    }
  }

  private async record(group: Attempt[]): Promise<void> {
    try {
      await recordAttempts(this.deps.db, group, this.deps.clock());
    } catch (error) {
      // A fault of the platform's own (the database): the rows stay claimed until their lease runs out, then they are tried again.
      this.deps.onError(error, `notify: recording outbox rows ${group.map((a) => a.row.id).join(', ')}`);
      return;
    }
    if (!this.active) return;
    for (const { result } of group) if (result.outcome === 'RETRY') this.wakeIn(result.retryInMs ?? 0);
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

  /** Resolves once no batch is being prepared, no lane is sending and every try is recorded. */
  private async settle(): Promise<void> {
    while (this.pumping || this.lanes.size > 0) {
      await this.pumping;
      await Promise.allSettled([...this.lanes]);
    }
    await this.recorder.flush();
  }

  /** Stops claiming, lets the sends under way finish and be recorded, gives back what was not started, then closes the channels. */
  async stop(): Promise<void> {
    this.active = false;
    this.disconnectKick?.();
    this.disconnectKick = null;
    if (this.poll) clearInterval(this.poll);
    this.poll = null;
    for (const timer of this.wakes) clearTimeout(timer);
    this.wakes.clear();
    for (const wake of this.roomWaiters.splice(0)) wake();
    await this.settle();
    const left = this.queue.splice(0).map((q) => q.row);
    await release(this.deps.db, left).catch((error: unknown) => this.deps.onError(error, 'notify: giving back unsent notifications'));
    this.deps.channels.close();
  }

  /** Resolves once nothing is under way (tests; a look started by a kick included). */
  async idle(): Promise<void> {
    await this.settle();
  }
}

/** The worker stopped between a claim and its sends. */
class Stopping extends Error {}

/** The platform's worker from its configuration (app.ts). */
export function createNotificationWorker(config: ServerConfig, db: Db, onError: WorkerDeps['onError'], chatActive?: () => boolean): NotificationWorker {
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
  return new NotificationWorker({ db, clock: config.clock, channels, options, secretKey, onError, chatActive });
}
