import { sql, type SQL } from 'drizzle-orm';
import { ATTENDED, ESCALATED, NOT_ATTENDED, intentName } from './common';
import { botScope, conversationScope, inIds, meanSeconds, millis, percent, ZONE, type DayRange, type Filter } from './scope';
import {
  botTurnTotalsSql,
  channelCountsHourTotalsSql,
  channelCountsTotalsSql,
  conversationTotalsSql,
  customerEntryCountsTotalsSql,
  customerTotalsSql,
  finalReasonsTotalsSql,
  intentCountsTotalsSql,
  hourTotalsAnswer,
  ratingCountsTotalsSql,
  reasonsAndTypingTotalsSql,
  totalsAnswer
} from './totals';
import { channelMeasureSql } from './channels';
import { bucketLabel, bucketOf, type Resolution } from './series';

/**
 * The shared statements. An analytics page asks for several figures over the same filter at once;
 * the figures computed from the same rows are columns of one statement here, built identically for
 * every catalogue entry that reads them, so the executor (run.ts) runs one statement for all the
 * concurrent calls that need it. Each column is one indicator's definition.
 */
interface Input {
  idOrg: number;
  range: DayRange;
  query: Filter;
}

/**
 * One row over the conversations (alias c) the filter selects:
 * - conversations: all of them;
 * - escalated: handed to a human (common.ts); attended / not_attended: of those, an agent accepted
 *   it / it finished without one; attended_pct, not_attended_pct: their share of the escalated (AttendedChats,
 *   NotAttendedChats);
 * - abandonment (NivelAbandono): of the escalated, % the customer left before an agent accepted
 *   them (ended by the customer, never accepted);
 * - en_cola / activos / finalizados / no_atendidos ('Estado de chats'): the escalated by state —
 *   waiting in a queue / held by an agent (offered or in conversation) / finished and attended /
 *   finished and not attended;
 * - tm_asignacion (TMAsignacion): mean seconds from the latest entry to a queue (queued_at) to the
 *   agent's acceptance, over the attended;
 * - tm_atencion_ah (TMAtencionAH): mean seconds from acceptance to the end, over attended chats that finished;
 * - tm_atencion_av (TMAtencionAV): mean seconds the assistant held a conversation — start to its
 *   escalation or, never escalated, to its end — over those whose assistant part is over;
 *   bot_seconds: those seconds summed (AverageInteraction's numerator);
 * - tmo (TMO): mean seconds start → end of the finished conversations;
 * - ns (NS, satisfaction): of the conversations rated 1–5, % rated 4 or 5;
 * - nps (NPS): of the conversations scored 0–10, % promoters (9–10) − % detractors (0–6).
 * Durations are measured in whole milliseconds (scope.ts, millis). Percentages and means are rounded
 * to 2 decimals and null without a denominator. Read from the daily totals (totals.ts) when the
 * filter allows, from the rows otherwise (conversationRowsSql): the same definitions both ways.
 */
export function conversationSummarySql(input: Input): SQL {
  return totalsAnswer.conversations(input.query) ? conversationTotalsSql(input) : conversationRowsSql(input);
}

