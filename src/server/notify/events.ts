import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { v5 as uuidv5 } from 'uuid';
import type { NotificationEventCode } from '../../shared/notifications/events';
import type { NotAttendedCode } from '../chat/lookups';
import type { ConversationRow } from '../chat/message-store';
import { notificationTemplates } from '../db/schema';
import type { Db } from '../db/types';
import { featureOn } from '../settings/repositories/features';
import { raiseEvent } from './outbox';
import { conversationVariables, notAttendedVariables, userVariables } from './variables';

/**
 * Issue 39: the platform raising its events, each in the transaction of the change that raised it
 * (raiseEvent writes the outbox rows there: the change and its notifications commit together, or
 * neither does). Raising reads the event's records and inserts rows, nothing more: the worker
 * renders and sends after the commit, woken by kickNotifyWorker (src/server/notify/kick.ts).
 * An organisation that keeps no template for an event pays one indexed read for it.
 */

/** The namespace of the platform's deterministic event ids (UUIDv5): an id made of the same parts is the same id, in any process. */
const EVENT_ID_NAMESPACE = '6f1c8f2e-3b1a-5d4e-9c7b-2a8e4f0d9b13';

/** The id of the event made of `parts`: raising it again (a retry, a restart, a second platform process) queues nothing more. */
export function eventIdOf(eventType: NotificationEventCode, ...parts: readonly (string | number)[]): string {
  return uuidv5([eventType, ...parts].join(':'), EVENT_ID_NAMESPACE);
}

/** Which of `codes` the organisation keeps a template for (one read of notification_templates' unique index). */
export async function templatedEvents(tx: Db, organizationId: number, codes: readonly NotificationEventCode[]): Promise<Set<string>> {
  if (codes.length === 0) return new Set();
  const rows = await tx
    .selectDistinct({ eventType: notificationTemplates.eventType })
    .from(notificationTemplates)
    .where(and(eq(notificationTemplates.organizationId, organizationId), inArray(notificationTemplates.eventType, [...codes])));
  return new Set(rows.map((r) => r.eventType));
}

/** What a chat step gives the raisers: its transaction, its instant, and where it records the wake-up sent after the commit. */
export interface RaisingStep {
  tx: Db;
  now: Date;
  fx: { notify(): void };
}

/**
 * A conversation just finished (`ended`, FINALIZADA in `step`'s transaction):
 * - CHAT_NO_ATENDIDO to the organisation's staff (supervisors and notification e-mails) when it
 *   ended not attended (`notAttended`: abandoned in the queue, waited too long, out of hours, no
 *   agents);
 * - RESUMEN_CONVERSACION to the customer's e-mail, when the customer left one in the entry form
 *   and the virtual agent's 'Descarga de la conversación' (feature 'transcript') is on.
 * Each event's id is the conversation's, so the conversation raises each once. Answers how many
 * outbox rows were queued; with any, the step's effects wake the worker after the commit.
 */
export async function raiseConversationEnded(step: RaisingStep, ended: ConversationRow, notAttended: NotAttendedCode | null): Promise<number> {
  const { tx, now } = step;
  const wanted: NotificationEventCode[] = notAttended ? ['RESUMEN_CONVERSACION', 'CHAT_NO_ATENDIDO'] : ['RESUMEN_CONVERSACION'];
  const templated = await templatedEvents(tx, ended.organizationId, wanted);
  let queued = 0;
  if (notAttended && templated.has('CHAT_NO_ATENDIDO')) {
    const variables = await notAttendedVariables(tx, ended.idConv, notAttended, now);
    if (variables) {
      queued += await raiseEvent(tx, {
        organizationId: ended.organizationId,
        eventType: 'CHAT_NO_ATENDIDO',
        variables,
        to: 'staff',
        conversationId: ended.idConv,
        eventId: eventIdOf('CHAT_NO_ATENDIDO', ended.idConv)
      });
    }
  }
  if (templated.has('RESUMEN_CONVERSACION') && (await featureOn(tx, ended.idVa, 'transcript'))) {
    const variables = await conversationVariables(tx, ended.idConv, now);
    const email = typeof variables?.['cliente.email'] === 'string' ? variables['cliente.email'] : '';
    if (variables && email !== '') {
      queued += await raiseEvent(tx, {
        organizationId: ended.organizationId,
        eventType: 'RESUMEN_CONVERSACION',
        variables,
        to: [{ email, role: 'CLIENTE' }],
        conversationId: ended.idConv,
        eventId: eventIdOf('RESUMEN_CONVERSACION', ended.idConv)
      });
    }
  }
  if (queued > 0) step.fx.notify();
  return queued;
}

/**
 * Failed sign-ins just locked user `idUser` (in `tx`, the transaction of the lock): BLOQUEO_USUARIO
 * to the organisation's administrators and notification e-mails. The lock's instant is in the
 * event's id: one lock raises it once. The caller wakes the worker after the commit when it answers more than 0.
 */
export async function raiseAccountLocked(tx: Db, idUser: number, origin: { ip: string; at: Date }): Promise<number> {
  const user = await userVariables(tx, idUser, { eventType: 'BLOQUEO_USUARIO', ip: origin.ip, at: origin.at });
  if (!user) return 0;
  if (!(await templatedEvents(tx, user.organizationId, ['BLOQUEO_USUARIO'])).has('BLOQUEO_USUARIO')) return 0;
  return raiseEvent(tx, {
    organizationId: user.organizationId,
    eventType: 'BLOQUEO_USUARIO',
    variables: user.variables,
    to: 'staff',
    eventId: eventIdOf('BLOQUEO_USUARIO', idUser, origin.at.toISOString())
  });
}

/**
 * A scheduled export of user `idUser` (an administrator of `organizationId`, from their token)
 * failed, as the desktop app reports it: EXPORTACION_FALLIDA to that person. Each report is an
 * event of its own. Null when the user is not one of that organisation's (nothing queued).
 */
export async function raiseExportFailed(tx: Db, report: { idUser: number; organizationId: number; report: string; error: string; at: Date }): Promise<number | null> {
  const user = await userVariables(tx, report.idUser, { eventType: 'EXPORTACION_FALLIDA', report: report.report, error: report.error, at: report.at });
  if (!user || user.organizationId !== report.organizationId) return null;
  return raiseEvent(tx, {
    organizationId: user.organizationId,
    eventType: 'EXPORTACION_FALLIDA',
    variables: user.variables,
    to: [{ email: user.email, role: 'ADMINISTRADOR' }],
    eventId: randomUUID()
  });
}
