import type { EndedBy, ReleaseReason } from '../../chat/lifecycle';
import { withinPeriod } from '../../chat/schedule';
import { escalationSplit, type ActivityCatalogue, type CatalogueSplit } from './catalogue';
import { customerOf, formAnswers, type Customer } from './customers';
import { HOUR_MS, type Slot } from './calendar';
import { hash32, Rng, Weighted } from './random';
import type { Availability } from './shifts';

/** A customer turn answered by the fallback text. */
export const TURN_NOT_UNDERSTOOD = -1;
/** The second unanswered turn in a row: the fallback that hands the chat to a human. */
export const TURN_NOT_UNDERSTOOD_ESCALATES = -2;

/** Share of conversations the assistant hands to a human. */
export const ESCALATION_SHARE = 0.35;
/** A plan that ends after now is moved earlier; never by more than this (the customer gap covers it). */
const MAX_SPAN_MS = 2.5 * HOUR_MS;

/**
 * How a conversation came out, read off the conversation row as the engine leaves it: attended
 * when the agent holding it last had accepted it (a transfer clears accepted_at, so a chat
 * transferred and never taken in its new split is not attended), else abandoned when the
 * customer left, out of hours, or unattended (the queue's longest wait, or no split).
 */
export type Outcome = 'bot' | 'attended' | 'abandoned' | 'unattended' | 'outOfHours';

/** One agent's part of a chat: `messages` messages from the first reply, every `stepMs`, agent first. */
export interface Session {
  agentId: number;
  firstReplyMs: number;
  messages: number;
  stepMs: number;
  /** The agent's last message announces a transfer. */
  transferOut: boolean;
  /** The agent closes with a farewell (the agent finishes the chat). */
  farewell: boolean;
}

export interface AssignmentPlan {
  agentId: number;
  splitId: number;
  assignedMs: number;
  acceptedMs: number | null;
  releasedMs: number;
  reason: ReleaseReason;
}

export interface BusinessPlan {
  reasonId: number;
  agentId: number;
  splitId: number;
  transfer: boolean;
  createdMs: number;
}

export interface NotificationPlan {
  sentMs: number;
  eventType: string;
  typeId: number;
  recipient: string;
  role: 'CLIENTE' | 'ASESOR' | 'SUPERVISOR' | 'ADMINISTRADOR';
  failed: boolean;
  detail: string;
}

export interface IntegrationPlan {
  calledMs: number;
  service: string;
  failed: boolean;
  durationMs: number;
  detail: string;
}

export interface ConversationPlan {
  n: number;
  customer: Customer;
  /** The conversation brings this customer for the first time (customers row created with it). */
  newCustomer: boolean;
  customerData: string;
  cityId: number | null;
  idVa: number;
  channelId: number;
  startMs: number;
  /** Per customer turn: a node index of the catalogue, or TURN_NOT_UNDERSTOOD(_ESCALATES). */
  turns: number[];
  turnMs: number[];
  /** The last turn handed the chat to a human. */
  escalated: boolean;
  escalatedMs: number | null;
  queuedMs: number | null;
  assignedMs: number | null;
  acceptedMs: number | null;
  firstReplyMs: number | null;
  lastCustomerMs: number;
  lastAgentMs: number | null;
  awaitingMs: number | null;
  endedMs: number;
  endedBy: EndedBy;
  acronym: string;
  transferReasonId: number | null;
  notAttendedId: number | null;
  transferCount: number;
  botFailures: number;
  satisfaction: number | null;
  nps: number | null;
  surveyMs: number | null;
  splitId: number | null;
  agentId: number | null;
  lastSeq: number;
  sessions: Session[];
  assignments: AssignmentPlan[];
  business: BusinessPlan[];
  final: { reasonId: number; agentId: number; createdMs: number } | null;
  notifications: NotificationPlan[];
  integrations: IntegrationPlan[];
  outcome: Outcome;
}

export interface PlanContext {
  catalogue: ActivityCatalogue;
  availability: Availability;
  nowMs: number;
}

