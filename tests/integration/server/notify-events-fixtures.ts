import { randomBytes, randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../../src/server/db/types';
import { conversationAssignments, conversations, messages, notificationEmails, notificationOutbox, notificationTemplates } from '../../../src/server/db/schema';
import { WEB_CHANNEL_ID } from '../../../src/server/chat/widget-actions';
import { NOTIFICATION_CHANNEL_IDS, type NotificationEventCode } from '../../../src/shared/notifications/events';
import type { FileRef } from '../../../src/shared/domain/chat';
import type { ChatFixture } from '../realtime/fixtures';

/** Rows the notification-event tests share: a conversation written by hand, an event's templates, the outbox as rows. */

export interface StoredMessage {
  tipoUsuario: 'CLIENTE' | 'BOT' | 'ASESOR' | 'SISTEMA';
  tipoMensaje?: 'TEXTO' | 'ARCHIVO' | 'OPCIONES' | 'COMMAND';
  mensaje: string;
  at: Date;
  adjunto?: FileRef;
  agentId?: number;
}

export interface ConversationSpec {
  customerData: Record<string, string>;
  status: 'BOT' | 'EN_COLA' | 'ASIGNADA' | 'ACTIVA' | 'FINALIZADA';
  startedAt: Date;
  endedAt?: Date;
  queuedAt?: Date;
  escalatedAt?: Date;
  splitId?: number | null;
  agentId?: number | null;
  notAttendedEventId?: number | null;
  messages?: StoredMessage[];
  /** Accepted assignments, oldest first. */
  accepted?: { agentId: number; at: Date }[];
}

/** A conversation of the fixture's organisation, its messages and its accepted assignments, as the engine would have left them. */
export async function insertConversation(db: Db, fx: ChatFixture, spec: ConversationSpec): Promise<string> {
  const idConv = randomUUID();
  const list = spec.messages ?? [];
  await db.insert(conversations).values({
    idConv,
    organizationId: fx.orgId,
    idVa: fx.vaId,
    channelId: WEB_CHANNEL_ID,
    customerData: spec.customerData,
    status: spec.status,
    startedAt: spec.startedAt,
    endedAt: spec.endedAt ?? null,
    queuedAt: spec.queuedAt ?? null,
    escalatedAt: spec.escalatedAt ?? null,
    splitId: spec.splitId ?? null,
    agentId: spec.agentId ?? null,
    notAttendedEventId: spec.notAttendedEventId ?? null,
    endedBy: spec.endedAt ? 'SISTEMA' : null,
    lastCustomerActivityAt: spec.startedAt,
    lastSeq: list.length,
    widgetTokenHash: randomBytes(16).toString('hex')
  });
  if (list.length > 0) {
    await db.insert(messages).values(
      list.map((m, i) => ({
        conversationId: idConv,
        seq: i + 1,
        tipoMensaje: m.tipoMensaje ?? 'TEXTO',
        tipoUsuario: m.tipoUsuario,
        mensaje: m.mensaje,
        adjunto: m.adjunto ?? null,
        agentId: m.agentId ?? null,
        fechaMensaje: m.at
      }))
    );
  }
  for (const a of spec.accepted ?? []) {
    await db.insert(conversationAssignments).values({ conversationId: idConv, agentId: a.agentId, splitId: spec.splitId ?? null, assignedAt: a.at, acceptedAt: a.at });
  }
  return idConv;
}

/** An e-mail template (and with `sms`, an SMS one) of the organisation for the event. */
export async function addTemplates(db: Db, organizationId: number, eventType: NotificationEventCode, opts: { sms?: boolean } = {}): Promise<void> {
  await db.insert(notificationTemplates).values({
    organizationId,
    eventType,
    typeNotificationId: NOTIFICATION_CHANNEL_IDS.email,
    codeTemplate: `${eventType}_EMAIL`,
    subject: 'Aviso',
    body: 'Hola'
  });
  if (opts.sms) {
    await db.insert(notificationTemplates).values({ organizationId, eventType, typeNotificationId: NOTIFICATION_CHANNEL_IDS.sms, codeTemplate: `${eventType}_SMS`, bodySms: 'Aviso' });
  }
}

/** An active notification e-mail of the organisation (a staff recipient). */
export async function addNotificationEmail(db: Db, organizationId: number, email: string): Promise<void> {
  await db.insert(notificationEmails).values({ organizationId, email, descripcion: 'Pruebas' });
}

/** The organisation's outbox rows, in the order they were written. */
export async function outboxOf(db: Db, organizationId: number) {
  return db.select().from(notificationOutbox).where(eq(notificationOutbox.organizationId, organizationId)).orderBy(asc(notificationOutbox.id));
}

/** Bogotá is UTC-5 all year. */
export const bogota = (day: string, time: string): Date => new Date(`${day}T${time}:00.000-05:00`);
