import { and, asc, eq, gt, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { FileRef } from '../../shared/domain/chat';
import type { ResponseItem } from '../../shared/domain/interaction';
import type { LiveMessage, MESSAGE_TYPES, SENDER_TYPES } from '../../shared/realtime';
import { rowsOf, type RunStatement, type Statement } from '../db/statements';
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

/** Who the message shows as active: the customer's or the agent's inactivity timer restarts. */
export type Touch = 'customer' | 'agent' | null;

/**
 * Stores one message with the next seq of its conversation, in ONE statement (the hot path of
 * every chat message): a repeat of the clientId answers the row stored the first time and writes
 * nothing; otherwise last_seq is bumped (the UPDATE locks the conversation row for the rest of
 * `tx`, so seqs have no gaps and no two writers share one), the activity time of `touch` is set,
 * and the message is inserted with that seq. The (conversation_id, client_id) unique constraint
 * stays the last line of defence: a racing duplicate fails the transaction rather than storing
 * twice, and inTransaction runs it again, when the repeat finds the stored row (tx.ts).
 */
export async function storeMessage(tx: Db, conversationId: string, message: NewMessage, touch: Touch = null): Promise<Stored> {
  const activity =
    touch === 'customer' ? sql`, last_customer_activity_at = ${message.at}`
    : touch === 'agent' ? sql`, last_agent_activity_at = ${message.at}, agent_first_reply_at = coalesce(agent_first_reply_at, ${message.at})`
    : sql``;
  // The agent-inactivity timer's start: the first customer message since the agent last wrote.
  const awaiting =
    message.tipoUsuario === 'CLIENTE' ? sql`, awaiting_agent_since = coalesce(awaiting_agent_since, ${message.at})`
    : message.tipoUsuario === 'ASESOR' ? sql`, awaiting_agent_since = null`
    : sql``;
  const result = await tx.execute(sql`
    with existing as (
      select ${MESSAGE_COLUMNS}, false as created from messages
      where conversation_id = ${conversationId} and ${message.clientId}::text is not null and client_id = ${message.clientId}
    ),
    bumped as (
      update conversations set last_seq = last_seq + 1 ${activity} ${awaiting}
      where id_conv = ${conversationId} and not exists (select 1 from existing)
      returning last_seq
    ),
    inserted as (
      insert into messages (conversation_id, seq, client_id, tipo_mensaje, tipo_usuario, mensaje, adjunto, items, agent_id, fecha_mensaje)
      select ${conversationId}, bumped.last_seq, ${message.clientId}, ${message.tipoMensaje}, ${message.tipoUsuario}, ${message.mensaje},
        ${message.adjunto === null ? null : JSON.stringify(message.adjunto)}::jsonb, ${message.items === null ? null : JSON.stringify(message.items)}::jsonb,
        ${message.agentId}, ${message.at}
      from bumped
      returning ${MESSAGE_COLUMNS}, true as created
    )
    select * from inserted union all select * from existing`);
  const [raw] = rowsOf(result);
  if (!raw) throw new Error(`storeMessage: no conversation ${conversationId}`);
  const row = StoredRow.parse(raw);
  const { created, ...message_ } = row;
  return { row: message_, created };
}

/**
 * The hot path of a live chat, in ONE autocommitted, prepared statement: a plain text message of
 * the customer, or of the agent holding the chat, in a conversation an agent holds
 * (the customer: ASIGNADA or ACTIVA; the agent: ACTIVA and its own). The UPDATE takes the
 * conversation's row lock, so seq stays gap-free against every other writer. The database answers
 * only what it decides (id, seq, holder); the rest of the row is what was sent. Answers the stored
 * row and the agent holding the chat, or null when the message needs the full transactional path
 * (a repeat of its clientId, another state, a chat not held): nothing was written then.
 */
export async function appendHeldMessage(
  run: RunStatement,
  conversationId: string,
  message: { clientId: string; mensaje: string; at: Date },
  author: HeldMessageAuthor
): Promise<{ row: MessageRow; holder: number } | null> {
  const { clientId, mensaje } = message;
  const at = message.at.toISOString();
  const rows =
    author.kind === 'customer'
      ? await run(CUSTOMER_MESSAGE, [conversationId, at, clientId, mensaje])
      : await run(AGENT_MESSAGE, [conversationId, at, clientId, mensaje, author.agentId]);
  const decided = Appended.safeParse(rows[0]);
  if (!decided.success) return null;
  const { id, seq, holder } = decided.data;
  const [tipoUsuario, agentId] = author.kind === 'customer' ? ['CLIENTE', null] : ['ASESOR', author.agentId];
  return { row: { id, conversationId, seq, clientId, tipoMensaje: 'TEXTO', tipoUsuario, mensaje, adjunto: null, items: null, agentId, fechaMensaje: new Date(at) }, holder };
}

/** Who writes a message on the hot path: the customer, or the agent holding the chat. */
export type HeldMessageAuthor = { kind: 'customer' } | { kind: 'agent'; agentId: number };

/** What appendHeldMessage's statements answer (ids as text: they are bigint). */
const Appended = z.object({ id: z.coerce.number().int(), seq: z.number().int(), holder: z.number().int() });

/** appendHeldMessage's statements: $1 conversation, $2 time, $3 clientId, $4 text (and $5 the agent). */
function heldMessageStatement(name: string, parts: { held: string; activity: string; sender: 'CLIENTE' | 'ASESOR'; agent: string; types: string[] }): Statement {
  return {
    name,
    types: parts.types,
    text: `with bumped as (
      update conversations set last_seq = last_seq + 1, ${parts.activity}
      where id_conv = $1 and ${parts.held} and agent_id is not null
        and not exists (select 1 from messages where conversation_id = $1 and client_id = $3)
      returning last_seq, agent_id
    ),
    inserted as (
      insert into messages (conversation_id, seq, client_id, tipo_mensaje, tipo_usuario, mensaje, adjunto, items, agent_id, fecha_mensaje)
      select $1, bumped.last_seq, $3, 'TEXTO', '${parts.sender}', $4, null, null, ${parts.agent}, $2 from bumped
      returning id, seq
    )
    select inserted.id::text as "id", inserted.seq, bumped.agent_id as "holder" from inserted, bumped`
  };
}

const CUSTOMER_MESSAGE = heldMessageStatement('atiende_customer_message', {
  held: `status in ('ASIGNADA', 'ACTIVA')`,
  activity: 'last_customer_activity_at = $2, awaiting_agent_since = coalesce(awaiting_agent_since, $2)',
  sender: 'CLIENTE',
  agent: 'null',
  types: ['text', 'timestamptz', 'text', 'text']
});

const AGENT_MESSAGE = heldMessageStatement('atiende_agent_message', {
  held: `status = 'ACTIVA' and agent_id = $5`,
  activity: 'last_agent_activity_at = $2, agent_first_reply_at = coalesce(agent_first_reply_at, $2), awaiting_agent_since = null',
  sender: 'ASESOR',
  agent: '$5',
  types: ['text', 'timestamptz', 'text', 'text', 'integer']
});

const MESSAGE_COLUMNS = sql.raw(
  'id::text as "id", conversation_id as "conversationId", seq, client_id as "clientId", tipo_mensaje as "tipoMensaje", tipo_usuario as "tipoUsuario", mensaje, adjunto, items, agent_id as "agentId", fecha_mensaje as "fechaMensaje"'
);

/** The raw row of storeMessage's statement, as both drivers give it (ids as text, jsonb parsed, timestamptz as Date or text). */
const StoredRow = z.object({
  id: z.coerce.number().int(),
  conversationId: z.string(),
  seq: z.coerce.number().int(),
  clientId: z.string().nullable(),
  tipoMensaje: z.string(),
  tipoUsuario: z.string(),
  mensaje: z.string(),
  adjunto: z.custom<FileRef>((v) => v === null || (typeof v === 'object' && v !== null)).nullable(),
  items: z.custom<ResponseItem[]>((v) => v === null || Array.isArray(v)).nullable(),
  agentId: z.coerce.number().int().nullable(),
  fechaMensaje: z.union([z.date(), z.string().transform((v) => new Date(v))]),
  created: z.boolean()
});


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
