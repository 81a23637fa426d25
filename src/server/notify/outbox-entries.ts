import { and, desc, eq, inArray, ne, or, sql } from 'drizzle-orm';
import type { OutboxEntry } from '../../shared/domain/notify-channels';
import { notificationOutbox, notificationSuppressions } from '../db/schema';
import type { Db } from '../db/types';
import { HttpError } from '../http/errors';

/** The most rows the list answers. */
export const OUTBOX_LIST_LIMIT = 200;

export const OUTBOX_TEXTS = {
  notFound: 'La notificación no existe',
  notFailed: 'Solo se puede reintentar una notificación fallida',
  suppressionNotFound: 'La dirección no está suprimida'
} as const;

type Row = typeof notificationOutbox.$inferSelect;

function entryOf(row: Row): OutboxEntry {
  return {
    id: row.id,
    eventType: row.eventType,
    TypeNotification: row.typeNotificationId,
    destinatario: row.recipient,
    status: row.status,
    attempts: row.attempts,
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
    nextAttemptAt: row.nextAttemptAt.toISOString()
  };
}

/**
 * Issue 39: the outbox as the 'Reintentar' list shows it, and the suppression list. Every
 * statement is scoped to the caller's organisation.
 */
export const outboxEntries = {
  /** The notifications that failed for good, and those still being retried (queued or under way after a failed try), newest first. */
  async list(db: Db, orgId: number): Promise<OutboxEntry[]> {
    const rows = await db
      .select()
      .from(notificationOutbox)
      .where(
        and(
          eq(notificationOutbox.organizationId, orgId),
          or(eq(notificationOutbox.status, 'FALLIDA'), and(inArray(notificationOutbox.status, ['PENDIENTE', 'ENVIANDO']), ne(notificationOutbox.lastError, '')))
        )
      )
      .orderBy(desc(notificationOutbox.createdAt), desc(notificationOutbox.id))
      .limit(OUTBOX_LIST_LIMIT);
    return rows.map(entryOf);
  },

  /**
   * 'Reintentar': a failed notification back to the queue, due now, its tries counted from zero
   * (its idempotency key, hence its Message-ID and .eml file, unchanged). 404 when the organisation
   * has no such row, 409 when it is not 'FALLIDA' (a sent one is never sent again).
   */
  async retry(db: Db, orgId: number, id: number): Promise<OutboxEntry> {
    const [updated] = await db
      .update(notificationOutbox)
      .set({ status: 'PENDIENTE', attempts: 0, nextAttemptAt: sql`now()`, leaseUntil: null })
      .where(and(eq(notificationOutbox.id, id), eq(notificationOutbox.organizationId, orgId), eq(notificationOutbox.status, 'FALLIDA')))
      .returning();
    if (updated) return entryOf(updated);
    const [exists] = await db
      .select({ id: notificationOutbox.id })
      .from(notificationOutbox)
      .where(and(eq(notificationOutbox.id, id), eq(notificationOutbox.organizationId, orgId)));
    throw new HttpError(exists ? 409 : 404, exists ? OUTBOX_TEXTS.notFailed : OUTBOX_TEXTS.notFound);
  },

  async suppressions(db: Db, orgId: number): Promise<{ address: string; reason: string; since: string }[]> {
    const rows = await db
      .select()
      .from(notificationSuppressions)
      .where(eq(notificationSuppressions.organizationId, orgId))
      .orderBy(desc(notificationSuppressions.since), notificationSuppressions.address);
    return rows.map((row) => ({ address: row.address, reason: row.reason, since: row.since.toISOString() }));
  },

  /** The address receives notifications again; 404 when it was not suppressed. */
  async unsuppress(db: Db, orgId: number, address: string): Promise<void> {
    const deleted = await db
      .delete(notificationSuppressions)
      .where(and(eq(notificationSuppressions.organizationId, orgId), eq(notificationSuppressions.address, address)))
      .returning({ address: notificationSuppressions.address });
    if (deleted.length === 0) throw new HttpError(404, OUTBOX_TEXTS.suppressionNotFound);
  }
};
