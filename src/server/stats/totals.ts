import { DateTime } from 'luxon';
import { sql, type SQL } from 'drizzle-orm';
import { CONVERSATION_FIELDS, conversationScope, inIds, meanOfMillis, percent, STATS_DATE_ZONE, timeWindow, type DayRange, type Filter, type FilterKey } from './scope';
import type { Resolution } from './series';

/**
 * The summaries, and the series by day, week or month (per channel, per rating score, per intent),
 * read from the daily totals (src/server/db/schema/stats-totals.ts) instead of the raw rows, when the
 * filter asks only for what the totals are keyed by. The triggers of migrations 0005, 0012, 0015 and 0016 keep
 * the totals in the same transaction as every change of a conversation or an assistant turn, so
 * both ways answer the same numbers (tests/integration/server/stats-totals.test.ts compares them);
 * the totals just read ~25,000 rows for a month where the raw rows are ~340,000 (1M conversations).
 * Each column here has the name and the definition of its raw twin in summaries.ts.
 */

interface Input {
  idOrg: number;
  range: DayRange;
  query: Filter;
}

/** Every filter field that narrows the conversations (scope.ts, conversationScope). */
const NARROWING: readonly FilterKey[] = [...CONVERSATION_FIELDS, 'since', 'until', 'idVa', 'idConv', 'intents'];

/** What the conversation totals are keyed by (besides the organisation and the day). */
const CONVERSATION_DIMENSIONS: readonly FilterKey[] = ['channels', 'idVa', 'splits', 'singleSplit', 'agents', 'cities', 'departments', 'regionals'];

function isSet(value: unknown): boolean {
  return Array.isArray(value) ? value.length > 0 : value !== undefined;
}

/** Whether the filter narrows by nothing but the range and the fields `answerable` (a window over the whole day narrows by nothing: timeWindow). */
function onlyBy(f: Filter, answerable: readonly FilterKey[]): boolean {
  const narrowing = { ...f, ...timeWindow(f) };
  return NARROWING.every((key) => answerable.includes(key) || !isSet(narrowing[key]));
}

/** A series bucketed by day, week or month sums whole days; an hour is finer than the totals. */
const daily = (f: Filter) => f.resolution !== 'hour';

export const totalsAnswer = {
  /** The conversation summary: the range and the dimensions of conversation_day_totals. */
  conversations: (f: Filter) => onlyBy(f, CONVERSATION_DIMENSIONS),
  /** The conversation series (per channel, per rating score): as the summary, by day, week or month. */
  conversationSeries: (f: Filter) => onlyBy(f, CONVERSATION_DIMENSIONS) && daily(f),
  /** The customer summary: the range alone (a customer's day spans every channel, assistant, split and agent). */
  customers: (f: Filter) => onlyBy(f, []),
  /** The assistant's turns: the range and idVa (intents never narrow the totals, botTotalsSql). */
  bot: (f: Filter) => onlyBy(f, ['idVa', 'intents']),
  /** The intents series: the range, idVa and intents (the response nodes), by day, week or month. */
  intentSeries: (f: Filter) => onlyBy(f, ['idVa', 'intents']) && daily(f),
  /** The rated conversations' intents (intentRatingsBars): the range alone (the pairs are keyed by conversation and intent code). */
  intentRatings: (f: Filter) => onlyBy(f, []),
  /**
   * The customer entries per channel (consumerClientsStatistics): the range and the channels, by day
   * only (a week's or a month's distinct customers are not the sum of its days').
   */
  customerEntries: (f: Filter) => onlyBy(f, ['channels']) && f.resolution === 'day',
  /** The typings page's business reasons, typing and automatic transfers (reasonsAndTypingSql): the range alone. */
  reasons: (f: Filter) => onlyBy(f, []),
  /** The finalisation reasons (finalReasonsSql): the range, and causalesFin (the reasons counted). */
  finalReasons: (f: Filter) => onlyBy(f, ['causalesFin'])
};

/** The range as Bogotá days, both inclusive ('yyyy-MM-dd'), for the totals' day column. */
function days(range: DayRange): SQL {
  const first = DateTime.fromJSDate(range.from, { zone: STATS_DATE_ZONE }).toISODate();
  const last = DateTime.fromJSDate(range.to, { zone: STATS_DATE_ZONE }).minus({ days: 1 }).toISODate();
  return sql`c.day between ${first}::date and ${last}::date`;
}

/** A day column's bucket (the day as a local midnight, truncated): the same value series.ts's bucketOf gives its instants. */
export function dayBucket(resolution: Resolution): SQL {
  return sql`date_trunc(${sql.raw(`'${resolution}'`)}, c.day::timestamp)`;
}

