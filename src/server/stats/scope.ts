import { DateTime, type Zone } from 'luxon';
import { rememberedZone } from './zone';
import { sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { FilterQuery } from '../../shared/domain/filter';

/**
 * What every statistics query shares: the SPEC §3 filter turned into a timestamp range and SQL
 * predicates, scoped to one organisation.
 *
 * Days are the organisation's days in Bogotá (the platform's zone, UTC−5 all year): the range
 * start..end is the half-open interval [start 00:00, end + 1 day 00:00) America/Bogota, so a
 * record at 23:59:59 on `end` counts and one at 00:00 the day after does not. A conversation
 * belongs to the day it started (started_at); an assistant interaction, a notification and an
 * integration call to the moment they happened.
 */

export const STATS_ZONE = 'America/Bogota';

/** The statistics' zone for luxon, its offsets remembered (zone.ts). */
export const STATS_DATE_ZONE: Zone = rememberedZone(STATS_ZONE);
/** The zone as an SQL literal (a constant: the planner sees the same expression on every call). */
export const ZONE = sql.raw(`'${STATS_ZONE}'`);

export type Filter = z.infer<typeof FilterQuery>;
/** The filter fields a query may leave out (those that do not apply to it). */
export type FilterKey = keyof Filter;

export interface DayRange {
  /** Inclusive: start 00:00 Bogotá, as a UTC instant. */
  from: Date;
  /** Exclusive: end + 1 day 00:00 Bogotá. */
  to: Date;
}

/** Today in Bogotá as 'yyyy-MM-dd'. */
export function bogotaDay(now: Date): string {
  return DateTime.fromJSDate(now, { zone: STATS_DATE_ZONE }).toISODate() ?? '';
}

/** SPEC §3: start and end default to today. Fills the missing ones of a raw query (before parsing). */
export function withDefaultDays(query: unknown, now: Date): Record<string, unknown> {
  const raw: Record<string, unknown> = query && typeof query === 'object' ? { ...(query as Record<string, unknown>) } : {};
  const missing = (value: unknown) => value === undefined || value === '';
  if (!missing(raw.start) && !missing(raw.end)) return raw;
  const today = bogotaDay(now);
  if (missing(raw.start)) raw.start = today;
  if (missing(raw.end)) raw.end = today;
  return raw;
}

/** [start 00:00, end + 1 00:00) in Bogotá. start and end are already valid 'yyyy-MM-dd' days. */
export function dayRange(start: string, end: string): DayRange {
  const from = DateTime.fromISO(start, { zone: STATS_DATE_ZONE }).startOf('day');
  const to = DateTime.fromISO(end, { zone: STATS_DATE_ZONE }).startOf('day').plus({ days: 1 });
  return { from: from.toJSDate(), to: to.toJSDate() };
}

const ts = (d: Date): SQL => sql`${d.toISOString()}::timestamptz`;

/** `column in (…ids)`; the ids are validated positive integers. */
export function inIds(column: SQL, ids: readonly number[]): SQL {
  return sql`${column} in (${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `
  )})`;
}

const listed = (ids: readonly number[] | undefined): ids is number[] => ids !== undefined && ids.length > 0;

export function and(parts: readonly (SQL | undefined)[]): SQL {
  const present = parts.filter((p): p is SQL => p !== undefined);
  return present.length === 0 ? sql`true` : sql.join(present, sql` and `);
}

/** The first and the last minute of a day: a window bound at either excludes no instant. */
const DAY_FIRST_MINUTE = '00:00';
const DAY_LAST_MINUTE = '23:59';

/**
 * The since/until window as it narrows. until names a whole minute ('HH:mm' includes its
 * 59.999999 seconds, timeScope), so since 00:00 and until 23:59 exclude no instant (timestamps
 * have microseconds): those bounds are left out. A window that covers the whole day is then no
 * window, and the daily totals answer it (totals.ts) as they answer no window.
 */
export function timeWindow(f: Pick<Filter, 'since' | 'until'>): Pick<Filter, 'since' | 'until'> {
  return { since: f.since === DAY_FIRST_MINUTE ? undefined : f.since, until: f.until === DAY_LAST_MINUTE ? undefined : f.until };
}

/** The instant column within the range, and within the since/until time-of-day window of each day. */
export function timeScope(column: SQL, range: DayRange, f: Pick<Filter, 'since' | 'until'>): SQL {
  const local = sql`(${column} at time zone ${ZONE})::time`;
  const { since, until } = timeWindow(f);
  return and([
    sql`${column} >= ${ts(range.from)}`,
    sql`${column} < ${ts(range.to)}`,
    since ? sql`${local} >= ${since}::time` : undefined,
    // until names a whole minute: 'HH:mm' includes its 59.999999 seconds.
    until ? sql`${local} <= ${`${until}:59.999999`}::time` : undefined
  ]);
}

export interface ConversationScopeOptions {
  /** Filter fields this query applies otherwise (or not at all). */
  omit?: readonly FilterKey[];
  /** Leave the time range out (a sub-select whose outer query already bounds the time). */
  untimed?: boolean;
}

/**
 * The conversations (alias `c`) of the organisation that the filter selects:
 * - the range and the since/until window on started_at;
 * - channels, idVa, splits and singleSplit (the conversation's split), agents (the agent who
 *   holds or last held it), idConv;
 * - cities, departments (of the city) and regionals (the organisation's region of the department);
 * - causalesNegocio / causalesFin: an agent recorded one of those reasons on it;
 *   causalesPasoAutomatico: the assistant handed it over for one of those reasons;
 *   events: it ended not attended for one of those events;
 * - intents: the assistant recognised one of those intents (response nodes) in it;
 * - id / idType: the customer's identification number / document type.
 * attention, resolution, notifChannels and the integration fields never narrow conversations.
 */
export function conversationScope(idOrg: number, range: DayRange, f: Filter, options: ConversationScopeOptions = {}): SQL {
  const skip = new Set<FilterKey>(options.omit ?? []);
  const use = <K extends FilterKey>(key: K): Filter[K] | undefined => (skip.has(key) ? undefined : f[key]);
  const channels = use('channels');
  const splits = use('splits');
  const agents = use('agents');
  const cities = use('cities');
  const departments = use('departments');
  const regionals = use('regionals');
  const business = use('causalesNegocio');
  const final = use('causalesFin');
  const automatic = use('causalesPasoAutomatico');
  const events = use('events');
  const intents = use('intents');
  const idVa = use('idVa');
  const singleSplit = use('singleSplit');
  const idConv = use('idConv');
  const id = use('id');
  const idType = use('idType');
  return and([
    sql`c.organization_id = ${idOrg}`,
    options.untimed ? undefined : timeScope(sql`c.started_at`, range, { since: use('since'), until: use('until') }),
    listed(channels) ? inIds(sql`c.channel_id`, channels) : undefined,
    idVa !== undefined ? sql`c.id_va = ${idVa}` : undefined,
    listed(splits) ? inIds(sql`c.split_id`, splits) : undefined,
    singleSplit !== undefined ? sql`c.split_id = ${singleSplit}` : undefined,
    listed(agents) ? inIds(sql`c.agent_id`, agents) : undefined,
    idConv !== undefined ? sql`c.id_conv = ${idConv}` : undefined,
    listed(cities) ? inIds(sql`c.city_id`, cities) : undefined,
    listed(departments) ? sql`c.city_id in (select ci.id from cities ci where ${inIds(sql`ci.id_department`, departments)})` : undefined,
    listed(regionals)
      ? sql`c.city_id in (select ci.id from cities ci join department_regions dr on dr.id_department = ci.id_department
              where dr.organization_id = ${idOrg} and ${inIds(sql`dr.id_regional`, regionals)})`
      : undefined,
    listed(business)
      ? sql`exists (select 1 from conversation_business_reasons cbr where cbr.conversation_id = c.id_conv and ${inIds(sql`cbr.reason_id`, business)})`
      : undefined,
    listed(final) ? sql`exists (select 1 from conversation_final_reasons cfr where cfr.conversation_id = c.id_conv and ${inIds(sql`cfr.reason_id`, final)})` : undefined,
    listed(automatic) ? inIds(sql`c.automatic_transfer_reason_id`, automatic) : undefined,
    listed(events) ? inIds(sql`c.not_attended_event_id`, events) : undefined,
    listed(intents) ? sql`exists (select 1 from bot_interactions bi where bi.conversation_id = c.id_conv and ${inIds(sql`bi.response_node_id`, intents)})` : undefined,
    id !== undefined || idType !== undefined
      ? sql`c.customer_id in (select cu.id from customers cu where cu.organization_id = ${idOrg}
              ${id !== undefined ? sql`and cu.identification = ${id}` : sql``} ${idType !== undefined ? sql`and cu.document_type = ${idType}` : sql``})`
      : undefined
  ]);
}

/** The conversation-level filter fields (those that need the conversation row). */
export const CONVERSATION_FIELDS = [
  'channels',
  'splits',
  'singleSplit',
  'agents',
  'cities',
  'departments',
  'regionals',
  'causalesNegocio',
  'causalesFin',
  'causalesPasoAutomatico',
  'events',
  'id',
  'idType'
] as const satisfies readonly FilterKey[];

function needsConversation(f: Filter): boolean {
  return CONVERSATION_FIELDS.some((key) => {
    const value = f[key];
    return Array.isArray(value) ? value.length > 0 : value !== undefined;
  });
}

/**
 * The assistant's interactions (alias `b`) of the organisation in the range (interaction_time),
 * narrowed by idVa, idConv, intents (the matched response node) unless omitted, and — through their
 * conversation — by every conversation-level field of the filter.
 */
export function botScope(idOrg: number, range: DayRange, f: Filter, options: { omit?: readonly FilterKey[] } = {}): SQL {
  const skip = new Set<FilterKey>(options.omit ?? []);
  const intents = skip.has('intents') ? undefined : f.intents;
  return and([
    sql`b.organization_id = ${idOrg}`,
    timeScope(sql`b.interaction_time`, range, f),
    f.idVa !== undefined ? sql`b.id_va = ${f.idVa}` : undefined,
    f.idConv !== undefined ? sql`b.conversation_id = ${f.idConv}` : undefined,
    listed(intents) ? inIds(sql`b.response_node_id`, intents) : undefined,
    needsConversation(f)
      ? sql`b.conversation_id in (select c.id_conv from conversations c where ${conversationScope(idOrg, range, f, {
          untimed: true,
          omit: ['idVa', 'idConv', 'intents', 'since', 'until']
        })})`
      : undefined
  ]);
}

/** The notifications (alias `n`) of the organisation sent in the range; notifChannels are notification type ids. */
export function notificationScope(idOrg: number, range: DayRange, f: Filter): SQL {
  return and([
    sql`n.organization_id = ${idOrg}`,
    timeScope(sql`n.sent_at`, range, f),
    listed(f.notifChannels) ? inIds(sql`n.type_notification_id`, f.notifChannels) : undefined,
    f.idConv !== undefined ? sql`n.conversation_id = ${f.idConv}` : undefined
  ]);
}

/** The integration calls (alias `i`) of the organisation in the range; integrationStatus only when `withStatus`. */
export function integrationScope(idOrg: number, range: DayRange, f: Filter, withStatus: boolean): SQL {
  return and([
    sql`i.organization_id = ${idOrg}`,
    timeScope(sql`i.called_at`, range, f),
    f.idVa !== undefined ? sql`i.id_va = ${f.idVa}` : undefined,
    f.idConv !== undefined ? sql`i.conversation_id = ${f.idConv}` : undefined,
    // The screen shows a service as words ('Consulta saldo' for consulta_saldo): either spelling matches.
    f.integrationService !== undefined ? sql`lower(replace(i.service, '_', ' ')) = lower(replace(${f.integrationService}, '_', ' '))` : undefined,
    withStatus && f.integrationStatus !== undefined ? sql`i.status = ${f.integrationStatus}` : undefined
  ]);
}

/** An instant as ISO-8601 UTC text ('2026-03-02T14:00:00.000Z'): the drivers answer timestamps differently, text is the same on both. */
export function isoText(column: SQL): SQL {
  return sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

/** 100 · part ÷ whole rounded to 2 decimals; null without a whole. */
export function percent(part: SQL, whole: SQL): SQL {
  return sql`case when (${whole}) = 0 then null else round(100.0 * (${part}) / (${whole}), 2)::float8 end`;
}

/**
 * The milliseconds between two instants, whole, as float8 (date_part, not extract: extract answers
 * numeric, whose arithmetic costs several times more per row). Sums of whole numbers in float8 are
 * exact in any order, so a mean computed here from the rows and one computed from the daily totals
 * (totals.ts, whose triggers store the same milliseconds) are the same number.
 */
export function millis(later: SQL, earlier: SQL): SQL {
  return sql`round(date_part('epoch', ${later} - ${earlier}) * 1000)`;
}

/** Seconds as float8 from a sum of milliseconds and their count: the mean rounded to 2 decimals, null without a count. */
export function meanOfMillis(sum: SQL, count: SQL): SQL {
  return sql`round((${sum} / nullif(${count}, 0) / 1000)::numeric, 2)::float8`;
}

/** The mean of a duration in seconds (from whole milliseconds), rounded to 2 decimals; null without rows. */
export function meanSeconds(later: SQL, earlier: SQL, where: SQL = sql`true`): SQL {
  const ms = millis(later, earlier);
  return meanOfMillis(sql`sum(${ms}) filter (where ${where})`, sql`count(${ms}) filter (where ${where})`);
}