const TURNS = new Weighted([
  { value: 1, weight: 30 },
  { value: 2, weight: 32 },
  { value: 3, weight: 23 },
  { value: 4, weight: 15 }
]);
type SessionEnd = 'FCCA' | 'FCCC' | 'FCTIC' | 'FCTIA';
const SESSION_ENDS = new Weighted<SessionEnd>([
  { value: 'FCCA', weight: 80 },
  { value: 'FCCC', weight: 10 },
  { value: 'FCTIC', weight: 7 },
  { value: 'FCTIA', weight: 3 }
]);
type Mood = 'resolved' | 'attended' | 'bot' | 'abandoned';
const SATISFACTION: Record<Mood, Weighted<number>> = {
  resolved: stars([3, 4, 10, 30, 53]),
  attended: stars([13, 15, 25, 27, 20]),
  bot: stars([8, 10, 22, 32, 28]),
  abandoned: stars([45, 28, 17, 7, 3])
};
function stars(weights: number[]): Weighted<number> {
  return new Weighted(weights.map((weight, i) => ({ value: i + 1, weight })));
}

/** Failure rate, typical duration (ms) of each external service the assistant calls. */
const SERVICES: Record<string, { failure: number; ms: number }> = {
  validar_identidad: { failure: 0.04, ms: 350 },
  consulta_pedidos: { failure: 0.06, ms: 600 },
  pasarela_pagos: { failure: 0.09, ms: 900 },
  geolocalizacion_sedes: { failure: 0.02, ms: 150 },
  catalogo_productos: { failure: 0.03, ms: 250 },
  gestor_documental: { failure: 0.05, ms: 1200 }
};
const HTTP_FAILURES = ['HTTP 503 Servicio no disponible', 'HTTP 500 Error interno del servidor', 'HTTP 502 Puerta de enlace incorrecta', 'HTTP 401 Credenciales inválidas'];
const DELIVERY_FAILURES: Record<'email' | 'sms' | 'whatsapp', { rate: number; details: string[] }> = {
  email: { rate: 0.03, details: ['550 Buzón de destino no existe', 'Buzón lleno', 'Tiempo de espera del servidor de correo agotado'] },
  sms: { rate: 0.09, details: ['Número de destino inválido', 'El operador rechazó el mensaje', 'Tiempo de espera del proveedor agotado'] },
  whatsapp: { rate: 0.06, details: ['El número no tiene WhatsApp', 'Plantilla no aprobada por el proveedor', 'Ventana de 24 horas vencida'] }
};

/**
 * The whole life of conversation n, which starts in `slot` (at a point drawn inside it) with the
 * given customer: its turns with the assistant, the escalation and queue, the agents, the end,
 * the survey, the reasons, notifications and integration calls. A plan that would end after now
 * starts earlier instead, so nothing generated is still open.
 */
export function planConversation(ctx: PlanContext, n: number, slot: Slot, customer: { index: number; isNew: boolean }): ConversationPlan {
  const wanted = slot.startMs + Math.floor(new Rng(hash32(ctx.catalogue.org, n, 3)).next() * (slot.endMs - slot.startMs));
  const person = customerOf(ctx.catalogue, customer.index);
  let startMs = wanted;
  // Moved plans end somewhere in the last ten minutes, not all at one instant.
  const margin = 1000 + (hash32(ctx.catalogue.org, n, 9) % 600_000);
  for (let attempt = 0; attempt < 6; attempt++) {
    const plan = build(ctx, n, startMs, slot.load, person, customer.isNew);
    const over = lastMoment(plan) - ctx.nowMs;
    if (over < 0) return plan;
    startMs -= over + margin;
  }
  const plan = build(ctx, n, Math.min(wanted, ctx.nowMs - MAX_SPAN_MS), slot.load, person, customer.isNew);
  if (lastMoment(plan) >= ctx.nowMs) throw new Error(`conversation ${n} cannot end before now`);
  return plan;
}

