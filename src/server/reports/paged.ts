import { sql } from 'drizzle-orm';
import { pageOf, pagedSql } from '../stats/common';
import { int, iso, isoOrNull, str, strOrNull, textList } from '../stats/rows';
import { isoText, ZONE } from '../stats/scope';
import type { StatQueries } from '../stats/types';
import {
  BUSINESS_REASONS,
  CUSTOMER_NAME,
  FINAL_REASON,
  accessLogSource,
  causalSource,
  connectionHistorySource,
  conversationsSource,
  pageOrder,
  notificationLogSource,
  type ReportSource
} from './sources';

export type ReportPageKey = 'accessLog' | 'conversationsReport' | 'causalReport' | 'agentConnectionHistory' | 'notificationLog' | 'conversationInteractions';

/** count(*) over the source and the page of rows in the page's order (newest first by default), in one statement (pagedSql). */
function page(source: ReportSource, columns: ReturnType<typeof sql>, paging: { page: number; size: number; order?: 'asc' | 'desc' }) {
  return pagedSql(source.source, sql`select ${columns} ${source.source} order by ${pageOrder(source.keys, paging.order)}`, paging);
}

/**
 * The paged reports of SPEC §3 "Paged results", served like the statistics (scoped, filtered,
 * start and end defaulting to today): each reads its source in sources.ts, newest first.
 */
