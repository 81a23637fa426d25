import { sql, type SQL } from 'drizzle-orm';
import type { CsvQuery } from '../db/csv-stream';
import { ATTENDED, CHAT_STATE, ESCALATED, NOT_ATTENDED } from '../stats/common';
import { and, conversationScope, inIds, integrationScope, isoText, notificationScope, timeScope, ZONE, type DayRange, type Filter } from '../stats/scope';

/**
 * The rows of each report (issue 5), said once: the FROM … WHERE of the organisation's rows the
 * filter selects, and the key that orders them. The paged views (paged.ts) and the CSV downloads
 * (csv.ts) read the same source, so a page and a file of the same filter hold the same rows.
 */
export interface ReportSource {
  /** `from … where …` */
  source: SQL;
  /** A unique ordering (oldest first): the CSV's order and the keyset of PGlite's batches; the pages show it newest first. */
  keys: CsvQuery['keys'];
}

export interface SourceInput {
  idOrg: number;
  range: DayRange;
  query: Filter;
  now: Date;
}

const byStartedConversation: CsvQuery['keys'] = [
  { expr: sql`c.started_at`, type: 'timestamptz' },
  { expr: sql`c.id_conv`, type: 'text' }
];

/** The keys in a page's order: newest first unless the page asks for the oldest first. */
export function pageOrder(keys: CsvQuery['keys'], order: 'asc' | 'desc' = 'desc'): SQL {
  const direction = sql.raw(order === 'asc' ? 'asc' : 'desc');
  return sql.join(
    keys.map((k) => sql`${k.expr} ${direction}`),
    sql`, `
  );
}

/** Access log ('Accesos', usuarios.csv): each conversation a known customer started, with the customer's document. */
export function accessLogSource({ idOrg, range, query }: SourceInput): ReportSource {
  return {
    source: sql`from conversations c
      join customers cu on cu.id = c.customer_id
      join channel_types ch on ch.id_channel = c.channel_id
      join virtual_agents va on va.id_va = c.id_va
      where ${conversationScope(idOrg, range, query)}`,
    keys: byStartedConversation
  };
}

/** History ('Historial'): every conversation of the assistant that started in the range. */
export function conversationsSource({ idOrg, range, query }: SourceInput): ReportSource {
  return {
    source: sql`from conversations c
      join channel_types ch on ch.id_channel = c.channel_id
      join virtual_agents va on va.id_va = c.id_va
      left join customers cu on cu.id = c.customer_id
      where ${conversationScope(idOrg, range, query)}`,
    keys: byStartedConversation
  };
}

/**
 * Human-agent chats: the escalated conversations of the range, attended (an agent accepted the one
 * it holds or last held) or not attended (finished without one), as the filter's attention asks.
 */
export function agentChatsSource({ idOrg, range, query }: SourceInput, attention: 'attended' | 'notAttended'): ReportSource {
  return {
    source: sql`from conversations c
      join channel_types ch on ch.id_channel = c.channel_id
      left join splits s on s.id_split = c.split_id
      left join users u on u.id_user = c.agent_id
      where ${conversationScope(idOrg, range, query)} and ${ESCALATED} and ${attention === 'attended' ? ATTENDED : NOT_ATTENDED}`,
    keys: byStartedConversation
  };
}

/** The columns of a human-agent chat row (the paged lists; the CSV formats the same facts). */
export function agentChatColumns(attention: 'attended' | 'notAttended'): SQL {
  return sql`c.id_conv, ${isoText(sql`c.started_at`)} as fecha_entrada, ${attention === 'attended' ? isoText(sql`c.accepted_at`) : sql`null::text`} as fecha_asignacion,
    ${isoText(sql`c.ended_at`)} as fecha_fin, ch.label as canal, s.nombre as split, ${attention === 'attended' ? sql`u.name` : sql`null::text`} as asesor,
    ${CHAT_STATE} as estado, round(date_part('epoch', ${chatDuration(attention)}))::int as duracion,
    ${BUSINESS_REASONS} as causales_negocio, ${FINAL_REASON} as causal_fin, ${CUSTOMER_NAME} as cliente`;
}

/** Attended: time with the agent (accepted → end; open chats: null). Not attended: time waiting until it ended. */
export function chatDuration(attention: 'attended' | 'notAttended'): SQL {
  return attention === 'attended' ? sql`c.ended_at - c.accepted_at` : sql`c.ended_at - coalesce(c.queued_at, c.escalated_at)`;
}

/** The name of the customer of the conversation `c` (null when not identified): lists name a chat by it. */
export const CUSTOMER_NAME = sql`(select cu.name from customers cu where cu.id = c.customer_id)`;