/** The latest instant anything of the plan happens. */
export function lastMoment(plan: ConversationPlan): number {
  let last = Math.max(plan.endedMs, plan.surveyMs ?? 0);
  for (const x of plan.notifications) last = Math.max(last, x.sentMs);
  for (const x of plan.integrations) last = Math.max(last, x.calledMs);
  return last;
}

function turnOffset(i: number, paceMs: number, phase: number): number {
  return i * paceMs + Math.floor((((phase + i * 6007) % 1000) * paceMs) / 3000);
}

function build(ctx: PlanContext, n: number, startMs: number, load: number, customer: Customer, newCustomer: boolean): ConversationPlan {
  const { catalogue: cat, availability } = ctx;
  const rng = new Rng(hash32(cat.org, n, 1));
  const va = cat.vas.pick(rng);
  const channelId = cat.channels.pick(rng);
  const cityId = rng.chance(0.08) ? null : customer.cityId;
  let k = TURNS.pick(rng);
  const escalate = rng.chance(ESCALATION_SHARE);
  const requestDraw = rng.next();
  const mode: 'request' | 'noAnswer' | null = !escalate ? null : va.escalating.size > 0 && requestDraw < 0.78 ? 'request' : 'noAnswer';
  const noNodes = va.regular.size === 0;
  if (mode === 'noAnswer') k = Math.max(k, 2);
  else if (noNodes) k = 1;
  const paceMs = rng.int(10_000, 50_000);
  const phase = rng.int(0, 999);

  const turns: number[] = [];
  const turnMs: number[] = [];
  for (let i = 1; i <= k; i++) {
    let code: number;
    const failDraw = rng.next();
    const nodeDraw = rng.next();
    if (mode === 'request' && i === k) code = va.escalating.at(nodeDraw);
    else if (mode === 'noAnswer' && i >= k - 1) code = i === k ? TURN_NOT_UNDERSTOOD_ESCALATES : TURN_NOT_UNDERSTOOD;
    else {
      const previousFailed = (turns[turns.length - 1] ?? 0) < 0;
      const mustAnswer = mode === 'noAnswer' && i === k - 2;
      const fail = noNodes || (!previousFailed && !mustAnswer && failDraw < 0.13);
      code = fail ? TURN_NOT_UNDERSTOOD : va.regular.at(nodeDraw);
    }
    turns.push(code);
    turnMs.push(startMs + turnOffset(i, paceMs, phase));
  }
  let botFailures = 0;
  for (let i = turns.length - 1; i >= 0 && (turns[i] ?? 0) < 0; i--) botFailures++;
  const lastTurnMs = turnMs[turnMs.length - 1] ?? startMs;

  const plan: ConversationPlan = {
    n,
    customer,
    newCustomer,
    customerData: JSON.stringify(formAnswers(va.form, customer)),
    cityId,
    idVa: va.idVa,
    channelId,
    startMs,
    turns,
    turnMs,
    escalated: mode !== null,
    escalatedMs: null,
    queuedMs: null,
    assignedMs: null,
    acceptedMs: null,
    firstReplyMs: null,
    lastCustomerMs: turnMs[0] ?? startMs,
    lastAgentMs: null,
    awaitingMs: turnMs[0] ?? null,
    endedMs: lastTurnMs,
    endedBy: 'SISTEMA',
    acronym: 'FCTIA',
    transferReasonId: null,
    notAttendedId: null,
    transferCount: 0,
    botFailures,
    satisfaction: null,
    nps: null,
    surveyMs: null,
    splitId: null,
    agentId: null,
    lastSeq: 0,
    sessions: [],
    assignments: [],
    business: [],
    final: null,
    notifications: [],
    integrations: [],
    outcome: 'bot'
  };
  plan.lastCustomerMs = lastTurnMs;

  // Draws taken whatever the branch, so a plan moved earlier keeps its character.
  const d = Array.from({ length: 24 }, () => rng.next());
  const draw = (i: number) => d[i] ?? 0;
  let mood: Mood = 'bot';
  let surveyChance = 0;

  if (mode === null) {
    if (draw(0) < 0.6) end(plan, lastTurnMs + 5000 + Math.round(115_000 * draw(1)), 'CLIENTE', 'FCCC');
    else end(plan, lastTurnMs + cat.rules.tiempoInactividadCliente * 60_000 + 1000 + Math.round(4000 * draw(1)), 'SISTEMA', 'CCCNE');
    surveyChance = plan.acronym === 'FCCC' ? 0.3 : 0;
  } else {
    plan.escalatedMs = lastTurnMs;
    const node = mode === 'request' ? cat.nodes[turns[turns.length - 1] ?? -1] : undefined;
    plan.transferReasonId = mode === 'request' ? cat.transferReasons.request : cat.transferReasons.noAnswer;
    const splitId = escalationSplit(cat, va, mode === 'request' ? (node?.askedSplitId ?? null) : va.defaultSplitId);
    const split = splitId === null ? undefined : cat.splits.get(splitId);
    if (!split) {
      end(plan, lastTurnMs, 'SISTEMA', 'FCTIA', cat.notAttended.noAgents);
    } else if (!withinHours(ctx, lastTurnMs)) {
      plan.splitId = split.idSplit;
      end(plan, lastTurnMs, 'SISTEMA', 'FCFHL', cat.notAttended.outOfHours);
    } else {
      const waitMs = Math.round((4000 + 296_000 * draw(2) ** 2.5) * (0.6 + 0.8 * load));
      plan.splitId = split.idSplit;
      plan.queuedMs = lastTurnMs;
      if (draw(3) < 0.03 + waitMs / 2_400_000) {
        abandon(plan, lastTurnMs + Math.round(waitMs * (0.2 + 0.8 * draw(4))), cat.notAttended.abandon);
        mood = 'abandoned';
        surveyChance = 0.08;
      } else {
        const assignedMs = lastTurnMs + waitMs;
        const candidates = availability.agentsAt(split.idSplit, assignedMs);
        if (candidates.length === 0) {
          notAttended(plan, ctx, split, lastTurnMs, draw(5), draw(6), draw(7));
          if (plan.endedBy === 'CLIENTE') [mood, surveyChance] = ['abandoned', 0.08];
        } else {
          const agentId = candidates[Math.floor(draw(8) * candidates.length)] ?? 0;
          plan.agentId = agentId;
          plan.assignedMs = assignedMs;
          if (draw(9) < 0.03) {
            // Offered to an agent who had not accepted it yet when the customer left.
            const leftMs = assignedMs + 5000 + Math.round(Math.max(0, split.agentLimitMs - 10_000) * draw(10));
            plan.assignments.push({ agentId, splitId: split.idSplit, assignedMs, acceptedMs: null, releasedMs: leftMs, reason: 'FINALIZADA' });
            abandon(plan, leftMs, cat.notAttended.abandon);
            mood = 'abandoned';
            surveyChance = 0.08;
          } else {
            const acceptedMs = assignedMs + rng.seconds(3, 43, 2);
            plan.acceptedMs = acceptedMs;
            const firstReplyMs = acceptedMs + rng.seconds(5, 55, 1.5);
            plan.firstReplyMs = firstReplyMs;
            if (split.derives.length > 0 && draw(11) < 0.12) {
              const target = split.derives[Math.floor(draw(12) * split.derives.length)] ?? split.idSplit;
              const targetSplit = cat.splits.get(target) ?? split;
              const messages = 3 + 2 * Math.floor(draw(13) * 3);
              const stepMs = rng.seconds(20, 80);
              plan.sessions.push({ agentId, firstReplyMs, messages, stepMs, transferOut: true, farewell: false });
              const transferMs = firstReplyMs + (messages - 1) * stepMs + rng.seconds(10, 40);
              if (draw(14) < 0.7) business(plan, rng, targetSplit, agentId, target, true, transferMs - 3000);
              plan.assignments.push({ agentId, splitId: split.idSplit, assignedMs, acceptedMs, releasedMs: transferMs, reason: 'TRASLADO' });
              plan.transferCount = 1;
              plan.splitId = target;
              plan.queuedMs = transferMs;
              plan.assignedMs = null;
              plan.acceptedMs = null;
              plan.agentId = null;
              const wait2 = Math.round((4000 + 196_000 * draw(15) ** 2.5) * (0.6 + 0.8 * load));
              const second = availability.agentsAt(target, transferMs + wait2).filter((a) => a !== agentId);
              if (draw(16) < 0.03 + wait2 / 2_400_000) {
                abandon(plan, transferMs + Math.round(wait2 * (0.2 + 0.8 * draw(17))), cat.notAttended.abandon);
                [mood, surveyChance] = ['abandoned', 0.08];
              } else if (second.length === 0) {
                notAttended(plan, ctx, targetSplit, transferMs, draw(5), draw(6), draw(7));
                if (plan.endedBy === 'CLIENTE') [mood, surveyChance] = ['abandoned', 0.08];
              } else {
                const agent2 = second[Math.floor(draw(18) * second.length)] ?? 0;
                const assigned2 = transferMs + wait2;
                const accepted2 = assigned2 + rng.seconds(3, 43, 2);
                const reply2 = accepted2 + rng.seconds(5, 55, 1.5);
                Object.assign(plan, { agentId: agent2, assignedMs: assigned2, acceptedMs: accepted2 });
                [mood, surveyChance] = attend(plan, ctx, rng, targetSplit, agent2, assigned2, accepted2, reply2, draw(19));
              }
            } else {
              [mood, surveyChance] = attend(plan, ctx, rng, split, agentId, assignedMs, acceptedMs, firstReplyMs, draw(19));
            }
          }
        }
      }
    }
  }

  plan.outcome =
    mode === null ? 'bot'
    : plan.acceptedMs !== null ? 'attended'
    : plan.acronym === 'FCFHL' ? 'outOfHours'
    : plan.endedBy === 'CLIENTE' ? 'abandoned'
    : 'unattended';
  if (draw(20) < surveyChance) {
    plan.satisfaction = SATISFACTION[mood].at(draw(21));
    plan.nps = Math.max(0, Math.min(10, Math.round(plan.satisfaction * 2 + draw(22) * 4 - 2)));
    plan.surveyMs = plan.endedMs + rng.seconds(8, 90);
  }
  messagesOf(plan);
  integrations(plan, ctx, rng);
  notifications(plan, ctx, rng);
  return plan;
}

