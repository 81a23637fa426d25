import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { rowsOf } from '../../db/statements';
import type { Db } from '../../db/types';
import type { ActivityCatalogue } from './catalogue';
import { AGENT_FAREWELLS, AGENT_REPLIES, AGENT_TRANSFER, agentGreeting, CUSTOMER_OPENINGS, CUSTOMER_REPLIES, CUSTOMER_THANKS, NOT_UNDERSTOOD } from './phrases';
import type { ConversationPlan } from './plan';
import type { Stretch } from './shifts';

type Scalar = string | number | boolean | null;

/** A PostgreSQL array literal ('{…}') of the values, for a parameter cast to an array type. */
export function pgArray(values: readonly Scalar[]): string {
  const items = values.map((v) => {
    if (v === null) return 'NULL';
    if (typeof v === 'number') {
      if (!Number.isFinite(v)) throw new Error(`pgArray: ${v} is not a finite number`);
      return String(v);
    }
    if (typeof v === 'boolean') return v ? 't' : 'f';
    return `"${v.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
  });
  return `{${items.join(',')}}`;
}

const int = (values: readonly (number | null)[]) => sql`${pgArray(values)}::int[]`;
const big = (values: readonly (number | null)[]) => sql`${pgArray(values)}::bigint[]`;
const txt = (values: readonly (string | null)[]) => sql`${pgArray(values)}::text[]`;
const bool = (values: readonly boolean[]) => sql`${pgArray(values)}::boolean[]`;
/** Epoch milliseconds → timestamptz, exactly. */
const ts = (column: SQL) => sql`(timestamptz 'epoch' + ${column} * interval '1 millisecond')`;

/**
 * The generated conversation's id: a UUID of version 8 (RFC 9562 "custom"), so it never collides
 * with the engine's random (version 4) ids and generated conversations can be told apart. Like a
 * version 7 UUID it starts with an ordered field — the conversation number — so index inserts
 * append instead of scattering; the rest is a hash of the organisation and the number.
 */
export function generatedIdSql(org: number, n: SQL): SQL {
  return sql`(select lpad(to_hex(${n}), 8, '0') || '-' || substr(h, 9, 4) || '-8' || substr(h, 14, 3) || '-' || substr('89ab', 1 + ascii(substr(h, 17, 1)) % 4, 1) || substr(h, 18, 3) || '-' || substr(h, 21, 12)
    from (select md5('atiende-demo:' || ${sql.raw(String(org))} || ':' || ${n}) as h) as hashed)`;
}

/** A version-8 UUID (LIKE pattern): how generated conversation ids look. */
export const GENERATED_ID_PATTERN = '________-____-8___-____-____________';

/** The generated conversations of the organisation (version-8 ids). */
export function generatedConversationsSql(org: number): SQL {
  return sql`select id_conv from conversations where organization_id = ${org} and id_conv like ${GENERATED_ID_PATTERN}`;
}

const Counts = z.object({
  conversations: z.coerce.number(),
  customers: z.coerce.number(),
  messages: z.coerce.number(),
  interactions: z.coerce.number(),
  assignments: z.coerce.number(),
  business: z.coerce.number(),
  finals: z.coerce.number(),
  notifications: z.coerce.number(),
  integrations: z.coerce.number()
});
export type BatchCounts = z.infer<typeof Counts>;

/** The catalogue texts the statement expands messages and interactions from (one JSON parameter). */
export function catalogueJson(catalogue: ActivityCatalogue): string {
  return JSON.stringify({
    nodes: catalogue.nodes.map((n) => ({
      i: n.index,
      id: n.id,
      intent: n.intent,
      escalates: n.escalates,
      text: n.text,
      items: n.itemsJson,
      tipo: n.tipoMensaje,
      answer: n.responseAnswer,
      examples: n.examples
    })),
    fallback: { text: catalogue.fallback.text, items: catalogue.fallback.itemsJson, tipo: catalogue.fallback.tipoMensaje, answer: catalogue.fallback.responseAnswer },
    fallbackEscalate: {
      text: catalogue.fallbackEscalate.text,
      items: catalogue.fallbackEscalate.itemsJson,
      tipo: catalogue.fallbackEscalate.tipoMensaje,
      answer: catalogue.fallbackEscalate.responseAnswer
    },
    greetings: catalogue.vas.items.map((v) => ({ va: v.idVa, text: v.greeting.text, items: v.greeting.itemsJson, tipo: v.greeting.tipoMensaje })),
    agents: catalogue.agents.map((a) => ({ id: a.idUser, greeting: agentGreeting(a.firstName) }))
  });
}

/**
 * Writes one batch of planned conversations in ONE statement: the conversation rows, their new
 * customers, every message (greeting, turns, the agents' exchange, the end command), the
 * assistant's interactions, assignments, reasons, notifications and integration calls, all
 * expanded in SQL from column arrays (ids follow conversation and message order).
 */
export async function writeBatch(
  db: Db,
  catalogue: ActivityCatalogue,
  catalogueText: string,
  customerBase: number,
  plans: readonly ConversationPlan[]
): Promise<BatchCounts> {
  return Counts.parse(rowsOf(await db.execute(batchStatement(catalogue, catalogueText, customerBase, plans)))[0]);
}

/** The statement writeBatch runs. */
export function batchStatement(catalogue: ActivityCatalogue, catalogueText: string, customerBase: number, plans: readonly ConversationPlan[]): SQL {
  const org = catalogue.org;
  const col = <T extends Scalar>(fn: (p: ConversationPlan) => T) => plans.map(fn);
  const turn = (k: number) => col((p) => p.turns[k] ?? null);
  const turnAt = (k: number) => col((p) => p.turnMs[k] ?? null);
  const session = (k: number) => ({
    agent: int(col((p) => p.sessions[k]?.agentId ?? null)),
    reply: big(col((p) => p.sessions[k]?.firstReplyMs ?? null)),
    count: int(col((p) => p.sessions[k]?.messages ?? null)),
    step: int(col((p) => p.sessions[k]?.stepMs ?? null)),
    flags: int(col((p) => (p.sessions[k] ? (p.sessions[k].transferOut ? 1 : 0) + (p.sessions[k].farewell ? 2 : 0) : null)))
  });
  const s1 = session(0);
  const s2 = session(1);

  const fresh = plans.filter((p) => p.newCustomer);
  const rows = <R>(pick: (p: ConversationPlan) => readonly R[]) => plans.flatMap((p, i) => pick(p).map((row) => ({ i: i + 1, row })));
  const assignments = rows((p) => p.assignments);
  const business = rows((p) => p.business);
  const finals = rows((p) => (p.final ? [p.final] : []));
  const notifications = rows((p) => p.notifications);
  const integrations = rows((p) => p.integrations);

  return sql`
    with
    cat as materialized (select ${catalogueText}::jsonb as j),
    nodes as materialized (
      select (e ->> 'i')::int as code, (e ->> 'id')::int as node_id, e ->> 'intent' as intent, (e ->> 'escalates')::boolean as escalates,
        e ->> 'text' as text, e ->> 'items' as items, e ->> 'tipo' as tipo, e ->> 'answer' as answer,
        array(select jsonb_array_elements_text(e -> 'examples')) as examples
      from cat, jsonb_array_elements(cat.j -> 'nodes') as e
      union all
      select -1, null, null, false, j -> 'fallback' ->> 'text', j -> 'fallback' ->> 'items', j -> 'fallback' ->> 'tipo', j -> 'fallback' ->> 'answer', null from cat
      union all
      select -2, null, null, true, j -> 'fallbackEscalate' ->> 'text', j -> 'fallbackEscalate' ->> 'items', j -> 'fallbackEscalate' ->> 'tipo', j -> 'fallbackEscalate' ->> 'answer', null from cat
    ),
    greetings as materialized (
      select (e ->> 'va')::int as va, e ->> 'text' as text, e ->> 'items' as items, e ->> 'tipo' as tipo from cat, jsonb_array_elements(cat.j -> 'greetings') as e
    ),
    agent_texts as materialized (
      select (e ->> 'id')::int as agent, e ->> 'greeting' as greeting from cat, jsonb_array_elements(cat.j -> 'agents') as e
    ),
    conv as materialized (
      select u.*, ${generatedIdSql(org, sql`u.n`)} as id
      from unnest(
        ${int(col((p) => p.n))}, ${int(col((p) => p.customer.index))}, ${int(col((p) => p.idVa))}, ${int(col((p) => p.channelId))}, ${int(col((p) => p.cityId))},
        ${int(col((p) => p.splitId))}, ${int(col((p) => p.agentId))}, ${big(col((p) => p.startMs))}, ${big(col((p) => p.escalatedMs))}, ${big(col((p) => p.queuedMs))},
        ${big(col((p) => p.assignedMs))}, ${big(col((p) => p.acceptedMs))}, ${big(col((p) => p.firstReplyMs))}, ${big(col((p) => p.lastCustomerMs))},
        ${big(col((p) => p.lastAgentMs))}, ${big(col((p) => p.awaitingMs))}, ${big(col((p) => p.endedMs))}, ${txt(col((p) => p.endedBy))}, ${txt(col((p) => p.acronym))},
        ${int(col((p) => p.transferReasonId))}, ${int(col((p) => p.notAttendedId))}, ${int(col((p) => p.transferCount))}, ${int(col((p) => p.botFailures))},
        ${int(col((p) => p.lastSeq))}, ${int(col((p) => p.satisfaction))}, ${int(col((p) => p.nps))}, ${big(col((p) => p.surveyMs))}, ${txt(col((p) => p.customerData))},
        ${int(turn(0))}, ${int(turn(1))}, ${int(turn(2))}, ${int(turn(3))}, ${big(turnAt(0))}, ${big(turnAt(1))}, ${big(turnAt(2))}, ${big(turnAt(3))},
        ${s1.agent}, ${s1.reply}, ${s1.count}, ${s1.step}, ${s1.flags}, ${s2.agent}, ${s2.reply}, ${s2.count}, ${s2.step}, ${s2.flags}
      ) with ordinality as u(
        n, customer, va, channel, city, split, agent, started, escalated, queued, assigned, accepted, first_reply, last_customer, last_agent, awaiting, ended,
        ended_by, acronym, transfer_reason, not_attended, transfer_count, bot_failures, last_seq, satisfaction, nps, survey, customer_data,
        c1, c2, c3, c4, t1, t2, t3, t4, a1, r1, m1, p1, f1, a2, r2, m2, p2, f2, i
      )
    ),
    turns as materialized (
      select c.i, c.id, c.n, c.va, t.turn, t.code, t.ms,
        case when t.code >= 0 then nd.examples[1 + (c.n * 31 + t.turn * 17) % cardinality(nd.examples)]
          else (${txt(NOT_UNDERSTOOD)})[1 + (c.n * 7 + t.turn * 3) % ${NOT_UNDERSTOOD.length}] end as request,
        nd.node_id, nd.intent, nd.escalates, nd.text, nd.items, nd.tipo, nd.answer
      from conv c
      cross join lateral (values (1, c.c1, c.t1), (2, c.c2, c.t2), (3, c.c3, c.t3), (4, c.c4, c.t4)) as t(turn, code, ms)
      join nodes nd on nd.code = t.code
      where t.code is not null
    ),
    sessions as materialized (
      select c.i, c.id, c.n, s.k, s.agent, s.reply, s.messages, s.step, s.flags,
        2 * (case when c.c4 is not null then 4 when c.c3 is not null then 3 when c.c2 is not null then 2 else 1 end) + 1 + case when s.k = 2 then c.m1 else 0 end as before
      from conv c
      cross join lateral (values (1, c.a1, c.r1, c.m1, c.p1, c.f1), (2, c.a2, c.r2, c.m2, c.p2, c.f2)) as s(k, agent, reply, messages, step, flags)
      where s.agent is not null
    ),
    new_customers as (
      insert into customers (id, organization_id, document_type, identification, name, email, phone, created_at)
      select ${customerBase}::int + u.id, ${org}, u.document_type, u.identification, u.name, u.email, u.phone, ${ts(sql`u.created`)}
      from unnest(
        ${int(fresh.map((p) => p.customer.index))}, ${txt(fresh.map((p) => p.customer.documentType))}, ${txt(fresh.map((p) => p.customer.identification))},
        ${txt(fresh.map((p) => p.customer.name))}, ${txt(fresh.map((p) => p.customer.email))}, ${txt(fresh.map((p) => p.customer.phone))}, ${big(fresh.map((p) => p.startMs))}
      ) as u(id, document_type, identification, name, email, phone, created)
      returning 1
    ),
    new_conversations as (
      insert into conversations (
        id_conv, organization_id, id_va, channel_id, customer_id, customer_data, city_id, status, split_id, agent_id, started_at, escalated_at, queued_at,
        assigned_at, accepted_at, agent_first_reply_at, last_customer_activity_at, last_agent_activity_at, awaiting_agent_since, ended_at, ended_by, end_acronym,
        automatic_transfer_reason_id, not_attended_event_id, transfer_count, bot_failures, last_seq, satisfaction, nps, survey_at, widget_token_hash
      )
      select id, ${org}, va, channel, ${customerBase}::int + customer, customer_data::jsonb, city, 'FINALIZADA', split, agent, ${ts(sql`started`)}, ${ts(sql`escalated`)}, ${ts(sql`queued`)},
        ${ts(sql`assigned`)}, ${ts(sql`accepted`)}, ${ts(sql`first_reply`)}, ${ts(sql`last_customer`)}, ${ts(sql`last_agent`)}, ${ts(sql`awaiting`)}, ${ts(sql`ended`)},
        ended_by, acronym, transfer_reason, not_attended, transfer_count, bot_failures, last_seq, satisfaction, nps, ${ts(sql`survey`)},
        -- No widget token exists for a generated conversation: nothing hashes to this value.
        md5('token-a:' || id) || md5('token-b:' || id)
      from conv order by i
      returning 1
    ),
    new_interactions as (
      insert into bot_interactions (conversation_id, organization_id, id_va, interaction_time, request_data, response_answer, intent, response_node_id, answered, escalated)
      select id, ${org}, va, ${ts(sql`ms`)}, '{"text":' || to_json(request)::text || ',"context":{}}', answer, intent, node_id, code >= 0, code = -2 or escalates
      from turns order by i, turn
      returning 1
    ),
    new_messages as (
      insert into messages (conversation_id, seq, client_id, tipo_mensaje, tipo_usuario, mensaje, items, agent_id, fecha_mensaje)
      select id, seq, client_id, tipo, usuario, mensaje, items::jsonb, agent, ${ts(sql`at`)}
      from (
        select c.i, c.id, 1 as seq, null::text as client_id, g.tipo, 'BOT' as usuario, g.text as mensaje, g.items, null::int as agent, c.started as at
        from conv c join greetings g on g.va = c.va
        union all
        select t.i, t.id, 2 * t.turn, left(t.id, 8) || '-' || (2 * t.turn), 'TEXTO', 'CLIENTE', t.request, null, null, t.ms from turns t
        union all
        select t.i, t.id, 2 * t.turn + 1, null, t.tipo, 'BOT', t.text, t.items, null, t.ms from turns t
        union all
        select s.i, s.id, s.before + j + 1, left(s.id, 8) || '-' || (s.before + j + 1), 'TEXTO', case when j % 2 = 0 then 'ASESOR' else 'CLIENTE' end,
          case
            when j = 0 then coalesce(a.greeting, (${txt(AGENT_REPLIES)})[1])
            when j % 2 = 0 and j = s.messages - 1 and s.flags & 1 = 1 then ${AGENT_TRANSFER}
            when j % 2 = 0 and j = s.messages - 1 and s.flags & 2 = 2 then (${txt(AGENT_FAREWELLS)})[1 + (s.n + j) % ${AGENT_FAREWELLS.length}]
            when j % 2 = 0 then (${txt([...AGENT_REPLIES, ...catalogue.templates])})[1 + (s.n * 7 + j * 13) % ${AGENT_REPLIES.length + catalogue.templates.length}]
            when j = 1 then (${txt(CUSTOMER_OPENINGS)})[1 + s.n % ${CUSTOMER_OPENINGS.length}]
            when s.flags & 2 = 2 and j = s.messages - 2 then (${txt(CUSTOMER_THANKS)})[1 + (s.n + j) % ${CUSTOMER_THANKS.length}]
            else (${txt(CUSTOMER_REPLIES)})[1 + (s.n * 11 + j * 5) % ${CUSTOMER_REPLIES.length}]
          end,
          null, case when j % 2 = 0 then s.agent end, s.reply + j * s.step::bigint
        from sessions s
        cross join lateral generate_series(0, s.messages - 1) as j
        left join agent_texts a on a.agent = s.agent
        union all
        select c.i, c.id, c.last_seq, null, 'COMMAND', 'SISTEMA', c.acronym, null, null, c.ended from conv c
      ) as m
      order by i, seq
      returning 1
    ),
    new_assignments as (
      insert into conversation_assignments (conversation_id, agent_id, split_id, assigned_at, accepted_at, released_at, release_reason)
      select c.id, u.agent, u.split, ${ts(sql`u.assigned`)}, ${ts(sql`u.accepted`)}, ${ts(sql`u.released`)}, u.reason
      from unnest(
        ${int(assignments.map((a) => a.i))}, ${int(assignments.map((a) => a.row.agentId))}, ${int(assignments.map((a) => a.row.splitId))},
        ${big(assignments.map((a) => a.row.assignedMs))}, ${big(assignments.map((a) => a.row.acceptedMs))}, ${big(assignments.map((a) => a.row.releasedMs))},
        ${txt(assignments.map((a) => a.row.reason))}
      ) with ordinality as u(i, agent, split, assigned, accepted, released, reason, o)
      join conv c on c.i = u.i
      order by u.o
      returning 1
    ),
    new_business as (
      insert into conversation_business_reasons (conversation_id, reason_id, agent_id, split_id, transfer, created_at)
      select c.id, u.reason, u.agent, u.split, u.transfer, ${ts(sql`u.created`)}
      from unnest(
        ${int(business.map((b) => b.i))}, ${int(business.map((b) => b.row.reasonId))}, ${int(business.map((b) => b.row.agentId))},
        ${int(business.map((b) => b.row.splitId))}, ${bool(business.map((b) => b.row.transfer))}, ${big(business.map((b) => b.row.createdMs))}
      ) with ordinality as u(i, reason, agent, split, transfer, created, o)
      join conv c on c.i = u.i
      order by u.o
      returning 1
    ),
    new_finals as (
      insert into conversation_final_reasons (conversation_id, reason_id, agent_id, created_at)
      select c.id, u.reason, u.agent, ${ts(sql`u.created`)}
      from unnest(${int(finals.map((f) => f.i))}, ${int(finals.map((f) => f.row.reasonId))}, ${int(finals.map((f) => f.row.agentId))}, ${big(finals.map((f) => f.row.createdMs))})
        with ordinality as u(i, reason, agent, created, o)
      join conv c on c.i = u.i
      order by u.o
      returning 1
    ),
    new_notifications as (
      insert into notifications_log (organization_id, sent_at, event_type, type_notification_id, recipient, recipient_role, status, detail, conversation_id)
      select ${org}, ${ts(sql`u.sent`)}, u.event, u.type, u.recipient, u.role, u.status, u.detail, c.id
      from unnest(
        ${int(notifications.map((x) => x.i))}, ${big(notifications.map((x) => x.row.sentMs))}, ${txt(notifications.map((x) => x.row.eventType))},
        ${int(notifications.map((x) => x.row.typeId))}, ${txt(notifications.map((x) => x.row.recipient))}, ${txt(notifications.map((x) => x.row.role))},
        ${txt(notifications.map((x) => (x.row.failed ? 'FALLIDA' : 'ENVIADA')))}, ${txt(notifications.map((x) => x.row.detail))}
      ) with ordinality as u(i, sent, event, type, recipient, role, status, detail, o)
      join conv c on c.i = u.i
      order by u.o
      returning 1
    ),
    new_integrations as (
      insert into integration_calls (organization_id, id_va, conversation_id, called_at, service, status, duration_ms, detail)
      select ${org}, c.va, c.id, ${ts(sql`u.called`)}, u.service, u.status, u.duration, u.detail
      from unnest(
        ${int(integrations.map((x) => x.i))}, ${big(integrations.map((x) => x.row.calledMs))}, ${txt(integrations.map((x) => x.row.service))},
        ${txt(integrations.map((x) => (x.row.failed ? 'failed' : 'success')))}, ${int(integrations.map((x) => x.row.durationMs))}, ${txt(integrations.map((x) => x.row.detail))}
      ) with ordinality as u(i, called, service, status, duration, detail, o)
      join conv c on c.i = u.i
      order by u.o
      returning 1
    )
    select
      (select count(*) from new_conversations) as conversations,
      (select count(*) from new_customers) as customers,
      (select count(*) from new_messages) as messages,
      (select count(*) from new_interactions) as interactions,
      (select count(*) from new_assignments) as assignments,
      (select count(*) from new_business) as business,
      (select count(*) from new_finals) as finals,
      (select count(*) from new_notifications) as notifications,
      (select count(*) from new_integrations) as integrations
  `;
}

/** Writes the agents' connection history; returns the new rows' ids. */
export async function writeStretches(db: Db, org: number, stretches: readonly Stretch[]): Promise<number[]> {
  const ids: number[] = [];
  const CHUNK = 20_000;
  for (let from = 0; from < stretches.length; from += CHUNK) {
    const part = stretches.slice(from, from + CHUNK);
    const result = await db.execute(sql`
      insert into agent_status_changes (user_id, organization_id, status, pause_event_id, started_at, ended_at)
      select u.user_id, ${org}, u.status, u.pause, ${ts(sql`u.started`)}, ${ts(sql`u.ended`)}
      from unnest(${int(part.map((s) => s.userId))}, ${txt(part.map((s) => s.status))}, ${int(part.map((s) => s.pauseEventId))}, ${big(part.map((s) => s.startMs))}, ${big(part.map((s) => s.endMs))})
        with ordinality as u(user_id, status, pause, started, ended, o)
      order by u.o
      returning id
    `);
    ids.push(...rowsOf(result).map((row) => z.object({ id: z.coerce.number() }).parse(row).id));
  }
  return ids;
}

export interface AccountNotification {
  sentMs: number;
  eventType: string;
  typeId: number;
  recipient: string;
  role: 'ASESOR' | 'SUPERVISOR' | 'ADMINISTRADOR';
  failed: boolean;
  detail: string;
}

/** Writes notifications not tied to a conversation; returns their ids. */
export async function writeAccountNotifications(db: Db, org: number, rows: readonly AccountNotification[]): Promise<number[]> {
  if (rows.length === 0) return [];
  const result = await db.execute(sql`
    insert into notifications_log (organization_id, sent_at, event_type, type_notification_id, recipient, recipient_role, status, detail)
    select ${org}, ${ts(sql`u.sent`)}, u.event, u.type, u.recipient, u.role, u.status, u.detail
    from unnest(
      ${big(rows.map((r) => r.sentMs))}, ${txt(rows.map((r) => r.eventType))}, ${int(rows.map((r) => r.typeId))}, ${txt(rows.map((r) => r.recipient))},
      ${txt(rows.map((r) => r.role))}, ${txt(rows.map((r) => (r.failed ? 'FALLIDA' : 'ENVIADA')))}, ${txt(rows.map((r) => r.detail))}
    ) with ordinality as u(sent, event, type, recipient, role, status, detail, o)
    order by u.o
    returning id
  `);
  return rowsOf(result).map((row) => z.object({ id: z.coerce.number() }).parse(row).id);
}
