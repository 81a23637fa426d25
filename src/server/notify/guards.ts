import { and, inArray, sql } from 'drizzle-orm';
import { countSms } from '../../shared/notifications/sms';
import { notificationOutbox, notificationSuppressions } from '../db/schema';
import { rowsOf } from '../db/statements';
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

/** A sendable row of a batch asking for its place under its template's cap. */
export interface CapRequest {
  id: number;
  templateId: number;
  recipient: string;
  leaseUntil: Date;
  cap: Cap;
}

/**
 * The per-recipient cap of a template: at most `cap.count` of its notifications to one recipient
 * in `cap.windowMinutes`. A notification that passes reserves its place (sent_at set while it is
 * still ENVIANDO) before it is sent, so that sends under way at once — in this process or another —
 * count against each other. A batch's rows check and reserve together in one short transaction
 * (nothing is sent inside it) under advisory locks of their (template, recipient) pairs, taken in
 * one order (the locks' keys sorted) so that two processes never wait on each other in a circle;
 * rows of the batch to the same pair count against each other in id order. A failed try gives its
 * place back (delivery-log.ts clears sent_at). 'lost': the row is no longer this claim's (its lease
 * expired and another process took it) — it must not be sent here.
 */
export async function reserveUnderCaps(db: Db, requests: readonly CapRequest[]): Promise<Map<number, CapVerdict>> {
  const verdicts = new Map<number, CapVerdict>();
  if (requests.length === 0) return verdicts;
  const pairKey = (r: Pick<CapRequest, 'templateId' | 'recipient'>) => `notify-cap:${r.templateId}:${r.recipient}`;
  const pairs = new Map<string, CapRequest>();
  for (const request of requests) if (!pairs.has(pairKey(request))) pairs.set(pairKey(request), request);
  return db.transaction(async (tx) => {
    const keys = sql.join(
      [...pairs.keys()].map((key) => sql`(${key}::text)`),
      sql`, `
    );
    await tx.execute(sql`select pg_advisory_xact_lock(h) from (select hashtextextended(k, 0) as h from (values ${keys}) as keys(k) order by 1) as sorted`);
    const wanted = sql.join(
      [...pairs.values()].map((r) => sql`(${r.templateId}::int, ${r.recipient}::text, ${r.cap.windowMinutes}::int)`),
      sql`, `
    );
    const ids = sql.join(
      requests.map((r) => sql`${r.id}::int`),
      sql`, `
    );
    const counted = rowsOf(
      await tx.execute(sql`
        select w.template_id, w.recipient, count(o.id)::int as n
        from (values ${wanted}) as w(template_id, recipient, window_minutes)
        join ${notificationOutbox} as o on o.template_id = w.template_id and o.recipient = w.recipient
          and o.status in ('ENVIANDO', 'ENVIADA') and o.sent_at > now() - make_interval(mins => w.window_minutes)
          and o.id <> all (array[${ids}])
        group by w.template_id, w.recipient`)
    );
    const taken = new Map<string, number>();
    for (const row of counted) {
      const r = row as { template_id: unknown; recipient: unknown; n: unknown };
      taken.set(pairKey({ templateId: Number(r.template_id), recipient: String(r.recipient) }), Number(r.n));
    }
    const passing: CapRequest[] = [];
    for (const request of [...requests].sort((a, b) => a.id - b.id)) {
      const n = taken.get(pairKey(request)) ?? 0;
      if (n >= request.cap.count) {
        verdicts.set(request.id, 'capped');
        continue;
      }
      taken.set(pairKey(request), n + 1);
      passing.push(request);
    }
    if (passing.length === 0) return verdicts;
    const reserving = sql.join(
      passing.map((r) => sql`(${r.id}::int, ${r.leaseUntil.toISOString()}::timestamptz)`),
      sql`, `
    );
    const reserved = new Set(
      rowsOf(
        await tx.execute(sql`
          update ${notificationOutbox} as o set sent_at = now()
          from (values ${reserving}) as v(id, lease_until)
          where o.id = v.id and o.status = 'ENVIANDO' and o.lease_until = v.lease_until
          returning o.id`)
      ).map((row) => Number((row as { id: unknown }).id))
    );
    for (const request of passing) verdicts.set(request.id, reserved.has(request.id) ? 'reserved' : 'lost');
    return verdicts;
  });
}