function end(plan: ConversationPlan, endedMs: number, endedBy: EndedBy, acronym: string, notAttendedId: number | null = null): void {
  plan.endedMs = endedMs;
  plan.endedBy = endedBy;
  plan.acronym = acronym;
  plan.notAttendedId = notAttendedId;
}

/** The customer left while waiting for an agent (in the queue, or offered but not yet accepted). */
function abandon(plan: ConversationPlan, leftMs: number, abandonId: number | null): void {
  end(plan, leftMs, 'CLIENTE', 'FCCC', abandonId);
}

/** Nobody could take the chat: the customer gives up, or the queue's longest wait ends it. */
function notAttended(plan: ConversationPlan, ctx: PlanContext, split: CatalogueSplit, queuedMs: number, giveUp: number, when: number, delay: number): void {
  const { notAttended: events } = ctx.catalogue;
  if (giveUp < 0.45) {
    abandon(plan, queuedMs + Math.round(Math.max(5000, split.maxWaitMs - 10_000) * (0.1 + 0.85 * when)), events.abandon);
  } else {
    end(plan, queuedMs + split.maxWaitMs + 1000 + Math.round(4000 * delay), 'SISTEMA', 'FCTIA', events.timeout);
  }
}

function withinHours(ctx: PlanContext, ms: number): boolean {
  const { rules } = ctx.catalogue;
  const local = ctx.availability.localAt(ms);
  return rules.diasLaborales.includes(local.weekday) && withinPeriod(local.minutes, rules.horaLaboralInicio, rules.horaLaboralFin);
}

