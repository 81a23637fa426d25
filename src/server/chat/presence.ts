import { and, asc, eq, inArray, isNull, ne } from 'drizzle-orm';
import { toAgentStatus, type AgentStatus } from '../../shared/domain/chat';
import type { AgentStatusView } from '../../shared/realtime';
import type { Db } from '../db/types';
import { agentPresence, agentStatusChanges, conversations, pauseEvents, users } from '../db/schema';
import { badRequest } from './errors';
import { requeue, type Step } from './lifecycle';
import { chatRoleCondition } from './attendants';
import { PRESENCE, presenceWord } from './presence-words';
import { CHAT_TEXT } from './texts';

export interface AgentIdentity {
  userId: number;
  organizationId: number;
}

type PresenceRow = typeof agentPresence.$inferSelect;

export function statusView(row: Pick<PresenceRow, 'status' | 'pauseEventId' | 'since'>): AgentStatusView {
  return { status: toAgentStatus(row.status), pauseEventId: row.pauseEventId, since: row.since.toISOString() };
}

/** The agent's presence row, created ('Desconectado', with its first connection-history stretch) the first time. */
export async function ensurePresence(tx: Db, agent: AgentIdentity, now: Date): Promise<PresenceRow> {
  const [created] = await tx
    .insert(agentPresence)
    .values({ userId: agent.userId, organizationId: agent.organizationId, status: PRESENCE.disconnected, since: now })
    .onConflictDoNothing()
    .returning();
  if (created) {
    await tx.insert(agentStatusChanges).values({ userId: agent.userId, organizationId: agent.organizationId, status: PRESENCE.disconnected, startedAt: now });
    return created;
  }
  const [row] = await tx.select().from(agentPresence).where(eq(agentPresence.userId, agent.userId));
  if (!row) throw new Error(`ensurePresence: no presence for ${agent.userId}`);
  return row;
}

/** A socket of the agent is connected (on this or another instance): the disconnect grace period stops. */
export async function markConnected(tx: Db, agent: AgentIdentity, now: Date): Promise<PresenceRow> {
  await ensurePresence(tx, agent, now);
  const [row] = await tx.update(agentPresence).set({ disconnectedAt: null }).where(eq(agentPresence.userId, agent.userId)).returning();
  if (!row) throw new Error(`markConnected: no presence for ${agent.userId}`);
  return row;
}

/** The agent's last socket dropped: the grace period starts (unless it already runs). */
export async function markDisconnected(tx: Db, userId: number, now: Date): Promise<void> {
  await tx
    .update(agentPresence)
    .set({ disconnectedAt: now })
    .where(and(eq(agentPresence.userId, userId), isNull(agentPresence.disconnectedAt), ne(agentPresence.status, PRESENCE.disconnected)));
}

async function checkPauseEvent(tx: Db, organizationId: number, pauseEventId: number | null): Promise<void> {
  if (pauseEventId === null) throw badRequest(CHAT_TEXT.pauseEventInvalid);
  const [event] = await tx
    .select({ id: pauseEvents.id })
    .from(pauseEvents)
    .where(and(eq(pauseEvents.id, pauseEventId), eq(pauseEvents.organizationId, organizationId), eq(pauseEvents.activo, true), eq(pauseEvents.logicDelete, false)));
  if (!event) throw badRequest(CHAT_TEXT.pauseEventInvalid);
}

/**
 * Sets the agent's state (agent_presence, locked) and records it in the connection history (the
 * open stretch closes, a new one opens). Pausa needs an active pause event of the organisation.
 * Desconectado puts the agent's ENTRANTE (ASIGNADA) chats back in their queues; Conectado lets
 * the router offer it chats. Setting the state it already has changes nothing.
 */
export async function changeStatus(step: Step, agent: AgentIdentity, status: AgentStatus, pauseEventId: number | null): Promise<AgentStatusView> {
  const { tx, now, fx } = step;
  await ensurePresence(tx, agent, now);
  const [current] = await tx.select().from(agentPresence).where(eq(agentPresence.userId, agent.userId)).for('update');
  if (!current) throw new Error(`changeStatus: no presence for ${agent.userId}`);
  const word = presenceWord(status);
  const pause = status === 'PAUSA' ? pauseEventId : null;
  if (status === 'PAUSA') await checkPauseEvent(tx, agent.organizationId, pause);
  if (current.status === word && current.pauseEventId === pause) return statusView(current);

  await tx
    .update(agentStatusChanges)
    .set({ endedAt: now })
    .where(and(eq(agentStatusChanges.userId, agent.userId), isNull(agentStatusChanges.endedAt)));
  await tx.insert(agentStatusChanges).values({ userId: agent.userId, organizationId: agent.organizationId, status: word, pauseEventId: pause, startedAt: now });
  const [updated] = await tx
    .update(agentPresence)
    .set({ status: word, pauseEventId: pause, since: now })
    .where(eq(agentPresence.userId, agent.userId))
    .returning();
  if (!updated) throw new Error(`changeStatus: no presence for ${agent.userId}`);

  if (word === PRESENCE.disconnected) {
    const incoming = await tx
      .select()
      .from(conversations)
      .where(and(eq(conversations.agentId, agent.userId), eq(conversations.status, 'ASIGNADA')))
      .orderBy(asc(conversations.assignedAt))
      .for('update');
    for (const conv of incoming) await requeue(step, conv, 'DESCONEXION');
  }
  if (word === PRESENCE.active) fx.route();
  fx.monitor(agent.organizationId, 'agents');
  const view = statusView(updated);
  fx.agent(agent.userId, 'agent:status', view);
  return view;
}

/**
 * The agent can no longer work (its access ended): the sign-out's path — Desconectado, which puts
 * its ENTRANTE (ASIGNADA) chats back in their queues — and then its ACTIVA chats too, released
 * as DESCONEXION into their split's queue like a transfer would: nobody will answer them from this
 * account again, and ending them would drop the customer. Answers how many chats it was holding.
 */
export async function endAccess(step: Step, userId: number): Promise<number> {
  const { tx } = step;
  const [presence] = await tx
    .select({ userId: agentPresence.userId, organizationId: agentPresence.organizationId, status: agentPresence.status })
    .from(agentPresence)
    .where(eq(agentPresence.userId, userId));
  const held = () =>
    tx
      .select()
      .from(conversations)
      .where(and(eq(conversations.agentId, userId), inArray(conversations.status, ['ASIGNADA', 'ACTIVA'])))
      .orderBy(asc(conversations.assignedAt))
      .for('update');
  const before = (await held()).length;
  if (presence && presence.status !== PRESENCE.disconnected) await changeStatus(step, presence, 'DESCONECTADO', null);
  for (const conv of await held()) await requeue(step, conv, 'DESCONEXION');
  return before;
}

export async function currentStatus(db: Db, agent: AgentIdentity, now: Date): Promise<AgentStatusView> {
  return statusView(await ensurePresence(db, agent, now));
}

/** The agent behind a token, if it is still an active, unlocked user of that organisation whose role takes chats (5 or 6). */
export async function activeAgent(db: Db, userId: number, organizationId: number): Promise<(AgentIdentity & { name: string }) | null> {
  const [row] = await db
    .select({ userId: users.idUser, organizationId: users.organizationId, name: users.name })
    .from(users)
    .where(and(eq(users.idUser, userId), eq(users.organizationId, organizationId), chatRoleCondition(), eq(users.isActive, true), eq(users.isLocked, false)));
  return row ?? null;
}
