import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Db } from '../db/types';
import { conversationAssignments, conversations, splits, workspaces } from '../db/schema';
import type { Effects } from './effects';
import { loadRules, notAttendedEventId, transferReasonId, type NotAttendedCode } from './lookups';
import { storeMessage, type ConversationRow } from './message-store';
import { withinWorkingHours } from './schedule';
import { widgetState } from './snapshots';
import { raiseConversationEnded } from '../notify/events';

/**
 * The state transitions of a conversation. Each runs inside the caller's transaction on a row the
 * caller locked (lockConversation), and records what to announce in `fx`.
 */
export interface Step {
  tx: Db;
  now: Date;
  fx: Effects;
}

export type EndedBy = 'CLIENTE' | 'ASESOR' | 'SISTEMA';
export type ReleaseReason = 'FINALIZADA' | 'TRASLADO' | 'INACTIVIDAD' | 'DESCONEXION';

export function isOpenWithAgent(conv: Pick<ConversationRow, 'status'>): boolean {
  return conv.status === 'ASIGNADA' || conv.status === 'ACTIVA';
}

async function releaseAssignment(tx: Db, conversationId: string, reason: ReleaseReason, now: Date): Promise<void> {
  await tx
    .update(conversationAssignments)
    .set({ releasedAt: now, releaseReason: reason })
    .where(and(eq(conversationAssignments.conversationId, conversationId), isNull(conversationAssignments.releasedAt)));
}

/** The customer hears the conversation's new state; so do the organisation's monitors (an agent's open chats may have changed too). */
async function announceState(step: Step, conv: ConversationRow): Promise<void> {
  step.fx.widget(conv.idConv, 'widget:state', await widgetState(step.tx, conv));
  step.fx.monitor(conv.organizationId, 'chats', 'agents');
}

/** A close by a session-expiry type of the virtual agent: the type (the reason kept for the statistics) and the message the customer reads. */
export interface SessionExpiryClose {
  idSessionExpirationType: number;
  clientMessage: string;
}

/**
 * Ends the conversation: the end message (a COMMAND message carrying its acronym) to the customer,
 * FINALIZADA with who ended it, the assignment released; the agent holding it hears chat:ended.
 * A conversation already FINALIZADA is left as it is. Closed by a session-expiry type (`expiry`), it
 * keeps the type and its client message, which the customer's widget shows (snapshots.ts widgetState).
 */
export async function endConversation(
  step: Step,
  conv: ConversationRow,
  how: { acronym: string; endedBy: EndedBy; notAttended?: NotAttendedCode | null; expiry?: SessionExpiryClose }
): Promise<ConversationRow> {
  if (conv.status === 'FINALIZADA') return conv;
  const { tx, now, fx } = step;
  const holder = isOpenWithAgent(conv) ? conv.agentId : null;
  const stored = await storeMessage(tx, conv.idConv, {
    clientId: null,
    tipoMensaje: 'COMMAND',
    tipoUsuario: 'SISTEMA',
    mensaje: how.acronym,
    adjunto: null,
    items: null,
    agentId: null,
    at: now
  });
  fx.message(holder, stored.row);
  if (holder !== null) await releaseAssignment(tx, conv.idConv, 'FINALIZADA', now);
  const notAttended = how.notAttended ? await notAttendedEventId(tx, how.notAttended) : null;
  const [ended] = await tx
    .update(conversations)
    .set({
      status: 'FINALIZADA',
      endedAt: now,
      endedBy: how.endedBy,
      endAcronym: how.acronym,
      notAttendedEventId: notAttended ?? conv.notAttendedEventId,
      ...(how.expiry ? { sessionExpirationTypeId: how.expiry.idSessionExpirationType, endClientMessage: how.expiry.clientMessage } : {})
    })
    .where(eq(conversations.idConv, conv.idConv))
    .returning();
  if (!ended) throw new Error(`endConversation: ${conv.idConv} vanished`);
  // Issue 39: the transcript to the customer and, not attended, the notice to the supervisors — queued in this transaction.
  await raiseConversationEnded(step, ended, how.notAttended ?? null);
  await announceState(step, ended);
  if (holder !== null) {
    fx.agent(holder, 'chat:ended', { conversationId: conv.idConv, endAcronym: how.acronym, endedBy: how.endedBy, endedAt: now.toISOString() });
    fx.route();
  }
  if (conv.status === 'EN_COLA') fx.queue(conv.splitId);
  return ended;
}

/** The active split of the organisation with this id, or null. */
export async function activeSplit(tx: Db, organizationId: number, splitId: number): Promise<{ idSplit: number; nombre: string } | null> {
  const [row] = await tx
    .select({ idSplit: splits.idSplit, nombre: splits.nombre })
    .from(splits)
    .where(and(eq(splits.idSplit, splitId), eq(splits.organizationId, organizationId), eq(splits.activo, true), eq(splits.logicDelete, false)));
  return row ?? null;
}

