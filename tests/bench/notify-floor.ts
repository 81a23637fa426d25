/**
 * The `notify` bench's floor, in a fresh process of its own: the baseline's nodemailer loop
 * (notify-baseline.ts: the same messages, pool and sends under way) plus the statements a durable
 * outbox cannot skip, on the platform's engine and schema (openDatabase, the platform's migrations,
 * organisation 100 and its default templates from the demo seeding), on the same thread as
 * nodemailer as the platform's worker is:
 *  - the `count` outbox rows as the bench raises them: one INSERT per event, `batch` events per
 *    transaction, the columns and values raiseEvent writes (the same variables, as jsonb);
 *  - then the sends, and per `group` sent one transaction (recordAttempts') of one UPDATE marking
 *    them ENVIADA and one multi-row INSERT each of their notification-log and integration-log rows,
 *    written one group at a time while the sends go on.
 * No claim, no lease, no cap, no template read or rendering while timed: what the platform adds
 * above this is its own. Answers when the first insert began (nowMs, comparable with the sink's
 * times), how many sends failed, and what the tables hold once everything is written.
 */
import { fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import { openDatabase } from '../../src/server/db/client';
import { defaultMigrationsFolder } from '../../src/server/db/migrations-folder';
import { integrationCalls, notificationOutbox, notificationsLog, notificationTemplates } from '../../src/server/db/schema';
import type { Db } from '../../src/server/db/types';
import { seedDemoData } from '../../src/server/demo';
import { DEMO_ORG_ID } from '../../src/server/demo/demo-data';
import { notificationTemplatesSeed } from '../../src/server/demo/notification-templates.seed';
import { organizationsSeed } from '../../src/server/demo/organizations.seed';
import { clip } from '../../src/server/notify/delivery-log';
import { idempotencyKey } from '../../src/server/notify/outbox';
import { BaselineRequest, composeSummaries, platformPool, sendEach, type SentMail } from './notify-baseline';
import { BENCH_EVENT, EMAIL_CHANNEL, summaryRecipient, summaryVariables } from './notify-mail';
import { nowMs } from './report';
import { BenchDatabase } from './server-process';

const FloorRequest = BaselineRequest.extend({
  database: BenchDatabase,
  /** Events per INSERT (BENCH_NOTIFY_BATCH). */
  batch: z.number().int().positive(),
  /** Sends per recorded group (the worker's batchSize). */
  group: z.number().int().positive()
});
export type FloorRequest = z.infer<typeof FloorRequest>;

const FloorResult = z.object({
  startMs: z.number(),
  /** When the last INSERT answered (nowMs). */
  insertedMs: z.number(),
  failed: z.number(),
  firstError: z.string().nullable(),
  /** Once every group is written: outbox rows ENVIADA and not, log rows naming an outbox row, smtp calls logged. */
  sent: z.number(),
  unsent: z.number(),
  logged: z.number(),
  calls: z.number()
});
export type FloorResult = z.infer<typeof FloorResult>;

const Failed = z.object({ error: z.string() });

/** Forks this file (under tsx), runs the floor, and answers once every send has ended and every group is written. */
export async function runFloor(request: FloorRequest): Promise<FloorResult> {
  const child = fork(fileURLToPath(import.meta.url), [], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const answer = new Promise<unknown>((resolve, reject) => {
    child.once('message', resolve);
    child.once('exit', (code) => reject(new Error(`bench: the notify floor's process exited (${code}) before it answered`)));
  });
  child.send(request);
  const raw = await answer;
  child.kill();
  const failed = Failed.safeParse(raw);
  if (failed.success) throw new Error(`bench: the notify floor failed: ${failed.data.error}`);
  return FloorResult.parse(raw);
}

/** One transaction per group, as recordAttempts writes it: the rows ENVIADA, their log rows, their provider calls. */
async function recordGroup(db: Db, group: readonly { id: number; recipient: string; sent: SentMail }[], at: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(notificationOutbox)
      .set({ status: 'ENVIADA', sentAt: sql`now()`, leaseUntil: null })
      .where(inArray(notificationOutbox.id, group.map((g) => g.id)));
    await tx.insert(notificationsLog).values(
      group.map(({ id, recipient, sent }) => ({
        organizationId: DEMO_ORG_ID,
        sentAt: at,
        eventType: BENCH_EVENT,
        typeNotificationId: EMAIL_CHANNEL,
        recipient,
        recipientRole: 'CLIENTE',
        status: 'ENVIADA',
        detail: clip(sent.response),
        conversationId: null,
        outboxId: id
      }))
    );
    await tx.insert(integrationCalls).values(
      group.map(({ sent }) => ({
        organizationId: DEMO_ORG_ID,
        idVa: null,
        conversationId: null,
        calledAt: at,
        service: 'smtp',
        status: 'success',
        durationMs: sent.durationMs,
        detail: clip(sent.response)
      }))
    );
  });
}