/** conversationSummarySql's row from conversation_day_totals (alias c: its dimension columns have the conversations' names). */
export function conversationTotalsSql({ idOrg, range, query }: Input): SQL {
  const total = (column: string) => sql.raw(`coalesce(sum(c.${column}), 0)`);
  const mean = (name: string) => meanOfMillis(sql.raw(`sum(c.${name}_ms)`), sql.raw(`sum(c.${name}_n)`));
  return sql`
    select ${total('conversations')}::int as conversations,
      ${total('escalated')}::int as escalated,
      ${total('attended')}::int as attended,
      ${total('not_attended')}::int as not_attended,
      ${percent(total('attended'), total('escalated'))} as attended_pct,
      ${percent(total('not_attended'), total('escalated'))} as not_attended_pct,
      ${percent(total('abandoned'), total('escalated'))} as abandonment,
      ${total('en_cola')}::int as en_cola,
      ${total('activos')}::int as activos,
      ${total('finalizados')}::int as finalizados,
      ${mean('asignacion')} as tm_asignacion,
      ${mean('atencion_ah')} as tm_atencion_ah,
      ${mean('atencion_av')} as tm_atencion_av,
      sum(c.atencion_av_ms) / 1000 as bot_seconds,
      ${mean('tmo')} as tmo,
      ${percent(total('rated_good'), total('rated'))} as ns,
      ${percent(sql`${total('promoters')} - ${total('detractors')}`, total('nps_answers'))} as nps
    from conversation_day_totals c
    where ${days(range)} and ${conversationScope(idOrg, range, query, { untimed: true })}`;
}

/**
 * A customer_day_totals row's FCR contacts, and those resolved at first contact (customerSummarySql's
 * definition): an identified customer's day is one contact, resolved when it holds one conversation
 * the assistant closed; each unidentified conversation is a contact of its own, resolved unless escalated.
 */
const DAY_RESOLVED = sql`case when c.customer_id is null then c.conversations - c.escalated when c.conversations = 1 and c.escalated = 0 then 1 else 0 end`;
const DAY_CONTACTS = sql`case when c.customer_id is null then c.conversations else 1 end`;

/**
 * customerSummarySql's row from customer_day_totals: a row is one customer's day (customer null: the
 * unidentified conversations of the day). The rows come in customer order (customer_day_totals_customer_idx),
 * so the grouping by customer streams: about twice as fast as hashing ~300,000 customers a month.
 */
export function customerTotalsSql({ idOrg, range }: Input): SQL {
  return sql`
    select ${percent(sql`sum(p.resolved)`, sql`coalesce(sum(p.contacts), 0)`)} as fcr,
      coalesce(max(p.n) filter (where p.customer_id is not null), 0)::int as max_entries,
      ${percent(sql`count(*) filter (where p.customer_id is not null and p.n > 1)`, sql`count(*) filter (where p.customer_id is not null)`)} as ru
    from (select c.customer_id, sum(c.conversations) as n,
            sum(${DAY_RESOLVED}) as resolved,
            sum(${DAY_CONTACTS}) as contacts
          from (select c.customer_id, c.conversations, c.escalated from customer_day_totals c
                where c.organization_id = ${idOrg} and ${days(range)} and c.conversations > 0
                order by c.customer_id) c
          group by c.customer_id) p`;
}

/**
 * customerTotalsSql's fcr alone (the attention page asks for FCR without the other two): resolved
 * contacts and contacts are sums over the customers' days, so no grouping by customer is needed —
 * one pass over the range's rows instead of grouping ~285,000 customers a month (PGlite at 1,000,000
 * conversations: about a third of the time). The same number as customerTotalsSql's fcr.
 */
export function fcrTotalsSql({ idOrg, range }: Input): SQL {
  return sql`
    select ${percent(sql`sum(${DAY_RESOLVED})`, sql`coalesce(sum(${DAY_CONTACTS}), 0)`)} as fcr
    from customer_day_totals c
    where c.organization_id = ${idOrg} and ${days(range)} and c.conversations > 0`;
}

/** botTotalsSql's 'turns' rows from bot_day_totals. */
export function botTurnTotalsSql({ idOrg, range, query }: Input): SQL {
  return sql`
    select 'turns' as kind, c.response_node_id as node, null as intent, c.answered, sum(c.turns)::int as n
    from bot_day_totals c
    where c.organization_id = ${idOrg} and ${days(range)} and c.turns > 0 ${query.idVa !== undefined ? sql`and c.id_va = ${query.idVa}` : sql``}
    group by c.response_node_id, c.answered`;
}

