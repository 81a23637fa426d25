import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { generateActivity } from '../../../src/server/demo/activity';
import { rowsOf } from '../../../src/server/db/statements';
import { dayRange, type Filter } from '../../../src/server/stats/scope';
import {
  botTurnRowsSql,
  channelSeriesHourTotalsSql,
  channelSeriesRowsSql,
  channelSeriesTotalsSql,
  conversationRowsSql,
  customerEntriesRowsSql,
  customerEntriesTotalsSql,
  customerRowsSql,
  intentSeriesRowsSql,
  intentSeriesTotalsSql,
  ratingSeriesRowsSql,
  ratingSeriesTotalsSql
} from '../../../src/server/stats/summaries';
import { botTurnTotalsSql, conversationTotalsSql, customerTotalsSql, fcrTotalsSql, hourTotalsAnswer, totalsAnswer } from '../../../src/server/stats/totals';
import { intentRatingsRowsSql, intentRatingsTotalsSql } from '../../../src/server/stats/charts';
import { BACKENDS } from '../../support/database';
import { createTestApp, type TestPlatform } from '../../support/app';
import { expectTotalsMatchRows } from './stats-totals-check';

/**
 * The daily totals (migration 0005) answer exactly what the raw rows answer: after the generator's
 * rebuild, and after every kind of change the triggers keep them through (inserts, updates of each
 * column they read, deletes, a truncate). Each comparison runs the same summary (and the same series
 * by day, week and month: per channel, rating score and intent; migration 0012) both ways.
 */
const NOW = new Date('2026-03-02T15:04:05.000Z');
const ORG = 100;
const MONTH = { start: '2026-02-01', end: '2026-03-02' };

async function rows(app: FastifyInstance, query: SQL): Promise<Record<string, unknown>[]> {
  return rowsOf(await app.db.execute(query)) as Record<string, unknown>[];
}

async function ids(app: FastifyInstance, query: SQL): Promise<number[]> {
  return (await rows(app, query)).map((row) => Number(row.id));
}

const sortTurns = (list: Record<string, unknown>[]) => [...list].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));

/** The filters a time-of-day window narrows: the daily totals cannot answer them (the intents neither). */
const WINDOWED = ['a window of whole hours', 'a window from a whole hour', 'a window up to a whole hour', 'a window not of whole hours'];
/** The filters the hourly totals answer (migration 0018): the range, channels, idVa and windows of whole hours. */
const HOURLY = ['the whole month', 'one week', 'one day', 'channels', 'idVa', 'a window over the whole day', 'a window of whole hours', 'a window from a whole hour', 'a window up to a whole hour'];