/** conversationSummarySql over the raw rows (any filter). */
export function conversationRowsSql({ idOrg, range, query }: Input): SQL {
  const escalated = (condition: SQL) => sql`count(*) filter (where ${ESCALATED} and ${condition})`;
  const assistantEnd = sql`coalesce(c.escalated_at, c.ended_at)`;
  return sql`
    select count(*)::int as conversations,
      count(*) filter (where ${ESCALATED})::int as escalated,
      ${escalated(ATTENDED)}::int as attended,
      ${escalated(NOT_ATTENDED)}::int as not_attended,
      ${percent(escalated(ATTENDED), sql`count(*) filter (where ${ESCALATED})`)} as attended_pct,
      ${percent(escalated(NOT_ATTENDED), sql`count(*) filter (where ${ESCALATED})`)} as not_attended_pct,
      ${percent(escalated(sql`c.ended_by = 'CLIENTE' and c.accepted_at is null`), sql`count(*) filter (where ${ESCALATED})`)} as abandonment,
      ${escalated(sql`c.status = 'EN_COLA'`)}::int as en_cola,
      ${escalated(sql`c.status in ('ASIGNADA', 'ACTIVA')`)}::int as activos,
      ${escalated(sql`c.status = 'FINALIZADA' and ${ATTENDED}`)}::int as finalizados,
      ${meanSeconds(sql`c.accepted_at`, sql`c.queued_at`, sql`${ESCALATED} and ${ATTENDED}`)} as tm_asignacion,
      ${meanSeconds(sql`c.ended_at`, sql`c.accepted_at`, ATTENDED)} as tm_atencion_ah,
      ${meanSeconds(assistantEnd, sql`c.started_at`)} as tm_atencion_av,
      sum(${millis(assistantEnd, sql`c.started_at`)}) / 1000 as bot_seconds,
      ${meanSeconds(sql`c.ended_at`, sql`c.started_at`)} as tmo,
      ${percent(sql`count(*) filter (where c.satisfaction >= 4)`, sql`count(c.satisfaction)`)} as ns,
      ${percent(sql`count(*) filter (where c.nps >= 9) - count(*) filter (where c.nps <= 6)`, sql`count(c.nps)`)} as nps
    from conversations c where ${conversationScope(idOrg, range, query)}`;
}

/**
 * One row over the customers of the conversations the filter selects:
 * - fcr (FCR): a contact is one customer on one Bogotá day (a conversation without an identified
 *   customer is a contact of its own); it was resolved at first contact when the customer had
 *   exactly one conversation that day and the assistant closed it without handing it to a human.
 *   FCR = resolved contacts ÷ contacts · 100;
 * - max_entries: the most conversations one identified customer started in the range (0 without any);
 * - ru (RU, recurring users): of the identified customers who entered in the range, % who entered
 *   more than once in it.
 */
export function customerSummarySql(input: Input): SQL {
  return totalsAnswer.customers(input.query) ? customerTotalsSql(input) : customerRowsSql(input);
}

/** customerSummarySql over the raw rows (any filter). */
export function customerRowsSql({ idOrg, range, query }: Input): SQL {
  return sql`
    with per_day as (
      select c.customer_id, (c.started_at at time zone ${ZONE})::date as day, count(*) as n, count(c.escalated_at) as esc
      from conversations c where ${conversationScope(idOrg, range, query)}
      group by 1, 2),
    per_customer as (select customer_id, sum(n) as n from per_day where customer_id is not null group by customer_id)
    select ${percent(
      sql`sum(case when d.customer_id is null then d.n - d.esc when d.n = 1 and d.esc = 0 then 1 else 0 end)`,
      sql`coalesce(sum(case when d.customer_id is null then d.n else 1 end), 0)`
    )} as fcr,
      (select coalesce(max(n), 0)::int from per_customer) as max_entries,
      (select ${percent(sql`count(*) filter (where n > 1)`, sql`count(*)`)} from per_customer) as ru
    from per_day d`;
}

/**
 * The assistant's customer turns (alias b) the filter selects (the intents filter aside: these
 * feed the shares and the intents list), counted per response node and whether it answered (kind
 * 'turns'; node null: not understood); and every response node of the organisation's assistants
 * with its name (kind 'node', idVa narrows), so intents never matched are listed too.
 */
