import { and, eq, isNotNull, isNull, lte, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/types';
import { agentPresence, chatParameters, conversations, splits } from '../db/schema';
import { loadRules } from './lookups';
import { endConversation, requeue, type Step } from './lifecycle';
import type { ConversationRow } from './message-store';
import { changeStatus, markDisconnected } from './presence';
import { PRESENCE } from './presence-words';
import { DEFAULT_RULES, withinWorkingHours } from './schedule';

/**
 * The timers of the live chat, evaluated at one instant `now` (config.clock). Every rule picks its
 * conversations with FOR UPDATE SKIP LOCKED and the condition in the same statement, so a row
 * another instance is closing is skipped, and one it closed no longer matches: nothing is closed
 * twice.
 */

/** Runs `step` in one transaction; the engine provides it (with its effects and retry). */
export type RunStep = <T>(fn: (step: Step) => Promise<T>) => Promise<T>;

const BATCH = 50;
const minutes = (value: SQL) => sql`(${value} * interval '1 minute')`;
/** The split's timers (a conversation whose split was deleted falls back to the column defaults). */
const agentLimit = sql`coalesce(${splits.timeInactivityAgent}, 5)`;
const queueLimit = sql`coalesce(${splits.timeMaxInitConversation}, 15)`;
const clientLimit = sql`least(coalesce(${splits.timeInactivityClient}, ${chatParameters.tiempoInactividadCliente}, ${DEFAULT_RULES.tiempoInactividadCliente}), coalesce(${chatParameters.tiempoInactividadCliente}, ${DEFAULT_RULES.tiempoInactividadCliente}))`;

/** The oldest customer message the agent has not answered yet (after its last message), or null. */
const unansweredSince = sql`(select min(m.fecha_mensaje) from messages m where m.conversation_id = ${conversations.idConv} and m.tipo_usuario = 'CLIENTE'
  and m.seq > coalesce((select max(a.seq) from messages a where a.conversation_id = ${conversations.idConv} and a.tipo_usuario = 'ASESOR'), 0))`;

/** Locks up to BATCH conversations matching `where` and applies `act` to each; repeats while batches come full. */
async function sweepRule(run: RunStep, where: SQL, act: (step: Step, conv: ConversationRow) => Promise<unknown>): Promise<number> {
  let total = 0;
  for (;;) {
    const done = await run(async (step) => {
      const rows = await step.tx
        .select({ conv: conversations })
        .from(conversations)
        .leftJoin(splits, eq(splits.idSplit, conversations.splitId))
        .leftJoin(chatParameters, eq(chatParameters.organizationId, conversations.organizationId))
        .where(where)
        .limit(BATCH)
        .for('update', { of: conversations, skipLocked: true });
      for (const { conv } of rows) await act(step, conv);
      return rows.length;
    });
    total += done;
    if (done < BATCH) return total;
  }
}

export interface SweepReport {
  customerInactive: number;
  botInactive: number;
  agentSilent: number;
  notAccepted: number;
  queueTimeout: number;
  outOfHours: number;
  graceExpired: number;
}

export async function sweep(
  run: RunStep,
  db: Db,
  now: Date,
  opts: { graceMs: number; connectedAgents: () => Promise<Set<number> | null> }
): Promise<SweepReport> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const report: SweepReport = { customerInactive: 0, botInactive: 0, agentSilent: 0, notAccepted: 0, queueTimeout: 0, outOfHours: 0, graceExpired: 0 };

  // The customer stopped answering the agent (counted from the assignment at the earliest: waiting in the queue is not inactivity).
  report.customerInactive = await sweepRule(
    run,
    sql`${conversations.status} in ('ASIGNADA','ACTIVA') and greatest(${conversations.lastCustomerActivityAt}, ${conversations.assignedAt}) < ${at} - ${minutes(clientLimit)}`,
    (step, conv) => endConversation(step, conv, { acronym: 'FCTIC', endedBy: 'SISTEMA' })
  );
  // The customer stopped answering the assistant.
  report.botInactive = await sweepRule(
    run,
    sql`${conversations.status} = 'BOT' and ${conversations.lastCustomerActivityAt} < ${at} - ${minutes(sql`coalesce(${chatParameters.tiempoInactividadCliente}, ${DEFAULT_RULES.tiempoInactividadCliente})`)}`,
    (step, conv) => endConversation(step, conv, { acronym: 'CCCNE', endedBy: 'SISTEMA' })
  );
  // The agent left a customer message unanswered past the split's timeInactivityAgent.
  report.agentSilent = await sweepRule(
    run,
    sql`${conversations.status} = 'ACTIVA' and ${unansweredSince} is not null and greatest(${conversations.acceptedAt}, ${unansweredSince}) < ${at} - ${minutes(agentLimit)}`,
    (step, conv) => endConversation(step, conv, { acronym: 'FCTIA', endedBy: 'SISTEMA' })
  );
  // Offered but not accepted in time: back to the queue for another agent.
  report.notAccepted = await sweepRule(
    run,
    sql`${conversations.status} = 'ASIGNADA' and ${conversations.assignedAt} < ${at} - ${minutes(agentLimit)}`,
    (step, conv) => requeue(step, conv, 'INACTIVIDAD')
  );
  // Waited in the queue past the split's timeMaxInitConversation.
  report.queueTimeout = await sweepRule(
    run,
    sql`${conversations.status} = 'EN_COLA' and ${conversations.queuedAt} < ${at} - ${minutes(queueLimit)}`,
    (step, conv) => endConversation(step, conv, { acronym: 'FCTIA', endedBy: 'SISTEMA', notAttended: 'TIEMPO_ESPERA' })
  );
  // Still waiting when the working day is over.
  report.outOfHours = await sweepOutOfHours(run, db, now);
  report.graceExpired = await expireGrace(run, db, now, opts.graceMs);
  await markOrphans(run, db, now, opts.connectedAgents);
  return report;
}

