import { sql, type SQL } from 'drizzle-orm';
import { agentChatColumns, agentChatsSource, pageOrder } from '../reports/sources';
import { pageOf, pagedSql } from './common';
import { int, iso, isoOrNull, numOrNull, str, strOrNull, textList, type Row } from './rows';
import { labelsOf, topNames, toSeries } from './series';
import { botTotalsSql, channelSeriesSql, conversationSummarySql, customerRowsSql, intentSeriesSql } from './summaries';
import { fcrTotalsSql, totalsAnswer } from './totals';
import type { StatInput, StatQueries } from './types';

type InteractionKey =
  | 'fcr'
  | 'tmAsignacion'
  | 'tmAtencionAH'
  | 'tmAtencionAV'
  | 'tmo'
  | 'missingBotResponse'
  | 'satisfaction'
  | 'intentsUnified'
  | 'humanAgentChats'
  | 'humanAgentNotAttended'
  | 'interactionTotals'
  | 'averageInteraction';

const first = (rows: readonly Row[]): Row => rows[0] ?? {};

/** How many intents the unified intents chart draws (the most frequent of the range). */
export const TOP_UNIFIED_INTENTS = 5;

/** The row of the human-agent chats lists (attended and not attended): the rows of the chats report's source (src/server/reports/sources.ts). */
function agentChatsSql(input: StatInput<'humanAgentChats'> | StatInput<'humanAgentNotAttended'>, kind: 'attended' | 'notAttended'): SQL {
  const source = agentChatsSource(input, kind);
  return pagedSql(
    source.source,
    sql`select ${agentChatColumns(kind)} ${source.source} order by ${pageOrder(source.keys, input.query.order)}`,
    input.query
  );
}

function agentChatsShape(rows: readonly Row[], query: { page: number; size: number }) {
  const { rows: page, paging } = pageOf(rows, query, 'id_conv');
  return {
    chats: page.map((row) => ({
      idConv: str(row, 'id_conv'),
      fechaEntrada: iso(row, 'fecha_entrada'),
      fechaAsignacion: isoOrNull(row, 'fecha_asignacion'),
      fechaFin: isoOrNull(row, 'fecha_fin'),
      canal: str(row, 'canal'),
      split: strOrNull(row, 'split'),
      asesor: strOrNull(row, 'asesor'),
      estado: str(row, 'estado'),
      duracion: row.duracion === null ? null : Math.max(0, int(row, 'duracion')),
      causalesNegocio: textList(row, 'causales_negocio'),
      causalFin: strOrNull(row, 'causal_fin'),
      cliente: strOrNull(row, 'cliente')
    })),
    ...paging
  };
}

/** The turn rows of the bot summary. */
const turns = (rows: readonly Row[]) => rows.filter((row) => row.kind === 'turns');

/**
 * The interactions group. The indicators are columns of the conversation, customer and bot
 * summaries; their definitions are written there (summaries.ts).
 */
