import { sql } from 'drizzle-orm';
import { FileRef } from '../../shared/domain/chat';
import { MSG } from '../../shared/messages';
import { HttpError } from '../http/errors';
import { CHAT_STATE, ESCALATED, pageOf, pagedSql, reasonStatistics } from './common';
import { int, iso, numOrNull, str, strOrNull, type Row } from './rows';
import { CUSTOMER_NAME } from '../reports/sources';
import { conversationScope, isoText } from './scope';
import { businessReasonsSql, conversationSummarySql, finalReasonsSql, transfersAndTypingSql, typingsSql } from './summaries';
import type { StatQueries } from './types';

type AttentionKey =
  | 'businessCausalStatistics'
  | 'finalCausalStatistics'
  | 'humanAgentTypingStatistics'
  | 'attendedChatsShare'
  | 'notAttendedChatsShare'
  | 'abandonmentLevel'
  | 'chatStatusCounts'
  | 'escalatedChats'
  | 'escalatedChatMessages'
  | 'automaticTransferStatistics';

const first = (rows: readonly Row[]): Row => rows[0] ?? {};

/**
 * The attention group. The shares, abandonment and chat states are columns of the conversation
 * summary, the reasons of the reasons summary (their definitions: summaries.ts).
 */
export const attentionStats: StatQueries<AttentionKey> = {
  /** Business reasons per name and Total (businessReasonsSql; the typings page's shared statement when the filter allows, typingsSql); causalesNegocio narrows the reasons counted. */
  businessCausalStatistics: {
    sql: typingsSql(businessReasonsSql),
    shape: (rows) => reasonStatistics(rows.filter((row) => row.kind === 'business'))
  },

  /** Finalisation reasons per name and Total (finalReasonsSql); causalesFin narrows the reasons counted. */
  finalCausalStatistics: {
    sql: finalReasonsSql,
    shape: reasonStatistics
  },

  /** Finished attended chats, typed or not (transfersAndTypingSql, or the shared typingsSql): Causales { Tipificadas, 'Sin tipificar' } and Total. */
  humanAgentTypingStatistics: {
    sql: typingsSql(transfersAndTypingSql),
    shape: (rows) => {
      const total = rows.find((row) => row.kind === 'transfer' && int(row, 'total_row') === 1) ?? { typed: 0, untyped: 0 };
      const typed = int(total, 'typed');
      const untyped = int(total, 'untyped');
      return { Causales: { Tipificadas: typed, 'Sin tipificar': untyped }, Total: typed + untyped };
    }
  },

  /** AttendedChats: value = attended escalated chats, total = escalated chats, percentage = their share. */
  attendedChatsShare: {
    sql: conversationSummarySql,
    shape: (rows) => ({ indicator: 'AttendedChats', value: int(first(rows), 'attended'), total: int(first(rows), 'escalated'), percentage: numOrNull(first(rows), 'attended_pct') })
  },

  /** NotAttendedChats: value = escalated chats finished without an agent accepting them, total = escalated chats. */
  notAttendedChatsShare: {
    sql: conversationSummarySql,
    shape: (rows) => ({
      indicator: 'NotAttendedChats',
      value: int(first(rows), 'not_attended'),
      total: int(first(rows), 'escalated'),
      percentage: numOrNull(first(rows), 'not_attended_pct')
    })
  },

  /** NivelAbandono (abandonment): % of the escalated chats the customer left before an agent accepted them. */
  abandonmentLevel: {
    sql: conversationSummarySql,
    shape: (rows) => ({ indicator: 'NivelAbandono', value: numOrNull(first(rows), 'abandonment') })
  },

  /** 'Estado de chats': the escalated chats by state; the four add up to the escalated chats. */
  chatStatusCounts: {
    sql: conversationSummarySql,
    shape: (rows) => {
      const row = first(rows);
      return { enCola: int(row, 'en_cola'), activos: int(row, 'activos'), finalizados: int(row, 'finalizados'), noAtendidos: int(row, 'not_attended') };
    }
  },

  /** 'Chats escalados': the escalated chats of the range, newest first, paged; fechaEntrada is when the customer entered (started_at). */
  escalatedChats: {
    sql: ({ idOrg, range, query }) => {
      const where = sql`where ${conversationScope(idOrg, range, query)} and ${ESCALATED}`;
      return pagedSql(
        sql`from conversations c ${where}`,
        sql`select c.id_conv, ${isoText(sql`c.started_at`)} as fecha_entrada, ch.label as canal, s.nombre as split, u.name as asesor, ${CHAT_STATE} as estado, ${CUSTOMER_NAME} as cliente
            from conversations c
            join channel_types ch on ch.id_channel = c.channel_id
            left join splits s on s.id_split = c.split_id
            left join users u on u.id_user = c.agent_id
            ${where}
            order by c.started_at desc, c.id_conv desc`,
        query
      );
    },
    shape: (rows, { query }) => {
      const { rows: page, paging } = pageOf(rows, query, 'id_conv');
      return {
        chats: page.map((row) => ({
          idConv: str(row, 'id_conv'),
          fechaEntrada: iso(row, 'fecha_entrada'),
          canal: str(row, 'canal'),
          split: strOrNull(row, 'split'),
          asesor: strOrNull(row, 'asesor'),
          estado: str(row, 'estado'),
          cliente: strOrNull(row, 'cliente')
        })),
        ...paging
      };
    }
  },

  /**
   * The messages of one escalated chat of the organisation, oldest first (COMMAND messages carry the
   * end message's acronym; the client shows its text). 404 when the organisation has no such
   * escalated chat.
   */
  escalatedChatMessages: {
    sql: ({ idOrg, params }) => sql`
      select m.seq, m.tipo_mensaje, m.tipo_usuario, m.mensaje, m.adjunto, ${isoText(sql`m.fecha_mensaje`)} as fecha_mensaje
      from conversations c
      left join messages m on m.conversation_id = c.id_conv
      where c.id_conv = ${params.idConv} and c.organization_id = ${idOrg} and ${ESCALATED}
      order by m.seq`,
    shape: (rows) => {
      if (rows.length === 0) throw new HttpError(404, MSG.generic.notFound);
      return rows
        .filter((row) => row.seq !== null)
        .map((row) => ({
          tipoMensaje: str(row, 'tipo_mensaje'),
          tipoUsuario: str(row, 'tipo_usuario'),
          mensaje: str(row, 'mensaje'),
          adjunto: fileRef(row.adjunto),
          fechaMensaje: iso(row, 'fecha_mensaje')
        }));
    }
  },

  /** Automatic transfers per reason and Total (transfersAndTypingSql, or the shared typingsSql); escalated conversations without a reason count in neither. */
  automaticTransferStatistics: {
    sql: typingsSql(transfersAndTypingSql),
    shape: (rows) => reasonStatistics(rows.filter((row) => row.kind === 'transfer' && (int(row, 'total_row') === 1 || row.name !== null)))
  }
};

/** The stored attachment (jsonb the engine wrote from a FileRef), or null. */
function fileRef(value: unknown): FileRef | null {
  const parsed = FileRef.safeParse(value);
  return parsed.success ? parsed.data : null;
}
