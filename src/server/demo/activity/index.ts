import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { notificationTypes } from '../../db/schema';
import { rowsOf } from '../../db/statements';
import type { Db } from '../../db/types';
import { ensureNotificationTypes } from '../notification-types.seed';
import { accountNotices } from './account-notices';
import { buildSlots, DAY_MS } from './calendar';
import { loadCatalogue } from './catalogue';
import { CustomerBook } from './customers';
import { planConversation, type ConversationPlan } from './plan';
import { idRuns, removeActivity, writeRecord } from './record';
import { Availability, planShifts } from './shifts';
import { catalogueJson, writeAccountNotifications, writeBatch, writeStretches, type BatchCounts } from './write';

export interface ActivityOptions {
  /** The organisation whose history is generated. */
  org: number;
  /** The end of the range; every generated row happens before it. */
  now: Date;
  /** How many conversations. */
  count: number;
  /** The range: the last `days` days ending at now. */
  days: number;
  /** Conversations per statement (default 50,000). */
  batchSize?: number;
  /** Called after each batch with the conversations written so far. */
  onProgress?: (written: number, total: number) => void;
}

export interface ActivitySummary {
  org: number;
  from: Date;
  to: Date;
  /** Generated conversations an earlier run had left, removed first. */
  replaced: number;
  conversations: number;
  /** Handed to a human by the assistant (escalated_at set). */
  escalated: number;
  /** Escalated and accepted by the agent who held it last (conversations.accepted_at set). */
  attended: number;
  /** Escalated, not attended, and the customer left (waiting in a queue, or offered but not accepted). */
  abandoned: number;
  /** Escalated, not attended, ended by the platform: the queue's longest wait, or no split. */
  unattended: number;
  /** Escalated outside the organisation's working hours. */
  outOfHours: number;
  /** Transferred to another split by an agent. */
  transferred: number;
  /** Answered the satisfaction and NPS survey. */
  surveys: number;
  customers: number;
  /** Conversations of a customer who had come before. */
  returning: number;
  messages: number;
  interactions: number;
  notUnderstood: number;
  assignments: number;
  businessReasons: number;
  finalReasons: number;
  notifications: number;
  failedNotifications: number;
  integrationCalls: number;
  failedIntegrationCalls: number;
  statusChanges: number;
}

export const MAX_CONVERSATIONS = 2_000_000;
const DEFAULT_BATCH = 50_000;

const Options = z.object({
  org: z.number().int().positive(),
  now: z.date().refine((d) => !Number.isNaN(d.getTime()), 'now must be a valid date'),
  count: z.number().int().min(0).max(MAX_CONVERSATIONS),
  days: z.number().int().min(1).max(3660),
  batchSize: z.number().int().min(1).max(200_000).optional()
});

/** Whether the connection may turn the foreign-key triggers off (superuser only). */
async function isSuperuser(db: Db): Promise<boolean> {
  const row = z.object({ su: z.string() }).safeParse(rowsOf(await db.execute(sql`select current_setting('is_superuser') as su`))[0]);
  return row.success && row.data.su === 'on';
}

/**
 * Recomputes the organisation's daily statistics totals (migration 0005) from its rows: their
 * triggers do not fire while the generator writes with session_replication_role = replica, and
 * one pass at the end is cheaper than a trigger per batch when they do.
 */
async function rebuildTotals(db: Db, org: number): Promise<void> {
  await db.execute(sql`select stats_totals_rebuild(${org})`);
}

/**
 * Sets transaction-local settings and returns a function that puts the previous values back (the
 * generator may run inside a longer transaction, the demo seed's).
 */