export function botTotalsSql(input: Input, { qualified = false }: { qualified?: boolean } = {}): SQL {
  const { idOrg, query } = input;
  const turns = totalsAnswer.bot(query) ? botTurnTotalsSql(input) : botTurnRowsSql(input);
  // Qualified (a list a person picks from): a name two assistants share carries the assistant's name.
  const name = qualified
    ? sql`rn.node_name || case when count(*) over (partition by rn.node_name) > 1 then ' · ' || va.name else '' end`
    : sql`rn.node_name`;
  return sql`
    ${turns}
    union all
    select 'node', rn.id, ${name}, null, 0
    from response_nodes rn join workspaces w on w.id = rn.workspace_id join virtual_agents va on va.id_va = w.id_va
    where w.organization_id = ${idOrg} ${query.idVa !== undefined ? sql`and w.id_va = ${query.idVa}` : sql``}`;
}

/** botTotalsSql's 'turns' rows over the raw rows (any filter). */
export function botTurnRowsSql({ idOrg, range, query }: Input): SQL {
  return sql`
    select 'turns' as kind, b.response_node_id as node, null as intent, b.answered, count(*)::int as n
    from bot_interactions b where ${botScope(idOrg, range, query, { omit: ['intents'] })}
    group by b.response_node_id, b.answered`;
}

/**
 * The recognised intents of the assistant's turns the filter selects (intents narrows by response
 * node), by intent (whichever assistant) and time bucket: label, intent (its name, intentName), n.
 * Read from the daily totals (totals.ts) when the filter allows and the buckets are whole days.
 */
export function intentSeriesSql(input: Input & { query: { resolution: Resolution } }): SQL {
  return totalsAnswer.intentSeries(input.query) ? intentSeriesTotalsSql(input) : intentSeriesRowsSql(input);
}

function intentSeriesOf(idOrg: number, resolution: Resolution, counted: SQL): SQL {
  return sql`
    select ${bucketLabel(sql`g.bucket`, resolution)} as label, ${intentName(idOrg, sql`g.intent`)} as intent, g.n::int as n
    from (${counted}) g`;
}

/** intentSeriesSql over the raw rows (any filter). */
export function intentSeriesRowsSql({ idOrg, range, query }: Input & { query: { resolution: Resolution } }): SQL {
  return intentSeriesOf(
    idOrg,
    query.resolution,
    sql`select ${bucketOf(sql`b.interaction_time`, query.resolution)} as bucket, b.intent, count(*) as n
        from bot_interactions b where ${botScope(idOrg, range, query)} and b.intent is not null
        group by 1, 2`
  );
}

/** intentSeriesSql from bot_day_totals. */
export function intentSeriesTotalsSql(input: Input & { query: { resolution: Resolution } }): SQL {
  return intentSeriesOf(input.idOrg, input.query.resolution, intentCountsTotalsSql(input));
}

/**
 * Per time bucket and channel: the conversations the filter selects (n), and of the escalated ones
 * the attended (att) and the not attended (natt). Every channel type answers a row even without
 * data (label null) so each gets its dataset; channels narrows the datasets too. Read from the
 * daily totals (totals.ts) when the filter allows and the buckets are whole days, else from the
 * hourly totals when the filter allows (hours, or a window of whole hours), else from the rows.
 */
export function channelSeriesSql(input: Input & { query: { resolution: Resolution } }): SQL {
  if (totalsAnswer.conversationSeries(input.query)) return channelSeriesTotalsSql(input);
  return hourTotalsAnswer.conversationSeries(input.query) ? channelSeriesHourTotalsSql(input) : channelSeriesRowsSql(input);
}

function channelSeriesOf(query: Filter & { resolution: Resolution }, counted: SQL): SQL {
  return sql`
    with counted as (${counted})
    select ch.label as grp, ${bucketLabel(sql`counted.bucket`, query.resolution)} as label,
      coalesce(counted.n, 0)::int as n, coalesce(counted.att, 0)::int as att, coalesce(counted.natt, 0)::int as natt
    from channel_types ch left join counted on counted.channel_id = ch.id_channel
    ${query.channels?.length ? sql`where ${inIds(sql`ch.id_channel`, query.channels)}` : sql``}
    order by ch.id_channel`;
}

