import { and, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import { Role } from '../../shared/roles';
import type { RecipientRole } from '../../shared/notifications/events';
import { inTransaction } from '../chat/tx';
import { notificationOutbox, notificationTemplates, organizations, users } from '../db/schema';
import type { Db } from '../db/types';
import { eventIdOf } from './events';
import { kickNotifyWorker } from './kick';
import { raiseEvent } from './outbox';
import { expiringPasswords, passwordExpiresAt, userVariables } from './variables';

/**
 * Issue 39: CONTRASENA_POR_VENCER, N days ahead of a password's expiry (the organisation's
 * passwordExpirationDays after its last change). A periodic job of the platform, in every platform
 * process: each run queues the notice of every person whose password expires within N days and
 * has not had it. Each person is told once per expiry: the event's id is a UUIDv5 of the user and
 * the expiry instant, so a second process or a restart queues nothing twice (raiseEvent's
 * idempotency key holds the event id), and a notice already queued under an earlier version of a
 * template is found before raising again. A password changed meanwhile has a new expiry (a new
 * notice in its time); one already expired is the sign-in's to refuse (auth/password.ts), not this job's.
 */

/** N: how many days ahead of the expiry the person is told. */
export const PASSWORD_EXPIRY_NOTICE_DAYS = 5;
/** How often the job runs (a person becomes due at most this late), and how soon after the platform starts. */
export const PASSWORD_EXPIRY_CHECK_MS = 60 * 60_000;
export const PASSWORD_EXPIRY_FIRST_RUN_MS = 60_000;

const DAY_MS = 86_400_000;

/** The role a person is told as (the notification statistics' roles; as the generated history counts them): agents, supervisors, and everyone else as administration. */
export function recipientRoleOf(role: number): RecipientRole {
  return role === Role.AsesorHumano ? 'ASESOR' : role === Role.SupervisorAsesorHumano ? 'SUPERVISOR' : 'ADMINISTRADOR';
}

export interface PasswordExpiryReport {
  /** People whose password expires within N days, in organisations that keep a template of the event. */
  due: number;
  /** Of them, told by this run (the others had been). */
  told: number;
  /** Outbox rows queued. */
  queued: number;
}

/** Queues the notices due at `now` (the platform's clock). */
export async function queuePasswordExpiryNotices(db: Db, now: Date): Promise<PasswordExpiryReport> {
  const report: PasswordExpiryReport = { due: 0, told: 0, queued: 0 };
  const orgs = (
    await db.selectDistinct({ org: notificationTemplates.organizationId }).from(notificationTemplates).where(eq(notificationTemplates.eventType, 'CONTRASENA_POR_VENCER'))
  ).map((r) => r.org);
  if (orgs.length === 0) return report;
  const horizon = new Date(now.getTime() + PASSWORD_EXPIRY_NOTICE_DAYS * DAY_MS);
  const due = await db
    .select({ idUser: users.idUser, organizationId: users.organizationId, email: users.email, role: users.role, changedAt: users.passwordChangedAt, days: organizations.passwordExpirationDays })
    .from(users)
    .innerJoin(organizations, eq(organizations.idOrg, users.organizationId))
    .where(
      and(
        inArray(users.organizationId, orgs),
        expiringPasswords(now),
        lte(sql`${users.passwordChangedAt} + ${organizations.passwordExpirationDays} * interval '1 day'`, sql`${horizon.toISOString()}::timestamptz`)
      )
    );
  const candidates = due.flatMap((u) => {
    const expiresAt = passwordExpiresAt(u.changedAt, u.days);
    return expiresAt ? [{ ...u, expiresAt, eventId: eventIdOf('CONTRASENA_POR_VENCER', u.idUser, expiresAt.toISOString()) }] : [];
  });
  report.due = candidates.length;
  if (candidates.length === 0) return report;
  const told = await alreadyQueued(
    db,
    [...new Set(candidates.map((c) => c.organizationId))],
    candidates.map((c) => c.eventId)
  );
  for (const person of candidates) {
    if (told.has(person.eventId)) continue;
    const queued = await inTransaction(db, async (tx) => {
      const event = await userVariables(tx, person.idUser, { eventType: 'CONTRASENA_POR_VENCER', expiresAt: person.expiresAt, at: now });
      if (!event) return 0;
      return raiseEvent(tx, {
        organizationId: person.organizationId,
        eventType: 'CONTRASENA_POR_VENCER',
        variables: event.variables,
        to: [{ email: person.email, role: recipientRoleOf(person.role) }],
        eventId: person.eventId
      });
    });
    if (queued > 0) report.told++;
    report.queued += queued;
  }
  if (report.queued > 0) kickNotifyWorker();
  return report;
}

/**
 * The event ids among `eventIds` already in the outbox. A notice of a password still ahead of its
 * expiry was queued at most N days ago (a day more for clocks that disagree), so only the
 * organisations' rows of those days are read (notification_outbox_org_idx).
 */
async function alreadyQueued(db: Db, organizationIds: number[], eventIds: string[]): Promise<Set<string>> {
  const rows = await db
    .selectDistinct({ eventId: notificationOutbox.eventId })
    .from(notificationOutbox)
    .where(
      and(
        inArray(notificationOutbox.organizationId, organizationIds),
        gt(notificationOutbox.createdAt, sql`now() - ${PASSWORD_EXPIRY_NOTICE_DAYS + 1} * interval '1 day'`),
        eq(notificationOutbox.eventType, 'CONTRASENA_POR_VENCER'),
        inArray(notificationOutbox.eventId, eventIds)
      )
    );
  return new Set(rows.map((r) => r.eventId));
}

export interface PasswordExpiryJobOptions {
  db: Db;
  clock: () => Date;
  onError: (error: unknown) => void;
  intervalMs?: number;
  firstRunMs?: number;
}

/** The job's timers: a first run shortly after the start, then one every PASSWORD_EXPIRY_CHECK_MS (unref'd); close waits for a run under way. */
export class PasswordExpiryJob {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;
  private closed = false;

  constructor(private readonly options: PasswordExpiryJobOptions) {}

  start(): void {
    if (this.closed || this.timer) return;
    this.schedule(this.options.firstRunMs ?? PASSWORD_EXPIRY_FIRST_RUN_MS);
  }

  private schedule(ms: number): void {
    this.timer = setTimeout(() => {
      this.timer = null;
      this.running = queuePasswordExpiryNotices(this.options.db, this.options.clock())
        .catch((error: unknown) => this.options.onError(error))
        .finally(() => {
          this.running = null;
          if (!this.closed) this.schedule(this.options.intervalMs ?? PASSWORD_EXPIRY_CHECK_MS);
        });
    }, ms);
    this.timer.unref();
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
  }
}