async function localSettings(db: Db, settings: Record<string, string>): Promise<() => Promise<void>> {
  const previous: [string, string][] = [];
  for (const [name, value] of Object.entries(settings)) {
    const row = z.object({ value: z.string() }).parse(rowsOf(await db.execute(sql`select current_setting(${name}) as value`))[0]);
    previous.push([name, row.value]);
    await db.execute(sql`select set_config(${name}, ${value}, true)`);
  }
  return async () => {
    for (const [name, value] of previous.reverse()) await db.execute(sql`select set_config(${name}, ${value}, true)`);
  };
}

/**
 * Generates the organisation's conversation history over the last `days` days ending at `now`
 * (see plan.ts for its shape), replacing what an earlier run generated (count 0 only removes it),
 * in one transaction: the
 * same inputs give the same rows, on PGlite and PostgreSQL. Every generated conversation is
 * finished; the live chat is left alone. With a superuser connection the foreign-key triggers are
 * off while it writes (the rows are consistent by construction).
 */
export async function generateActivity(db: Db, options: ActivityOptions): Promise<ActivitySummary> {
  const { org, now, count, days } = Options.parse(options);
  const batchSize = options.batchSize ?? DEFAULT_BATCH;
  const nowMs = now.getTime();
  const fromMs = nowMs - days * DAY_MS;
  return db.transaction(async (tx) => {
    // The batch statements are big and their row estimates far off: no JIT, and sorts in memory.
    const restore = await localSettings(tx, {
      jit: 'off',
      work_mem: '128MB',
      ...((await isSuperuser(tx)) ? { session_replication_role: 'replica' } : {})
    });
    const replaced = await removeActivity(tx, org);
    if (count === 0) {
      await rebuildTotals(tx, org);
      await restore();
      return emptySummary(org, fromMs, nowMs, replaced);
    }
    const [anyType] = await tx.select({ id: notificationTypes.typeNotificationId }).from(notificationTypes).limit(1);
    if (!anyType) await ensureNotificationTypes(tx);

    const catalogue = await loadCatalogue(tx, org);
    const stretches = planShifts(catalogue, fromMs, nowMs);
    const availability = new Availability(catalogue, stretches, fromMs, nowMs);
    const statusIds = await writeStretches(tx, org, stretches);
    const notices = accountNotices(catalogue, fromMs, nowMs);
    const noticeIds = await writeAccountNotifications(tx, org, notices);

    const slots = buildSlots({ org, nowMs, days, count, timeZone: catalogue.rules.timeZone });
    // Customers get explicit ids after every existing one; the sequence moves past them first.
    const births = countBirths(org, slots, count);
    const base = z.object({ base: z.coerce.number() }).parse(rowsOf(await tx.execute(sql`select coalesce(max(id), 0) as base from customers`))[0]).base;
    if (births > 0) await tx.execute(sql`select setval(pg_get_serial_sequence('customers', 'id'), ${base + births})`);

    const summary: ActivitySummary = {
      ...emptySummary(org, fromMs, nowMs, replaced),
      notifications: notices.length,
      failedNotifications: notices.filter((x) => x.failed).length,
      statusChanges: statusIds.length
    };
    const book = new CustomerBook(org);
    const catalogueText = catalogueJson(catalogue);
    const ctx = { catalogue, availability, nowMs };
    let slotIndex = 0;
    for (let first = 1; first <= count; first += batchSize) {
      const last = Math.min(count, first + batchSize - 1);
      const plans: ConversationPlan[] = [];
      for (let n = first; n <= last; n++) {
        while ((slots[slotIndex]?.last ?? count) < n) slotIndex++;
        const slot = slots[slotIndex];
        if (!slot) throw new Error(`conversation ${n} has no hour`);
        plans.push(planConversation(ctx, n, slot, book.choose(n, slotIndex)));
      }
      const written = await writeBatch(tx, catalogue, catalogueText, base, plans);
      tally(summary, plans, written);
      options.onProgress?.(last, count);
    }
    if (book.count !== births) throw new Error(`customers: planned ${births}, made ${book.count}`);

    await writeRecord(
      tx,
      org,
      {
        version: 1,
        count,
        days,
        now: now.toISOString(),
        customers: births > 0 ? [base + 1, base + births] : null,
        statusChanges: idRuns(statusIds),
        notifications: idRuns(noticeIds)
      },
      now
    );
    await rebuildTotals(tx, org);
    await restore();
    return summary;
  });
}

