import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import { OTHER_ORG_ID } from '../../../src/server/demo/demo-data';
import { generateActivity } from '../../../src/server/demo/activity';
import { rowsOf } from '../../../src/server/db/statements';
import type { Db } from '../../../src/server/db/types';
import { dayRange, type Filter } from '../../../src/server/stats/scope';
import { finalReasonsRowsSql, finalReasonsSql, reasonsAndTypingRowsSql, reasonsAndTypingSql } from '../../../src/server/stats/summaries';
import { finalReasonsTotalsSql, reasonsAndTypingTotalsSql, totalsAnswer } from '../../../src/server/stats/totals';
import { BACKENDS } from '../../support/database';
import { createTestApp, type TestPlatform } from '../../support/app';

/**
 * The typings page's reasons totals (reason_day_totals, migration 0017) answer exactly what the raw
 * rows answer — the business reasons, typing and automatic transfers (reasonsAndTypingSql) and the
 * finalisation reasons (finalReasonsSql) — after the generator's rebuild and after every kind of
 * change their triggers follow: conversations inserted, updated in each column the rows follow, and
 * deleted (their reasons by cascade); business and finalisation reasons inserted, updated in each
 * column, deleted; truncates. After each change the kept rows are also compared with a rebuild.
 */
const NOW = new Date('2026-03-02T15:04:05.000Z');
const ORG = 100;
/**
 * The ranges compared. Reasons get recorded before their conversation's start on PROBE_DAYS below,
 * which some ranges start on (the statistics read only the reasons recorded since the range's start).
 */
const RANGES = [
  { start: '2026-02-01', end: '2026-03-02' },
  { start: '2026-02-10', end: '2026-02-16' },
  { start: '2026-02-20', end: '2026-02-20' },
  { start: '2026-02-21', end: '2026-02-25' },
  { start: '2026-01-15', end: '2026-03-02' }
];
const PROBE_DAYS = ['2026-02-10', '2026-02-20', '2026-02-21'];

type Rows = Record<string, unknown>[];

async function read(db: Db, query: SQL): Promise<Rows> {
  return rowsOf(await db.execute(query)) as Rows;
}

const sorted = (list: Rows) => [...list].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));

class Undo extends Error {}

/** The reason rows that count something, in key order (triggers may leave rows at zero; a rebuild does not). */
const keptRows = sql`select * from reason_day_totals where conversations <> 0 or done <> 0 order by organization_id, day, kind, reason_id, recorded_day`;

/**
 * The rows the triggers kept are the rows a rebuild computes from the raw rows (read in one
 * repeatable-read transaction, rolled back): stats_reason_totals_rebuild, or all the totals' stats_totals_rebuild.
 */
async function expectKeptMatchRebuild(db: Db, where: string, rebuild = sql`select stats_reason_totals_rebuild(null)`): Promise<void> {
  let kept: Rows = [];
  let rebuilt: Rows = [];
  try {
    await db.transaction(
      async (tx) => {
        kept = await read(tx, keptRows);
        await tx.execute(rebuild);
        rebuilt = await read(tx, keptRows);
        throw new Undo();
      },
      { isolationLevel: 'repeatable read' }
    );
  } catch (error) {
    if (!(error instanceof Undo)) throw error;
  }
  expect(kept.length, where).toBeGreaterThan(0);
  expect(kept, where).toEqual(rebuilt);
}

