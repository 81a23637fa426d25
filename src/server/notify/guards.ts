import { and, eq, inArray, sql } from 'drizzle-orm';
import { countSms } from '../../shared/notifications/sms';
import { notificationOutbox, notificationSuppressions } from '../db/schema';
import type { Db } from '../db/types';
import { PLATFORM_FROM_ADDRESS } from './channels/channel';

/**
 * Issue 39: the loop and flood guards, checked when a notification is about to go out (not when
 * it is raised: a cap or a bounce that happened meanwhile counts). Zammad's mail loops (#1131,
 * #5428) are what they prevent: a notification to the platform's own sending address that comes
 * back as an event, an auto-reply ping-pong, a dead mailbox written to forever.
 */

/** Why an e-mail must not go to `recipient` because it is the platform's own sending address, or null. */
export function ownAddressReason(recipient: string, fromAddress: string): string | null {
  const to = recipient.trim().toLowerCase();
  if (to === PLATFORM_FROM_ADDRESS) return `${to} es la dirección propia de la plataforma: nunca se le envían notificaciones`;
  if (fromAddress !== '' && to === fromAddress.trim().toLowerCase()) return `${to} es la dirección remitente de la organización: nunca se le envían notificaciones`;
  return null;
}

export interface Suppressed {
  reason: string;
  since: Date;
}

/** The suppressed addresses among `addresses` of each organisation, keyed `${org}:${address}`. */
export async function suppressedAmong(db: Db, wanted: readonly { organizationId: number; address: string }[]): Promise<Map<string, Suppressed>> {
  const found = new Map<string, Suppressed>();
  if (wanted.length === 0) return found;
  const rows = await db
    .select()
    .from(notificationSuppressions)
    .where(
      and(
        inArray(notificationSuppressions.organizationId, [...new Set(wanted.map((w) => w.organizationId))]),
        inArray(notificationSuppressions.address, [...new Set(wanted.map((w) => w.address))])
      )
    );
  for (const row of rows) found.set(`${row.organizationId}:${row.address}`, { reason: row.reason, since: row.since });
  return found;
}

export function suppressedReason(entry: Suppressed): string {
  return `Dirección suprimida desde ${entry.since.toISOString()}: ${entry.reason}`;
}

/** Why an SMS cannot be sent because it needs more parts than the organisation allows, or null. */
export function smsTooLongReason(text: string, maxParts: number): string | null {
  const count = countSms(text);
  if (count.parts <= maxParts) return null;
  return `El SMS generado necesita ${count.parts} partes (${count.characters} caracteres, ${count.encoding}) y el máximo de la organización es ${maxParts}`;
}

export interface Cap {
  count: number;
  windowMinutes: number;
}

export type CapVerdict = 'reserved' | 'capped' | 'lost';

/**
 * The per-recipient cap of a template: at most `cap.count` of its notifications to one recipient
 * in `cap.windowMinutes`. A notification that passes reserves its place (sent_at set while it is
 * still ENVIANDO) before it is sent, so that sends under way at once — in this process or another —
 * count against each other: they check and reserve one at a time under an advisory lock of the
 * (template, recipient) pair, in a short transaction (nothing is sent inside it). A failed try gives
 * its place back (delivery-log.ts clears sent_at). 'lost': the row is no longer this claim's (its
 * lease expired and another process took it) — it must not be sent here.
 */
export async function reserveUnderCap(db: Db, row: { id: number; templateId: number; recipient: string; leaseUntil: Date }, cap: Cap): Promise<CapVerdict> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`notify-cap:${row.templateId}:${row.recipient}`}, 0))`);
    const [counted] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(notificationOutbox)
      .where(
        and(
          eq(notificationOutbox.templateId, row.templateId),
          eq(notificationOutbox.recipient, row.recipient),
          sql`${notificationOutbox.id} <> ${row.id}`,
          inArray(notificationOutbox.status, ['ENVIANDO', 'ENVIADA']),
          sql`${notificationOutbox.sentAt} > now() - make_interval(mins => ${cap.windowMinutes})`
        )
      );
    if ((counted?.n ?? 0) >= cap.count) return 'capped';
    const reserved = await tx
      .update(notificationOutbox)
      .set({ sentAt: sql`now()` })
      .where(and(eq(notificationOutbox.id, row.id), eq(notificationOutbox.status, 'ENVIANDO'), eq(notificationOutbox.leaseUntil, row.leaseUntil)))
      .returning({ id: notificationOutbox.id });
    return reserved.length === 1 ? 'reserved' : 'lost';
  });
}
