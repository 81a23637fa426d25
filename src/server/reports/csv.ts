import { Readable } from 'node:stream';
import { sql, type SQL } from 'drizzle-orm';
import { csvLines, type CsvColumn, type CsvQuery, type CsvSource } from '../db/csv-stream';
import type { CsvDelimiter } from '../../shared/domain/report';
import { NOTIFICATION_EVENT_LABELS, NOTIFICATION_STATUS_LABELS, RECIPIENT_ROLE_LABELS, agentStatusLabel } from '../../shared/labels';
import { PRESENCE } from '../chat/presence-words';
import { CHAT_STATE } from '../stats/common';
import { ZONE } from '../stats/scope';
import {
  BUSINESS_REASONS,
  FINAL_REASON,
  accessLogSource,
  agentChatsSource,
  causalSource,
  chatDuration,
  connectionHistorySource,
  conversationsSource,
  csvDuration,
  csvText,
  csvTimestamp,
  integrationLogSource,
  labelledText,
  notificationLogSource,
  type ReportSource,
  type SourceInput
} from './sources';

/**
 * The CSV downloads of the reports (issue 5): each is the source of its paged report (sources.ts)
 * with its Spanish headers and columns in SPEC §9 formats (DD/MM/YYYY HH:mm:ss in Bogotá,
 * durations HH:MM:SS), oldest first, every row the filter selects (no cap). The file is UTF-8 with
 * a byte-order mark so that Excel reads the accents.
 */
export const CSV_REPORTS = [
  'accessLogCsv',
  'conversationsReportCsv',
  'humanAgentChatsCsv',
  'causalReportCsv',
  'agentConnectionHistoryCsv',
  'notificationLogCsv',
  'integrationLogCsv'
] as const;
export type CsvReportKey = (typeof CSV_REPORTS)[number];

/** A column and its Spanish header; a computed number says so (`number`), every other column is guarded text (csv-stream.ts). */
interface ReportColumn extends CsvColumn {
  header: string;
}

interface CsvReport {
  source(input: SourceInput): ReportSource;
  columns(input: SourceInput): readonly ReportColumn[];
}

const reasonsText = sql`array_to_string(${BUSINESS_REASONS}, E';\\n')`;
const yesNo = (condition: SQL): SQL => sql`case when ${condition} then 'Sí' else 'No' end`;

