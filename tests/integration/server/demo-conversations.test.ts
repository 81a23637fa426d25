import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import { generateActivity, type ActivitySummary } from '../../../src/server/demo/activity';
import { BACKENDS, type Backend } from '../../support/database';
import { createTestApp, type TestPlatform } from '../../support/app';

const NOW = new Date('2026-03-02T15:04:05.000Z');
const DAYS = 30;
const COUNT = 2000;
const FROM = new Date(NOW.getTime() - DAYS * 86_400_000);
const ORG = 100;

async function rows(app: FastifyInstance, query: SQL): Promise<Record<string, unknown>[]> {
  const result = await app.db.execute(query);
  return z.object({ rows: z.array(z.record(z.string(), z.unknown())) }).parse(result).rows;
}

/** A single number from a query answering one row with column n. */
async function num(app: FastifyInstance, query: SQL): Promise<number> {
  const [row] = await rows(app, query);
  return Number(row?.n);
}

/** Digests of every table the generator writes, over business values (not surrogate ids). */
async function fingerprint(app: FastifyInstance): Promise<Record<string, string>> {
  const digest = (query: SQL) => rows(app, query).then((r) => String(r[0]?.d));
  return {
    conversations: await digest(sql`select md5(string_agg(concat_ws('|', id_conv, id_va, channel_id, customer_data::text, city_id, split_id, agent_id, started_at, escalated_at,
      queued_at, assigned_at, accepted_at, agent_first_reply_at, last_customer_activity_at, last_agent_activity_at, awaiting_agent_since, ended_at, ended_by, end_acronym,
      automatic_transfer_reason_id, not_attended_event_id, transfer_count, bot_failures, last_seq, satisfaction, nps, survey_at, widget_token_hash), ',' order by id_conv)) as d from conversations`),
    messages: await digest(sql`select md5(string_agg(concat_ws('|', conversation_id, seq, client_id, tipo_mensaje, tipo_usuario, mensaje, items::text, agent_id, fecha_mensaje), ',' order by conversation_id, seq)) as d from messages`),
    interactions: await digest(sql`select md5(string_agg(concat_ws('|', conversation_id, interaction_time, request_data, response_answer, intent, response_node_id, answered, escalated), ',' order by id)) as d from bot_interactions`),
    assignments: await digest(sql`select md5(string_agg(concat_ws('|', conversation_id, agent_id, split_id, assigned_at, accepted_at, released_at, release_reason), ',' order by id)) as d from conversation_assignments`),
    reasons: await digest(sql`select md5(string_agg(concat_ws('|', conversation_id, reason_id, agent_id, split_id, transfer, created_at), ',' order by id)) as d from conversation_business_reasons`),
    finals: await digest(sql`select md5(string_agg(concat_ws('|', conversation_id, reason_id, agent_id, created_at), ',' order by conversation_id)) as d from conversation_final_reasons`),
    customers: await digest(sql`select md5(string_agg(concat_ws('|', id, document_type, identification, name, email, phone, created_at), ',' order by id)) as d from customers`),
    notifications: await digest(sql`select md5(string_agg(concat_ws('|', sent_at, event_type, type_notification_id, recipient, recipient_role, status, detail, conversation_id), ',' order by id)) as d from notifications_log`),
    integrations: await digest(sql`select md5(string_agg(concat_ws('|', id_va, conversation_id, called_at, service, status, duration_ms, detail), ',' order by id)) as d from integration_calls`),
    statusChanges: await digest(sql`select md5(string_agg(concat_ws('|', user_id, status, pause_event_id, started_at, ended_at), ',' order by id)) as d from agent_status_changes`)
  };
}

const fingerprints = new Map<Backend, Record<string, string>>();