/** channelSeriesSql's counts per bucket and channel from conversation_day_totals (summaries.ts, channelSeriesOf's `counted`). */
export function channelCountsTotalsSql({ idOrg, range, query }: Input): SQL {
  return sql`
    select ${dayBucket(query.resolution)} as bucket, c.channel_id, sum(c.conversations) as n, sum(c.attended) as att, sum(c.not_attended) as natt
    from conversation_day_totals c
    where ${days(range)} and ${conversationScope(idOrg, range, query, { untimed: true })}
    group by 1, 2 having sum(c.conversations) <> 0`;
}

/** ratingsLine's counts per bucket and score (1–5) from conversation_day_totals (summed per bucket, then one row per score). */
export function ratingCountsTotalsSql({ idOrg, range, query }: Input): SQL {
  return sql`
    select s.bucket, v.score as satisfaction, v.n
    from (select ${dayBucket(query.resolution)} as bucket, sum(c.rated_1) as r1, sum(c.rated_2) as r2, sum(c.rated_3) as r3, sum(c.rated_4) as r4, sum(c.rated_5) as r5
          from conversation_day_totals c
          where ${days(range)} and ${conversationScope(idOrg, range, query, { untimed: true })}
          group by 1) s
    cross join lateral (values (1, s.r1), (2, s.r2), (3, s.r3), (4, s.r4), (5, s.r5)) v(score, n)
    where v.n <> 0`;
}

/** intentSeriesSql's recognised turns per bucket and recorded intent from bot_day_totals (intents narrows by response node). */
export function intentCountsTotalsSql({ idOrg, range, query }: Input): SQL {
  return sql`
    select ${dayBucket(query.resolution)} as bucket, c.intent, sum(c.turns) as n
    from bot_day_totals c
    where c.organization_id = ${idOrg} and ${days(range)} and c.intent is not null and c.turns > 0
      ${query.idVa !== undefined ? sql`and c.id_va = ${query.idVa}` : sql``}
      ${query.intents?.length ? sql`and ${inIds(sql`c.response_node_id`, query.intents)}` : sql``}
    group by 1, 2`;
}

/** The rated conversations (satisfaction 1–5) the filter selects, from conversation_day_totals (intentRatingsBars' count). */
export function ratedTotalSql({ idOrg, range, query }: Input): SQL {
  return sql`select coalesce(sum(c.rated), 0)::int from conversation_day_totals c
    where ${days(range)} and ${conversationScope(idOrg, range, query, { untimed: true })}`;
}

/**
 * intentRatingsBars' (intent, satisfaction) pairs — each rated conversation of the range once per
 * intent its turns recorded — from conversation_intent_totals (charts.ts, intentRatingsPairsRowsSql's twin).
 */
export function intentRatingsPairsTotalsSql({ idOrg, range }: Input): SQL {
  return sql`
    select c.intent, c.satisfaction from conversation_intent_totals c
    where c.organization_id = ${idOrg} and ${days(range)} and c.satisfaction is not null`;
}

/**
 * customerEntriesSql's count per day and channel — the distinct identified customers plus each
 * conversation without one — from channel_day_customers (a row at zero: the day had no conversation
 * by that channel any more).
 */
export function customerEntryCountsTotalsSql({ idOrg, range, query }: Input): SQL {
  return sql`
    select c.day::timestamp as bucket, c.channel_id, c.customers + c.unidentified as n
    from channel_day_customers c
    where ${days(range)} and ${conversationScope(idOrg, range, query, { untimed: true })} and (c.customers <> 0 or c.unidentified <> 0)`;
}

/**
 * The reason rows (reason_day_totals, migration 0017) of the range's conversations, of the kinds
 * asked for, recorded since its first day: the reasons statistics read only the reasons recorded
 * since the range's start (summaries.ts), and a row's recorded_day is the day its reason was last
 * recorded when that is before its conversation's day. Rows at zero (all gone) are left out.
 */
function reasonRows({ idOrg, range }: Input, kinds: SQL): SQL {
  const first = DateTime.fromJSDate(range.from, { zone: STATS_DATE_ZONE }).toISODate();
  return sql`
    select c.kind, c.reason_id, sum(c.conversations) as n, sum(c.done) as done
    from reason_day_totals c
    where c.organization_id = ${idOrg} and ${days(range)} and c.recorded_day >= ${first}::date and ${kinds}
    group by c.kind, c.reason_id having sum(c.conversations) <> 0`;
}

