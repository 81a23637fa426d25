import { and, asc, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { AgentChatSnapshot, agentClientEvents, LiveMessage } from '../../shared/realtime';
import type { Db } from '../db/types';
import { conversationAssignments, conversationBusinessReasons, conversationFinalReasons, conversations, splitDerives } from '../db/schema';
import { resolveAttachment } from './attachments';
import { badRequest, conflict, notFound } from './errors';
import { activeSplit, endConversation, isOpenWithAgent, requeue, type Step } from './lifecycle';
import { findByClientId, lockConversation, storeMessage, toLiveMessage, type ConversationRow, type MessageRow } from './message-store';
import type { AgentIdentity } from './presence';
import { agentSnapshot, widgetState } from './snapshots';
import { CHAT_TEXT } from './texts';

type Payload<E extends keyof typeof agentClientEvents> = z.output<(typeof agentClientEvents)[E]>;

/** The conversation, locked, if it is of the agent's organisation. */
async function lockOwn(tx: Db, agent: AgentIdentity, conversationId: string): Promise<ConversationRow> {
  const conv = await lockConversation(tx, conversationId);
  if (!conv || conv.organizationId !== agent.organizationId) throw notFound(CHAT_TEXT.conversationNotFound);
  return conv;
}

function assertHeld(conv: ConversationRow, agent: AgentIdentity): void {
  if (conv.agentId !== agent.userId || !isOpenWithAgent(conv)) {
    throw conflict(conv.status === 'FINALIZADA' && conv.agentId === agent.userId ? CHAT_TEXT.conversationEnded : CHAT_TEXT.notAssignedToYou);
  }
}

/** ASIGNADA → ACTIVA: the agent started the chat (ENTRANTE → ACTIVO). */
async function accept(step: Step, conv: ConversationRow): Promise<ConversationRow> {
  if (conv.status !== 'ASIGNADA') return conv;
  const { tx, now } = step;
  const [accepted] = await tx
    .update(conversations)
    .set({ status: 'ACTIVA', acceptedAt: now })
    .where(eq(conversations.idConv, conv.idConv))
    .returning();
  if (!accepted) throw new Error(`accept: ${conv.idConv} vanished`);
  await tx
    .update(conversationAssignments)
    .set({ acceptedAt: now })
    .where(and(eq(conversationAssignments.conversationId, conv.idConv), isNull(conversationAssignments.releasedAt)));
  step.fx.widget(conv.idConv, 'widget:state', await widgetState(tx, accepted));
  step.fx.monitor(accepted.organizationId, 'chats');
  return accepted;
}

export async function acceptChat(step: Step, agent: AgentIdentity, p: Payload<'chat:accept'>): Promise<AgentChatSnapshot> {
  const conv = await lockOwn(step.tx, agent, p.conversationId);
  assertHeld(conv, agent);
  return agentSnapshot(step.tx, await accept(step, conv));
}

/**
 * Stores the agent's message (a retry with the same clientId answers the stored one). Sending to
 * an ENTRANTE chat accepts it. The attachment must be a file of the organisation; it is linked to
 * the conversation.
 */
export async function sendMessage(step: Step, agent: AgentIdentity, p: Payload<'chat:send'>): Promise<LiveMessage> {
  const { tx, now, fx } = step;
  const conv = await lockOwn(tx, agent, p.conversationId);
  const mine = (m: MessageRow) => m.tipoUsuario === 'ASESOR' && m.agentId === agent.userId;
  if (conv.agentId !== agent.userId || !isOpenWithAgent(conv)) {
    // A retry whose first ack was lost after the chat left this agent still answers the stored message.
    const repeat = await findByClientId(tx, conv.idConv, p.clientId);
    if (repeat && mine(repeat)) return toLiveMessage(repeat, 'agent');
    assertHeld(conv, agent);
  }
  const held = await accept(step, conv);
  const adjunto = p.attachment ? await resolveAttachment(tx, held, p.attachment, 'agent') : null;
  const stored = await storeMessage(
    tx,
    held.idConv,
    { clientId: p.clientId, tipoMensaje: adjunto ? 'ARCHIVO' : 'TEXTO', tipoUsuario: 'ASESOR', mensaje: p.text.trim(), adjunto, items: null, agentId: agent.userId, at: now },
    'agent'
  );
  if (!stored.created) {
    if (!mine(stored.row)) throw conflict(CHAT_TEXT.notAssignedToYou);
    return toLiveMessage(stored.row, 'agent');
  }
  fx.message(agent.userId, stored.row);
  return toLiveMessage(stored.row, 'agent');
}

/**
 * Re-queues the chat in another split: only an active split of the organisation that is a
 * derivation of the current one. A retry after the transfer went through answers the same.
 */
export async function transferChat(step: Step, agent: AgentIdentity, p: Payload<'chat:transfer'>): Promise<{ conversationId: string }> {
  const { tx } = step;
  const conv = await lockOwn(tx, agent, p.conversationId);
  if (conv.agentId !== agent.userId && conv.splitId === p.idSplit && (await lastReleaseOf(tx, conv.idConv, agent.userId)) === 'TRASLADO') {
    return { conversationId: conv.idConv };
  }
  assertHeld(conv, agent);
  if (conv.splitId === p.idSplit) throw conflict(CHAT_TEXT.transferSameSplit);
  if (!(await activeSplit(tx, conv.organizationId, p.idSplit))) throw badRequest(CHAT_TEXT.transferSplitInvalid);
  if (conv.splitId !== null) {
    const [derive] = await tx
      .select({ id: splitDerives.idSplitsDerive })
      .from(splitDerives)
      .where(and(eq(splitDerives.splitOrigin, conv.splitId), eq(splitDerives.splitDerive, p.idSplit)));
    if (!derive) throw conflict(CHAT_TEXT.transferNotDerived);
  }
  await requeue(step, conv, 'TRASLADO', p.idSplit);
  return { conversationId: conv.idConv };
}

async function lastReleaseOf(tx: Db, conversationId: string, agentId: number): Promise<string | null> {
  const [row] = await tx
    .select({ reason: conversationAssignments.releaseReason })
    .from(conversationAssignments)
    .where(and(eq(conversationAssignments.conversationId, conversationId), eq(conversationAssignments.agentId, agentId)))
    .orderBy(desc(conversationAssignments.id))
    .limit(1);
  return row?.reason ?? null;
}

/**
 * Finishes the chat (FCCA to the customer): refused until this agent's business reasons and the
 * finalisation reason are saved. A retry after it finished answers the same.
 */
export async function finishChat(step: Step, agent: AgentIdentity, p: Payload<'chat:finish'>): Promise<{ conversationId: string; endAcronym: string }> {
  const { tx } = step;
  const conv = await lockOwn(tx, agent, p.conversationId);
  if (conv.status === 'FINALIZADA' && conv.endedBy === 'ASESOR' && conv.agentId === agent.userId) {
    return { conversationId: conv.idConv, endAcronym: conv.endAcronym ?? 'FCCA' };
  }
  assertHeld(conv, agent);
  const [business] = await tx
    .select({ id: conversationBusinessReasons.id })
    .from(conversationBusinessReasons)
    .where(and(eq(conversationBusinessReasons.conversationId, conv.idConv), eq(conversationBusinessReasons.agentId, agent.userId)))
    .limit(1);
  const [final] = await tx
    .select({ id: conversationFinalReasons.conversationId })
    .from(conversationFinalReasons)
    .where(eq(conversationFinalReasons.conversationId, conv.idConv));
  if (!business || !final) throw conflict(CHAT_TEXT.reasonsMissing);
  await endConversation(step, conv, { acronym: 'FCCA', endedBy: 'ASESOR' });
  return { conversationId: conv.idConv, endAcronym: 'FCCA' };
}

/** The agent's open chats (ASIGNADA, ACTIVA), each with the messages after the seq the client already has. */
export async function syncChats(db: Db, agent: AgentIdentity, p: Payload<'chat:sync'>): Promise<AgentChatSnapshot[]> {
  const known = new Map(p.known.map((k) => [k.conversationId, k.lastSeq]));
  const open = await db
    .select()
    .from(conversations)
    .where(and(eq(conversations.agentId, agent.userId), inArray(conversations.status, ['ASIGNADA', 'ACTIVA'])))
    .orderBy(asc(conversations.assignedAt));
  const chats: AgentChatSnapshot[] = [];
  for (const conv of open) chats.push(await agentSnapshot(db, conv, known.get(conv.idConv) ?? 0));
  return chats;
}