async function sweepOutOfHours(run: RunStep, db: Db, now: Date): Promise<number> {
  const orgs = await db.selectDistinct({ org: conversations.organizationId }).from(conversations).where(eq(conversations.status, 'EN_COLA'));
  let total = 0;
  for (const { org } of orgs) {
    if (withinWorkingHours(await loadRules(db, org), now)) continue;
    total += await sweepRule(run, sql`${conversations.status} = 'EN_COLA' and ${conversations.organizationId} = ${org}`, (step, conv) =>
      endConversation(step, conv, { acronym: 'FCFHL', endedBy: 'SISTEMA', notAttended: 'FUERA_HORARIO' })
    );
  }
  return total;
}

/** Agents whose last socket dropped more than the grace period ago: Desconectado, their ENTRANTE chats re-queued. */
async function expireGrace(run: RunStep, db: Db, now: Date, graceMs: number): Promise<number> {
  const cutoff = new Date(now.getTime() - graceMs);
  const expired = and(ne(agentPresence.status, PRESENCE.disconnected), isNotNull(agentPresence.disconnectedAt), lte(agentPresence.disconnectedAt, cutoff));
  const due = await db.select({ userId: agentPresence.userId, organizationId: agentPresence.organizationId }).from(agentPresence).where(expired);
  let total = 0;
  for (const agent of due) {
    total += await run(async (step) => {
      const [locked] = await step.tx
        .select({ userId: agentPresence.userId })
        .from(agentPresence)
        .where(and(eq(agentPresence.userId, agent.userId), expired))
        .for('update', { skipLocked: true });
      if (!locked) return 0;
      await changeStatus(step, agent, 'DESCONECTADO', null);
      return 1;
    });
  }
  return total;
}

/**
 * Agents the database counts as connected without a socket anywhere (their instance stopped
 * without telling): their grace period starts now. Rows are read before the sockets, so an agent
 * who connects meanwhile is seen connected.
 */
async function markOrphans(run: RunStep, db: Db, now: Date, connectedAgents: () => Promise<Set<number> | null>): Promise<void> {
  const rows = await db
    .select({ userId: agentPresence.userId })
    .from(agentPresence)
    .where(and(ne(agentPresence.status, PRESENCE.disconnected), isNull(agentPresence.disconnectedAt)));
  if (rows.length === 0) return;
  const connected = await connectedAgents();
  if (connected === null) return;
  const orphans = rows.map((r) => r.userId).filter((id) => !connected.has(id));
  if (orphans.length === 0) return;
  await run(async (step) => {
    for (const userId of orphans) await markDisconnected(step.tx, userId, now);
  });
}