/**
 * reasonsAndTypingSql's rows (summaries.ts) from reason_day_totals: the business reasons per reason
 * and their Total (the typed conversations), the automatic transfers per reason and their Total, and
 * on that Total row the finished attended chats typed and not (of all the escalated ones that
 * finished attended, those not typed).
 */
export function reasonsAndTypingTotalsSql(input: Input): SQL {
  const typedDone = sql`coalesce((select sum(t.done) from t where t.kind = 'typed'), 0)::int`;
  return sql`
    with t as (${reasonRows(input, sql`c.kind in ('transfer', 'business', 'typed')`)})
    select 'business' as kind, br.nombre as name, t.n::int as n, 0 as total_row, 0 as typed, 0 as untyped
    from t join business_reasons br on br.id_causal = t.reason_id where t.kind = 'business'
    union all
    select 'business', null, coalesce((select sum(t.n) from t where t.kind = 'typed'), 0)::int, 1, 0, 0
    union all
    select 'transfer', x.name, x.n, x.total_row,
      case when x.total_row = 1 then ${typedDone} else 0 end,
      case when x.total_row = 1 then x.done - ${typedDone} else 0 end
    from (select r.nombre as name, coalesce(sum(g.n) filter (where g.reason_id is not null), 0)::int as n, grouping(r.id_cause)::int as total_row,
            coalesce(sum(g.done), 0)::int as done
          from (select t.reason_id, t.n, t.done from t where t.kind = 'transfer') g left join automatic_transfer_reasons r on r.id_cause = g.reason_id
          group by grouping sets ((r.id_cause, r.nombre), ())) x`;
}

/** finalReasonsSql's rows (summaries.ts) from reason_day_totals: per finalisation reason and the Total; causalesFin keeps only those reasons. */
export function finalReasonsTotalsSql(input: Input): SQL {
  const { causalesFin } = input.query;
  return sql`
    select fr.nombre as name, coalesce(sum(g.n), 0)::int as n, grouping(fr.id_causal)::int as total_row
    from (${reasonRows(input, sql`c.kind = 'final' ${causalesFin?.length ? sql`and ${inIds(sql`c.reason_id`, causalesFin)}` : sql``}`)}) g
    join final_reasons fr on fr.id_causal = g.reason_id
    group by grouping sets ((fr.id_causal, fr.nombre), ())`;
}

/** What the hourly totals are keyed by (besides the organisation and the hour). */
const HOUR_DIMENSIONS: readonly FilterKey[] = ['channels', 'idVa'];

/** Whether the since/until window (timeWindow) is made of whole hours: from an hour's first minute to an hour's last. */
function wholeHours(f: Filter): boolean {
  const { since, until } = timeWindow(f);
  return (since === undefined || since.endsWith(':00')) && (until === undefined || until.endsWith(':59'));
}

/**
 * When conversation_hour_totals (migration 0018) answer what the raw rows answer: the filter narrows by
 * nothing but the range, the channels, the assistant and a window of whole hours.
 */
export const hourTotalsAnswer = {
  /** The per-channel conversation series (conversations, attended, not attended), at any resolution. */
  conversationSeries: (f: Filter) => wholeHours(f) && onlyBy(f, [...HOUR_DIMENSIONS, 'since', 'until'])
};

/**
 * channelSeriesSql's counts per bucket and channel from conversation_hour_totals (alias c: its
 * dimension columns have the conversations' names). An hour is the Bogotá hour its conversations
 * started: the range's days are [first 00:00, last + 1 00:00) of those hours, and the window's
 * whole hours are the hours of the day from since's to until's, both included.
 */
export function channelCountsHourTotalsSql({ idOrg, range, query }: Input): SQL {
  const first = DateTime.fromJSDate(range.from, { zone: STATS_DATE_ZONE }).toISODate();
  const after = DateTime.fromJSDate(range.to, { zone: STATS_DATE_ZONE }).toISODate();
  const { since, until } = timeWindow(query);
  const hourOfDay = sql`extract(hour from c.hour)`;
  return sql`
    select date_trunc(${sql.raw(`'${query.resolution}'`)}, c.hour) as bucket, c.channel_id, sum(c.conversations) as n, sum(c.attended) as att, sum(c.not_attended) as natt
    from conversation_hour_totals c
    where c.hour >= ${first}::timestamp and c.hour < ${after}::timestamp and ${conversationScope(idOrg, range, query, { untimed: true })}
      ${since === undefined ? sql`` : sql`and ${hourOfDay} >= ${Number(since.slice(0, 2))}`}
      ${until === undefined ? sql`` : sql`and ${hourOfDay} <= ${Number(until.slice(0, 2))}`}
    group by 1, 2 having sum(c.conversations) <> 0`;
}