const REPORTS: Record<CsvReportKey, CsvReport> = {
  accessLogCsv: {
    source: accessLogSource,
    columns: () => [
      { header: 'Fecha', value: csvTimestamp(sql`c.started_at`) },
      { header: 'Tipo de identificación', value: csvText(sql`cu.document_type`) },
      { header: 'Identificación', value: csvText(sql`cu.identification`) },
      { header: 'Nombre', value: csvText(sql`cu.name`) },
      { header: 'Canal', value: csvText(sql`ch.label`) },
      { header: 'Asistente virtual', value: csvText(sql`va.name`) },
      { header: 'Conversación', value: csvText(sql`c.id_conv`) }
    ]
  },
  conversationsReportCsv: {
    source: conversationsSource,
    columns: () => [
      { header: 'Conversación', value: csvText(sql`c.id_conv`) },
      { header: 'Inicio', value: csvTimestamp(sql`c.started_at`) },
      { header: 'Fin', value: csvTimestamp(sql`c.ended_at`) },
      { header: 'Canal', value: csvText(sql`ch.label`) },
      { header: 'Asistente virtual', value: csvText(sql`va.name`) },
      { header: 'Cliente', value: csvText(sql`cu.name`) },
      { header: 'Interacciones', value: csvText(sql`(select count(*) from bot_interactions b where b.conversation_id = c.id_conv)`), number: true },
      { header: 'Escalado', value: yesNo(sql`c.escalated_at is not null`) }
    ]
  },
  humanAgentChatsCsv: {
    source: (input) => agentChatsSource(input, attentionOf(input)),
    columns: (input) => {
      const attention = attentionOf(input);
      return [
        { header: 'Conversación', value: csvText(sql`c.id_conv`) },
        { header: 'Fecha de entrada', value: csvTimestamp(sql`c.started_at`) },
        { header: 'Fecha de asignación', value: attention === 'attended' ? csvTimestamp(sql`c.accepted_at`) : sql`''` },
        { header: 'Fecha de fin', value: csvTimestamp(sql`c.ended_at`) },
        { header: 'Canal', value: csvText(sql`ch.label`) },
        { header: 'Split', value: csvText(sql`s.nombre`) },
        { header: 'Asesor', value: attention === 'attended' ? csvText(sql`u.name`) : sql`''` },
        { header: 'Estado', value: CHAT_STATE },
        { header: 'Duración', value: csvDuration(sql`date_part('epoch', ${chatDuration(attention)})`) },
        { header: 'Causales de negocio', value: reasonsText },
        { header: 'Causal de finalización', value: csvText(FINAL_REASON) }
      ];
    }
  },
  causalReportCsv: {
    source: causalSource,
    columns: () => [
      { header: 'Conversación', value: csvText(sql`c.id_conv`) },
      { header: 'Fecha', value: sql`to_char(coalesce(c.accepted_at, c.started_at) at time zone ${ZONE}, 'DD/MM/YYYY')` },
      { header: 'Asesor', value: csvText(sql`u.name`) },
      { header: 'Split', value: csvText(sql`s.nombre`) },
      { header: 'Causales de negocio', value: reasonsText },
      { header: 'Causal de finalización', value: csvText(FINAL_REASON) }
    ]
  },
  agentConnectionHistoryCsv: {
    source: connectionHistorySource,
    columns: ({ now }) => [
      { header: 'Asesor', value: csvText(sql`u.name`) },
      { header: 'Estado', value: csvText(labelledText(sql`a.status`, AGENT_STATE_WORDS)) },
      { header: 'Evento de pausa', value: csvText(sql`pe.nombre`) },
      { header: 'Inicio', value: csvTimestamp(sql`a.started_at`) },
      { header: 'Fin', value: csvTimestamp(sql`a.ended_at`) },
      { header: 'Duración', value: csvDuration(sql`date_part('epoch', coalesce(a.ended_at, ${now.toISOString()}::timestamptz) - a.started_at)`) }
    ]
  },
  notificationLogCsv: {
    source: notificationLogSource,
    columns: () => [
      { header: 'Fecha', value: csvTimestamp(sql`n.sent_at`) },
      { header: 'Evento', value: csvText(labelledText(sql`n.event_type`, NOTIFICATION_EVENT_LABELS)) },
      { header: 'Tipo de notificación', value: csvText(sql`nt.name`) },
      { header: 'Destinatario', value: csvText(sql`n.recipient`) },
      { header: 'Rol del destinatario', value: csvText(labelledText(sql`n.recipient_role`, RECIPIENT_ROLE_LABELS)) },
      { header: 'Estado', value: csvText(labelledText(sql`n.status`, NOTIFICATION_STATUS_LABELS)) },
      { header: 'Detalle', value: csvText(sql`n.detail`) }
    ]
  },
  integrationLogCsv: {
    source: integrationLogSource,
    columns: () => [
      { header: 'Fecha', value: csvTimestamp(sql`i.called_at`) },
      { header: 'Servicio', value: csvText(sql`i.service`) },
      { header: 'Estado', value: sql`case when i.status = 'failed' then 'Fallida' else 'Exitosa' end` },
      { header: 'Conversación', value: csvText(sql`i.conversation_id`) },
      { header: 'Duración (ms)', value: csvText(sql`i.duration_ms`), number: true },
      { header: 'Detalle', value: csvText(sql`i.detail`) }
    ]
  }
};

/** The stored presence words ('Activo'…) as the screens say them ('Conectado'…). */
const AGENT_STATE_WORDS = Object.fromEntries(Object.values(PRESENCE).map((word) => [word, agentStatusLabel(word)]));

function attentionOf(input: SourceInput): 'attended' | 'notAttended' {
  return input.query.attention === 'notAttended' ? 'notAttended' : 'attended';
}

/** The UTF-8 byte-order mark Excel needs to read the file as UTF-8. */
export const UTF8_BOM = '\uFEFF';

/** The report's query for the CSV source, and its header line. */
export function csvReportQuery(key: CsvReportKey, input: SourceInput, delimiter: CsvDelimiter = ','): { query: CsvQuery; headers: string[] } {
  const report = REPORTS[key];
  const columns = report.columns(input);
  const { source, keys } = report.source(input);
  return { query: { columns, source, keys, delimiter }, headers: columns.map((c) => c.header) };
}

/** The whole file as a stream: BOM and header line, then the rows as the engine streams them. */
export function csvReportStream(csv: CsvSource, key: CsvReportKey, input: SourceInput, delimiter: CsvDelimiter = ','): Readable {
  const { query, headers } = csvReportQuery(key, input, delimiter);
  const rows = csv(query);
  async function* file(): AsyncGenerator<string | Buffer> {
    yield UTF8_BOM + csvLines([headers], delimiter);
    yield* rows;
  }
  return Readable.from(file(), { objectMode: false });
}
