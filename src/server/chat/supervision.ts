import { and, eq, inArray, sql } from 'drizzle-orm';
import { agentPresence, conversationAssignments, conversations, users } from '../db/schema';
import type { Db } from '../db/types';
import { conflict, notFound } from './errors';
import { activeSplit, enqueue, type Step } from './lifecycle';
import type { ConversationRow } from './message-store';
import { chatRoleCondition } from './attendants';
import { presentCondition, splitAttendsNow } from './routing';
import { agentSnapshot, widgetState } from './snapshots';

/**
 * A supervisor's actions on the queue ('Cola de chats'). Each runs in one engine transaction with
 * the router's locks, in the router's order (the conversation, then the agent's presence row), so
 * it cannot deadlock with the router and stays within every agent's limit on any number of
 * instances. Unlike the router it waits for the locks instead of skipping them: the second of two
 * supervisors acting on one chat sees what the first left and is told so.
 */

export const QUEUE_TEXT = {
  notWaiting: 'El chat ya no está en la cola: otro supervisor o el enrutador ya lo atendió',
  agentUnavailable: 'El asesor no existe o no está activo',
  agentNotConnected: 'El asesor no está conectado',
  agentFull: 'El asesor ya tiene el máximo de chats permitido',
  splitClosed: 'El split del chat está fuera de su horario de atención',
  noSplit: 'El chat no tiene split',
  sameSplit: 'El chat ya está en ese split',
  targetSplitInvalid: 'El split de destino no existe o no está activo'
} as const;

/** The waiting conversation of the organisation, locked (FOR UPDATE: waits for a concurrent action). */
async function lockWaiting(tx: Db, organizationId: number, idConv: string): Promise<ConversationRow> {
  const [conv] = await tx
    .select()
    .from(conversations)
    .where(and(eq(conversations.idConv, idConv), eq(conversations.organizationId, organizationId)))
    .for('update');
  if (!conv) throw notFound(QUEUE_TEXT.notWaiting);
  if (conv.status !== 'EN_COLA') throw conflict(QUEUE_TEXT.notWaiting);
  return conv;
}

export interface QueueActionOutcome {
  idConv: string;
  status: string;
  idSplit: number | null;
  idUser: number | null;
}

/**
 * Hands a waiting conversation to a connected agent of the organisation below its limit. The agent
 * need not answer the chat's split: that is the supervisor's call to make (a backed-up queue lent
 * to an idle agent of another split); the router would already have offered it to its own agents.
 * The assignment stays recorded under the chat's split.
 */
export async function assignQueuedChat(step: Step, organizationId: number, idConv: string, idUser: number, graceMs: number): Promise<QueueActionOutcome> {
  const { tx, now, fx } = step;
  const conv = await lockWaiting(tx, organizationId, idConv);
  if (conv.splitId === null) throw conflict(QUEUE_TEXT.noSplit);
  const attends = await splitAttendsNow(tx, conv.splitId, now);
  if (!attends) throw conflict(QUEUE_TEXT.splitClosed);
  const [agent] = await tx
    .select({ idUser: users.idUser })
    .from(users)
    .where(and(eq(users.idUser, idUser), eq(users.organizationId, organizationId), chatRoleCondition(), eq(users.isActive, true)));
  if (!agent) throw conflict(QUEUE_TEXT.agentUnavailable);
  // Every assignment to this agent serialises on its presence row (the router takes it too).
  const [present] = await tx
    .select({ userId: agentPresence.userId })
    .from(agentPresence)
    .where(and(eq(agentPresence.userId, idUser), presentCondition(now, graceMs)))
    .for('update');
  if (!present) throw conflict(QUEUE_TEXT.agentNotConnected);
  const [count] = await tx
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(conversations)
    .where(and(eq(conversations.agentId, idUser), inArray(conversations.status, ['ASIGNADA', 'ACTIVA'])));
  if ((count?.n ?? 0) >= attends.max) throw conflict(QUEUE_TEXT.agentFull);
  const [assigned] = await tx
    .update(conversations)
    .set({ status: 'ASIGNADA', agentId: idUser, assignedAt: now, acceptedAt: null })
    .where(eq(conversations.idConv, conv.idConv))
    .returning();
  if (!assigned) throw new Error(`assignQueuedChat: ${conv.idConv} vanished`);
  await tx.insert(conversationAssignments).values({ conversationId: conv.idConv, agentId: idUser, splitId: conv.splitId, assignedAt: now });
  await tx.update(agentPresence).set({ lastAssignedAt: now }).where(eq(agentPresence.userId, idUser));
  fx.agent(idUser, 'chat:incoming', await agentSnapshot(tx, assigned));
  fx.widget(conv.idConv, 'widget:state', await widgetState(tx, assigned));
  fx.monitor(organizationId, 'chats', 'agents');
  fx.queue(conv.splitId);
  return { idConv: assigned.idConv, status: assigned.status, idSplit: assigned.splitId, idUser };
}

/** Moves a waiting conversation to another active split of the organisation: it enters that queue now and the router runs. */
export async function moveQueuedChat(step: Step, organizationId: number, idConv: string, idSplit: number): Promise<QueueActionOutcome> {
  const conv = await lockWaiting(step.tx, organizationId, idConv);
  if (conv.splitId === idSplit) throw conflict(QUEUE_TEXT.sameSplit);
  if (!(await activeSplit(step.tx, organizationId, idSplit))) throw conflict(QUEUE_TEXT.targetSplitInvalid);
  const from = conv.splitId;
  const moved = await enqueue(step, conv, idSplit);
  if (from !== null) step.fx.queue(from);
  return { idConv: moved.idConv, status: moved.status, idSplit: moved.splitId, idUser: moved.agentId };
}