describe.each(BACKENDS)('the generated conversation history on %s', (backend) => {
  let first: TestPlatform;
  let second: TestPlatform;
  let summary: ActivitySummary;
  let app: FastifyInstance;

  beforeAll(async () => {
    first = await createTestApp(backend);
    second = await createTestApp(backend);
    app = first.app;
    summary = await generateActivity(app.db, { org: ORG, now: NOW, count: COUNT, days: DAYS });
    await generateActivity(second.app.db, { org: ORG, now: NOW, count: COUNT, days: DAYS, batchSize: 700 });
  });

  afterAll(async () => {
    await first?.close();
    await second?.close();
  });

  it('is deterministic: a second database (written in other batches) holds the very same rows', async () => {
    const mine = await fingerprint(app);
    expect(await fingerprint(second.app)).toEqual(mine);
    fingerprints.set(backend, mine);
  });

  it('replaces an earlier run that is all the database holds (its tables emptied at once)', async () => {
    const other = second.app;
    const again = await generateActivity(other.db, { org: ORG, now: NOW, count: 150, days: DAYS });
    expect(again.replaced).toBe(COUNT);
    expect(await num(other, sql`select count(*) as n from conversations`)).toBe(150);
    expect(await num(other, sql`select count(*) as n from messages`)).toBe(again.messages);
    expect(await num(other, sql`select count(*) as n from messages`)).toBe(await num(other, sql`select sum(last_seq) as n from conversations`));
    expect(await num(other, sql`select count(*) as n from bot_interactions`)).toBe(again.interactions);
    expect(await num(other, sql`select count(*) as n from conversation_assignments`)).toBe(again.assignments);
    expect(await num(other, sql`select count(*) as n from customers`)).toBe(again.customers);
    expect(await num(other, sql`select count(*) as n from notifications_log`)).toBe(again.notifications);
    expect(await num(other, sql`select count(*) as n from integration_calls`)).toBe(again.integrationCalls);
    expect(await num(other, sql`select count(*) as n from agent_status_changes`)).toBe(again.statusChanges);
  });

  it('has the count asked for, every one finished, in the range and of the demo organisation', async () => {
    expect(summary.conversations).toBe(COUNT);
    expect(await num(app, sql`select count(*) as n from conversations`)).toBe(COUNT);
    expect(await num(app, sql`select count(*) as n from conversations where status <> 'FINALIZADA' or ended_at is null or ended_by is null or end_acronym is null`)).toBe(0);
    expect(await num(app, sql`select count(*) as n from conversations where organization_id <> ${ORG} or started_at < ${FROM} or ended_at > ${NOW} or survey_at > ${NOW}`)).toBe(0);
    for (const [table, column] of [
      ['bot_interactions', 'interaction_time'],
      ['notifications_log', 'sent_at'],
      ['integration_calls', 'called_at'],
      ['agent_status_changes', 'started_at'],
      ['agent_status_changes', 'ended_at']
    ] as const) {
      const outside = await num(
        app,
        sql`select count(*) as n from ${sql.identifier(table)} where organization_id <> ${ORG} or ${sql.identifier(column)} < ${FROM} or ${sql.identifier(column)} > ${NOW}`
      );
      expect(outside, table).toBe(0);
    }
    expect(await num(app, sql`select count(*) as n from customers where organization_id <> ${ORG}`)).toBe(0);
    // Spread over the whole range: every one of the 30 days has conversations.
    expect(await num(app, sql`select count(distinct date_trunc('day', started_at at time zone 'America/Bogota')) as n from conversations`)).toBeGreaterThanOrEqual(DAYS);
  });

  it('orders every conversation’s moments: started ≤ escalated ≤ queued ≤ assigned ≤ accepted < ended < survey', async () => {
    const disordered = await num(
      app,
      sql`select count(*) as n from conversations where not (
        started_at <= last_customer_activity_at and last_customer_activity_at <= ended_at
        and (escalated_at is null or (escalated_at >= started_at and escalated_at <= ended_at))
        and (queued_at is null or queued_at >= escalated_at)
        and (assigned_at is null or assigned_at >= queued_at)
        and (accepted_at is null or (accepted_at >= assigned_at and accepted_at < ended_at))
        and (agent_first_reply_at is null or (agent_first_reply_at > escalated_at and agent_first_reply_at < ended_at))
        and (last_agent_activity_at is null or last_agent_activity_at < ended_at)
        and (survey_at is null or survey_at > ended_at)
      )`
    );
    expect(disordered).toBe(0);
    expect(await num(app, sql`select count(*) as n from conversations where escalated_at is null and (queued_at is not null or agent_id is not null or split_id is not null)`)).toBe(0);
    const badAssignments = await num(
      app,
      sql`select count(*) as n from conversation_assignments a join conversations c on c.id_conv = a.conversation_id
        where not (a.assigned_at >= c.escalated_at and (a.accepted_at is null or a.accepted_at >= a.assigned_at)
          and a.released_at >= coalesce(a.accepted_at, a.assigned_at) and a.released_at <= c.ended_at)`
    );
    expect(badAssignments).toBe(0);
  });

  it('stores each conversation’s messages in seq order without gaps, from the greeting to the end command', async () => {
    const gaps = await num(
      app,
      sql`select count(*) as n from conversations c left join lateral (
          select count(*) as k, max(seq) as top, min(seq) as low from messages m where m.conversation_id = c.id_conv) s on true
        where s.k <> c.last_seq or s.top <> c.last_seq or s.low <> 1`
    );
    expect(gaps).toBe(0);
    const backwards = await num(
      app,
      sql`select count(*) as n from (select fecha_mensaje < lag(fecha_mensaje) over (partition by conversation_id order by seq) as back from messages) x where back`
    );
    expect(backwards).toBe(0);
    const ends = await num(
      app,
      sql`select count(*) as n from conversations c join messages m on m.conversation_id = c.id_conv and m.seq = c.last_seq
        where m.tipo_mensaje = 'COMMAND' and m.tipo_usuario = 'SISTEMA' and m.mensaje = c.end_acronym and m.fecha_mensaje = c.ended_at`
    );
    expect(ends).toBe(COUNT);
    const greetings = await num(
      app,
      sql`select count(*) as n from conversations c join messages m on m.conversation_id = c.id_conv and m.seq = 1 where m.tipo_usuario = 'BOT' and m.fecha_mensaje = c.started_at`
    );
    expect(greetings).toBe(COUNT);
    // Agent messages only in escalated chats, by an agent who held an assignment of it.
    const strangers = await num(
      app,
      sql`select count(*) as n from messages m where m.tipo_usuario = 'ASESOR' and not exists (
        select 1 from conversation_assignments a where a.conversation_id = m.conversation_id and a.agent_id = m.agent_id and a.accepted_at <= m.fecha_mensaje)`
    );
    expect(strangers).toBe(0);
  });

  it('records the assistant’s turns: intents when it understood, none when it did not, one escalating turn per escalation', async () => {
    const [turns] = await rows(
      app,
      sql`select count(*) as total, count(*) filter (where answered) as answered, count(*) filter (where not answered and intent is null) as missed,
        count(*) filter (where answered and intent is not null and response_node_id is not null) as matched, count(distinct intent) as intents,
        count(*) filter (where escalated) as escalating from bot_interactions`
    );
    const total = Number(turns?.total);
    expect(total).toBe(summary.interactions);
    expect(Number(turns?.answered) + Number(turns?.missed)).toBe(total);
    expect(Number(turns?.matched)).toBe(Number(turns?.answered));
    expect(Number(turns?.intents)).toBeGreaterThanOrEqual(8);
    expect(Number(turns?.missed) / total).toBeGreaterThan(0.05);
    expect(Number(turns?.missed) / total).toBeLessThan(0.3);
    expect(Number(turns?.escalating)).toBe(await num(app, sql`select count(*) as n from conversations where escalated_at is not null`));
    // Each turn is a customer message answered by the assistant at the same moment.
    const orphanTurns = await num(
      app,
      sql`select count(*) as n from bot_interactions b where not exists (
        select 1 from messages m where m.conversation_id = b.conversation_id and m.tipo_usuario = 'CLIENTE' and m.fecha_mensaje = b.interaction_time
          and m.mensaje = (b.request_data::jsonb ->> 'text'))`
    );
    expect(orphanTurns).toBe(0);
  });

  it('escalates about a third, most attended, some abandoned in the queue, some unattended, some transferred', async () => {
    const escalated = await num(app, sql`select count(*) as n from conversations where escalated_at is not null`);
    expect(escalated).toBe(summary.escalated);
    expect(escalated / COUNT).toBeGreaterThan(0.28);
    expect(escalated / COUNT).toBeLessThan(0.42);
    // Attended: the agent holding it last had accepted it (a transfer clears accepted_at).
    const attended = await num(app, sql`select count(*) as n from conversations c where accepted_at is not null`);
    expect(attended).toBe(summary.attended);
    expect(await num(app, sql`select count(*) as n from conversations where accepted_at is not null and (escalated_at is null or agent_id is null)`)).toBe(0);
    expect(attended / escalated).toBeGreaterThan(0.55);
    expect(attended / escalated).toBeLessThan(0.92);
    const byEvent = await rows(
      app,
      sql`select e.code, count(*) as n from conversations c join not_attended_events e on e.id = c.not_attended_event_id group by e.code`
    );
    const events = Object.fromEntries(byEvent.map((r) => [String(r.code), Number(r.n)]));
    expect(events.ABANDONO).toBeGreaterThan(0);
    expect(events.TIEMPO_ESPERA).toBeGreaterThan(0);
    expect(events.ABANDONO).toBe(await num(app, sql`select count(*) as n from conversations where escalated_at is not null and ended_by = 'CLIENTE' and accepted_at is null`));
    expect(events.TIEMPO_ESPERA).toBe(summary.unattended);
    // Abandoned: escalated, not attended, the customer left.
    const abandoned = await num(app, sql`select count(*) as n from conversations c where escalated_at is not null and ended_by = 'CLIENTE' and accepted_at is null`);
    expect(abandoned).toBe(summary.abandoned);
    expect(abandoned).toBeGreaterThan(0);
    const transferred = await num(app, sql`select count(*) as n from conversations where transfer_count > 0`);
    expect(transferred).toBe(summary.transferred);
    expect(transferred).toBeGreaterThan(0);
    expect(await num(app, sql`select count(*) as n from conversation_assignments where release_reason = 'TRASLADO'`)).toBe(transferred);
    // A transfer goes to a split the origin derives to; the first agent's reasons are marked as a transfer to it.
    const badTransfers = await num(
      app,
      sql`select count(*) as n from conversation_assignments a join conversations c on c.id_conv = a.conversation_id
        where a.release_reason = 'TRASLADO' and not exists (select 1 from split_derives d where d.split_origin = a.split_id and d.split_derive = c.split_id)`
    );
    expect(badTransfers).toBe(0);
    expect(await num(app, sql`select count(*) as n from conversation_business_reasons r where r.transfer`)).toBeGreaterThan(0);
    expect(await num(app, sql`select count(*) as n from conversations where automatic_transfer_reason_id is null and escalated_at is not null`)).toBe(0);
    expect(await num(app, sql`select count(distinct automatic_transfer_reason_id) as n from conversations`)).toBe(2);
  });

  it('has agents finish attended chats with business and final reasons, and assigns only agents of the split who were Activo', async () => {
    const untyped = await num(
      app,
      sql`select count(*) as n from conversations c where c.end_acronym = 'FCCA' and (
        not exists (select 1 from conversation_business_reasons r where r.conversation_id = c.id_conv and r.agent_id = c.agent_id and not r.transfer)
        or not exists (select 1 from conversation_final_reasons f where f.conversation_id = c.id_conv and f.agent_id = c.agent_id))`
    );
    expect(untyped).toBe(0);
    expect(await num(app, sql`select count(*) as n from conversations where end_acronym = 'FCCA' and (ended_by <> 'ASESOR' or agent_id is null)`)).toBe(0);
    expect(await num(app, sql`select count(distinct reason_id) as n from conversation_business_reasons`)).toBeGreaterThanOrEqual(5);
    expect(await num(app, sql`select count(distinct reason_id) as n from conversation_final_reasons`)).toBeGreaterThanOrEqual(3);
    const foreign = await num(
      app,
      sql`select count(*) as n from conversation_assignments a where not exists (select 1 from agent_splits s where s.id_user = a.agent_id and s.id_split = a.split_id)`
    );
    expect(foreign).toBe(0);
    const absent = await num(
      app,
      sql`select count(*) as n from conversation_assignments a where not exists (
        select 1 from agent_status_changes s where s.user_id = a.agent_id and s.status = 'Activo' and s.started_at <= a.assigned_at and s.ended_at > a.assigned_at)`
    );
    expect(absent).toBe(0);
  });

  it('keeps each agent’s connection history as one unbroken line of closed stretches, with pauses for a reason', async () => {
    const [history] = await rows(
      app,
      sql`select count(*) as total, count(distinct user_id) as agents, count(*) filter (where status = 'Pausa') as pauses,
        count(*) filter (where status = 'Pausa' and pause_event_id is null) as unexplained, count(*) filter (where ended_at is null or ended_at <= started_at) as broken
        from agent_status_changes`
    );
    expect(Number(history?.agents)).toBe(6);
    expect(Number(history?.pauses)).toBeGreaterThan(0);
    expect(Number(history?.unexplained)).toBe(0);
    expect(Number(history?.broken)).toBe(0);
    const overlaps = await num(
      app,
      sql`select count(*) as n from (select started_at < lag(ended_at) over (partition by user_id order by started_at) as overlap from agent_status_changes) x where overlap`
    );
    expect(overlaps).toBe(0);
  });

  it('takes ratings 1–5 and NPS answers 0–10 from finished chats, and has happier customers when an agent resolved it', async () => {
    expect(await num(app, sql`select count(*) as n from conversations where (satisfaction is null) <> (survey_at is null) or (nps is null) <> (survey_at is null)`)).toBe(0);
    const [survey] = await rows(
      app,
      sql`select count(*) as answered, min(satisfaction) as smin, max(satisfaction) as smax, min(nps) as nmin, max(nps) as nmax,
        avg(satisfaction) filter (where end_acronym = 'FCCA') as served, avg(satisfaction) filter (where not_attended_event_id is not null) as waited
        from conversations where survey_at is not null`
    );
    expect(Number(survey?.answered)).toBe(summary.surveys);
    expect(Number(survey?.answered) / COUNT).toBeGreaterThan(0.1);
    expect([Number(survey?.smin), Number(survey?.smax), Number(survey?.nmin), Number(survey?.nmax)]).toEqual([1, 5, 0, 10]);
    expect(Number(survey?.served)).toBeGreaterThan(Number(survey?.waited));
  });

  it('follows the day: peaks mid-morning and mid-afternoon (Bogotá), fewer at night and on Sundays; Web ahead of Whatsapp ahead of Facebook', async () => {
    const byHour = await rows(app, sql`select extract(hour from started_at at time zone 'America/Bogota')::int as h, count(*) as n from conversations group by 1`);
    const hour = (h: number) => Number(byHour.find((r) => Number(r.h) === h)?.n ?? 0);
    expect(hour(10)).toBeGreaterThan(4 * hour(3));
    expect(hour(15)).toBeGreaterThan(4 * hour(2));
    expect(hour(10)).toBeGreaterThan(hour(13));
    const byDay = await rows(app, sql`select extract(isodow from started_at at time zone 'America/Bogota')::int as d, count(*) as n from conversations group by 1`);
    const day = (d: number) => Number(byDay.find((r) => Number(r.d) === d)?.n ?? 0);
    expect(day(1)).toBeGreaterThan(2 * day(7));
    const byChannel = await rows(app, sql`select t.label, count(*) as n from conversations c join channel_types t on t.id_channel = c.channel_id group by t.label`);
    const channel = (label: string) => Number(byChannel.find((r) => r.label === label)?.n ?? 0);
    expect(channel('Web')).toBeGreaterThan(channel('Whatsapp'));
    expect(channel('Whatsapp')).toBeGreaterThan(channel('Facebook'));
    expect(channel('Facebook')).toBeGreaterThan(0);
    expect(await num(app, sql`select count(distinct city_id) as n from conversations`)).toBeGreaterThan(10);
  });

  it('brings recurring customers with their document types, each created with their first conversation', async () => {
    expect(await num(app, sql`select count(*) as n from customers`)).toBe(summary.customers);
    const recurring = await num(app, sql`select count(*) as n from (select customer_id from conversations group by customer_id having count(*) > 1) x`);
    expect(recurring).toBeGreaterThan(50);
    expect(await num(app, sql`select max(k) as n from (select count(*) as k from conversations group by customer_id) x`)).toBeGreaterThan(3);
    expect(await num(app, sql`select count(distinct document_type) as n from customers`)).toBeGreaterThanOrEqual(3);
    expect(await num(app, sql`select count(*) as n from conversations where customer_id is null`)).toBe(0);
    const misdated = await num(
      app,
      sql`select count(*) as n from customers cu where cu.created_at <> (select min(started_at) from conversations c where c.customer_id = cu.id)`
    );
    expect(misdated).toBe(0);
    // The entry form's answers name the customer's document.
    const mismatched = await num(
      app,
      sql`select count(*) as n from conversations c join customers cu on cu.id = c.customer_id
        where c.customer_data ->> 'Número de documento' <> cu.identification or c.customer_data ->> 'Tipo de documento' <> cu.document_type`
    );
    expect(mismatched).toBe(0);
  });

  it('logs notifications sent and failed over the notification types, and integration calls that succeeded and failed', async () => {
    const byStatus = await rows(app, sql`select status, count(*) as n, count(distinct type_notification_id) as types, count(distinct event_type) as events from notifications_log group by status`);
    const sent = byStatus.find((r) => r.status === 'ENVIADA');
    const failed = byStatus.find((r) => r.status === 'FALLIDA');
    expect(Number(sent?.n) + Number(failed?.n)).toBe(summary.notifications);
    expect(Number(failed?.n)).toBe(summary.failedNotifications);
    expect(Number(failed?.n)).toBeGreaterThan(0);
    expect(Number(sent?.types)).toBe(3);
    expect(Number(sent?.events)).toBeGreaterThanOrEqual(4);
    const roles = await num(app, sql`select count(distinct recipient_role) as n from notifications_log`);
    expect(roles).toBeGreaterThanOrEqual(3);
    const byService = await rows(
      app,
      sql`select service, count(*) filter (where status = 'success') as ok, count(*) filter (where status = 'failed') as ko from integration_calls group by service`
    );
    expect(byService.length).toBeGreaterThanOrEqual(5);
    expect(byService.reduce((sum, r) => sum + Number(r.ko), 0)).toBe(summary.failedIntegrationCalls);
    expect(byService.reduce((sum, r) => sum + Number(r.ok), 0)).toBeGreaterThan(10 * summary.failedIntegrationCalls);
    expect(await num(app, sql`select count(*) as n from integration_calls where status = 'failed' and detail = ''`)).toBe(0);
  });

  it('replaces its earlier run and leaves what the live platform wrote; new rows continue after the generated ids', async () => {
    const live = randomUUID();
    await app.db.execute(sql`insert into customers (organization_id, document_type, identification, name, created_at) values (${ORG}, 'CÉDULA CIUDADANIA', '55555', 'Cliente en vivo', ${NOW})`);
    await app.db.execute(sql`insert into conversations (id_conv, organization_id, id_va, channel_id, customer_id, customer_data, status, started_at, last_customer_activity_at, widget_token_hash)
      select ${live}, ${ORG}, 1, 3, id, '{}'::jsonb, 'BOT', ${NOW}, ${NOW}, 'x' from customers where identification = '55555'`);
    await app.db.execute(sql`insert into agent_status_changes (user_id, organization_id, status, started_at) values (5, ${ORG}, 'Activo', ${NOW})`);

    const again = await generateActivity(app.db, { org: ORG, now: NOW, count: 300, days: 7 });
    expect(again.replaced).toBe(COUNT);
    expect(await num(app, sql`select count(*) as n from conversations where id_conv <> ${live}`)).toBe(300);
    expect(await num(app, sql`select count(*) as n from conversations where id_conv = ${live} and customer_id is not null`)).toBe(1);
    expect(await num(app, sql`select count(*) as n from customers`)).toBe(again.customers + 1);
    expect(await num(app, sql`select count(*) as n from agent_status_changes`)).toBe(again.statusChanges + 1);
    expect(await num(app, sql`select count(*) as n from agent_status_changes where ended_at is null`)).toBe(1);
    expect(await num(app, sql`select count(*) as n from messages m where not exists (select 1 from conversations c where c.id_conv = m.conversation_id)`)).toBe(0);
    expect(await num(app, sql`select count(*) as n from conversations where started_at < ${new Date(NOW.getTime() - 7 * 86_400_000)}`)).toBe(0);

    const [customer] = await rows(app, sql`insert into customers (organization_id, document_type, identification, name, created_at) values (${ORG}, 'NIT', '900000001-1', 'Nueva', ${NOW}) returning id`);
    expect(Number(customer?.id)).toBe((await num(app, sql`select max(id) as n from customers where identification <> '900000001-1'`)) + 1);
    await app.db.execute(sql`insert into agent_status_changes (user_id, organization_id, status, started_at) values (9, ${ORG}, 'Pausa', ${NOW})`);
  });
});

describe('the demo seed', () => {
  it.each(BACKENDS)('generates DEMO_CONVERSATIONS conversations of the demo organisation on the first start (%s)', async (backend) => {
    const platform = await createTestApp(backend, { demoConversations: 120, clock: () => NOW });
    try {
      const { app } = platform;
      expect(await num(app, sql`select count(*) as n from conversations where organization_id = ${ORG}`)).toBe(120);
      expect(await num(app, sql`select count(*) as n from conversations where started_at < ${new Date(NOW.getTime() - 90 * 86_400_000)} or ended_at > ${NOW}`)).toBe(0);
      expect(await num(app, sql`select count(*) as n from notification_types`)).toBe(3);
      expect(await num(app, sql`select count(*) as n from platform_settings where key = 'demo_activity:100'`)).toBe(1);
    } finally {
      await platform.close();
    }
  });
});

describe('across engines', () => {
  it.skipIf(BACKENDS.length < 2)('PGlite and PostgreSQL hold the very same generated rows', () => {
    expect(fingerprints.get('postgres')).toEqual(fingerprints.get('pglite'));
  });
});