/** The business reasons an agent recorded on the conversation `c`, by name. */
export const BUSINESS_REASONS = sql`array(select distinct br.nombre from conversation_business_reasons cbr join business_reasons br on br.id_causal = cbr.reason_id
  where cbr.conversation_id = c.id_conv order by br.nombre)`;
/** The finalisation reason recorded on the conversation `c`. */
export const FINAL_REASON = sql`(select fr.nombre from conversation_final_reasons cfr join final_reasons fr on fr.id_causal = cfr.reason_id where cfr.conversation_id = c.id_conv)`;

/** Typing (causal) report ('Tipificaciones'): the conversations of the range on which an agent recorded business reasons. */
export function causalSource({ idOrg, range, query }: SourceInput): ReportSource {
  return {
    source: sql`from conversations c
      left join splits s on s.id_split = c.split_id
      left join users u on u.id_user = c.agent_id
      where ${conversationScope(idOrg, range, query)}
        and exists (select 1 from conversation_business_reasons cbr where cbr.conversation_id = c.id_conv)`,
    keys: byStartedConversation
  };
}

/**
 * Advisor connection history ('Histórico de asesores'): each stretch of an agent in one state that
 * began in the range (and in the since/until window); agents narrows to those agents, splits to the
 * agents of those splits.
 */
export function connectionHistorySource({ idOrg, range, query }: SourceInput): ReportSource {
  const agents = query.agents ?? [];
  const splits = query.splits ?? [];
  return {
    source: sql`from agent_status_changes a
      join users u on u.id_user = a.user_id
      left join pause_events pe on pe.id = a.pause_event_id
      where ${and([
        sql`a.organization_id = ${idOrg}`,
        timeScope(sql`a.started_at`, range, query),
        agents.length > 0 ? inIds(sql`a.user_id`, agents) : undefined,
        splits.length > 0 ? sql`a.user_id in (select asp.id_user from agent_splits asp where ${inIds(sql`asp.id_split`, splits)})` : undefined
      ])}`,
    keys: [
      { expr: sql`a.started_at`, type: 'timestamptz' },
      { expr: sql`a.id`, type: 'int' }
    ]
  };
}

/** Notification log: the notifications sent in the range; notifChannels narrows by type, events by event type name. */
export function notificationLogSource({ idOrg, range, query }: SourceInput): ReportSource {
  return {
    source: sql`from notifications_log n
      join notification_types nt on nt.type_notification_id = n.type_notification_id
      where ${notificationScope(idOrg, range, query)}`,
    keys: [
      { expr: sql`n.sent_at`, type: 'timestamptz' },
      { expr: sql`n.id`, type: 'int' }
    ]
  };
}

/** Integration log: the assistant's calls to external services in the range; integrationStatus and integrationService narrow it. */
export function integrationLogSource({ idOrg, range, query }: SourceInput): ReportSource {
  return {
    source: sql`from integration_calls i where ${integrationScope(idOrg, range, query, true)}`,
    keys: [
      { expr: sql`i.called_at`, type: 'timestamptz' },
      { expr: sql`i.id`, type: 'int' }
    ]
  };
}

// ── Formats of SPEC §9 for the CSV files, in the organisation's zone ──

/** DD/MM/YYYY HH:mm:ss in Bogotá; '' for null. */
export function csvTimestamp(column: SQL): SQL {
  return sql`coalesce(to_char(${column} at time zone ${ZONE}, 'DD/MM/YYYY HH24:MI:SS'), '')`;
}

/** Whole seconds as HH:MM:SS (hours past 24 as they are); '' for null. */
export function csvDuration(secondsSql: SQL): SQL {
  const s = sql`greatest(0, round(${secondsSql}))::bigint`;
  // greatest() skips nulls: the null case is its own branch.
  return sql`case when (${secondsSql}) is null then ''
    else lpad((${s} / 3600)::text, 2, '0') || ':' || lpad((${s} % 3600 / 60)::text, 2, '0') || ':' || lpad((${s} % 60)::text, 2, '0') end`;
}

/** Text or '' for null. */
/**
 * A stored code as the word the screens show it by (src/shared/labels.ts), for a file people read:
 * each known code becomes its label, anything else stays as stored.
 */
export function labelledText(column: SQL, labels: Readonly<Record<string, string>>): SQL {
  const whens = Object.entries(labels).map(([code, word]) => sql`when ${code} then ${word}`);
  return sql`(case (${column})::text ${sql.join(whens, sql` `)} else (${column})::text end)`;
}

export function csvText(column: SQL): SQL {
  return sql`coalesce((${column})::text, '')`;
}
