/**
 * The `notify` bench's side inside the platform's process (server-process.ts forwards its 'notify'
 * messages here): organisation 100's SMTP channel pointed at the bench's sink, its summaries queued
 * as the platform's own raisers queue them (raiseEvent in a transaction, then kickNotifyWorker once
 * it committed), and what the outbox and the notification log hold afterwards.
 */
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { notificationChannels, notificationOutbox, notificationsLog, notificationTemplates, organizations } from '../../src/server/db/schema';
import { kickNotifyWorker } from '../../src/server/notify/kick';
import { raiseEvent } from '../../src/server/notify/outbox';
import { BENCH_EVENT, EMAIL_CHANNEL, summaryRecipient, summaryVariables } from './notify-mail';
import { nowMs } from './report';

const ORG = 100;

export const NotifyRequest = z.discriminatedUnion('kind', [
  /** Organisation 100's SMTP server: the sink on loopback, no TLS, no login; answers its template and name. */
  z.object({ kind: z.literal('setup'), port: z.number().int().positive() }),
  /** Queues customers first … first + count − 1's summaries, `batch` events per transaction. */
  z.object({ kind: z.literal('enqueue'), tag: z.string(), organisation: z.string(), first: z.number().int().positive(), count: z.number().int().positive(), batch: z.number().int().positive() }),
  /** Once nothing is queued or under way (or `timeoutMs` passed): the outbox's rows and the log's by status. */
  z.object({ kind: z.literal('tally'), timeoutMs: z.number().int().positive() })
]);
export type NotifyRequest = z.infer<typeof NotifyRequest>;

export const Setup = z.object({ organisation: z.string(), template: z.object({ subject: z.string(), body: z.string(), excludeCustomerContent: z.boolean() }) });
/** When the first transaction began and the last committed (nowMs), the rows queued, and the longest transaction (ms). */
export const Enqueued = z.object({ startMs: z.number(), endMs: z.number(), queued: z.number(), longestMs: z.number() });
export const Tally = z.object({
  settled: z.boolean(),
  /** Outbox rows of the event by status. */
  outbox: z.record(z.string(), z.number()),
  /** Notification log rows of those rows by status, and how many outbox rows they name. */
  log: z.record(z.string(), z.number()),
  loggedRows: z.number(),
  /** Rows the platform's worker claimed since it started. */
  claimed: z.number(),
  /** One stored error of a row that was not sent, if any. */
  lastError: z.string().nullable()
});
export type OutboxTally = z.infer<typeof Tally>;

export async function handleNotify(app: FastifyInstance, raw: unknown): Promise<unknown> {
  const request = NotifyRequest.parse(raw);
  if (request.kind === 'setup') return setup(app, request.port);
  if (request.kind === 'enqueue') return enqueue(app, request);
  return tally(app, request.timeoutMs);
}

async function setup(app: FastifyInstance, port: number): Promise<z.infer<typeof Setup>> {
  // The assistant's first trainings (started with the platform) over before anything is timed: they would share the cores with the baseline.
  await app.services.assistant.warmUp();
  const channel = { smtpHost: '127.0.0.1', smtpPort: port, smtpSecurity: 'none', smtpUser: '', smtpPasswordEnc: null, fromAddress: '', updatedAt: new Date() };
  await app.db.insert(notificationChannels).values({ organizationId: ORG, ...channel }).onConflictDoUpdate({ target: notificationChannels.organizationId, set: channel });
  const [template] = await app.db
    .select({ subject: notificationTemplates.subject, body: notificationTemplates.body, excludeCustomerContent: notificationTemplates.excludeCustomerContent })
    .from(notificationTemplates)
    .where(and(eq(notificationTemplates.organizationId, ORG), eq(notificationTemplates.eventType, BENCH_EVENT), eq(notificationTemplates.typeNotificationId, EMAIL_CHANNEL)));
  if (!template) throw new Error(`bench: organisation ${ORG} has no e-mail template of ${BENCH_EVENT}`);
  const [org] = await app.db.select({ name: organizations.name }).from(organizations).where(eq(organizations.idOrg, ORG));
  return { organisation: org?.name ?? '', template };
}

async function enqueue(app: FastifyInstance, request: Extract<NotifyRequest, { kind: 'enqueue' }>): Promise<z.infer<typeof Enqueued>> {
  const startMs = nowMs();
  let queued = 0;
  let longestMs = 0;
  const last = request.first + request.count - 1;
  for (let from = request.first; from <= last; from += request.batch) {
    const to = Math.min(last, from + request.batch - 1);
    // Each transaction as one of the platform's requests: the event loop polls for I/O before it
    // (on PGlite a chain of statements resolves in microtasks and would hold the loop throughout).
    await new Promise((resolve) => setImmediate(resolve));
    const began = nowMs();
    queued += await app.db.transaction(async (tx) => {
      let rows = 0;
      for (let n = from; n <= to; n++) {
        rows += await raiseEvent(tx, {
          organizationId: ORG,
          eventType: BENCH_EVENT,
          variables: summaryVariables(request.tag, n, request.organisation),
          to: [{ email: summaryRecipient(request.tag, n), role: 'CLIENTE' }]
        });
      }
      return rows;
    });
    longestMs = Math.max(longestMs, nowMs() - began);
    kickNotifyWorker();
  }
  return { startMs, endMs: nowMs(), queued, longestMs };
}

async function tally(app: FastifyInstance, timeoutMs: number): Promise<OutboxTally> {
  const ours = and(eq(notificationOutbox.organizationId, ORG), eq(notificationOutbox.eventType, BENCH_EVENT));
  const deadline = Date.now() + timeoutMs;
  let settled = false;
  while (Date.now() < deadline) {
    const [open] = await app.db
      .select({ n: sql<number>`count(*)::int` })
      .from(notificationOutbox)
      .where(and(ours, inArray(notificationOutbox.status, ['PENDIENTE', 'ENVIANDO'])));
    if ((open?.n ?? 0) === 0) {
      settled = true;
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const outbox = await app.db.select({ status: notificationOutbox.status, n: sql<number>`count(*)::int` }).from(notificationOutbox).where(ours).groupBy(notificationOutbox.status);
  const logged = and(eq(notificationsLog.organizationId, ORG), eq(notificationsLog.eventType, BENCH_EVENT), isNotNull(notificationsLog.outboxId));
  const log = await app.db.select({ status: notificationsLog.status, n: sql<number>`count(*)::int` }).from(notificationsLog).where(logged).groupBy(notificationsLog.status);
  const [rows] = await app.db.select({ n: sql<number>`count(distinct ${notificationsLog.outboxId})::int` }).from(notificationsLog).where(logged);
  const [failure] = await app.db
    .select({ lastError: notificationOutbox.lastError })
    .from(notificationOutbox)
    .where(and(ours, sql`${notificationOutbox.lastError} <> ''`))
    .limit(1);
  return {
    settled,
    outbox: Object.fromEntries(outbox.map((r) => [r.status, r.n])),
    log: Object.fromEntries(log.map((r) => [r.status, r.n])),
    loggedRows: rows?.n ?? 0,
    claimed: app.services.notify.claimed,
    lastError: failure?.lastError ?? null
  };
}
