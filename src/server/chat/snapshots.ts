import { eq } from 'drizzle-orm';
import { ConversationState, toAgentChatStatus, type AgentChatSnapshot, type ChatCustomer, type WidgetState } from '../../shared/realtime';
import type { Db } from '../db/types';
import { customers, splits } from '../db/schema';
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
    endMessage: finished ? await endMessageText(db, conv.organizationId, conv.endAcronym) : null,
    surveyPending: finished && conv.surveyAt === null
  };
}
