import { sql } from 'drizzle-orm';
import { boolean, check, date, doublePrecision, index, integer, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';

/**
 * Daily totals the statistics read instead of the raw rows when the filter allows (src/server/stats/totals.ts).
 * They are never written by the application: triggers on conversations and bot_interactions keep them
 * (migration 0005_stats_totals.sql), in the same transaction as the change, so they are exact at every
 * commit. A day is the Bogotá day the conversation started (the interaction happened). No foreign keys:
 * a cascade could remove a totals row before the trigger of the row that feeds it subtracts from it.
 */

/** Per day and per value of every dimension the filter narrows by, the counts and summed durations the conversation summary reads. */
export const conversationDayTotals = pgTable(
  'conversation_day_totals',
  {
    organizationId: integer('organization_id').notNull(),
    day: date('day').notNull(),
    channelId: integer('channel_id').notNull(),
    idVa: integer('id_va').notNull(),
    splitId: integer('split_id'),
    agentId: integer('agent_id'),
    cityId: integer('city_id'),
    conversations: integer('conversations').notNull(),
    escalated: integer('escalated').notNull(),
    attended: integer('attended').notNull(),
    notAttended: integer('not_attended').notNull(),
    abandoned: integer('abandoned').notNull(),
    enCola: integer('en_cola').notNull(),
    activos: integer('activos').notNull(),
    finalizados: integer('finalizados').notNull(),
    // Durations as whole milliseconds summed in float8: integer-valued, so exact and the same in any order.
    asignacionN: integer('asignacion_n').notNull(),
    asignacionMs: doublePrecision('asignacion_ms').notNull(),
    atencionAhN: integer('atencion_ah_n').notNull(),
    atencionAhMs: doublePrecision('atencion_ah_ms').notNull(),
    atencionAvN: integer('atencion_av_n').notNull(),
    atencionAvMs: doublePrecision('atencion_av_ms').notNull(),
    tmoN: integer('tmo_n').notNull(),
    tmoMs: doublePrecision('tmo_ms').notNull(),
    rated: integer('rated').notNull(),
    ratedGood: integer('rated_good').notNull(),
    npsAnswers: integer('nps_answers').notNull(),
    promoters: integer('promoters').notNull(),
    detractors: integer('detractors').notNull(),
    // The ratings (satisfaction 1–5) by score: the ratings line per day, week or month (totals.ts).
    rated1: integer('rated_1').notNull().default(0),
    rated2: integer('rated_2').notNull().default(0),
    rated3: integer('rated_3').notNull().default(0),
    rated4: integer('rated_4').notNull().default(0),
    rated5: integer('rated_5').notNull().default(0)
  },
  (t) => [unique('conversation_day_totals_key').on(t.organizationId, t.day, t.channelId, t.idVa, t.splitId, t.agentId, t.cityId).nullsNotDistinct()]
);

/** Per day and customer (null: the conversations without an identified customer), their conversations and how many were escalated. */
export const customerDayTotals = pgTable(
  'customer_day_totals',
  {
    organizationId: integer('organization_id').notNull(),
    day: date('day').notNull(),
    customerId: integer('customer_id'),
    conversations: integer('conversations').notNull(),
    escalated: integer('escalated').notNull()
  },
  (t) => [
    unique('customer_day_totals_key').on(t.organizationId, t.day, t.customerId).nullsNotDistinct(),
    // The customer summary (totals.ts) groups a range's rows by customer: read in customer order from the index alone,
    // the grouping streams instead of hashing hundreds of thousands of customers.
    index('customer_day_totals_customer_idx').on(t.organizationId, t.customerId, t.day, t.conversations, t.escalated)
  ]
);

/**
 * Per day, assistant, response node (null: not understood), whether it answered and the intent the turn
 * recorded (the code as it was then: a node's code may change later), the assistant's customer turns.
 */
export const botDayTotals = pgTable(
  'bot_day_totals',
  {
    organizationId: integer('organization_id').notNull(),
    day: date('day').notNull(),
    idVa: integer('id_va').notNull(),
    responseNodeId: integer('response_node_id'),
    answered: boolean('answered').notNull(),
    turns: integer('turns').notNull(),
    intent: text('intent')
  },
  (t) => [unique('bot_day_totals_key').on(t.organizationId, t.day, t.idVa, t.responseNodeId, t.answered, t.intent).nullsNotDistinct()]
);

/**
 * Per conversation and recognised intent (the code its turns recorded), the assistant's turns that
 * recorded it, with the conversation's organisation, Bogotá day and rating copied beside them: the
 * best-rated intents (intentRatingsBars, totals.ts) read a range's rated pairs from here instead of
 * joining the range's turns with its rated conversations. Kept by the triggers of migration 0015.
 */
export const conversationIntentTotals = pgTable(
  'conversation_intent_totals',
  {
    conversationId: text('conversation_id').notNull(),
    intent: text('intent').notNull(),
    organizationId: integer('organization_id').notNull(),
    day: date('day').notNull(),
    satisfaction: integer('satisfaction'),
    turns: integer('turns').notNull()
  },
  (t) => [
    unique('conversation_intent_totals_key').on(t.conversationId, t.intent),
    // A range's rated pairs read from the index alone, in intent order within each day.
    index('conversation_intent_totals_day_idx').on(t.organizationId, t.day, t.satisfaction, t.intent)
  ]
);

/**
 * Per day, channel and customer (null: the conversations without an identified customer), the
 * conversations they started; a row that falls to none is removed. Kept by the conversations'
 * triggers (migration 0016), which count its rows into channel_day_customers.
 */
export const customerChannelDayTotals = pgTable(
  'customer_channel_day_totals',
  {
    organizationId: integer('organization_id').notNull(),
    day: date('day').notNull(),
    channelId: integer('channel_id').notNull(),
    customerId: integer('customer_id'),
    conversations: integer('conversations').notNull()
  },
  (t) => [unique('customer_channel_day_totals_key').on(t.organizationId, t.day, t.channelId, t.customerId).nullsNotDistinct()]
);

/**
 * Per day and channel, the identified customers who started a conversation (the rows of
 * customer_channel_day_totals with a customer) and the conversations without one: the customer
 * entries per channel by day (consumerClientsStatistics, totals.ts) read these instead of the
 * distinct customers of the range's conversations. Kept by migration 0016's triggers.
 */
export const channelDayCustomers = pgTable(
  'channel_day_customers',
  {
    organizationId: integer('organization_id').notNull(),
    day: date('day').notNull(),
    channelId: integer('channel_id').notNull(),
    customers: integer('customers').notNull(),
    unidentified: integer('unidentified').notNull()
  },
  (t) => [unique('channel_day_customers_key').on(t.organizationId, t.day, t.channelId)]
);

/**
 * The typings page's figures (totals.ts, the reasons totals): per Bogotá day the escalated conversations
 * started, per kind of row — 'transfer': per automatic-transfer reason (null: none), the escalated
 * conversations; 'business': per business reason, the conversations an agent recorded it on (each
 * once); 'typed': the conversations with at least one business reason (reason_id null); 'final': per
 * finalisation reason, the conversations that ended with it — and `done`, how many of them an agent
 * accepted and finished. The statistics read only the reasons recorded since the range's start
 * (summaries.ts), so a reason row is also keyed by recorded_day: the Bogotá day the reason was last
 * recorded when that is before the conversation's day, else the conversation's day (a range counts
 * the rows whose recorded_day is not before its first day). Kept by the triggers of migration 0017.
 */
export const reasonDayTotals = pgTable(
  'reason_day_totals',
  {
    organizationId: integer('organization_id').notNull(),
    day: date('day').notNull(),
    kind: text('kind').notNull(),
    reasonId: integer('reason_id'),
    recordedDay: date('recorded_day').notNull(),
    conversations: integer('conversations').notNull(),
    done: integer('done').notNull()
  },
  (t) => [
    unique('reason_day_totals_key').on(t.organizationId, t.day, t.kind, t.reasonId, t.recordedDay).nullsNotDistinct(),
    check('reason_day_totals_kind_check', sql`${t.kind} in ('transfer', 'business', 'typed', 'final')`)
  ]
);

/**
 * Per Bogotá hour (the local hour the conversation started, a timestamp without zone), channel and
 * assistant, the conversations and, of the escalated ones, the attended and the not attended: the
 * per-channel line series by hour, and by day, week or month within a time-of-day window of whole
 * hours, read these (totals.ts, hourTotalsAnswer) instead of the raw rows. Kept by the conversations'
 * triggers (migration 0018).
 */
export const conversationHourTotals = pgTable(
  'conversation_hour_totals',
  {
    organizationId: integer('organization_id').notNull(),
    hour: timestamp('hour').notNull(),
    channelId: integer('channel_id').notNull(),
    idVa: integer('id_va').notNull(),
    conversations: integer('conversations').notNull(),
    attended: integer('attended').notNull(),
    notAttended: integer('not_attended').notNull()
  },
  (t) => [unique('conversation_hour_totals_key').on(t.organizationId, t.hour, t.channelId, t.idVa)]
);
