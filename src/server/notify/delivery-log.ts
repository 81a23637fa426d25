import { and, eq, sql } from 'drizzle-orm';
import { integrationCalls, notificationOutbox, notificationsLog, notificationSuppressions } from '../db/schema';
import type { Db } from '../db/types';
import type { ChannelService } from './channels';

/** The longest detail a log row keeps (a provider can answer pages). */
const DETAIL_MAX = 500;

export function clip(text: string, max = DETAIL_MAX): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1)}…`;
}

/** The outbox row an attempt was for, as claimed (worker.ts). */
export interface AttemptedRow {
  id: number;
  organizationId: number;
  eventType: string;
  typeNotificationId: number;
  recipient: string;
  recipientRole: string;
  conversationId: string | null;
  leaseUntil: Date;
}

/**
 * What became of one try:
 * - ENVIADA: sent; SUPRIMIDA: a guard held it back; FALLIDA: failed for good;
 * - RETRY: failed for now, tried again after `retryInMs` (the log shows it as a failed attempt).
 */
export interface AttemptResult {
  outcome: 'ENVIADA' | 'SUPRIMIDA' | 'FALLIDA' | 'RETRY';
  /** The log's detail (Spanish): the provider's answer, or why it was not sent. */
  detail: string;
  retryInMs?: number;
  /** The provider call, when one was made: a row of the integration log. */
  call?: { service: ChannelService; ok: boolean; durationMs: number; detail: string };
  /** A permanent bounce: the recipient goes on the organisation's suppression list. */
  suppress?: string;
}

/**
 * Writes one attempt in one short transaction: the outbox row's new state (only while the row is
 * still this claim's: its lease unchanged), the notification log's row, the integration log's row
 * of the provider call (id_va null: no assistant made it), and a bounced address's suppression.
 * Answers whether the row was still this claim's. The log and integration rows carry the
 * platform's clock (`at`), as every other record the statistics read; the outbox's own times are
 * the database's, which every process of a cluster shares.
 */
export async function recordAttempt(db: Db, row: AttemptedRow, result: AttemptResult, at: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const status = result.outcome === 'RETRY' ? 'PENDIENTE' : result.outcome;
    const updated = await tx
      .update(notificationOutbox)
      .set({
        status,
        leaseUntil: null,
        lastError: result.outcome === 'ENVIADA' ? '' : clip(result.detail),
        // A sent row keeps its place under the cap; any other gives it back.
        sentAt: result.outcome === 'ENVIADA' ? sql`now()` : null,
        ...(result.outcome === 'RETRY' ? { nextAttemptAt: sql`now() + make_interval(secs => ${(result.retryInMs ?? 0) / 1000})` } : {})
      })
      .where(and(eq(notificationOutbox.id, row.id), eq(notificationOutbox.status, 'ENVIANDO'), eq(notificationOutbox.leaseUntil, row.leaseUntil)))
      .returning({ id: notificationOutbox.id });
    await tx.insert(notificationsLog).values({
      organizationId: row.organizationId,
      sentAt: at,
      eventType: row.eventType,
      typeNotificationId: row.typeNotificationId,
      recipient: row.recipient,
      recipientRole: row.recipientRole,
      status: result.outcome === 'RETRY' ? 'FALLIDA' : result.outcome,
      detail: clip(result.detail),
      conversationId: row.conversationId,
      outboxId: row.id
    });
    if (result.call) {
      await tx.insert(integrationCalls).values({
        organizationId: row.organizationId,
        idVa: null,
        conversationId: row.conversationId,
        calledAt: at,
        service: result.call.service,
        status: result.call.ok ? 'success' : 'failed',
        durationMs: result.call.durationMs,
        detail: clip(result.call.detail)
      });
    }
    if (result.suppress !== undefined) {
      await tx
        .insert(notificationSuppressions)
        .values({ organizationId: row.organizationId, address: row.recipient, reason: clip(result.suppress) })
        .onConflictDoNothing();
    }
    return updated.length === 1;
  });
}
