import { and, asc, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../db/types';
import { agentPresence, agentSplits, conversationAssignments, conversations, splitSchedules, splits, users } from '../db/schema';
import { chatRoleCondition } from './attendants';
import { PRESENCE } from './presence-words';
import { loadRules } from './lookups';
import type { Step } from './lifecycle';
import { agentSnapshot, widgetState } from './snapshots';
import { splitAttends, withinWorkingHours } from './schedule';

/**
 * The router: offers the oldest waiting conversation of a split to the fairest agent who can take
 * it. Decided in one transaction with row locks, so any number of server instances stay within
 * every agent's limit:
 *  1. the conversation: FOR UPDATE SKIP LOCKED (another instance may be placing it);
 *  2. the agent's presence row: FOR UPDATE SKIP LOCKED (every assignment to that agent serialises
 *     on it; a locked one is skipped, never waited for, so two routers cannot deadlock);
 *  3. under that lock, the agent's open chats are counted again (a committed assignment by
 *     another instance is visible now) and the conversation is assigned only below the limit.
 */

export type AssignOutcome = 'assigned' | 'empty' | 'closed' | 'no-agent' | 'contended';

/** The open (ASIGNADA + ACTIVA) conversations of the agent named by `agentColumn`. */
const openChatsOf = (agentColumn: typeof agentPresence.userId) =>
  sql<number>`(select count(*) from conversations oc where oc.agent_id = ${agentColumn} and oc.status in ('ASIGNADA','ACTIVA'))`.mapWith(Number);

/** Whether the split exists, is active and attends now (its schedule and the organisation's working hours). */
export async function splitAttendsNow(tx: Db, splitId: number, now: Date): Promise<{ organizationId: number; max: number } | null> {
  const [split] = await tx
    .select({ organizationId: splits.organizationId })
    .from(splits)
    .where(and(eq(splits.idSplit, splitId), eq(splits.activo, true), eq(splits.logicDelete, false)));
  if (!split) return null;
  const rules = await loadRules(tx, split.organizationId);
  if (!withinWorkingHours(rules, now)) return null;
  const periods = await tx.select().from(splitSchedules).where(eq(splitSchedules.idSplit, splitId));
  if (!splitAttends(periods, rules.timeZone, now)) return null;
  return { organizationId: split.organizationId, max: rules.nroMaximoChatsAsesor };
}

/** Whether an agent counts as present: Activo, and connected or within the disconnect grace period. */
export function presentCondition(now: Date, graceMs: number) {
  return and(
    eq(agentPresence.status, PRESENCE.active),
    or(isNull(agentPresence.disconnectedAt), gt(agentPresence.disconnectedAt, new Date(now.getTime() - graceMs)))
  );
}

/** Assigns the oldest waiting conversation of the split, if an agent can take it. */
export async function assignNext(step: Step, splitId: number, graceMs: number): Promise<AssignOutcome> {
  const { tx, now, fx } = step;
  const attends = await splitAttendsNow(tx, splitId, now);
  if (!attends) return 'closed';
  const [conv] = await tx
    .select()
    .from(conversations)
    .where(and(eq(conversations.status, 'EN_COLA'), eq(conversations.splitId, splitId)))
    .orderBy(asc(conversations.queuedAt), asc(conversations.idConv))
    .limit(1)
    .for('update', { skipLocked: true });
  if (!conv) {
    const [anyWaiting] = await tx
      .select({ id: conversations.idConv })
      .from(conversations)
      .where(and(eq(conversations.status, 'EN_COLA'), eq(conversations.splitId, splitId)))
      .limit(1);
    return anyWaiting ? 'contended' : 'empty';
  }
  const open = openChatsOf(agentPresence.userId);
  // An agent who let this conversation go for inactivity since it last entered the queue is not offered it again.
  const releasedByInactivity = sql`exists (select 1 from conversation_assignments ca where ca.conversation_id = ${conv.idConv} and ca.agent_id = ${agentPresence.userId} and ca.release_reason = 'INACTIVIDAD' and ca.released_at >= ${(conv.queuedAt ?? now).toISOString()})`;
  const candidates = await tx
    .select({ userId: agentPresence.userId })
    .from(agentSplits)
    .innerJoin(agentPresence, eq(agentPresence.userId, agentSplits.idUser))
    .innerJoin(users, eq(users.idUser, agentSplits.idUser))
    .where(
      and(
        eq(agentSplits.idSplit, splitId),
        eq(users.organizationId, conv.organizationId),
        chatRoleCondition(),
        eq(users.isActive, true),
        presentCondition(now, graceMs),
        sql`${open} < ${attends.max}`,
        sql`not ${releasedByInactivity}`
      )
    )
    .orderBy(asc(open), sql`${agentPresence.lastAssignedAt} asc nulls first`, asc(agentPresence.userId))
    .limit(25);
  let contended = false;
  for (const candidate of candidates) {
    const [locked] = await tx
      .select({ userId: agentPresence.userId })
      .from(agentPresence)
      .where(and(eq(agentPresence.userId, candidate.userId), presentCondition(now, graceMs)))
      .for('update', { skipLocked: true });
    if (!locked) {
      contended = true;
      continue;
    }
    const [count] = await tx
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(conversations)
      .where(and(eq(conversations.agentId, candidate.userId), inArray(conversations.status, ['ASIGNADA', 'ACTIVA'])));
    if ((count?.n ?? 0) >= attends.max) continue;
    const [assigned] = await tx
      .update(conversations)
      .set({ status: 'ASIGNADA', agentId: candidate.userId, assignedAt: now, acceptedAt: null })
      .where(eq(conversations.idConv, conv.idConv))
      .returning();
    if (!assigned) throw new Error(`assignNext: ${conv.idConv} vanished`);
    await tx.insert(conversationAssignments).values({ conversationId: conv.idConv, agentId: candidate.userId, splitId, assignedAt: now });
    await tx.update(agentPresence).set({ lastAssignedAt: now }).where(eq(agentPresence.userId, candidate.userId));
    fx.agent(candidate.userId, 'chat:incoming', await agentSnapshot(tx, assigned));
    fx.widget(conv.idConv, 'widget:state', await widgetState(tx, assigned));
    fx.monitor(assigned.organizationId, 'chats', 'agents');
    fx.queue(splitId);
    return 'assigned';
  }
  return contended ? 'contended' : 'no-agent';
}

/** The splits with conversations waiting, oldest first. */
export async function splitsWithQueue(db: Db): Promise<number[]> {
  const rows = await db
    .select({ splitId: conversations.splitId, oldest: sql`min(${conversations.queuedAt})` })
    .from(conversations)
    .where(eq(conversations.status, 'EN_COLA'))
    .groupBy(conversations.splitId)
    .orderBy(sql`min(${conversations.queuedAt})`);
  return rows.flatMap((r) => (r.splitId === null ? [] : [r.splitId]));
}

/** For every agent of these splits, how many conversations wait in all of that agent's splits (queue:size). */
export async function waitingPerAgent(db: Db, splitIds: readonly number[]): Promise<Map<number, number>> {
  if (splitIds.length === 0) return new Map();
  const agents = db.select({ id: agentSplits.idUser }).from(agentSplits).where(inArray(agentSplits.idSplit, [...splitIds]));
  const rows = await db
    .select({ userId: agentSplits.idUser, waiting: sql<number>`count(${conversations.idConv})`.mapWith(Number) })
    .from(agentSplits)
    .leftJoin(conversations, and(eq(conversations.splitId, agentSplits.idSplit), eq(conversations.status, 'EN_COLA')))
    .where(inArray(agentSplits.idUser, agents))
    .groupBy(agentSplits.idUser);
  return new Map(rows.map((r) => [r.userId, r.waiting]));
}

/** How many conversations wait in the agent's splits. */
export async function waitingForAgent(db: Db, agentId: number): Promise<number> {
  const [row] = await db
    .select({ waiting: sql<number>`count(*)`.mapWith(Number) })
    .from(conversations)
    .where(
      and(
        eq(conversations.status, 'EN_COLA'),
        inArray(conversations.splitId, db.select({ id: agentSplits.idSplit }).from(agentSplits).where(eq(agentSplits.idUser, agentId)))
      )
    );
  return row?.waiting ?? 0;
}