/** channelSeriesSql over the raw rows (any filter). */
export function channelSeriesRowsSql({ idOrg, range, query }: Input & { query: { resolution: Resolution } }): SQL {
  return channelSeriesOf(
    query,
    sql`select ${bucketOf(sql`c.started_at`, query.resolution)} as bucket, c.channel_id, count(*) as n,
        count(*) filter (where ${ESCALATED} and ${ATTENDED}) as att, count(*) filter (where ${ESCALATED} and ${NOT_ATTENDED}) as natt
      from conversations c where ${conversationScope(idOrg, range, query)}
      group by 1, 2`
  );
}

/** channelSeriesSql from conversation_day_totals. */
export function channelSeriesTotalsSql(input: Input & { query: { resolution: Resolution } }): SQL {
  return channelSeriesOf(input.query, channelCountsTotalsSql(input));
}

/** channelSeriesSql from conversation_hour_totals. */
export function channelSeriesHourTotalsSql(input: Input & { query: { resolution: Resolution } }): SQL {
  return channelSeriesOf(input.query, channelCountsHourTotalsSql(input));
}

/**
 * Customer entries per time bucket and channel (value): the distinct identified customers who
 * started a conversation in the bucket by that channel, plus each conversation without an
 * identified customer. From the daily totals (totals.ts) when the filter allows and the buckets are days.
 */
export function customerEntriesSql(input: Input & { query: { resolution: Resolution } }): SQL {
  return totalsAnswer.customerEntries(input.query) ? customerEntriesTotalsSql(input) : customerEntriesRowsSql(input);
}

/** customerEntriesSql over the raw rows (any filter). */
export function customerEntriesRowsSql({ idOrg, range, query }: Input & { query: { resolution: Resolution } }): SQL {
  return channelMeasureSql(
    query,
    sql`select ${bucketOf(sql`c.started_at`, query.resolution)} as bucket, c.channel_id, count(distinct c.customer_id) + count(*) filter (where c.customer_id is null) as n
        from conversations c where ${conversationScope(idOrg, range, query)}
        group by 1, 2`
  );
}

/** customerEntriesSql from channel_day_customers. */
export function customerEntriesTotalsSql(input: Input & { query: { resolution: Resolution } }): SQL {
  return channelMeasureSql(input.query, customerEntryCountsTotalsSql(input));
}

/**
 * Ratings (satisfaction 1–5) of the conversations the filter selects per time bucket and score:
 * label, score, value. From the daily totals (totals.ts) when the filter allows and the buckets are whole days.
 */
export function ratingSeriesSql(input: Input & { query: { resolution: Resolution } }): SQL {
  return totalsAnswer.conversationSeries(input.query) ? ratingSeriesTotalsSql(input) : ratingSeriesRowsSql(input);
}

function ratingSeriesOf(resolution: Resolution, counted: SQL): SQL {
  return sql`select ${bucketLabel(sql`g.bucket`, resolution)} as label, g.satisfaction::int as score, g.n::int as value from (${counted}) g`;
}

/** ratingSeriesSql over the raw rows (any filter). */
export function ratingSeriesRowsSql({ idOrg, range, query }: Input & { query: { resolution: Resolution } }): SQL {
  return ratingSeriesOf(
    query.resolution,
    sql`select ${bucketOf(sql`c.started_at`, query.resolution)} as bucket, c.satisfaction, count(*) as n from conversations c
        where ${conversationScope(idOrg, range, query)} and c.satisfaction is not null group by 1, 2`
  );
}

/** ratingSeriesSql from conversation_day_totals. */
export function ratingSeriesTotalsSql(input: Input & { query: { resolution: Resolution } }): SQL {
  return ratingSeriesOf(input.query.resolution, ratingCountsTotalsSql(input));
}

