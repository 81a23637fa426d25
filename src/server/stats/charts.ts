import { sql, type SQL } from 'drizzle-orm';
import { byName } from '../http/listing';
import { ATTENDED, ESCALATED, NOT_ATTENDED, intentName } from './common';
import { channelGroups, seriesPoints } from './channels';
import { channelSeriesSql, intentSeriesSql, ratingSeriesSql } from './summaries';
import { intentRatingsPairsTotalsSql, ratedTotalSql, totalsAnswer } from './totals';
import { int, numOrNull, str, type Row } from './rows';
import { conversationScope, inIds, meanSeconds, type DayRange, type Filter } from './scope';
import { labelsOf, topNames, toSeries } from './series';
import type { StatQueries } from './types';

type ChartKey = 'attendedChatsLine' | 'conversationsLine' | 'ratingsLine' | 'scaledChatsBars' | 'agentAverageTimeBars' | 'agentChatsBars' | 'intentRatingsBars' | 'intentsBars';

/** How many intents the intent bars show, and how many the best-rated list keeps. */
export const TOP_INTENT_BARS = 10;
export const TOP_RATED_INTENTS = 5;

const RATING_SCORES = [1, 2, 3, 4, 5] as const;
const ratingLabel = (score: number) => (score === 1 ? '1 estrella' : `${score} estrellas`);

/** Dataset names of the bars. */
export const BAR_LABELS = { attended: 'Atendidos', notAttended: 'No atendidos', noSplit: 'Sin split', averageSeconds: 'Tiempo promedio de atención', chats: 'Chats atendidos', interactions: 'Interacciones' } as const;

/** One bar dataset from (name, value) rows in row order. */
function bars(rows: readonly Row[], label: string) {
  return { labels: rows.map((row) => str(row, 'name')), datasets: [{ label, data: rows.map((row) => numOrNull(row, 'value') ?? 0) }] };
}

interface RatingsInput {
  idOrg: number;
  range: DayRange;
  query: Filter;
}

/**
 * intentRatingsBars' statement: from the pairs kept by conversation and intent (totals.ts) when the
 * filter narrows by the range alone, from the turns otherwise; the same answer both ways.
 */
export function intentRatingsSql(input: RatingsInput): SQL {
  return totalsAnswer.intentRatings(input.query) ? intentRatingsTotalsSql(input) : intentRatingsRowsSql(input);
}

/**
 * The best-rated intents from (intent, satisfaction) pairs, one per rated conversation of the range
 * and intent its turns recorded; `rated` is the rated conversations (the count's rows when the
 * daily totals cannot count them).
 */
function intentRatingsOf({ idOrg, range, query }: RatingsInput, rated: SQL, pairs: SQL): SQL {
  return sql`
    with rated as not materialized (${rated}),
    pairs as (${pairs}),
    ranked as (
      select ${intentName(idOrg, sql`p.intent`)} as name, count(*)::int as quantity, round(avg(p.satisfaction), 2)::float8 as average
      from pairs p group by p.intent order by average desc, quantity desc, p.intent collate "C" limit ${TOP_RATED_INTENTS})
    select (${totalsAnswer.conversations(query) ? ratedTotalSql({ idOrg, range, query }) : sql`select count(*)::int from rated`}) as total, ranked.*
    from (select 1) one left join ranked on true`;
}

function ratedSql({ idOrg, range, query }: RatingsInput): SQL {
  return sql`select c.id_conv, c.satisfaction from conversations c
    where ${conversationScope(idOrg, range, query, { omit: ['intents'] })} and c.satisfaction is not null`;
}

/**
 * intentRatingsBars over the turns (any filter). A conversation's turns happen after it started and
 * belong to its organisation: the bounds keep the join within the range's turns (the index's), and
 * the totals, which follow each conversation's own turns, answer the same.
 */
export function intentRatingsRowsSql(input: RatingsInput): SQL {
  const { idOrg, range, query } = input;
  return intentRatingsOf(
    input,
    ratedSql(input),
    sql`select b.intent, r.satisfaction from bot_interactions b join rated r on r.id_conv = b.conversation_id
        where b.organization_id = ${idOrg} and b.interaction_time >= ${range.from.toISOString()}::timestamptz and b.intent is not null
          ${query.intents?.length ? sql`and ${inIds(sql`b.response_node_id`, query.intents)}` : sql``}
        group by b.conversation_id, b.intent, r.satisfaction`
  );
}

/** intentRatingsBars from conversation_intent_totals (the filter narrows by the range alone). */
export function intentRatingsTotalsSql(input: RatingsInput): SQL {
  return intentRatingsOf(input, ratedSql(input), intentRatingsPairsTotalsSql(input));
}