async function floor(request: FloorRequest): Promise<FloorResult> {
  const database = await openDatabase(request.database);
  try {
    // Organisation 100 and its default templates, as the platform's first start seeds them.
    await database.prepare(defaultMigrationsFolder(), async (db) => {
      await seedDemoData(db, { now: new Date(), conversations: 0 }, [organizationsSeed, notificationTemplatesSeed]);
    });
    const [template] = await database.db
      .select({ id: notificationTemplates.id, version: notificationTemplates.version })
      .from(notificationTemplates)
      .where(and(eq(notificationTemplates.organizationId, DEMO_ORG_ID), eq(notificationTemplates.eventType, BENCH_EVENT), eq(notificationTemplates.typeNotificationId, EMAIL_CHANNEL)));
    if (!template) throw new Error(`organisation ${DEMO_ORG_ID} has no e-mail template of ${BENCH_EVENT}`);

    // Everything but the statements and the sends made before the clock starts: the rows' values, the messages.
    const rows = Array.from({ length: request.count }, (_, i): typeof notificationOutbox.$inferInsert => {
      const eventId = randomUUID();
      const recipient = summaryRecipient(request.tag, i + 1);
      return {
        organizationId: DEMO_ORG_ID,
        eventId,
        eventType: BENCH_EVENT,
        typeNotificationId: EMAIL_CHANNEL,
        templateId: template.id,
        templateVersion: template.version,
        recipient,
        recipientRole: 'CLIENTE',
        idempotencyKey: idempotencyKey(eventId, recipient, EMAIL_CHANNEL, template.version),
        variables: summaryVariables(request.tag, i + 1, request.organisation),
        conversationId: null
      };
    });
    const mails = composeSummaries(request, rows.map((r) => r.idempotencyKey));
    const transport = platformPool(request);

    const startMs = nowMs();
    const ids = new Map<string, number>();
    // One INSERT per event, `batch` events per transaction: events are raised one by one, each in
    // the change that raised it (raiseEvent), never many in one statement.
    for (let from = 0; from < rows.length; from += request.batch) {
      await database.db.transaction(async (tx) => {
        for (const row of rows.slice(from, from + request.batch)) {
          const inserted = await tx
            .insert(notificationOutbox)
            .values(row)
            .onConflictDoNothing({ target: notificationOutbox.idempotencyKey })
            .returning({ id: notificationOutbox.id, recipient: notificationOutbox.recipient });
          for (const r of inserted) ids.set(r.recipient, r.id);
        }
      });
    }
    const insertedMs = nowMs();
    if (ids.size !== rows.length) throw new Error(`${ids.size} of ${rows.length} outbox rows inserted`);

    // Groups written one at a time, while the sends go on (the worker's group commit, at its batch size).
    const pending: { id: number; recipient: string; sent: SentMail }[] = [];
    let writing = Promise.resolve();
    let writeError: unknown = null;
    const write = (group: typeof pending) => {
      writing = writing
        .then(() => recordGroup(database.db, group, new Date()))
        .catch((error: unknown) => {
          writeError ??= error;
        });
    };
    const { failed, firstError } = await sendEach(transport, mails, request.inFlight, (sent) => {
      const recipient = mails[sent.index]!.to;
      pending.push({ id: ids.get(recipient)!, recipient, sent });
      if (pending.length >= request.group) write(pending.splice(0, request.group));
    });
    if (pending.length > 0) write(pending.splice(0));
    await writing;
    transport.close();
    if (writeError) throw writeError;

    const ours = and(eq(notificationOutbox.organizationId, DEMO_ORG_ID), eq(notificationOutbox.eventType, BENCH_EVENT));
    const byStatus = await database.db.select({ status: notificationOutbox.status, n: sql<number>`count(*)::int` }).from(notificationOutbox).where(ours).groupBy(notificationOutbox.status);
    const sent = byStatus.find((r) => r.status === 'ENVIADA')?.n ?? 0;
    const unsent = byStatus.reduce((sum, r) => sum + r.n, 0) - sent;
    const [logged] = await database.db.select({ n: sql<number>`count(distinct ${notificationsLog.outboxId})::int` }).from(notificationsLog).where(isNotNull(notificationsLog.outboxId));
    const [calls] = await database.db.select({ n: sql<number>`count(*)::int` }).from(integrationCalls).where(eq(integrationCalls.service, 'smtp'));
    return { startMs, insertedMs, failed, firstError, sent, unsent, logged: logged?.n ?? 0, calls: calls?.n ?? 0 };
  } finally {
    await database.close();
  }
}

if (process.send && process.argv[1] === fileURLToPath(import.meta.url)) {
  process.once('message', (raw) => {
    floor(FloorRequest.parse(raw)).then(
      (result) => process.send?.(result),
      (error: unknown) => process.send?.({ error: error instanceof Error ? error.message : String(error) })
    );
  });
}