export const interactionStats: StatQueries<InteractionKey> = {
  /**
   * FCR: resolved first contacts ÷ contacts (customerSummarySql's definition). From the daily totals
   * it needs no grouping by customer (fcrTotalsSql), so it reads them alone rather than the whole
   * customer summary; from the rows (any other filter), customerRowsSql's fcr.
   */
  fcr: {
    sql: (input) => (totalsAnswer.customers(input.query) ? fcrTotalsSql(input) : customerRowsSql(input)),
    shape: (rows) => ({ indicator: 'FCR', value: numOrNull(first(rows), 'fcr') })
  },

  /** TMAsignacion: mean seconds from the latest queue entry to the agent's acceptance (conversationSummarySql). */
  tmAsignacion: {
    sql: conversationSummarySql,
    shape: (rows) => ({ indicator: 'TMAsignacion', value: numOrNull(first(rows), 'tm_asignacion') })
  },

  /** TMAtencionAH: mean seconds an agent attended a finished chat (conversationSummarySql). */
  tmAtencionAH: {
    sql: conversationSummarySql,
    shape: (rows) => ({ indicator: 'TMAtencionAH', value: numOrNull(first(rows), 'tm_atencion_ah') })
  },

  /** TMAtencionAV: mean seconds the assistant held a conversation (conversationSummarySql). */
  tmAtencionAV: {
    sql: conversationSummarySql,
    shape: (rows) => ({ indicator: 'TMAtencionAV', value: numOrNull(first(rows), 'tm_atencion_av') })
  },

  /** TMO: mean seconds of a finished conversation (conversationSummarySql). */
  tmo: {
    sql: conversationSummarySql,
    shape: (rows) => ({ indicator: 'TMO', value: numOrNull(first(rows), 'tmo') })
  },

  /**
   * NivelRespuestaBOT: of the customer turns with the assistant in the range, the percentage it
   * answered (matched an intent) rather than giving its fallback; null without turns (botTotalsSql).
   */
  missingBotResponse: {
    sql: botTotalsSql,
    shape: (rows) => {
      let answered = 0;
      let all = 0;
      for (const row of turns(rows)) {
        all += int(row, 'n');
        if (row.answered === true) answered += int(row, 'n');
      }
      return { indicator: 'NivelRespuestaBOT', value: percentOf(answered, all) };
    }
  },

  /** NS (satisfaction): % of the ratings at 4 or 5 (conversationSummarySql). */
  satisfaction: {
    sql: conversationSummarySql,
    shape: (rows) => ({ indicator: 'NS', value: numOrNull(first(rows), 'ns') })
  },

  /**
   * Unified intents: the recognised intents (by name, whichever assistant and channel) of the
   * range per time bucket, one dataset per intent among the most frequent TOP_UNIFIED_INTENTS
   * (then by name); intents narrows them (intentSeriesSql).
   */
  intentsUnified: {
    sql: intentSeriesSql,
    perBucket: true,
    shape: (rows, _input, [labels = []]) => {
      const points = rows.map((row) => ({ label: str(row, 'label'), group: str(row, 'intent'), value: int(row, 'n') }));
      return toSeries(labelsOf(labels), topNames(points, TOP_UNIFIED_INTENTS), points);
    }
  },

  /** The attended chats of the range (an agent accepted them), newest first, paged, with their reasons. */
  humanAgentChats: {
    sql: (input) => agentChatsSql(input, 'attended'),
    shape: (rows, { query }) => agentChatsShape(rows, query)
  },

  /** The not-attended chats of the range (finished without an agent accepting them), newest first, paged. */
  humanAgentNotAttended: {
    sql: (input) => agentChatsSql(input, 'notAttended'),
    shape: (rows, { query }) => agentChatsShape(rows, query)
  },

  /** The conversations of the range, in total and per channel (every channel, 0 when none; only the filtered ones when channels is given). */
  interactionTotals: {
    sql: channelSeriesSql,
    shape: (rows) => {
      const byChannel: Record<string, number> = {};
      let total = 0;
      for (const row of rows) {
        const n = int(row, 'n');
        byChannel[str(row, 'grp')] = (byChannel[str(row, 'grp')] ?? 0) + n;
        total += n;
      }
      return { total, byChannel };
    }
  },

  /**
   * AverageInteraction: seconds per customer turn with the assistant over the range — the seconds
   * the assistant held the conversations of the range (TMAtencionAV's, summed) ÷ the customer turns
   * with the assistant in the range (NivelRespuestaBOT's denominator), 2 decimals; null without
   * turns. Reads the conversation summary and the bot summary.
   */
  averageInteraction: {
    sql: (input) => [conversationSummarySql(input), botTotalsSql(input)],
    shape: (rows, _input, [bot = []]) => {
      const seconds = numOrNull(first(rows), 'bot_seconds');
      const all = turns(bot).reduce((sum, row) => sum + int(row, 'n'), 0);
      return { averageInteraction: seconds === null || all === 0 ? null : round2(seconds / all) };
    }
  }
};

/** 100 · part ÷ whole, 2 decimals (as the SQL's round(…, 2)); null without a whole. */
function percentOf(part: number, whole: number): number | null {
  return whole === 0 ? null : round2((100 * part) / whole);
}

function round2(value: number): number {
  return Math.round((value + Number.EPSILON) * 100) / 100;
}