export const reportPages: StatQueries<ReportPageKey> = {
  accessLog: {
    sql: (input) =>
      page(
        accessLogSource(input),
        sql`cu.id as customer_id, c.id_conv, ${isoText(sql`c.started_at`)} as fecha, cu.identification, cu.document_type, cu.name, ch.label as canal, c.id_va`,
        input.query
      ),
    shape: (rows, { query }) => {
      const { rows: entries, paging } = pageOf(rows, query, 'id_conv');
      return {
        entriesConsumers: entries.map((row) => ({
          id: int(row, 'customer_id'),
          fecha: iso(row, 'fecha'),
          identificacion: str(row, 'identification'),
          tipoIdentificacion: str(row, 'document_type'),
          nombre: str(row, 'name'),
          canal: str(row, 'canal'),
          idVa: int(row, 'id_va')
        })),
        ...paging
      };
    }
  },

  conversationsReport: {
    sql: (input) =>
      page(
        conversationsSource(input),
        sql`c.id_conv, ${isoText(sql`c.started_at`)} as fecha_inicio, ${isoText(sql`c.ended_at`)} as fecha_fin, ch.label as canal, c.id_va,
            cu.name as cliente, (select count(*) from bot_interactions b where b.conversation_id = c.id_conv)::int as interacciones,
            c.escalated_at is not null as escalado`,
        input.query
      ),
    shape: (rows, { query }) => {
      const { rows: conversations, paging } = pageOf(rows, query, 'id_conv');
      return {
        conversations: conversations.map((row) => ({
          idConv: str(row, 'id_conv'),
          fechaInicio: iso(row, 'fecha_inicio'),
          fechaFin: isoOrNull(row, 'fecha_fin'),
          canal: str(row, 'canal'),
          idVa: int(row, 'id_va'),
          cliente: strOrNull(row, 'cliente'),
          interacciones: int(row, 'interacciones'),
          escalado: row.escalado === true
        })),
        ...paging
      };
    }
  },

  /**
   * dateConection: when the agent took the chat (its start when no agent did), as the service of
   * SPEC §3 sends it: the organisation's local time (Bogotá) with a UTC tag, which the client strips
   * before showing the day (DD/MM/YYYY) — the day the CSV's 'Fecha' shows too.
   */
  causalReport: {
    sql: (input) =>
      page(
        causalSource(input),
        sql`c.id_conv, to_char(coalesce(c.accepted_at, c.started_at) at time zone ${ZONE}, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as date_conection, ${BUSINESS_REASONS} as business,
            ${FINAL_REASON} as end_causal, coalesce(u.name, '') as agent, s.nombre as split, ${CUSTOMER_NAME} as cliente`,
        input.query
      ),
    shape: (rows, { query }) => {
      const { rows: typed, paging } = pageOf(rows, query, 'id_conv');
      return {
        humanAgentTyping: typed.map((row) => ({
          idConv: str(row, 'id_conv'),
          dateConection: iso(row, 'date_conection'),
          businessCausal: textList(row, 'business'),
          endCausal: strOrNull(row, 'end_causal'),
          agent: str(row, 'agent'),
          split: strOrNull(row, 'split'),
          cliente: strOrNull(row, 'cliente')
        })),
        ...paging
      };
    }
  },

  /** duracion: seconds in the state, up to now while the stretch is still open. */
  agentConnectionHistory: {
    sql: (input) =>
      page(
        connectionHistorySource(input),
        sql`a.id, a.user_id, u.name, a.status, pe.nombre as evento_pausa, ${isoText(sql`a.started_at`)} as fecha_inicio,
            ${isoText(sql`a.ended_at`)} as fecha_fin,
            greatest(0, round(date_part('epoch', coalesce(a.ended_at, ${input.now.toISOString()}::timestamptz) - a.started_at)))::int as duracion`,
        input.query
      ),
    shape: (rows, { query }) => {
      const { rows: connections, paging } = pageOf(rows, query, 'id');
      return {
        connections: connections.map((row) => ({
          idUser: int(row, 'user_id'),
          nombre: str(row, 'name'),
          estado: str(row, 'status'),
          eventoPausa: strOrNull(row, 'evento_pausa'),
          fechaInicio: iso(row, 'fecha_inicio'),
          fechaFin: isoOrNull(row, 'fecha_fin'),
          duracion: int(row, 'duracion')
        })),
        ...paging
      };
    }
  },

  notificationLog: {
    sql: (input) =>
      page(
        notificationLogSource(input),
        sql`n.id, ${isoText(sql`n.sent_at`)} as fecha, n.event_type, n.type_notification_id, nt.name as type_name, n.recipient, n.status, n.detail`,
        input.query
      ),
    shape: (rows, { query }) => {
      const { rows: log, paging } = pageOf(rows, query, 'id');
      return {
        notificationsLog: log.map((row) => ({
          id: int(row, 'id'),
          fecha: iso(row, 'fecha'),
          eventType: str(row, 'event_type'),
          TypeNotification: int(row, 'type_notification_id'),
          typeName: str(row, 'type_name'),
          destinatario: str(row, 'recipient'),
          status: str(row, 'status'),
          detalle: str(row, 'detail')
        })),
        totalPages: paging.totalPages,
        totalResult: paging.totalResult
      };
    }
  },

  /** One conversation's turns with the assistant, in order (the history's detail); not bound to a range. */
  conversationInteractions: {
    sql: ({ idOrg, params, query }) =>
      pagedSql(
        sql`from bot_interactions b where b.organization_id = ${idOrg} and b.conversation_id = ${params.id}`,
        sql`select b.id, ${isoText(sql`b.interaction_time`)} as interaction_time, b.request_data, b.response_answer
            from bot_interactions b where b.organization_id = ${idOrg} and b.conversation_id = ${params.id}
            order by b.interaction_time, b.id`,
        query,
        sql`count(*)::int as total_result, (select ${CUSTOMER_NAME} from conversations c where c.id_conv = ${params.id} and c.organization_id = ${idOrg}) as cliente`
      ),
    shape: (rows, { query }) => {
      const { rows: interactions, paging } = pageOf(rows, query, 'id');
      return {
        cliente: rows[0] ? strOrNull(rows[0], 'cliente') : null,
        interactions: interactions.map((row) => ({
          id: int(row, 'id'),
          interactionTime: iso(row, 'interaction_time'),
          requestData: str(row, 'request_data'),
          responseAnswer: str(row, 'response_answer')
        })),
        ...paging
      };
    }
  }
};
