import { DateTime } from 'luxon';
import { sql, type SQL } from 'drizzle-orm';
import { CONVERSATION_FIELDS, conversationScope, inIds, meanOfMillis, percent, STATS_ZONE, type DayRange, type Filter, type FilterKey } from './scope';
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

/** Whether the filter narrows by nothing but the range and the fields `answerable`. */
function onlyBy(f: Filter, answerable: readonly FilterKey[]): boolean {
  return NARROWING.every((key) => answerable.includes(key) || !isSet(f[key]));
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
  customerEntries: (f: Filter) => onlyBy(f, ['channels']) && f.resolution === 'day'
};

/** The range as Bogotá days, both inclusive ('yyyy-MM-dd'), for the totals' day column. */
function days(range: DayRange): SQL {
  const first = DateTime.fromJSDate(range.from, { zone: STATS_ZONE }).toISODate();
  const last = DateTime.fromJSDate(range.to, { zone: STATS_ZONE }).minus({ days: 1 }).toISODate();
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
            sum(case when c.customer_id is null then c.conversations - c.escalated when c.conversations = 1 and c.escalated = 0 then 1 else 0 end) as resolved,
            sum(case when c.customer_id is null then c.conversations else 1 end) as contacts
          from (select c.customer_id, c.conversations, c.escalated from customer_day_totals c
                where c.organization_id = ${idOrg} and ${days(range)} and c.conversations > 0
                order by c.customer_id) c
          group by c.customer_id) p`;
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