/** The line and bar charts. Buckets and labels: series.ts; agents and splits in Spanish name order. */
export const chartStats: StatQueries<ChartKey> = {
  /** Escalated chats per bucket and channel (channelSeriesSql): attended ones (attention=attended, the default) or not attended ones. */
  attendedChatsLine: {
    sql: channelSeriesSql,
    perBucket: true,
    shape: (rows, { query }, [labels = []]) => toSeries(labelsOf(labels), channelGroups(rows), seriesPoints(rows, query.attention === 'notAttended' ? 'natt' : 'att'))
  },

  /** Conversations per bucket and channel (channelSeriesSql). */
  conversationsLine: {
    sql: channelSeriesSql,
    perBucket: true,
    shape: (rows, _input, [labels = []]) => toSeries(labelsOf(labels), channelGroups(rows), seriesPoints(rows, 'n'))
  },

  /** Ratings (satisfaction 1–5) of the conversations of the range per bucket, one dataset per score (ratingSeriesSql). */
  ratingsLine: {
    sql: ratingSeriesSql,
    perBucket: true,
    shape: (rows, _input, [labels = []]) =>
      toSeries(
        labelsOf(labels),
        RATING_SCORES.map(ratingLabel),
        rows.map((row) => ({ label: str(row, 'label'), group: ratingLabel(int(row, 'score')), value: int(row, 'value') }))
      )
  },

  /** Escalated chats of the range per split (by name; 'Sin split' when none), attended and not attended as two datasets. */
  scaledChatsBars: {
    sql: ({ idOrg, range, query }) => sql`
      select coalesce(g.split_id, 0)::int as id, coalesce(s.nombre, ${BAR_LABELS.noSplit}) as name, g.attended::int as attended, g.not_attended::int as not_attended
      from (select c.split_id, count(*) filter (where ${ATTENDED}) as attended, count(*) filter (where ${NOT_ATTENDED}) as not_attended
            from conversations c where ${conversationScope(idOrg, range, query)} and ${ESCALATED} group by c.split_id) g
      left join splits s on s.id_split = g.split_id`,
    shape: (unordered) => {
      // By split name in Spanish order; the chats without a split last.
      const rows = byName(unordered, (row) => str(row, 'name'), (row) => int(row, 'id')).sort((a, b) => Number(int(a, 'id') === 0) - Number(int(b, 'id') === 0));
      return {
      labels: rows.map((row) => str(row, 'name')),
      datasets: [
        { label: BAR_LABELS.attended, data: rows.map((row) => int(row, 'attended')) },
        { label: BAR_LABELS.notAttended, data: rows.map((row) => int(row, 'not_attended')) }
      ]
      };
    }
  },

  /** Per agent (who attended finished chats in the range), the mean seconds of attention (accepted → ended), 2 decimals. */
  agentAverageTimeBars: {
    sql: ({ idOrg, range, query }) => sql`
      select u.id_user as id, u.name, g.value
      from (select c.agent_id, ${meanSeconds(sql`c.ended_at`, sql`c.accepted_at`)} as value
            from conversations c where ${conversationScope(idOrg, range, query)} and ${ATTENDED} and c.ended_at is not null and c.agent_id is not null
            group by c.agent_id) g
      join users u on u.id_user = g.agent_id`,
    shape: (rows) => bars(byName(rows, (row) => str(row, 'name'), (row) => int(row, 'id')), BAR_LABELS.averageSeconds)
  },

  /** Per agent, the chats of the range it attended (accepted), finished or not. */
  agentChatsBars: {
    sql: ({ idOrg, range, query }) => sql`
      select u.id_user as id, u.name, g.value::int as value
      from (select c.agent_id, count(*) as value from conversations c
            where ${conversationScope(idOrg, range, query)} and ${ATTENDED} and c.agent_id is not null group by c.agent_id) g
      join users u on u.id_user = g.agent_id`,
    shape: (rows) => bars(byName(rows, (row) => str(row, 'name'), (row) => int(row, 'id')), BAR_LABELS.chats)
  },

  /**
   * Top rating: count = the conversations of the range rated 1–5; detail = the best-rated intents,
   * each recognised in rated conversations: quantity = those conversations, average = their mean
   * rating (2 decimals); the TOP_RATED_INTENTS highest averages (then most ratings, then name).
   * intents narrows which intents are ranked. The count and the pairs read the totals when the
   * filter allows (totals.ts; intentRatingsSql), the rows otherwise.
   */
  intentRatingsBars: {
    sql: intentRatingsSql,
    shape: (rows) => ({
      count: int(rows[0] ?? { total: 0 }, 'total'),
      detail: rows
        .filter((row) => row.name !== null)
        .map((row) => ({ name: str(row, 'name'), quantity: int(row, 'quantity'), average: numOrNull(row, 'average') ?? 0 }))
    })
  },

  /** The TOP_INTENT_BARS intents the assistant recognised most in the range (customer turns per intent, by its name; ties by name; intentSeriesSql). */
  intentsBars: {
    sql: intentSeriesSql,
    shape: (rows) => {
      const points = rows.map((row) => ({ group: str(row, 'intent'), value: int(row, 'n') }));
      const totals = new Map<string, number>();
      for (const point of points) totals.set(point.group, (totals.get(point.group) ?? 0) + point.value);
      const names = topNames(points, TOP_INTENT_BARS);
      return { labels: names, datasets: [{ label: BAR_LABELS.interactions, data: names.map((name) => totals.get(name) ?? 0) }] };
    }
  }
};
