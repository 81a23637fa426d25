import { and, asc, eq, gt } from 'drizzle-orm';
import type { FileRef } from '../../shared/domain/chat';
import type { ResponseItem } from '../../shared/domain/interaction';
import type { LiveMessage, MESSAGE_TYPES, SENDER_TYPES } from '../../shared/realtime';
import type { Db } from '../db/types';
import { conversations, messages } from '../db/schema';

export type ConversationRow = typeof conversations.$inferSelect;
export type MessageRow = typeof messages.$inferSelect;

export interface NewMessage {
  /** The sender's id for the message (retries reuse it); null for messages the platform makes. */
  clientId: string | null;
  tipoMensaje: (typeof MESSAGE_TYPES)[number];
  tipoUsuario: (typeof SENDER_TYPES)[number];
  mensaje: string;
  adjunto: FileRef | null;
  items: ResponseItem[] | null;
  agentId: number | null;
  at: Date;
}

export interface Stored {
  row: MessageRow;
  /** false: a repeat of a message already stored under the same clientId (nothing was written). */
  created: boolean;
}

/** The conversation row, locked FOR UPDATE until `tx` ends; null when it does not exist. */
export async function lockConversation(tx: Db, conversationId: string): Promise<ConversationRow | null> {
  const [row] = await tx.select().from(conversations).where(eq(conversations.idConv, conversationId)).for('update');
  return row ?? null;
}

/** A message of the conversation already stored under this clientId, if any. */
export async function findByClientId(db: Db, conversationId: string, clientId: string): Promise<MessageRow | null> {
  const [row] = await db
    .select()
    .from(messages)
    .where(and(eq(messages.conversationId, conversationId), eq(messages.clientId, clientId)));
  return row ?? null;
}

/**
 * Stores one message with the next seq of its conversation. The conversation row is locked
 * (FOR UPDATE) for the rest of `tx`, so seqs have no gaps and no two writers share one. A repeat
 * of a clientId inserts nothing (ON CONFLICT DO NOTHING), leaves last_seq alone and answers the
 * row stored the first time.
 */
export async function storeMessage(tx: Db, conversationId: string, message: NewMessage): Promise<Stored> {
  const [conv] = await tx
    .select({ lastSeq: conversations.lastSeq })
    .from(conversations)
    .where(eq(conversations.idConv, conversationId))
    .for('update');
  if (!conv) throw new Error(`storeMessage: no conversation ${conversationId}`);
  const seq = conv.lastSeq + 1;
  const [row] = await tx
    .insert(messages)
    .values({
      conversationId,
      seq,
      clientId: message.clientId,
      tipoMensaje: message.tipoMensaje,
      tipoUsuario: message.tipoUsuario,
      mensaje: message.mensaje,
      adjunto: message.adjunto,
      items: message.items,
      agentId: message.agentId,
      fechaMensaje: message.at
    })
    .onConflictDoNothing({ target: [messages.conversationId, messages.clientId] })
    .returning();
  if (row) {
    await tx.update(conversations).set({ lastSeq: seq }).where(eq(conversations.idConv, conversationId));
    return { row, created: true };
  }
  const existing = message.clientId === null ? null : await findByClientId(tx, conversationId, message.clientId);
  if (!existing) throw new Error(`storeMessage: insert of ${conversationId}#${seq} did nothing`);
  return { row: existing, created: false };
}

/** The conversation's messages after `afterSeq`, in seq order. */
export async function listMessages(db: Db, conversationId: string, afterSeq = 0): Promise<MessageRow[]> {
  return db
    .select()
    .from(messages)
    .where(and(eq(messages.conversationId, conversationId), gt(messages.seq, afterSeq)))
    .orderBy(asc(messages.seq));
}

/** Who reads a message: the agent downloads files through the REST multimedia route, the customer through the widget's. */
export type Audience = 'agent' | 'widget';

const FILE_URL = /^\/(?:api\/multimedia\/descargar|widget\/files)\/([A-Za-z0-9_-]{1,100})$/;

/** The id of a platform file from its url (either download route); null for anything else. */
export function fileIdOf(url: string): string | null {
  return FILE_URL.exec(url)?.[1] ?? null;
}

/** A platform file's url as one audience downloads it. */
export function fileUrlFor(fileId: string, audience: Audience): string {
  return audience === 'agent' ? `/api/multimedia/descargar/${fileId}` : `/widget/files/${fileId}`;
}

export function toLiveMessage(row: MessageRow, audience: Audience): LiveMessage {
  let adjunto = row.adjunto ?? null;
  const fileId = adjunto ? fileIdOf(adjunto.url) : null;
  if (adjunto && fileId) adjunto = { ...adjunto, url: fileUrlFor(fileId, audience) };
  return {
    conversationId: row.conversationId,
    seq: row.seq,
    clientId: row.clientId,
    tipoMensaje: toMessageType(row.tipoMensaje),
    tipoUsuario: toSenderType(row.tipoUsuario),
    mensaje: row.mensaje,
    adjunto,
    items: row.items ?? null,
    fechaMensaje: row.fechaMensaje.toISOString()
  };
}

function toMessageType(value: string): LiveMessage['tipoMensaje'] {
  return value === 'ARCHIVO' || value === 'OPCIONES' || value === 'COMMAND' ? value : 'TEXTO';
}

function toSenderType(value: string): LiveMessage['tipoUsuario'] {
  return value === 'ASESOR' || value === 'BOT' || value === 'SISTEMA' ? value : 'CLIENTE';
}