/** Where an escalation goes: the split asked for, else the workspace's default split, else the organisation's first active split. */
async function escalationSplit(tx: Db, conv: ConversationRow, asked: number | null): Promise<number | null> {
  if (asked !== null && (await activeSplit(tx, conv.organizationId, asked))) return asked;
  const [ws] = await tx
    .select({ defaultSplitId: workspaces.defaultSplitId })
    .from(workspaces)
    .where(and(eq(workspaces.organizationId, conv.organizationId), eq(workspaces.idVa, conv.idVa)))
    .orderBy(asc(workspaces.id))
    .limit(1);
  if (ws?.defaultSplitId != null && (await activeSplit(tx, conv.organizationId, ws.defaultSplitId))) return ws.defaultSplitId;
  const [first] = await tx
    .select({ idSplit: splits.idSplit })
    .from(splits)
    .where(and(eq(splits.organizationId, conv.organizationId), eq(splits.activo, true), eq(splits.logicDelete, false)))
    .orderBy(asc(splits.idSplit))
    .limit(1);
  return first?.idSplit ?? null;
}

type ConversationChanges = PgUpdateSetSource<typeof conversations>;

/**
 * Puts the conversation in the queue of `splitId` (EN_COLA, queued_at now, no agent). Outside the
 * organisation's working days and hours it ends at once with the out-of-hours message instead.
 */
export async function enqueue(step: Step, conv: ConversationRow, splitId: number, extra: ConversationChanges = {}): Promise<ConversationRow> {
  const { tx, now, fx } = step;
  const rules = await loadRules(tx, conv.organizationId);
  if (!withinWorkingHours(rules, now)) {
    // No agent holds it any more (agent_id null), so ending it tells no agent.
    const [moved] = await tx
      .update(conversations)
      .set({ ...extra, splitId, agentId: null })
      .where(eq(conversations.idConv, conv.idConv))
      .returning();
    if (!moved) throw new Error(`enqueue: ${conv.idConv} vanished`);
    return endConversation(step, moved, { acronym: 'FCFHL', endedBy: 'SISTEMA', notAttended: 'FUERA_HORARIO' });
  }
  const [queued] = await tx
    .update(conversations)
    .set({ ...extra, status: 'EN_COLA', splitId, agentId: null, queuedAt: now, assignedAt: null, acceptedAt: null })
    .where(eq(conversations.idConv, conv.idConv))
    .returning();
  if (!queued) throw new Error(`enqueue: ${conv.idConv} vanished`);
  await announceState(step, queued);
  fx.queue(splitId);
  fx.route();
  return queued;
}

/** The assistant hands the conversation to a human: it enters its split's queue (or ends when none can take it). */
export async function escalate(step: Step, conv: ConversationRow, splitId: number | null, reasonCode: string): Promise<ConversationRow> {
  const reasonId = await transferReasonId(step.tx, reasonCode);
  const target = await escalationSplit(step.tx, conv, splitId);
  const extra = { escalatedAt: step.now, automaticTransferReasonId: reasonId };
  if (target === null) {
    const [marked] = await step.tx.update(conversations).set(extra).where(eq(conversations.idConv, conv.idConv)).returning();
    return endConversation(step, marked ?? conv, { acronym: 'FCTIA', endedBy: 'SISTEMA', notAttended: 'SIN_ASESORES' });
  }
  return enqueue(step, conv, target, extra);
}

/**
 * Takes the conversation from its agent back to a queue: the assignment released with `reason`,
 * chat:removed to the agent, and EN_COLA again in `targetSplit` (a transfer) or its own split.
 */
export async function requeue(step: Step, conv: ConversationRow, reason: Exclude<ReleaseReason, 'FINALIZADA'>, targetSplit?: number): Promise<ConversationRow> {
  if (!isOpenWithAgent(conv)) return conv;
  const { tx, now, fx } = step;
  await releaseAssignment(tx, conv.idConv, reason, now);
  if (conv.agentId !== null) {
    fx.agent(conv.agentId, 'chat:removed', { conversationId: conv.idConv, reason });
    fx.route();
  }
  const splitId = targetSplit ?? conv.splitId;
  const extra: ConversationChanges = reason === 'TRASLADO' ? { transferCount: sql`${conversations.transferCount} + 1` } : {};
  if (splitId === null) {
    const [released] = await tx.update(conversations).set({ agentId: null }).where(eq(conversations.idConv, conv.idConv)).returning();
    return endConversation(step, released ?? conv, { acronym: 'FCTIA', endedBy: 'SISTEMA', notAttended: 'SIN_ASESORES' });
  }
  return enqueue(step, conv, splitId, extra);
}