/**
 * Business reasons (name, n; total_row = 1 is the Total): per business reason, the conversations
 * the filter selects that an agent recorded it on (a conversation with several counts once under
 * each); Total = those conversations with at least one. causalesNegocio keeps only those reasons
 * (it narrows the reasons counted, not the conversations). Only an agent records a reason, so only
 * on an escalated conversation: saying so lets the scan read the escalated ones alone
 * (conversations_escalated_stats_idx), a third of them; and only after the conversation started,
 * so the reasons recorded since the range's start are all that is read (conversation_business_reasons_created_idx).
 */
export function businessReasonsSql({ idOrg, range, query }: Input): SQL {
  // Each (conversation, reason) once, hashed; then counted per reason and, for the Total, per
  // conversation. (A count(distinct …) per grouping set sorts every group: twice as slow at 1,000,000.)
  return sql`
    with pairs as (
      select cbr.conversation_id, cbr.reason_id
      from conversations c
      join conversation_business_reasons cbr on cbr.conversation_id = c.id_conv
      where ${conversationScope(idOrg, range, query, { omit: ['causalesNegocio'] })} and ${ESCALATED}
        and cbr.created_at >= ${range.from.toISOString()}::timestamptz
        ${query.causalesNegocio?.length ? sql`and ${inIds(sql`cbr.reason_id`, query.causalesNegocio)}` : sql``}
      group by cbr.conversation_id, cbr.reason_id)
    select 'business' as kind, br.nombre as name, g.n::int as n, 0 as total_row
    from (select p.reason_id, count(*) as n from pairs p group by p.reason_id) g join business_reasons br on br.id_causal = g.reason_id
    union all
    select 'business', null, (select count(*) from (select p.conversation_id from pairs p group by p.conversation_id) d)::int, 1`;
}

/**
 * Finalisation reasons (name, n, total_row): per finalisation reason, the conversations the filter
 * selects that ended with it; Total = all of them. causalesFin keeps only those reasons. An agent
 * records it, so the escalated conversations alone are read (as businessReasonsSql), and the
 * reasons recorded since the range's start (conversation_final_reasons_created_idx). Read from the
 * reasons totals (totals.ts) when the filter narrows by the range and causalesFin alone.
 */
export function finalReasonsSql(input: Input): SQL {
  return totalsAnswer.finalReasons(input.query) ? finalReasonsTotalsSql(input) : finalReasonsRowsSql(input);
}

/** finalReasonsSql over the raw rows (any filter). */
export function finalReasonsRowsSql({ idOrg, range, query }: Input): SQL {
  return sql`
    select fr.nombre as name, count(*)::int as n, grouping(fr.id_causal)::int as total_row
    from conversations c
    join conversation_final_reasons cfr on cfr.conversation_id = c.id_conv
    join final_reasons fr on fr.id_causal = cfr.reason_id
    where ${conversationScope(idOrg, range, query, { omit: ['causalesFin'] })} and ${ESCALATED}
      and cfr.created_at >= ${range.from.toISOString()}::timestamptz
      ${query.causalesFin?.length ? sql`and ${inIds(sql`cfr.reason_id`, query.causalesFin)}` : sql``}
    group by grouping sets ((fr.id_causal, fr.nombre), ())`;
}

/**
 * Over the escalated conversations the filter selects, one statement for two figures:
 * - automatic transfers (name, n; total_row = 1 is the Total): per automatic-transfer reason, the
 *   conversations the assistant handed to a human for it; Total = all of them;
 * - typing (typed, untyped, on the Total row): the attended chats that finished, typed when an
 *   agent recorded at least one business reason on them (reasons are recorded after the
 *   conversation started, hence the bound that keeps the lookup within the range's reasons).
 * Counted per reason first (a few groups), then named and totalled; the typed conversations are
 * looked up once per conversation.
 */