function business(plan: ConversationPlan, rng: Rng, split: CatalogueSplit, agentId: number, splitId: number, transfer: boolean, createdMs: number): void {
  if (split.business.size === 0) return;
  const first = split.business.pick(rng);
  plan.business.push({ reasonId: first, agentId, splitId, transfer, createdMs });
  if (rng.chance(0.2)) {
    const second = split.business.pick(rng);
    if (second !== first) plan.business.push({ reasonId: second, agentId, splitId, transfer, createdMs });
  }
}

/** An agent attends the chat to its end; returns the customer's mood and how likely the survey is. */
function attend(
  plan: ConversationPlan,
  ctx: PlanContext,
  rng: Rng,
  split: CatalogueSplit,
  agentId: number,
  assignedMs: number,
  acceptedMs: number,
  firstReplyMs: number,
  endDraw: number
): [Mood, number] {
  const how = SESSION_ENDS.at(endDraw);
  let messages = rng.int(3, 9);
  const agentLast = how === 'FCCA' || how === 'FCTIC';
  if ((messages % 2 === 1) !== agentLast) messages += 1;
  const stepMs = rng.seconds(15, 90);
  plan.sessions.push({ agentId, firstReplyMs, messages, stepMs, transferOut: false, farewell: how === 'FCCA' });
  const lastMs = firstReplyMs + (messages - 1) * stepMs;
  const lastCustomerMs = firstReplyMs + (messages % 2 === 0 ? messages - 1 : messages - 2) * stepMs;
  let endedMs: number;
  if (how === 'FCCA') endedMs = lastMs + rng.seconds(15, 60);
  else if (how === 'FCCC') endedMs = lastMs + rng.seconds(5, 60);
  // The sweeper's timers (never before the last message, whatever the split's limits).
  else if (how === 'FCTIC') endedMs = Math.max(Math.max(lastCustomerMs, assignedMs) + split.clientLimitMs, lastMs + 1000) + rng.seconds(1, 5);
  else endedMs = Math.max(acceptedMs, lastMs) + split.agentLimitMs + rng.seconds(1, 5);
  end(plan, endedMs, how === 'FCCA' ? 'ASESOR' : how === 'FCCC' ? 'CLIENTE' : 'SISTEMA', how);
  plan.assignments.push({ agentId, splitId: split.idSplit, assignedMs, acceptedMs, releasedMs: endedMs, reason: 'FINALIZADA' });

  const finals = ctx.catalogue.finalReasons;
  let resolved = false;
  if (how === 'FCCA') {
    business(plan, rng, split, agentId, split.idSplit, false, endedMs - rng.seconds(5, 12));
    if (finals) {
      const reasonId = finals.pick(rng);
      resolved = reasonId === ctx.catalogue.resolvedReasonId;
      plan.final = { reasonId, agentId, createdMs: endedMs - 3000 };
    }
  } else {
    const typedMs = firstReplyMs + Math.floor(stepMs / 2);
    if (rng.chance(0.25)) business(plan, rng, split, agentId, split.idSplit, false, typedMs);
    if (finals && rng.chance(0.08)) plan.final = { reasonId: finals.pick(rng), agentId, createdMs: typedMs + 1000 };
  }
  return [resolved ? 'resolved' : 'attended', how === 'FCCA' ? 0.55 : how === 'FCCC' ? 0.35 : 0];
}

