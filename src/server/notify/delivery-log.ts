import { sql } from 'drizzle-orm';
import { integrationCalls, notificationOutbox, notificationsLog, notificationSuppressions } from '../db/schema';
import { rowsOf } from '../db/statements';
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

/** One try to record: the row as claimed and what became of it. */
export interface Attempt {
  row: AttemptedRow;
  result: AttemptResult;
}

/**
 * Writes attempts in one short transaction — the worker records its sends in groups (a group
 * commit: whatever finished while the previous group was being written), so a notification costs
 * a share of one transaction, not one of its own. For each attempt: the outbox row's new state
 * (only while the row is still this claim's: its lease unchanged), the notification log's row, the
 * integration log's row of the provider call (id_va null: no assistant made it), and a bounced
 * address's suppression. Answers the ids of the rows that were still this claim's. The log and
 * integration rows carry the platform's clock (`at`), as every other record the statistics read;
 * the outbox's own times are the database's, which every process of a cluster shares.
 */
export async function recordAttempts(db: Db, attempts: readonly Attempt[], at: Date): Promise<Set<number>> {
  if (attempts.length === 0) return new Set();
  return db.transaction(async (tx) => {
    // One UPDATE for every row: each matched by id and by the lease it was claimed with.
    const values = sql.join(
      attempts.map(({ row, result }) => {
        const status = result.outcome === 'RETRY' ? 'PENDIENTE' : result.outcome;
        const lastError = result.outcome === 'ENVIADA' ? '' : clip(result.detail);
        const retrySeconds = result.outcome === 'RETRY' ? (result.retryInMs ?? 0) / 1000 : null;
        return sql`(${row.id}::int, ${row.leaseUntil.toISOString()}::timestamptz, ${status}::text, ${lastError}::text, ${retrySeconds}::double precision)`;
      }),
      sql`, `
    );
    const updated = await tx.execute(sql`
      update ${notificationOutbox} as o set
        status = v.status,
        lease_until = null,
        last_error = v.last_error,
        -- A sent row keeps its place under the cap; any other gives it back.
        sent_at = case when v.status = 'ENVIADA' then now() else null end,
        next_attempt_at = case when v.retry_seconds is null then o.next_attempt_at else now() + make_interval(secs => v.retry_seconds) end
      from (values ${values}) as v(id, lease_until, status, last_error, retry_seconds)
      where o.id = v.id and o.status = 'ENVIANDO' and o.lease_until = v.lease_until
      returning o.id`);
    await tx.insert(notificationsLog).values(
      attempts.map(({ row, result }) => ({
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
      }))
    );
    const calls = attempts.flatMap(({ row, result }) =>
      result.call ?
        [
          {
            organizationId: row.organizationId,
            idVa: null,
            conversationId: row.conversationId,
            calledAt: at,
            service: result.call.service,
            status: result.call.ok ? 'success' : 'failed',
            durationMs: result.call.durationMs,
            detail: clip(result.call.detail)
          }
        ]
      : []
    );
    if (calls.length > 0) await tx.insert(integrationCalls).values(calls);
    const suppressions = attempts.flatMap(({ row, result }) => (result.suppress === undefined ? [] : [{ organizationId: row.organizationId, address: row.recipient, reason: clip(result.suppress) }]));
    if (suppressions.length > 0) await tx.insert(notificationSuppressions).values(suppressions).onConflictDoNothing();
    return new Set(rowsOf(updated).map((r) => Number((r as { id: unknown }).id)));
  });
}