function emptySummary(org: number, fromMs: number, nowMs: number, replaced: number): ActivitySummary {
  return {
    org,
    from: new Date(fromMs),
    to: new Date(nowMs),
    replaced,
    conversations: 0,
    escalated: 0,
    attended: 0,
    abandoned: 0,
    unattended: 0,
    outOfHours: 0,
    transferred: 0,
    surveys: 0,
    customers: 0,
    returning: 0,
    messages: 0,
    interactions: 0,
    notUnderstood: 0,
    assignments: 0,
    businessReasons: 0,
    finalReasons: 0,
    notifications: 0,
    failedNotifications: 0,
    integrationCalls: 0,
    failedIntegrationCalls: 0,
    statusChanges: 0
  };
}

/** How many customers the conversations bring (the book's first pass: it depends only on numbers and hours). */
function countBirths(org: number, slots: ReturnType<typeof buildSlots>, count: number): number {
  const book = new CustomerBook(org);
  let slotIndex = 0;
  for (let n = 1; n <= count; n++) {
    while ((slots[slotIndex]?.last ?? count) < n) slotIndex++;
    book.choose(n, slotIndex);
  }
  return book.count;
}

/** Adds a batch to the summary, checking that the statement wrote every row the plans hold. */
function tally(summary: ActivitySummary, plans: readonly ConversationPlan[], written: BatchCounts): void {
  const expect = (what: string, planned: number, stored: number) => {
    if (planned !== stored) throw new Error(`activity: ${what} planned ${planned}, written ${stored}`);
  };
  const sum = (fn: (p: ConversationPlan) => number) => plans.reduce((total, p) => total + fn(p), 0);
  expect('conversations', plans.length, written.conversations);
  expect('customers', sum((p) => (p.newCustomer ? 1 : 0)), written.customers);
  expect('messages', sum((p) => p.lastSeq), written.messages);
  expect('interactions', sum((p) => p.turns.length), written.interactions);
  expect('assignments', sum((p) => p.assignments.length), written.assignments);
  expect('business reasons', sum((p) => p.business.length), written.business);
  expect('final reasons', sum((p) => (p.final ? 1 : 0)), written.finals);
  expect('notifications', sum((p) => p.notifications.length), written.notifications);
  expect('integration calls', sum((p) => p.integrations.length), written.integrations);
  summary.conversations += written.conversations;
  summary.customers += written.customers;
  summary.returning += plans.length - written.customers;
  summary.messages += written.messages;
  summary.interactions += written.interactions;
  summary.notUnderstood += sum((p) => p.turns.filter((t) => t < 0).length);
  summary.assignments += written.assignments;
  summary.businessReasons += written.business;
  summary.finalReasons += written.finals;
  summary.notifications += written.notifications;
  summary.failedNotifications += sum((p) => p.notifications.filter((x) => x.failed).length);
  summary.integrationCalls += written.integrations;
  summary.failedIntegrationCalls += sum((p) => p.integrations.filter((x) => x.failed).length);
  summary.escalated += sum((p) => (p.escalated ? 1 : 0));
  summary.attended += sum((p) => (p.outcome === 'attended' ? 1 : 0));
  summary.abandoned += sum((p) => (p.outcome === 'abandoned' ? 1 : 0));
  summary.unattended += sum((p) => (p.outcome === 'unattended' ? 1 : 0));
  summary.outOfHours += sum((p) => (p.outcome === 'outOfHours' ? 1 : 0));
  summary.transferred += sum((p) => p.transferCount);
  summary.surveys += sum((p) => (p.surveyMs !== null ? 1 : 0));
}