/** Message count and the activity columns the message store keeps up to date. */
function messagesOf(plan: ConversationPlan): void {
  let customerMs = plan.turnMs[plan.turnMs.length - 1] ?? plan.startMs;
  let agentMs: number | null = null;
  let awaiting: number | null = plan.turnMs[0] ?? null;
  let count = 1 + 2 * plan.turns.length;
  for (const session of plan.sessions) {
    for (let j = 0; j < session.messages; j++) {
      const at = session.firstReplyMs + j * session.stepMs;
      if (j % 2 === 0) {
        agentMs = at;
        awaiting = null;
      } else {
        customerMs = at;
        awaiting ??= at;
      }
    }
    count += session.messages;
  }
  plan.lastSeq = count + 1;
  plan.lastCustomerMs = customerMs;
  plan.lastAgentMs = agentMs;
  plan.awaitingMs = awaiting;
  plan.firstReplyMs = plan.sessions[0]?.firstReplyMs ?? null;
}

/** The assistant's calls to external services: identity checks on entry, and the intents backed by a service. */
function integrations(plan: ConversationPlan, ctx: PlanContext, rng: Rng): void {
  const { catalogue: cat } = ctx;
  const calls: { at: number; service: string }[] = [];
  if (rng.chance(0.35)) calls.push({ at: plan.startMs + rng.int(300, 1500), service: 'validar_identidad' });
  plan.turns.forEach((code, i) => {
    const service = cat.nodes[code]?.service;
    if (service) calls.push({ at: plan.turnMs[i] ?? plan.startMs, service });
  });
  // One bad morning: the orders service is down for six hours on one day of the range.
  const outageDay = hash32(cat.org, 77) % 60;
  for (const call of calls) {
    const profile = SERVICES[call.service] ?? { failure: 0.05, ms: 400 };
    const day = Math.floor((ctx.nowMs - call.at) / 86_400_000);
    const local = ctx.availability.localAt(call.at);
    const outage = call.service === 'consulta_pedidos' && day === outageDay && local.minutes >= 9 * 60 && local.minutes < 15 * 60;
    const failed = rng.chance(outage ? 0.75 : profile.failure);
    const timeout = failed && rng.chance(0.45);
    plan.integrations.push({
      calledMs: call.at,
      service: call.service,
      failed,
      durationMs: timeout ? 10_000 + rng.int(0, 250) : failed ? rng.int(200, 1500) : Math.round(profile.ms * (0.5 + 1.5 * rng.next() ** 2)),
      detail: timeout ? 'Tiempo de espera agotado (10 s)' : failed ? rng.pick(HTTP_FAILURES) : ''
    });
  }
}