export function transfersAndTypingSql({ idOrg, range, query }: Input): SQL {
  const done = sql`c.accepted_at is not null and c.status = 'FINALIZADA'`;
  return sql`
    with g as (
      select c.automatic_transfer_reason_id as reason, count(*) as n,
        count(*) filter (where ${done} and t.conversation_id is not null) as typed,
        count(*) filter (where ${done} and t.conversation_id is null) as untyped
      from conversations c
      left join (select distinct cbr.conversation_id from conversation_business_reasons cbr
                 where cbr.created_at >= ${range.from.toISOString()}::timestamptz) t on t.conversation_id = c.id_conv
      where ${conversationScope(idOrg, range, query)} and ${ESCALATED}
      group by c.automatic_transfer_reason_id)
    select 'transfer' as kind, r.nombre as name, coalesce(sum(g.n) filter (where g.reason is not null), 0)::int as n, grouping(r.id_cause)::int as total_row,
      coalesce(sum(g.typed), 0)::int as typed, coalesce(sum(g.untyped), 0)::int as untyped
    from g left join automatic_transfer_reasons r on r.id_cause = g.reason
    group by grouping sets ((r.id_cause, r.nombre), ())`;
}

/**
 * The typings page's three figures in one statement (kind 'business': businessReasonsSql's rows;
 * kind 'transfer': transfersAndTypingSql's), for a filter without causalesNegocio, where both read the
 * same escalated conversations: they are read once, joined with the range's business reasons once,
 * and the typed chats are those of the (conversation, reason) pairs that finished attended. With
 * causalesNegocio the two read different conversations (it narrows the reasons counted, not the
 * conversations, in businessReasonsSql): each statement on its own then. Read from the reasons
 * totals (totals.ts) when the filter narrows by the range alone.
 */
export function reasonsAndTypingSql(input: Input): SQL {
  return totalsAnswer.reasons(input.query) ? reasonsAndTypingTotalsSql(input) : reasonsAndTypingRowsSql(input);
}

/** reasonsAndTypingSql over the raw rows (a filter without causalesNegocio). */
export function reasonsAndTypingRowsSql({ idOrg, range, query }: Input): SQL {
  return sql`
    with esc as (
      select c.id_conv, c.automatic_transfer_reason_id as reason, (c.accepted_at is not null and c.status = 'FINALIZADA') as done
      from conversations c where ${conversationScope(idOrg, range, query)} and ${ESCALATED}),
    pairs as (
      select cbr.conversation_id, cbr.reason_id, bool_or(e.done) as done
      from esc e join conversation_business_reasons cbr on cbr.conversation_id = e.id_conv
      where cbr.created_at >= ${range.from.toISOString()}::timestamptz
      group by cbr.conversation_id, cbr.reason_id),
    typed as (select p.conversation_id, bool_or(p.done) as done from pairs p group by p.conversation_id),
    g as (select e.reason, count(*) as n, count(*) filter (where e.done) as done from esc e group by e.reason)
    select 'business' as kind, br.nombre as name, b.n::int as n, 0 as total_row, 0 as typed, 0 as untyped
    from (select p.reason_id, count(*) as n from pairs p group by p.reason_id) b join business_reasons br on br.id_causal = b.reason_id
    union all
    select 'business', null, (select count(*) from typed)::int, 1, 0, 0
    union all
    select 'transfer', t.name, t.n, t.total_row,
      case when t.total_row = 1 then (select count(*) from typed where typed.done)::int else 0 end,
      case when t.total_row = 1 then t.done - (select count(*) from typed where typed.done)::int else 0 end
    from (select r.nombre as name, coalesce(sum(g.n) filter (where g.reason is not null), 0)::int as n, grouping(r.id_cause)::int as total_row,
            coalesce(sum(g.done), 0)::int as done
          from g left join automatic_transfer_reasons r on r.id_cause = g.reason
          group by grouping sets ((r.id_cause, r.nombre), ())) t`;
}

/** The typings page's statement for a figure of it: shared by the three when the filter allows (reasonsAndTypingSql). */
export function typingsSql(own: (input: Input) => SQL): (input: Input) => SQL {
  return (input) => (input.query.causalesNegocio?.length ? own(input) : reasonsAndTypingSql(input));
}