describe.each(BACKENDS)('the statistics daily totals on %s', (backend) => {
  let platform: TestPlatform;
  let app: FastifyInstance;
  let filters: [string, Partial<Filter>][];

  /** Every summary the totals serve, both ways, for each filter. */
  async function expectSameAnswers(label: string): Promise<void> {
    for (const [name, extra] of filters) {
      const query = { ...MONTH, attention: 'attended', resolution: 'day', ...extra } as Filter;
      const input = { idOrg: ORG, range: dayRange(query.start, query.end), query };
      const where = `${label}, ${name}`;
      if (totalsAnswer.conversations(query)) expect(await rows(app, conversationTotalsSql(input)), where).toEqual(await rows(app, conversationRowsSql(input)));
      else expect(['intents', ...WINDOWED], where).toContain(name);
      if (totalsAnswer.customers(query)) expect(await rows(app, customerTotalsSql(input)), where).toEqual(await rows(app, customerRowsSql(input)));
      // FCR alone (the attention page's): the same number without grouping by customer.
      if (totalsAnswer.customers(query)) expect(await rows(app, fcrTotalsSql(input)), where).toEqual((await rows(app, customerRowsSql(input))).map(({ fcr }) => ({ fcr })));
      if (totalsAnswer.bot(query)) expect(sortTurns(await rows(app, botTurnTotalsSql(input))), where).toEqual(sortTurns(await rows(app, botTurnRowsSql(input))));
      // The best-rated intents (migration 0015): the pairs kept per conversation and intent.
      if (totalsAnswer.intentRatings(query)) expect(await rows(app, intentRatingsTotalsSql(input)), where).toEqual(await rows(app, intentRatingsRowsSql(input)));
      // The series by day, week and month: per channel, per rating score, per intent.
      for (const resolution of ['day', 'week', 'month'] as const) {
        const series = { ...input, query: { ...query, resolution } };
        const at = `${where}, by ${resolution}`;
        if (totalsAnswer.conversationSeries(series.query)) {
          expect(sortTurns(await rows(app, channelSeriesTotalsSql(series))), at).toEqual(sortTurns(await rows(app, channelSeriesRowsSql(series))));
          expect(sortTurns(await rows(app, ratingSeriesTotalsSql(series))), at).toEqual(sortTurns(await rows(app, ratingSeriesRowsSql(series))));
        }
        if (totalsAnswer.intentSeries(series.query)) {
          expect(sortTurns(await rows(app, intentSeriesTotalsSql(series))), at).toEqual(sortTurns(await rows(app, intentSeriesRowsSql(series))));
        }
        // The customer entries per channel by day (migration 0016): the customers kept per day and channel.
        if (totalsAnswer.customerEntries(series.query)) {
          expect(sortTurns(await rows(app, customerEntriesTotalsSql(series))), at).toEqual(sortTurns(await rows(app, customerEntriesRowsSql(series))));
        }
      }
      expect(totalsAnswer.conversationSeries({ ...query, resolution: 'hour' }), where).toBe(false);
      // The per-channel series from the hourly totals (migration 0018): by hour, and by day, week or month within a window of whole hours.
      expect(hourTotalsAnswer.conversationSeries(query), where).toBe(HOURLY.includes(name));
      for (const resolution of ['hour', 'day', 'week', 'month'] as const) {
        const series = { ...input, query: { ...query, resolution } };
        if (hourTotalsAnswer.conversationSeries(series.query)) {
          expect(sortTurns(await rows(app, channelSeriesHourTotalsSql(series))), `${where}, by ${resolution}`).toEqual(sortTurns(await rows(app, channelSeriesRowsSql(series))));
        }
      }
      for (const resolution of ['hour', 'week', 'month'] as const) expect(totalsAnswer.customerEntries({ ...query, resolution }), where).toBe(false);
    }
  }

  beforeAll(async () => {
    platform = await createTestApp(backend);
    app = platform.app;
    await generateActivity(app.db, { org: ORG, now: NOW, count: 1500, days: 45 });
    const pick = async (query: SQL) => (await ids(app, query)).slice(0, 2);
    filters = [
      ['the whole month', {}],
      ['one week', { start: '2026-02-10', end: '2026-02-16' }],
      ['one day', { start: '2026-02-20', end: '2026-02-20' }],
      ['channels', { channels: await pick(sql`select distinct channel_id as id from conversations order by 1`) }],
      ['idVa', { idVa: (await ids(app, sql`select min(id_va) as id from conversations`))[0] }],
      ['splits', { splits: await pick(sql`select distinct split_id as id from conversations where split_id is not null order by 1`) }],
      ['agents', { agents: await pick(sql`select distinct agent_id as id from conversations where agent_id is not null order by 1`) }],
      ['cities', { cities: await pick(sql`select distinct city_id as id from conversations where city_id is not null order by 1`) }],
      ['departments', { departments: await pick(sql`select distinct ci.id_department as id from conversations c join cities ci on ci.id = c.city_id order by 1`) }],
      ['regionals', { regionals: await pick(sql`select distinct id_regional as id from department_regions where organization_id = ${ORG} order by 1`) }],
      ['intents', { intents: await pick(sql`select distinct response_node_id as id from bot_interactions where response_node_id is not null order by 1`) }],
      // since 00:00 and until 23:59 exclude no instant (until includes its minute's seconds): no window.
      ['a window over the whole day', { since: '00:00', until: '23:59' }],
      ['a window of whole hours', { since: '08:00', until: '17:59' }],
      ['a window from a whole hour', { since: '13:00' }],
      ['a window up to a whole hour', { until: '09:59', channels: await pick(sql`select distinct channel_id as id from conversations order by 1`) }],
      ['a window not of whole hours', { since: '08:30', until: '17:59' }]
    ];
  });

  afterAll(() => platform?.close());

  it('answers as the rows do once the generator has written the history (with the triggers off, then rebuilt)', async () => {
    const [conversations] = await rows(app, sql`select coalesce(sum(conversations), 0)::int as n from conversation_day_totals where organization_id = ${ORG}`);
    expect(conversations?.n).toBe(1500);
    await expectSameAnswers('generated');
  });

  it('keeps answering as the rows do through inserts, updates of every column it reads, and deletes', async () => {
    // Reopened, re-queued, offered, taken and rated conversations; agents, splits, cities and customers changed.
    await app.db.execute(sql`update conversations set status = 'EN_COLA', accepted_at = null, ended_at = null, ended_by = null
      where id_conv in (select id_conv from conversations where escalated_at is not null order by id_conv limit 40)`);
    await app.db.execute(sql`update conversations set status = 'ACTIVA', ended_at = null
      where id_conv in (select id_conv from conversations where accepted_at is not null order by id_conv desc limit 30)`);
    await app.db.execute(sql`update conversations set status = 'ASIGNADA', accepted_at = null, ended_at = null
      where id_conv in (select id_conv from conversations where accepted_at is not null and status = 'FINALIZADA' order by id_conv limit 25)`);
    await app.db.execute(sql`update conversations set satisfaction = 5, nps = 10 where id_conv in (select id_conv from conversations order by id_conv limit 60)`);
    await app.db.execute(sql`update conversations set satisfaction = null, nps = null where id_conv in (select id_conv from conversations order by id_conv desc limit 60)`);
    await app.db.execute(sql`update conversations set agent_id = (select min(agent_id) from conversations), split_id = null, city_id = null
      where id_conv in (select id_conv from conversations where agent_id is not null order by started_at limit 50)`);
    await app.db.execute(sql`update conversations set customer_id = null where id_conv in (select id_conv from conversations where customer_id is not null order by started_at desc limit 50)`);
    await app.db.execute(sql`update conversations set escalated_at = started_at + interval '1 minute', queued_at = started_at + interval '1 minute', status = 'EN_COLA', ended_at = null
      where id_conv in (select id_conv from conversations where escalated_at is null order by id_conv limit 20)`);
    // One column at a time, so that a column missing from the update trigger's condition shows.
    const some = (where: string, n: number) => sql.raw(`id_conv in (select id_conv from conversations where ${where} order by started_at desc limit ${n})`);
    await app.db.execute(sql`update conversations set status = 'ASIGNADA' where status = 'EN_COLA'`);
    await app.db.execute(sql`update conversations set ended_by = 'CLIENTE' where ${some("escalated_at is not null and accepted_at is null and ended_by <> 'CLIENTE'", 20)}`);
    await app.db.execute(sql`update conversations set queued_at = queued_at - interval '90 seconds' where ${some('accepted_at is not null', 30)}`);
    await app.db.execute(sql`update conversations set accepted_at = accepted_at + interval '7 seconds' where ${some('accepted_at is not null and ended_at is not null', 30)}`);
    await app.db.execute(sql`update conversations set ended_at = ended_at + interval '11.5 seconds' where ${some('ended_at is not null', 30)}`);
    await app.db.execute(sql`update conversations set escalated_at = escalated_at - interval '3 seconds' where ${some('escalated_at is not null', 30)}`);
    await app.db.execute(sql`update conversations set channel_id = (select max(channel_id) from conversations) where ${some('true', 25)}`);
    await app.db.execute(sql`update conversations set city_id = (select max(city_id) from conversations) where ${some('city_id is not null', 25)}`);
    await app.db.execute(sql`update conversations set satisfaction = 1 where ${some('satisfaction is null', 25)}`);
    await app.db.execute(sql`update conversations set nps = 8 where ${some('nps is null', 25)}`);
    await app.db.execute(sql`update conversations set agent_id = (select max(agent_id) from conversations) where ${some('agent_id is not null', 25)}`);
    await app.db.execute(sql`update conversations set split_id = (select max(split_id) from conversations) where ${some('split_id is not null', 25)}`);
    await app.db.execute(sql`update conversations set id_va = (select max(id_va) from conversations) where ${some('true', 25)}`);
    // Moved to another day, and a message's update of the conversation (no column the totals read).
    await app.db.execute(sql`update conversations set started_at = started_at - interval '3 days' where id_conv in (select id_conv from conversations order by id_conv limit 15)`);
    await app.db.execute(sql`update conversations set last_seq = last_seq + 1`);
    // New conversations (copies of existing ones under new ids), and deleted ones (their turns go by cascade).
    await app.db.execute(sql`insert into conversations select (jsonb_populate_record(null::conversations,
        to_jsonb(c) || jsonb_build_object('id_conv', 'copy-' || c.id_conv, 'started_at', c.started_at + interval '1 day'))).*
      from conversations c where id_conv in (select id_conv from conversations order by id_conv desc limit 70)`);
    await app.db.execute(sql`delete from conversations where id_conv in (select id_conv from conversations where id_conv not like 'copy-%' order by started_at limit 90)`);
    // The assistant's turns: recognised differently, answered differently, moved, deleted.
    await app.db.execute(sql`update bot_interactions set answered = not answered where id in (select id from bot_interactions order by id limit 80)`);
    await app.db.execute(sql`update bot_interactions set response_node_id = null where id in (select id from bot_interactions where response_node_id is not null order by id desc limit 40)`);
    await app.db.execute(sql`update bot_interactions set intent = 'otro_codigo' where id in (select id from bot_interactions where intent is not null order by id limit 35)`);
    await app.db.execute(sql`update bot_interactions set intent = null where id in (select id from bot_interactions where intent is not null order by id desc limit 25)`);
    await app.db.execute(sql`update bot_interactions set interaction_time = interaction_time + interval '2 days' where id in (select id from bot_interactions order by id limit 30)`);
    // Turns moved to another (rated) conversation, and a recognised turn added to a rated one.
    await app.db.execute(sql`update bot_interactions set conversation_id = (select min(id_conv) from conversations where satisfaction is not null)
      where id in (select id from bot_interactions where intent is not null order by id desc limit 30 offset 40)`);
    await app.db.execute(sql`insert into bot_interactions (conversation_id, organization_id, id_va, interaction_time, request_data, response_answer, intent, response_node_id, answered)
      select id_conv, organization_id, id_va, started_at + interval '5 seconds', 'otra', 'Otra', 'codigo_nuevo', null, true
      from conversations where satisfaction is not null order by id_conv desc limit 12`);
    // Ratings given and changed after the turns (each conversation's pairs follow it).
    await app.db.execute(sql`update conversations set satisfaction = 2 where ${some('satisfaction is not null', 20)}`);
    await app.db.execute(sql`update conversations set satisfaction = 4 where id_conv in (select conversation_id from bot_interactions where intent is not null order by id limit 20)`);
    await app.db.execute(sql`delete from bot_interactions where id in (select id from bot_interactions order by id desc limit 100)`);
    await expectSameAnswers('changed');

    // The totals the triggers kept are the totals a rebuild from the rows computes.
    await expectTotalsMatchRows(app.db);
  });

  it('empties what a truncate removed, and counts what comes after it', async () => {
    await app.db.execute(sql`truncate table bot_interactions`);
    expect(await rows(app, sql`select * from bot_day_totals`)).toEqual([]);
    expect(await rows(app, sql`select * from conversation_intent_totals`)).toEqual([]);
    await app.db.execute(sql`insert into bot_interactions (conversation_id, organization_id, id_va, interaction_time, request_data, response_answer, intent, response_node_id, answered)
      select id_conv, organization_id, id_va, started_at, 'hola', 'Hola', null, null, false from conversations order by id_conv limit 5`);
    await expectSameAnswers('after a truncate');
  });

  it("empties the conversations' totals when the conversations are truncated", async () => {
    await app.db.execute(sql`truncate table conversations cascade`);
    for (const table of ['conversation_day_totals', 'customer_day_totals', 'conversation_intent_totals', 'customer_channel_day_totals', 'channel_day_customers', 'conversation_hour_totals']) {
      expect(await rows(app, sql`select * from ${sql.identifier(table)}`), table).toEqual([]);
    }
  });
});