/** Notifications the conversation raised: unattended chats and low ratings to a supervisor, the chat summary to the customer. */
function notifications(plan: ConversationPlan, ctx: PlanContext, rng: Rng): void {
  const { catalogue: cat } = ctx;
  const types = cat.notificationTypes;
  const send = (sentMs: number, eventType: string, kind: 'email' | 'sms' | 'whatsapp', recipient: string, role: NotificationPlan['role']) => {
    const typeId = types[kind];
    if (typeId === null) return;
    const failure = DELIVERY_FAILURES[kind];
    const failed = rng.chance(failure.rate);
    plan.notifications.push({ sentMs, eventType, typeId, recipient, role, failed, detail: failed ? rng.pick(failure.details) : '' });
  };
  const supervisor = cat.supervisors.length ? cat.supervisors[plan.n % cat.supervisors.length] : undefined;
  const phone = plan.customer.phone ? `+57 ${plan.customer.phone}` : null;
  const events = cat.notAttended;
  if (plan.notAttendedId !== null && plan.notAttendedId !== events.abandon) {
    if (supervisor) send(plan.endedMs + 2000, 'CHAT_NO_ATENDIDO', 'email', supervisor, 'SUPERVISOR');
    if (phone && rng.chance(0.4)) send(plan.endedMs + 3000, 'CHAT_NO_ATENDIDO', 'sms', phone, 'CLIENTE');
  }
  if (plan.acronym === 'FCCA' && rng.chance(0.35)) {
    const whatsapp = cat.channelLabels.get(plan.channelId)?.toLowerCase() === 'whatsapp';
    if (whatsapp && phone) send(plan.endedMs + 4000, 'RESUMEN_CONVERSACION', 'whatsapp', phone, 'CLIENTE');
    else if (plan.customer.email) send(plan.endedMs + 4000, 'RESUMEN_CONVERSACION', 'email', plan.customer.email, 'CLIENTE');
  }
  if (plan.satisfaction !== null && plan.satisfaction <= 2 && plan.surveyMs !== null && supervisor) {
    send(plan.surveyMs + 2000, 'CALIFICACION_BAJA', 'email', supervisor, 'SUPERVISOR');
  }
}
