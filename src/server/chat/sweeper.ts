import { and, eq, isNotNull, lte, ne, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { rowsOf } from '../db/statements';
import type { Db } from '../db/types';
import { agentPresence, chatParameters, conversations, messages, sessionExpirationTypes, splits } from '../db/schema';
import type { SessionExpiryKind } from '../../shared/domain/session-expiry';
import { loadRules } from './lookups';
import { endConversation, requeue, type Step } from './lifecycle';
import { END_ACRONYMS } from '../../shared/realtime';
import type { ConversationRow } from './message-store';
import { changeStatus, markDisconnected } from './presence';
import { PRESENCE } from './presence-words';
import { DEFAULT_RULES, withinWorkingHours } from './schedule';

/**
 * The timers of the live chat, evaluated at one instant `now` (config.clock). Every rule picks its
 * conversations with FOR UPDATE and the condition in the same statement, so one another instance
 * closed no longer matches: nothing is closed twice. SKIP LOCKED first, so instances share the
 * work; then the rows that were held are waited for, so none that is due is left (sweepRule).
 */

/** Runs `step` in one transaction; the engine provides it (with its effects and retry). */
export type RunStep = <T>(fn: (step: Step) => Promise<T>) => Promise<T>;

const BATCH = 50;
const minutes = (value: SQL) => sql`(${value} * interval '1 minute')`;
/** The split's timers (a conversation whose split was deleted falls back to the column defaults). */
const agentLimit = sql`coalesce(${splits.timeInactivityAgent}, 5)`;
const queueLimit = sql`coalesce(${splits.timeMaxInitConversation}, 15)`;
const clientLimit = sql`least(coalesce(${splits.timeInactivityClient}, ${chatParameters.tiempoInactividadCliente}, ${DEFAULT_RULES.tiempoInactividadCliente}), coalesce(${chatParameters.tiempoInactividadCliente}, ${DEFAULT_RULES.tiempoInactividadCliente}))`;

/**
 * Where a conversation's silence starts: its last message of either side — the customer's, the
 * assistant's or the agent's; the platform's own (SISTEMA) are not part of the exchange — or its
 * start when it has none. So a chat the assistant greeted and the customer never answered is silent
 * from the greeting (Rocket.Chat #22696 counts only from a customer's message and never closes it).
 * The newest message is found through messages_conv_seq_unique, read backwards.
 */
const lastExchangeAt = sql`coalesce((select ${messages.fechaMensaje} from ${messages} where ${messages.conversationId} = ${conversations.idConv} and ${messages.tipoUsuario} <> 'SISTEMA' order by ${messages.seq} desc limit 1), ${conversations.startedAt})`;

/** The session-expiry type of `kind` of the conversation's virtual agent exists (and, with `condition`, meets it). */
const expiryType = (kind: SessionExpiryKind, condition: SQL = sql`true`) =>
  sql`exists (select 1 from ${sessionExpirationTypes} where ${sessionExpirationTypes.idVa} = ${conversations.idVa} and ${sessionExpirationTypes.kind} = ${kind} and ${condition})`;

/**
 * The session-expiry types of the virtual agent (expiracion-sesion), read here at each sweep and
 * cached nowhere, so a saved message or time closes the next silent conversation. With the
 * assistant, the silence runs from the last message of either side; with an agent, from that or
 * the assignment, whichever is later (waiting in the queue is not silence with the agent).
 */
const expirySilence: Record<SessionExpiryKind, { status: SQL; since: SQL }> = {
  BOT: { status: sql`${conversations.status} = 'BOT'`, since: sql`greatest(${lastExchangeAt}, ${conversations.lastCustomerActivityAt})` },
  ASESOR: {
    status: sql`${conversations.status} in ('ASIGNADA','ACTIVA')`,
    since: sql`greatest(${lastExchangeAt}, ${conversations.lastCustomerActivityAt}, ${conversations.assignedAt})`
  }
};

/**
 * Closes a conversation silent past its virtual agent's type of `kind`, with the type's client
 * message, the type kept as the reason and the end acronym of the same way of ending (CCCNE with
 * the assistant, FCTIC with an agent), so the statistics count it as they count those. The type is
 * read again under the conversation's lock: what the administrator saved last is what is sent.
 */
async function closeExpired(step: Step, conv: ConversationRow, kind: SessionExpiryKind): Promise<unknown> {
  const [type] = await step.tx
    .select({ idSessionExpirationType: sessionExpirationTypes.idSessionExpirationType, clientMessage: sessionExpirationTypes.clientMessage })
    .from(sessionExpirationTypes)
    .where(and(eq(sessionExpirationTypes.idVa, conv.idVa), eq(sessionExpirationTypes.kind, kind)));
  const acronym = kind === 'BOT' ? END_ACRONYMS.botInactivity : END_ACRONYMS.customerInactivity;
  return endConversation(step, conv, { acronym, endedBy: 'SISTEMA', ...(type ? { expiry: type } : {}) });
}

/** The conversations matching `where` (joined with their split and organisation parameters), up to `limit`. */
function matching(tx: Db, where: SQL, limit: number) {
  return tx
    .select({ conv: conversations })
    .from(conversations)
    .leftJoin(splits, eq(splits.idSplit, conversations.splitId))
    .leftJoin(chatParameters, eq(chatParameters.organizationId, conversations.organizationId))
    .where(where)
    .limit(limit);
}

/**
 * Applies `act` to every conversation matching `where`. Batches of up to BATCH are locked with
 * SKIP LOCKED, so instances sweeping at the same instant share the work without waiting for each
 * other. A row skipped that way is not left for the next sweep, though: whoever held it may not
 * have been acting on it (the router looks at the oldest waiting chat of a split, the very one
 * that times out first, even when no agent can take it; a message locks its conversation). So the
 * rows still matching after the batches are then waited for, one at a time, and taken if they
 * still match once their holder let go (PostgreSQL checks the condition again on the row's newest
 * version): one another instance closed meanwhile no longer matches and is left alone.
 */
async function sweepRule(run: RunStep, where: SQL, act: (step: Step, conv: ConversationRow) => Promise<unknown>): Promise<number> {
  let total = 0;
  for (;;) {
    const done = await run(async (step) => {
      const rows = await matching(step.tx, where, BATCH).for('update', { of: conversations, skipLocked: true });
      for (const { conv } of rows) await act(step, conv);
      return rows.length;
    });
    total += done;
    if (done < BATCH) break;
  }
  const held = await run(({ tx }) => matching(tx, where, BATCH));
  for (const { conv: { idConv: id } } of held) {
    total += await run(async (step) => {
      // One row per transaction: it waits holding no other lock, so it cannot take part in a deadlock.
      const [row] = await matching(step.tx, and(where, eq(conversations.idConv, id)) ?? where, 1).for('update', { of: conversations });
      if (!row) return 0;
      await act(step, row.conv);
      return 1;
    });
  }
  return total;
}

export interface SweepReport {
  /** Closed by the virtual agent's session-expiry type for a conversation with the assistant. */
  botSessionExpired: number;
  /** Closed by the virtual agent's session-expiry type for a conversation with an agent. */
  agentSessionExpired: number;
  customerInactive: number;
  botInactive: number;
  agentSilent: number;
  notAccepted: number;
  queueTimeout: number;
  outOfHours: number;
  graceExpired: number;
}

/** One timer rule over the conversations (joined with their split and organisation parameters). */
interface Rule {
  key: 'botSessionExpired' | 'agentSessionExpired' | 'customerInactive' | 'botInactive' | 'agentSilent' | 'notAccepted' | 'queueTimeout';
  where: SQL;
  act: (step: Step, conv: ConversationRow) => Promise<unknown>;
}

function timerRules(at: SQL): Rule[] {
  const expired = (kind: SessionExpiryKind) => sql`${expirySilence[kind].status} and ${expiryType(kind, sql`${expirySilence[kind].since} < ${at} - ${minutes(sql`${sessionExpirationTypes.closingTime}`)}`)}`;
  return [
    // Silent past the virtual agent's session-expiry type (first: when another rule is due too, the type's message is the one sent).
    { key: 'botSessionExpired', where: expired('BOT'), act: (step, conv) => closeExpired(step, conv, 'BOT') },
    { key: 'agentSessionExpired', where: expired('ASESOR'), act: (step, conv) => closeExpired(step, conv, 'ASESOR') },
    // The customer stopped answering the agent (counted from the assignment at the earliest: waiting in the queue is not inactivity).
    {
      key: 'customerInactive',
      where: sql`${conversations.status} in ('ASIGNADA','ACTIVA') and greatest(${conversations.lastCustomerActivityAt}, ${conversations.assignedAt}) < ${at} - ${minutes(clientLimit)}`,
      act: (step, conv) => endConversation(step, conv, { acronym: 'FCTIC', endedBy: 'SISTEMA' })
    },
    // The customer stopped answering the assistant of a virtual agent without a session-expiry type for it (its type decides otherwise).
    {
      key: 'botInactive',
      where: sql`${conversations.status} = 'BOT' and not ${expiryType('BOT')} and ${conversations.lastCustomerActivityAt} < ${at} - ${minutes(sql`coalesce(${chatParameters.tiempoInactividadCliente}, ${DEFAULT_RULES.tiempoInactividadCliente})`)}`,
      act: (step, conv) => endConversation(step, conv, { acronym: 'CCCNE', endedBy: 'SISTEMA' })
    },
    // The agent left a customer message unanswered past the split's timeInactivityAgent.
    {
      key: 'agentSilent',
      where: sql`${conversations.status} = 'ACTIVA' and ${conversations.awaitingAgentSince} is not null and greatest(${conversations.acceptedAt}, ${conversations.awaitingAgentSince}) < ${at} - ${minutes(agentLimit)}`,
      act: (step, conv) => endConversation(step, conv, { acronym: 'FCTIA', endedBy: 'SISTEMA' })
    },
    // Offered but not accepted in time: back to the queue for another agent.
    {
      key: 'notAccepted',
      where: sql`${conversations.status} = 'ASIGNADA' and ${conversations.assignedAt} < ${at} - ${minutes(agentLimit)}`,
      act: (step, conv) => requeue(step, conv, 'INACTIVIDAD')
    },
    // Waited in the queue past the split's timeMaxInitConversation.
    {
      key: 'queueTimeout',
      where: sql`${conversations.status} = 'EN_COLA' and ${conversations.queuedAt} < ${at} - ${minutes(queueLimit)}`,
      act: (step, conv) => endConversation(step, conv, { acronym: 'FCTIA', endedBy: 'SISTEMA', notAttended: 'TIEMPO_ESPERA' })
    }
  ];
}

const Due = z.record(z.string(), z.unknown());

/** Which rules have a conversation to act on now: one read, no locks (the rule re-checks under its lock). */
async function dueRules(db: Db, rules: Rule[]): Promise<Rule[]> {
  const candidate = (where: SQL) =>
    db
      .select({ one: sql`1` })
      .from(conversations)
      .leftJoin(splits, eq(splits.idSplit, conversations.splitId))
      .leftJoin(chatParameters, eq(chatParameters.organizationId, conversations.organizationId))
      .where(where)
      .limit(1);
  const result = await db.execute(sql`select ${sql.join(rules.map((rule, i) => sql`exists ${candidate(rule.where)} as ${sql.identifier(`r${i}`)}`), sql`, `)}`);
  const row = Due.safeParse(rowsOf(result)[0]);
  return row.success ? rules.filter((_, i) => row.data[`r${i}`] === true) : rules;
}

/** Lets the event loop serve sockets between two pieces of work (PGlite runs in this thread). */
const yieldToLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

export async function sweep(
  run: RunStep,
  db: Db,
  now: Date,
  opts: { graceMs: number; connectedAgents: () => Promise<Set<number> | null> }
): Promise<SweepReport> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const report: SweepReport = { botSessionExpired: 0, agentSessionExpired: 0, customerInactive: 0, botInactive: 0, agentSilent: 0, notAccepted: 0, queueTimeout: 0, outOfHours: 0, graceExpired: 0 };
  for (const rule of await dueRules(db, timerRules(at))) {
    await yieldToLoop();
    report[rule.key] = await sweepRule(run, rule.where, rule.act);
  }
  await yieldToLoop();
  // Still waiting when the working day is over.
  report.outOfHours = await sweepOutOfHours(run, db, now);
  await yieldToLoop();
  report.graceExpired = await expireGrace(run, db, now, opts.graceMs);
  await yieldToLoop();
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
        // Waited for, not skipped: whoever holds the row may not be ending the grace period; if another sweep did, it no longer matches.
        .for('update');
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
 * who connects meanwhile is seen connected. The other way round too: an agent whose grace period
 * started while it still had a socket somewhere — marked by an instance that could not hear the
 * others for a while (Redis down or restarting: the adapter counts only the instances it hears) —
 * is seen again, and its grace period is called off, if it has not changed since it was read.
 */
async function markOrphans(run: RunStep, db: Db, now: Date, connectedAgents: () => Promise<Set<number> | null>): Promise<void> {
  const rows = await db
    .select({ userId: agentPresence.userId, disconnectedAt: agentPresence.disconnectedAt })
    .from(agentPresence)
    .where(ne(agentPresence.status, PRESENCE.disconnected));
  if (rows.length === 0) return;
  const connected = await connectedAgents();
  if (connected === null) return;
  const orphans = rows.filter((r) => r.disconnectedAt === null && !connected.has(r.userId)).map((r) => r.userId);
  const seenAgain = rows.filter((r) => r.disconnectedAt !== null && connected.has(r.userId));
  if (orphans.length === 0 && seenAgain.length === 0) return;
  await run(async (step) => {
    for (const userId of orphans) await markDisconnected(step.tx, userId, now);
    for (const { userId, disconnectedAt } of seenAgain) {
      if (disconnectedAt === null) continue;
      await step.tx
        .update(agentPresence)
        .set({ disconnectedAt: null })
        .where(and(eq(agentPresence.userId, userId), eq(agentPresence.disconnectedAt, disconnectedAt), ne(agentPresence.status, PRESENCE.disconnected)));
    }
  });
}