describe.each(BACKENDS)('the reasons totals on %s', (backend) => {
  let platform: TestPlatform;
  let app: FastifyInstance;
  let finalIds: number[];

  const rows = (query: SQL) => read(app.db, query);

  /** The typings page's statements both ways over every range (and the finalisation reasons narrowed by causalesFin), then the kept rows against a rebuild. */
  async function expectSameAnswers(label: string): Promise<void> {
    for (const range of RANGES) {
      const query = { ...range, attention: 'attended', resolution: 'day' } as Filter;
      const input = { idOrg: ORG, range: dayRange(range.start, range.end), query };
      const where = `${label}, ${range.start} … ${range.end}`;
      expect(sorted(await rows(reasonsAndTypingTotalsSql(input))), where).toEqual(sorted(await rows(reasonsAndTypingRowsSql(input))));
      expect(sorted(await rows(finalReasonsTotalsSql(input))), where).toEqual(sorted(await rows(finalReasonsRowsSql(input))));
      const narrowed = { ...input, query: { ...query, causalesFin: finalIds } };
      expect(sorted(await rows(finalReasonsTotalsSql(narrowed))), `${where}, causalesFin`).toEqual(sorted(await rows(finalReasonsRowsSql(narrowed))));
    }
    await expectKeptMatchRebuild(app.db, label);
  }

  /** Runs a change, then compares. */
  async function change(label: string, statement: SQL): Promise<void> {
    await app.db.execute(statement);
    await expectSameAnswers(label);
  }

  const onProbeDays = sql.raw(`(c.started_at at time zone 'America/Bogota')::date in (${PROBE_DAYS.map((d) => `'${d}'`).join(', ')})`);

  beforeAll(async () => {
    platform = await createTestApp(backend);
    app = platform.app;
    await generateActivity(app.db, { org: ORG, now: NOW, count: 1500, days: 45 });
    finalIds = (await rows(sql`select distinct reason_id as id from conversation_final_reasons order by 1 limit 2`)).map((row) => Number(row.id));
  });

  afterAll(() => platform?.close());

  it('reads the totals for the range alone (the finalisation reasons: and causalesFin), the rows otherwise', () => {
    const range = { start: '2026-02-01', end: '2026-03-02', attention: 'attended', resolution: 'day' } as Filter;
    expect(totalsAnswer.reasons(range)).toBe(true);
    expect(totalsAnswer.finalReasons({ ...range, causalesFin: [1] })).toBe(true);
    for (const narrowing of [{ agents: [5] }, { channels: [1] }, { causalesPasoAutomatico: [1] }, { since: '08:00' }, { idConv: 'K1' }] as Partial<Filter>[]) {
      expect(totalsAnswer.reasons({ ...range, ...narrowing }), JSON.stringify(narrowing)).toBe(false);
      expect(totalsAnswer.finalReasons({ ...range, ...narrowing }), JSON.stringify(narrowing)).toBe(false);
    }
    expect(totalsAnswer.reasons({ ...range, causalesFin: [1] })).toBe(false);
    // The statements pick them.
    const text = (query: SQL) => new PgDialect().sqlToQuery(query);
    const input = { idOrg: ORG, range: dayRange('2026-02-01', '2026-03-02'), query: range };
    expect(text(reasonsAndTypingSql(input))).toEqual(text(reasonsAndTypingTotalsSql(input)));
    expect(text(finalReasonsSql(input))).toEqual(text(finalReasonsTotalsSql(input)));
    const agents = { ...input, query: { ...range, agents: [5] } };
    expect(text(reasonsAndTypingSql(agents))).toEqual(text(reasonsAndTypingRowsSql(agents)));
    expect(text(finalReasonsSql(agents))).toEqual(text(finalReasonsRowsSql(agents)));
  });

  it('answers as the rows do once the generator has written the history (with the triggers off, then rebuilt)', async () => {
    // Something to compare: named business reasons and transfers, typed and untyped chats, finalisation reasons.
    const input = { idOrg: ORG, range: dayRange('2026-02-01', '2026-03-02'), query: { start: '2026-02-01', end: '2026-03-02' } as Filter };
    const typings = await rows(reasonsAndTypingTotalsSql(input));
    expect(typings.filter((row) => row.kind === 'business' && row.total_row === 0).length).toBeGreaterThan(1);
    expect(typings.filter((row) => row.kind === 'transfer' && row.total_row === 0 && row.name !== null).length).toBeGreaterThan(1);
    const total = typings.find((row) => row.kind === 'transfer' && row.total_row === 1);
    expect(Number(total?.typed)).toBeGreaterThan(0);
    expect(Number(total?.untyped)).toBeGreaterThan(0);
    expect((await rows(finalReasonsTotalsSql(input))).length).toBeGreaterThan(2);
    expect(finalIds).toHaveLength(2);
    await expectSameAnswers('generated');
  });

  it('keeps answering as the rows do through every change of the conversations and of their reasons', async () => {
    const some = (where: string, n: number, order = 'started_at desc') =>
      sql.raw(`id_conv in (select id_conv from conversations c where ${where} order by ${order} limit ${n})`);
    const typed = 'escalated_at is not null and exists (select 1 from conversation_business_reasons b where b.conversation_id = c.id_conv)';
    const finished = `${typed} and accepted_at is not null and status = 'FINALIZADA'`;

    // The conversations, one column the rows follow at a time (so that one missing from the update trigger's condition shows).
    await change('no longer escalated', sql`update conversations set escalated_at = null where ${some(typed, 15)}`);
    await change('escalated', sql`update conversations set escalated_at = started_at + interval '1 minute' where ${some('escalated_at is null', 20)}`);
    await change('reopened (status)', sql`update conversations set status = 'ACTIVA' where ${some(finished, 20)}`);
    await change('accepted no more', sql`update conversations set accepted_at = null where ${some(finished, 20, 'started_at')}`);
    await change('finished again', sql`update conversations set status = 'FINALIZADA' where status = 'ACTIVA' and accepted_at is not null`);
    await change('another transfer reason', sql`update conversations set automatic_transfer_reason_id = (select max(automatic_transfer_reason_id) from conversations)
      where ${some('escalated_at is not null and automatic_transfer_reason_id is not null', 25)}`);
    await change('no transfer reason', sql`update conversations set automatic_transfer_reason_id = null where ${some('automatic_transfer_reason_id is not null', 15, 'started_at')}`);
    await change('moved to another day', sql`update conversations set started_at = started_at + interval '3 days' where ${some(typed, 20, 'id_conv')}`);
    await change('moved to another organisation', sql`update conversations set organization_id = ${OTHER_ORG_ID} where ${some(typed, 10, 'id_conv desc')}`);
    await change('an offer and a message (nothing the rows follow)', sql`update conversations set status = 'ASIGNADA', last_seq = last_seq + 1 where ${some("status = 'EN_COLA'", 10)}`);
    await change(
      'new conversations',
      sql`insert into conversations select (jsonb_populate_record(null::conversations,
        to_jsonb(c) || jsonb_build_object('id_conv', 'copy-' || c.id_conv, 'started_at', c.started_at + interval '1 day'))).*
      from conversations c where ${some('escalated_at is not null', 40, 'id_conv desc')}`
    );
    await change('deleted conversations (their reasons by cascade)', sql`delete from conversations where ${some(typed, 30, 'started_at')}`);

    // Business reasons: new ones (one a conversation already has, recorded earlier), recorded before the conversation started, changed, moved, deleted.
    await change(
      'business reasons added',
      sql`insert into conversation_business_reasons (conversation_id, reason_id, agent_id, split_id, transfer, created_at)
        select c.id_conv, r.id_causal, c.agent_id, c.split_id, false, c.started_at + interval '20 minutes'
        from conversations c cross join (select id_causal from business_reasons where organization_id = ${ORG} order by id_causal limit 2) r
        where ${some('escalated_at is not null and accepted_at is not null', 25, 'id_conv')}`
    );
    await change(
      'a reason said twice, earlier',
      sql`insert into conversation_business_reasons (conversation_id, reason_id, agent_id, split_id, transfer, created_at)
        select b.conversation_id, b.reason_id, b.agent_id, b.split_id, true, b.created_at - interval '4 days'
        from conversation_business_reasons b where b.id in (select min(id) from conversation_business_reasons group by conversation_id order by 1 limit 40)`
    );
    await change(
      'recorded before the conversation started',
      sql`update conversation_business_reasons b set created_at = c.started_at - interval '2 days'
        from conversations c where c.id_conv = b.conversation_id and ${onProbeDays}`
    );
    await change('another business reason', sql`update conversation_business_reasons set reason_id = (select max(reason_id) from conversation_business_reasons)
      where id in (select id from conversation_business_reasons order by id desc limit 30)`);
    await change(
      'moved to another conversation',
      sql`update conversation_business_reasons set conversation_id = (select min(id_conv) from conversations c where escalated_at is not null and not exists
          (select 1 from conversation_business_reasons b where b.conversation_id = c.id_conv))
        where id in (select id from conversation_business_reasons order by id limit 12)`
    );
    await change('business reasons deleted', sql`delete from conversation_business_reasons where id in (select id from conversation_business_reasons order by created_at desc limit 60)`);
    await change(
      "a conversation's reasons deleted",
      sql`delete from conversation_business_reasons where conversation_id in (select conversation_id from conversation_business_reasons order by id desc limit 10)`
    );
    // As the chat console replaces an agent's list: deleted and recorded again in one transaction.
    await app.db.transaction(async (tx) => {
      const [one] = await read(tx, sql`select conversation_id, agent_id from conversation_business_reasons where agent_id is not null order by id limit 1`);
      await tx.execute(sql`delete from conversation_business_reasons where conversation_id = ${one?.conversation_id} and agent_id = ${one?.agent_id}`);
      await tx.execute(sql`insert into conversation_business_reasons (conversation_id, reason_id, agent_id, split_id, transfer, created_at)
        select ${one?.conversation_id}, id_causal, ${one?.agent_id}, null, false, ${NOW.toISOString()}::timestamptz from business_reasons where organization_id = ${ORG} order by id_causal limit 3`);
    });
    await expectSameAnswers('an agent’s list replaced');

    // Finalisation reasons: new ones, recorded again (upsert), changed, recorded before the conversation started, deleted.
    await change(
      'finalisation reasons added',
      sql`insert into conversation_final_reasons (conversation_id, reason_id, agent_id, created_at)
        select c.id_conv, ${finalIds[0]}, c.agent_id, c.started_at + interval '30 minutes' from conversations c
        where ${some('escalated_at is not null and not exists (select 1 from conversation_final_reasons f where f.conversation_id = c.id_conv)', 25)}`
    );
    await change(
      'finalisation reasons recorded again',
      sql`insert into conversation_final_reasons (conversation_id, reason_id, agent_id, created_at)
        select conversation_id, ${finalIds[1]}, agent_id, created_at + interval '1 day' from conversation_final_reasons order by conversation_id limit 20
        on conflict (conversation_id) do update set reason_id = excluded.reason_id, created_at = excluded.created_at`
    );
    await change('another finalisation reason', sql`update conversation_final_reasons set reason_id = ${finalIds[0]}
      where conversation_id in (select conversation_id from conversation_final_reasons order by conversation_id desc limit 20)`);
    await change(
      'finalisation recorded before the conversation started',
      sql`update conversation_final_reasons f set created_at = c.started_at - interval '1 day' from conversations c where c.id_conv = f.conversation_id and ${onProbeDays}`
    );
    await change('finalisation moved to another conversation', sql`update conversation_final_reasons set conversation_id = (select min(id_conv) from conversations c
        where escalated_at is not null and not exists (select 1 from conversation_final_reasons f where f.conversation_id = c.id_conv))
      where conversation_id = (select min(conversation_id) from conversation_final_reasons)`);
    await change('finalisation reasons deleted', sql`delete from conversation_final_reasons where conversation_id in (select conversation_id from conversation_final_reasons order by created_at limit 30)`);

    // Then the conversations again, now that their reasons changed.
    await change('finished no more', sql`update conversations set status = 'ACTIVA', ended_at = null where ${some(finished, 15, 'id_conv')}`);
    await change('deleted again', sql`delete from conversations where ${some(typed, 15, 'id_conv desc')}`);
    // The rebuild of every total rebuilds these too.
    await expectKeptMatchRebuild(app.db, 'all the totals rebuilt', sql`select stats_totals_rebuild(null)`);
  }, 240_000);

  // Two transactions at once (PostgreSQL: PGlite has one connection): a reason recorded while its conversation is finished.
  it.runIf(backend === 'postgres')('sees a reason and a change of its conversation made at once, in either order', async () => {
    const pick = async () => {
      const [one] = await rows(sql`select id_conv from conversations c where organization_id = ${ORG} and escalated_at is not null and accepted_at is not null
        and not exists (select 1 from conversation_business_reasons b where b.conversation_id = c.id_conv) order by id_conv limit 1`);
      const id = String(one?.id_conv);
      await app.db.execute(sql`update conversations set status = 'ACTIVA' where id_conv = ${id}`);
      return id;
    };
    const record = (id: string) =>
      sql`insert into conversation_business_reasons (conversation_id, reason_id, agent_id, split_id, transfer, created_at)
        select id_conv, 1, agent_id, split_id, false, started_at + interval '9 minutes' from conversations where id_conv = ${id}`;
    const finish = (id: string) => sql`update conversations set status = 'FINALIZADA' where id_conv = ${id}`;
    // Whether a statement of this database waits for a lock (the second change, for the first's transaction).
    const waitsForLock = async () =>
      Number((await rows(sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`))[0]?.n) > 0;
    const orders: [(id: string) => SQL, (id: string) => SQL][] = [
      [record, finish],
      [finish, record]
    ];
    for (const [first, second] of orders) {
      const id = await pick();
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      let started = () => {};
      const running = new Promise<void>((resolve) => (started = resolve));
      // The first change in a transaction left open; the second meanwhile, on another connection.
      const open = app.db.transaction(async (tx) => {
        await tx.execute(first(id));
        started();
        await held;
      });
      await running;
      // The second change either waits for the first's transaction or is done: then the first commits.
      let done = false;
      const other = app.db.execute(second(id)).finally(() => (done = true));
      while (!done && !(await waitsForLock())) await new Promise((resolve) => setTimeout(resolve, 20));
      release();
      await Promise.all([open, other]);
      const [typed] = await rows(sql`select coalesce(sum(done), 0)::int as done from reason_day_totals where organization_id = ${ORG} and kind = 'typed' and day =
        (select (started_at at time zone 'America/Bogota')::date from conversations where id_conv = ${id})`);
      const [raw] = await rows(sql`select count(*)::int as done from conversations c where organization_id = ${ORG}
        and (started_at at time zone 'America/Bogota')::date = (select (started_at at time zone 'America/Bogota')::date from conversations where id_conv = ${id})
        and escalated_at is not null and accepted_at is not null and status = 'FINALIZADA'
        and exists (select 1 from conversation_business_reasons b where b.conversation_id = c.id_conv)`);
      expect(typed?.done, `${first === record ? 'reason' : 'finish'} first`).toBe(raw?.done);
      await expectKeptMatchRebuild(app.db, `${first === record ? 'reason' : 'finish'} first`);
    }
  });

  it('empties what a truncate removed, and counts what comes after it', async () => {
    await app.db.execute(sql`truncate table conversation_business_reasons`);
    expect(await rows(sql`select * from reason_day_totals where kind in ('business', 'typed')`)).toEqual([]);
    await expectSameAnswers('business reasons truncated');
    await app.db.execute(sql`truncate table conversation_final_reasons`);
    expect(await rows(sql`select * from reason_day_totals where kind = 'final'`)).toEqual([]);
    await change(
      'recorded after the truncates',
      sql`insert into conversation_business_reasons (conversation_id, reason_id, agent_id, split_id, transfer, created_at)
        select c.id_conv, 1, c.agent_id, c.split_id, false, c.started_at + interval '5 minutes' from conversations c
        where c.organization_id = ${ORG} and c.escalated_at is not null order by c.id_conv limit 30`
    );
    await app.db.execute(sql`truncate table conversations cascade`);
    expect(await rows(sql`select * from reason_day_totals`)).toEqual([]);
  });
});
