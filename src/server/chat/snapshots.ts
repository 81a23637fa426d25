import { and, eq, inArray, sql } from 'drizzle-orm';
import { ConversationState, toAgentChatStatus, type AgentChatSnapshot, type ChatCustomer, type WidgetState } from '../../shared/realtime';
import type { Db } from '../db/types';
import { conversations, customers, splits } from '../db/schema';
import { featureOn } from '../settings/repositories/features';
import { customerFacts, loadEntryForm } from './entry-form';
import { agentFirstName, channelLabel, endMessageText } from './lookups';
import { listMessages, toLiveMessage, type ConversationRow } from './message-store';

export function stateOf(conv: Pick<ConversationRow, 'status'>): ConversationState {
  const parsed = ConversationState.safeParse(conv.status);
  return parsed.success ? parsed.data : 'FINALIZADA';
}

const iso = (d: Date | null): string | null => (d ? d.toISOString() : null);

async function customerOf(db: Db, conv: ConversationRow): Promise<ChatCustomer> {
  const datos = conv.customerData;
  if (conv.customerId !== null) {
    const [row] = await db.select().from(customers).where(eq(customers.id, conv.customerId));
    if (row) {
      return { nombre: row.name, tipoIdentificacion: row.documentType, identificacion: row.identification, email: row.email, telefono: row.phone, datos };
    }
  }
  const fields = await loadEntryForm(db, conv.organizationId, conv.idVa);
  return { ...customerFacts(fields, datos), datos };
}

/** A conversation as its agent receives it: the assistant's part and the human exchange after `afterSeq` (all by default). */
export async function agentSnapshot(db: Db, conv: ConversationRow, afterSeq = 0): Promise<AgentChatSnapshot> {
  const state = stateOf(conv);
  const rows = await listMessages(db, conv.idConv, afterSeq);
  const canal = await channelLabel(db, conv.channelId);
  const [split] = conv.splitId === null ? [] : await db.select({ idSplit: splits.idSplit, nombre: splits.nombre }).from(splits).where(eq(splits.idSplit, conv.splitId));
  return {
    conversationId: conv.idConv,
    state,
    status: toAgentChatStatus(state),
    idVa: conv.idVa,
    canal,
    split: split ?? null,
    customer: await customerOf(db, conv),
    fechaEntrada: iso(conv.queuedAt),
    assignedAt: iso(conv.assignedAt),
    transfer: conv.transferCount > 0,
    messages: rows.map((m) => toLiveMessage(m, 'agent')),
    lastSeq: conv.lastSeq,
    endedAt: iso(conv.endedAt),
    endAcronym: conv.endAcronym
  };
}

/** Where the conversation stands, for its customer. */
export async function widgetState(db: Db, conv: ConversationRow): Promise<WidgetState> {
  const state = stateOf(conv);
  const finished = state === 'FINALIZADA';
  return {
    conversationId: conv.idConv,
    state,
    agentName: state === 'ASIGNADA' || state === 'ACTIVA' ? await agentFirstName(db, conv.agentId) : null,
    endMessage: finished ? (conv.endClientMessage ?? (await endMessageText(db, conv.organizationId, conv.endAcronym))) : null,
    // Issue 38: with the survey switched off there is nothing to answer.
    surveyPending: finished && conv.surveyAt === null && (await featureOn(db, conv.idVa, 'survey')),
    queuePosition: state === 'EN_COLA' ? await queuePosition(db, conv) : null
  };
}

/** The router's order in a split's queue: by queue entry, then id (routing.ts assignNext). */
const queueOrder = sql`${conversations.queuedAt} asc nulls last, ${conversations.idConv} asc`;

/** A waiting conversation's place in its split's queue (1 = next); null when it waits in no split. */
async function queuePosition(db: Db, conv: ConversationRow): Promise<number | null> {
  if (conv.splitId === null) return null;
  const queue = db
    .select({ id: conversations.idConv, position: sql<number>`row_number() over (order by ${queueOrder})`.as('position') })
    .from(conversations)
    .where(and(eq(conversations.status, 'EN_COLA'), eq(conversations.splitId, conv.splitId)))
    .as('queue');
  const [row] = await db
    .select({ position: sql<number>`${queue.position}`.mapWith(Number) })
    .from(queue)
    .where(eq(queue.id, conv.idConv));
  return row?.position ?? null;
}

/** Every waiting conversation of these splits as its customer sees it now, with its place in the queue. */
export async function queuedWidgetStates(db: Db, splitIds: readonly number[]): Promise<WidgetState[]> {
  if (splitIds.length === 0) return [];
  const rows = await db
    .select({
      conversationId: conversations.idConv,
      position: sql<number>`row_number() over (partition by ${conversations.splitId} order by ${queueOrder})`.mapWith(Number)
    })
    .from(conversations)
    .where(and(eq(conversations.status, 'EN_COLA'), inArray(conversations.splitId, [...splitIds])));
  return rows.map((r) => ({ conversationId: r.conversationId, state: 'EN_COLA', agentName: null, endMessage: null, surveyPending: false, queuePosition: r.position }));
}
