import { and, asc, desc, eq, gt, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { HOME_ZONE } from '../../shared/comparison-windows';
import { notificationEvent, type NotificationEventCode } from '../../shared/notifications/events';
import { DIRECTORY_ONLY_HASH } from '../auth/passwords';
import { customerFacts, loadEntryForm } from '../chat/entry-form';
import { agentFirstName, type NotAttendedCode } from '../chat/lookups';
import { listMessages, type ConversationRow, type MessageRow } from '../chat/message-store';
import { conversationAssignments, conversations, notAttendedEvents, notificationOutbox, organizations, splits, users } from '../db/schema';
import type { Db } from '../db/types';

/**
 * Issue 39: each platform event's variables, built from the real records that raised it, as the
 * flat paths NOTIFICATION_EVENTS names ('cliente.nombre'; a list under 'conversacion.mensajes').
 * What raiseEvent writes to the outbox and the worker renders; the settings preview renders the
 * organisation's latest record through latestRecordVariables. Dates and times are Bogotá's.
 */

/** A variable's value: text, a number, or (conversacion.mensajes) a list of flat records. */
export type VariableValue = string | number | ReadonlyArray<Readonly<Record<string, string>>>;
export type EventVariables = Record<string, VariableValue>;

/** The zone every date of a notification is written in. */
export const NOTIFY_ZONE = HOME_ZONE;

const DAY_MS = 86_400_000;

const inZone = (at: Date) => DateTime.fromJSDate(at, { zone: NOTIFY_ZONE });
/** 'dd/MM/yyyy HH:mm' in Bogotá (the catalogue's 'fecha', 'conversacion.inicio'). */
export const notifyDateTime = (at: Date): string => inZone(at).toFormat('dd/LL/yyyy HH:mm');
/** 'dd/MM/yyyy' in Bogotá. */
export const notifyDate = (at: Date): string => inZone(at).toFormat('dd/LL/yyyy');
/** 'HH:mm' in Bogotá (a message's 'hora'). */
export const notifyTime = (at: Date): string => inZone(at).toFormat('HH:mm');

/** Who a transcript line is from, as the customer reads it. Only these senders are part of the exchange the customer saw. */
const AUTHORS: Record<string, string> = { CLIENTE: 'Cliente', BOT: 'Asistente', ASESOR: 'Asesor' };

/** A message as a transcript line: its author, its text (an attachment named after it) and its time. */
function transcriptLine(message: MessageRow): Record<string, string> | null {
  const autor = AUTHORS[message.tipoUsuario];
  if (autor === undefined || message.tipoMensaje === 'COMMAND') return null;
  const file = message.adjunto ? `[Adjunto: ${message.adjunto.name}]` : '';
  const texto = [message.mensaje.trim(), file].filter((part) => part !== '').join(' ');
  return { autor, texto, hora: notifyTime(message.fechaMensaje) };
}

export async function organisationName(db: Db, organizationId: number): Promise<string> {
  const [row] = await db.select({ name: organizations.name }).from(organizations).where(eq(organizations.idOrg, organizationId));
  return row?.name ?? '';
}

async function conversationRow(db: Db, idConv: string): Promise<ConversationRow | null> {
  const [row] = await db.select().from(conversations).where(eq(conversations.idConv, idConv));
  return row ?? null;
}

/**
 * The customer as the conversation's entry-form answers tell it (the first text field is the
 * name, the e-mail field the e-mail: src/server/chat/entry-form.ts customerFacts), read with the
 * virtual agent's current form. A conversation started without the form has no e-mail.
 */
async function customerOfConversation(db: Db, conv: ConversationRow): Promise<{ nombre: string; email: string | null }> {
  const fields = await loadEntryForm(db, conv.organizationId, conv.idVa);
  const facts = customerFacts(fields, conv.customerData);
  const email = facts.email?.trim() ?? '';
  return { nombre: facts.nombre, email: email === '' ? null : email };
}

/** The first name (as the customer saw it in the chat) of the agent who last accepted the conversation; '' when only the assistant attended it. */
async function attendingAgentName(db: Db, conv: ConversationRow): Promise<string> {
  const [last] = await db
    .select({ agentId: conversationAssignments.agentId })
    .from(conversationAssignments)
    .where(and(eq(conversationAssignments.conversationId, conv.idConv), isNotNull(conversationAssignments.acceptedAt)))
    .orderBy(desc(conversationAssignments.assignedAt), desc(conversationAssignments.id))
    .limit(1);
  return (await agentFirstName(db, last?.agentId ?? null)) ?? '';
}

/**
 * RESUMEN_CONVERSACION of a conversation: the organisation, the customer's name and e-mail from
 * the entry form, its start, the agent who attended it, and the messages the customer saw, in
 * order — the customer's, the assistant's and the agent's (no end commands, no platform rows),
 * each with its author ('Cliente', 'Asistente', 'Asesor'), text and time. 'fecha' is when it
 * ended (`at` while it has not). Null when there is no such conversation.
 */
export async function conversationVariables(db: Db, idConv: string, at: Date = new Date()): Promise<EventVariables | null> {
  const conv = await conversationRow(db, idConv);
  if (!conv) return null;
  const customer = await customerOfConversation(db, conv);
  const mensajes = (await listMessages(db, idConv)).flatMap((m): Record<string, string>[] => {
    const line = transcriptLine(m);
    return line ? [line] : [];
  });
  return {
    'organizacion.nombre': await organisationName(db, conv.organizationId),
    fecha: notifyDateTime(conv.endedAt ?? at),
    'cliente.nombre': customer.nombre,
    'cliente.email': customer.email ?? '',
    'conversacion.id': conv.idConv,
    'conversacion.inicio': notifyDateTime(conv.startedAt),
    'asesor.nombre': await attendingAgentName(db, conv),
    'conversacion.mensajes': mensajes
  };
}

/** Why a chat was not attended, in Spanish, when the not-attended catalogue (not_attended_events) lacks the code. */
export const NOT_ATTENDED_REASONS: Record<NotAttendedCode, string> = {
  ABANDONO: 'El cliente abandonó la cola',
  TIEMPO_ESPERA: 'Se superó el tiempo máximo de espera en la cola',
  FUERA_HORARIO: 'El cliente escribió fuera del horario de atención',
  SIN_ASESORES: 'No había un split con asesores para atenderlo'
};

/** The split of a chat with none (the statistics' label). */
export const NO_SPLIT = 'Sin split';

/**
 * CHAT_NO_ATENDIDO of a conversation that ended without an agent: the split it waited in, the
 * whole minutes it waited (from its latest entry to the queue, or its hand-over, to its end), why
 * (the not-attended catalogue's description of `code`, or of the conversation's own reason), and
 * the customer's name. Null when there is no such conversation or no reason is known.
 */
export async function notAttendedVariables(db: Db, idConv: string, code: NotAttendedCode | null = null, at: Date = new Date()): Promise<EventVariables | null> {
  const conv = await conversationRow(db, idConv);
  if (!conv) return null;
  const [reason] = await db
    .select({ code: notAttendedEvents.code, descripcion: notAttendedEvents.descripcion })
    .from(notAttendedEvents)
    .where(code !== null ? eq(notAttendedEvents.code, code) : eq(notAttendedEvents.id, conv.notAttendedEventId ?? -1));
  const motivo = reason?.descripcion.trim() || (code !== null ? NOT_ATTENDED_REASONS[code] : null);
  if (!motivo) return null;
  const [split] = conv.splitId === null ? [] : await db.select({ nombre: splits.nombre }).from(splits).where(eq(splits.idSplit, conv.splitId));
  const ended = conv.endedAt ?? at;
  const waitingSince = conv.queuedAt ?? conv.escalatedAt ?? ended;
  const customer = await customerOfConversation(db, conv);
  return {
    'organizacion.nombre': await organisationName(db, conv.organizationId),
    fecha: notifyDateTime(ended),
    'conversacion.id': conv.idConv,
    'chat.split': split?.nombre ?? NO_SPLIT,
    'chat.espera': Math.max(0, Math.round((ended.getTime() - waitingSince.getTime()) / 60_000)),
    'chat.motivo': motivo,
    'cliente.nombre': customer.nombre
  };
}

/** The user events, and what each tells beyond the person. */
export type UserEventDetail =
  | { eventType: 'BLOQUEO_USUARIO'; ip: string; at: Date }
  | { eventType: 'CONTRASENA_POR_VENCER'; expiresAt: Date; at: Date }
  | { eventType: 'EXPORTACION_FALLIDA'; report: string; error: string; at: Date };

/** A person an event is about, and its variables. */
export interface UserEvent {
  idUser: number;
  organizationId: number;
  email: string;
  name: string;
  variables: EventVariables;
}

/** When a password changed at `changedAt` expires under an organisation's passwordExpirationDays (null: 0 days, no expiry). */
export function passwordExpiresAt(changedAt: Date, expirationDays: number): Date | null {
  return expirationDays > 0 ? new Date(changedAt.getTime() + expirationDays * DAY_MS) : null;
}

/** Whole days from `at` to `expiresAt`, rounded up (1 for anything left under a day; 0 once expired). */
export function daysLeft(expiresAt: Date, at: Date): number {
  return Math.max(0, Math.ceil((expiresAt.getTime() - at.getTime()) / DAY_MS));
}

/**
 * BLOQUEO_USUARIO, CONTRASENA_POR_VENCER and EXPORTACION_FALLIDA of user `idUser` (their name and
 * organisation; the locked account's e-mail and the address of the attempt; the days left and the
 * expiry date; the report and what failed). Null when there is no such user.
 */
export async function userVariables(db: Db, idUser: number, detail: UserEventDetail): Promise<UserEvent | null> {
  const [user] = await db
    .select({ idUser: users.idUser, organizationId: users.organizationId, email: users.email, name: users.name, organizationName: organizations.name })
    .from(users)
    .innerJoin(organizations, eq(organizations.idOrg, users.organizationId))
    .where(eq(users.idUser, idUser));
  if (!user) return null;
  const common = { 'organizacion.nombre': user.organizationName, fecha: notifyDateTime(detail.at), 'usuario.nombre': user.name };
  const variables: EventVariables =
    detail.eventType === 'BLOQUEO_USUARIO' ? { ...common, 'usuario.email': user.email, 'bloqueo.ip': detail.ip }
    : detail.eventType === 'CONTRASENA_POR_VENCER' ? { ...common, 'contrasena.dias': daysLeft(detail.expiresAt, detail.at), 'contrasena.vence': notifyDate(detail.expiresAt) }
    : { ...common, 'reporte.nombre': detail.report, 'reporte.error': detail.error };
  return { idUser: user.idUser, organizationId: user.organizationId, email: user.email, name: user.name, variables };
}

/** A record's variables for the settings preview, and which record it is (in Spanish). */
export interface RecordVariables {
  variables: EventVariables;
  source: string;
}

/**
 * The organisation's latest real record of the event, as its variables, for the template preview:
 * its latest finished conversation (RESUMEN_CONVERSACION), its latest one not attended
 * (CHAT_NO_ATENDIDO), its latest locked account (BLOQUEO_USUARIO), the next password of its people
 * to expire (CONTRASENA_POR_VENCER), its latest failed export that was notified
 * (EXPORTACION_FALLIDA: the platform keeps no other record of one). Null when it has none: the
 * preview then shows the catalogue's examples. `now` is the platform's clock.
 */
export async function latestRecordVariables(db: Db, organizationId: number, eventType: NotificationEventCode, now: Date = new Date()): Promise<RecordVariables | null> {
  switch (eventType) {
    case 'RESUMEN_CONVERSACION': {
      const [conv] = await db
        .select({ idConv: conversations.idConv })
        .from(conversations)
        .where(and(eq(conversations.organizationId, organizationId), eq(conversations.status, 'FINALIZADA'), isNotNull(conversations.endedAt)))
        .orderBy(desc(conversations.endedAt), desc(conversations.idConv))
        .limit(1);
      const variables = conv ? await conversationVariables(db, conv.idConv, now) : null;
      return variables ? { variables, source: `Conversación finalizada el ${String(variables.fecha)} (${String(variables['cliente.nombre'])})` } : null;
    }
    case 'CHAT_NO_ATENDIDO': {
      const [conv] = await db
        .select({ idConv: conversations.idConv })
        .from(conversations)
        .where(and(eq(conversations.organizationId, organizationId), eq(conversations.status, 'FINALIZADA'), isNotNull(conversations.notAttendedEventId), isNotNull(conversations.endedAt)))
        .orderBy(desc(conversations.endedAt), desc(conversations.idConv))
        .limit(1);
      const variables = conv ? await notAttendedVariables(db, conv.idConv, null, now) : null;
      return variables ? { variables, source: `Chat no atendido el ${String(variables.fecha)} (${String(variables['chat.split'])})` } : null;
    }
    case 'BLOQUEO_USUARIO': {
      const [locked] = await db
        .select({ idUser: users.idUser, lockedAt: users.lockedAt, ip: users.lockedFromIp })
        .from(users)
        .where(and(eq(users.organizationId, organizationId), isNotNull(users.lockedAt), isNull(users.deletedAt)))
        .orderBy(desc(users.lockedAt), desc(users.idUser))
        .limit(1);
      if (!locked?.lockedAt) return null;
      const event = await userVariables(db, locked.idUser, { eventType, ip: locked.ip ?? '', at: locked.lockedAt });
      return event ? { variables: event.variables, source: `Bloqueo de ${event.name} el ${notifyDateTime(locked.lockedAt)}` } : null;
    }
    case 'CONTRASENA_POR_VENCER': {
      const [next] = await db
        .select({ idUser: users.idUser, changedAt: users.passwordChangedAt, days: organizations.passwordExpirationDays })
        .from(users)
        .innerJoin(organizations, eq(organizations.idOrg, users.organizationId))
        .where(and(eq(users.organizationId, organizationId), expiringPasswords(now)))
        .orderBy(asc(users.passwordChangedAt), asc(users.idUser))
        .limit(1);
      const expiresAt = next ? passwordExpiresAt(next.changedAt, next.days) : null;
      if (!next || !expiresAt) return null;
      const event = await userVariables(db, next.idUser, { eventType, expiresAt, at: now });
      return event ? { variables: event.variables, source: `Contraseña de ${event.name}, vence el ${notifyDate(expiresAt)}` } : null;
    }
    case 'EXPORTACION_FALLIDA': {
      const [row] = await db
        .select({ variables: notificationOutbox.variables, createdAt: notificationOutbox.createdAt })
        .from(notificationOutbox)
        .where(and(eq(notificationOutbox.organizationId, organizationId), eq(notificationOutbox.eventType, eventType)))
        .orderBy(desc(notificationOutbox.createdAt), desc(notificationOutbox.id))
        .limit(1);
      const variables = row ? catalogued(eventType, row.variables) : null;
      return variables && row ? { variables, source: `Exportación fallida del ${notifyDateTime(row.createdAt)}` } : null;
    }
  }
}

/**
 * The people whose password has an expiry still ahead of `now`: active, not deleted, a password
 * kept here (not a directory's), not already flagged to change, in an organisation whose
 * passwordExpirationDays is not 0. Read with users joined to organizations.
 */
export function expiringPasswords(now: Date) {
  return and(
    eq(users.isActive, true),
    isNull(users.deletedAt),
    eq(users.mustChangePassword, false),
    ne(users.passwordHash, DIRECTORY_ONLY_HASH),
    isNull(organizations.deletedAt),
    gt(organizations.passwordExpirationDays, 0),
    gt(sql`${users.passwordChangedAt} + ${organizations.passwordExpirationDays} * interval '1 day'`, sql`${now.toISOString()}::timestamptz`)
  );
}

/** Stored variables, kept to the event's own names and to text and numbers (a list only where the catalogue has one). */
function catalogued(eventType: NotificationEventCode, stored: Record<string, unknown>): EventVariables | null {
  const definition = notificationEvent(eventType);
  if (!definition) return null;
  const out: EventVariables = {};
  for (const variable of definition.variables) {
    const value = stored[variable.name];
    if (typeof value === 'string' || typeof value === 'number') out[variable.name] = value;
    else if (variable.item && Array.isArray(value)) out[variable.name] = value.filter((v): v is Record<string, string> => typeof v === 'object' && v !== null);
    else return null;
  }
  return out;
}

