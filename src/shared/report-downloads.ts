/**
 * The CSV downloads of the reports (issue 5): which catalogue entry each is, the name the save
 * dialog offers (SPEC §9 where it names one), and what the IPC channels 'reports:*' take and push.
 * The main process streams the file to a temporary file beside the target and renames it only
 * when complete; the renderer sees progress (rows, bytes), can cancel, and can open the folder.
 */
import { z } from 'zod';
import type { EndpointName } from './api/catalogue';
import { PositiveInt } from './domain/fields';
import { CsvDelimiter } from './domain/report';

export { CSV_DELIMITERS, CsvDelimiter } from './domain/report';

/** The separator a user gets until they choose: ';', what Excel in Spanish opens in columns. */
export const DEFAULT_CSV_DELIMITER: CsvDelimiter = ';';
export const CSV_DELIMITER_LABELS: Record<CsvDelimiter, string> = {
  ';': 'Punto y coma (Excel en español)',
  ',': 'Coma'
};

/** A download's file: the CSV (SPEC §9 names) or the same rows as an Excel workbook (the same name, .xlsx). */
export const REPORT_FORMATS = ['csv', 'xlsx'] as const;
export const ReportFormat = z.enum(REPORT_FORMATS, { message: "El formato debe ser 'csv' o 'xlsx'" });
export type ReportFormat = z.infer<typeof ReportFormat>;
export const REPORT_FORMAT_LABELS: Record<ReportFormat, string> = { csv: 'CSV', xlsx: 'Excel (.xlsx)' };

/** What the main process remembers per user for the downloads ('reports:preferences'). */
export const ReportPreferences = z.object({ delimiter: CsvDelimiter });
export type ReportPreferences = z.infer<typeof ReportPreferences>;

export const REPORT_DOWNLOADS = {
  accessLog: { endpoint: 'accessLogCsv', label: 'Accesos de usuarios' },
  conversations: { endpoint: 'conversationsReportCsv', label: 'Historial de conversaciones' },
  humanAgentChats: { endpoint: 'humanAgentChatsCsv', label: 'Chats de asesor humano' },
  agentHistory: { endpoint: 'agentConnectionHistoryCsv', label: 'Histórico de asesores' },
  causal: { endpoint: 'causalReportCsv', label: 'Tipificaciones' },
  notificationLog: { endpoint: 'notificationLogCsv', label: 'Registro de notificaciones' },
  integrationLog: { endpoint: 'integrationLogCsv', label: 'Registro de integraciones' }
} as const satisfies Record<string, { endpoint: EndpointName; label: string }>;

export type ReportDownloadId = keyof typeof REPORT_DOWNLOADS;
export const REPORT_DOWNLOAD_IDS = Object.keys(REPORT_DOWNLOADS) as ReportDownloadId[];

/**
 * The file name a download offers: SPEC §9's usuarios.csv, historico_{start}_{end}.csv and
 * reporteCausales.csv; the others follow the history's pattern.
 */
export function reportFileName(report: ReportDownloadId, query: { start?: string; end?: string; attention?: string }, format: ReportFormat = 'csv'): string {
  const name = csvFileName(report, query);
  return format === 'xlsx' ? name.replace(/\.csv$/, '.xlsx') : name;
}

function csvFileName(report: ReportDownloadId, query: { start?: string; end?: string; attention?: string }): string {
  const days = `${query.start ?? ''}_${query.end ?? ''}`;
  switch (report) {
    case 'accessLog':
      return 'usuarios.csv';
    case 'causal':
      return 'reporteCausales.csv';
    case 'agentHistory':
      return `historico_${days}.csv`;
    case 'conversations':
      return `conversaciones_${days}.csv`;
    case 'humanAgentChats':
      return `${query.attention === 'notAttended' ? 'chats_no_atendidos' : 'chats_atendidos'}_${days}.csv`;
    case 'notificationLog':
      return `notificaciones_${days}.csv`;
    case 'integrationLog':
      return `integraciones_${days}.csv`;
  }
}

const Fields = z.record(z.string().max(40), z.unknown());

/** 'reports:download': which report, its filter (never the organisation: roles 1 and 2 name it as idOrg). */
export const ReportDownloadArg = z.strictObject({
  report: z.enum(REPORT_DOWNLOAD_IDS as [ReportDownloadId, ...ReportDownloadId[]], { message: 'El reporte solicitado no existe' }),
  query: Fields.default({}),
  idOrg: PositiveInt.optional(),
  /** The separator chosen in the panel; remembered for the user. Absent: the one remembered (';' at first). */
  delimiter: CsvDelimiter.optional(),
  /** 'xlsx': the same rows as an Excel workbook (the separator does not apply). */
  format: ReportFormat.default('csv')
});
export type ReportDownloadArg = z.input<typeof ReportDownloadArg>;

export const DownloadId = z.uuid({ message: 'La descarga no existe' });

export const DOWNLOAD_STATES = ['running', 'done', 'failed', 'cancelled'] as const;
export type DownloadState = (typeof DOWNLOAD_STATES)[number];

/** Pushed while a download runs and once when it ends. */
export const DownloadProgress = z.object({
  id: DownloadId,
  report: z.enum(REPORT_DOWNLOAD_IDS as [ReportDownloadId, ...ReportDownloadId[]]),
  state: z.enum(DOWNLOAD_STATES),
  /** Data rows written so far (the header line not counted). */
  rows: z.number().int().nonnegative(),
  bytes: z.number().int().nonnegative(),
  /** Where the file is (or will be once complete). */
  path: z.string(),
  /** The Spanish reason, when failed. */
  error: z.string().optional()
});
export type DownloadProgress = z.infer<typeof DownloadProgress>;

// ── Scheduled exports (no peer product has them) ──

export const SCHEDULE_FREQUENCIES = ['daily', 'weekly'] as const;
export type ScheduleFrequency = (typeof SCHEDULE_FREQUENCIES)[number];

/** The part of a schedule the administrator edits. Each run exports the last finished day (daily) or the 7 days before the run's day (weekly). */
export const ScheduleInput = z
  .strictObject({
    report: z.enum(REPORT_DOWNLOAD_IDS as [ReportDownloadId, ...ReportDownloadId[]], { message: 'Seleccione el reporte' }),
    /** Filter fields other than the dates (attention, channels…). */
    query: Fields.default({}),
    frequency: z.enum(SCHEDULE_FREQUENCIES, { message: 'Seleccione la frecuencia' }),
    /** Weekly: 1 Monday … 7 Sunday. */
    weekday: z.number().int().min(1, { message: 'Seleccione el día de la semana' }).max(7, { message: 'Seleccione el día de la semana' }).nullable().default(null),
    hour: z
      .number({ message: 'La hora debe ser un número' })
      .int({ message: 'La hora debe ser un número entero' })
      .min(0, { message: 'La hora debe estar entre 0 y 23' })
      .max(23, { message: 'La hora debe estar entre 0 y 23' }),
    /** A folder the main process's folder dialog gave ('reports:chooseFolder'), or the one the schedule has: no other is taken. */
    folder: z.string().min(1, { message: 'Seleccione la carpeta' }).max(1000),
    idOrg: PositiveInt.nullable().default(null),
    /** 'xlsx': each run writes the Excel workbook of the rows instead of the CSV (the separator does not apply). */
    format: ReportFormat.default('csv'),
    delimiter: CsvDelimiter.default(DEFAULT_CSV_DELIMITER)
  })
  .refine((s) => s.frequency !== 'weekly' || s.weekday !== null, { message: 'Seleccione el día de la semana', path: ['weekday'] });
export type ScheduleInput = z.input<typeof ScheduleInput>;

export const ScheduleRun = z.object({
  /** ISO instant the run finished. */
  at: z.string(),
  ok: z.boolean(),
  /** The file written, when ok. */
  path: z.string().nullable(),
  rows: z.number().int().nonnegative().nullable(),
  error: z.string().nullable()
});
export type ScheduleRun = z.infer<typeof ScheduleRun>;

export const ReportSchedule = z.object({
  id: z.uuid(),
  /** Whose it is: a schedule runs only while its owner is signed in (the export uses the owner's session). */
  owner: z.string(),
  report: z.enum(REPORT_DOWNLOAD_IDS as [ReportDownloadId, ...ReportDownloadId[]]),
  query: z.record(z.string(), z.unknown()),
  frequency: z.enum(SCHEDULE_FREQUENCIES),
  weekday: z.number().int().min(1).max(7).nullable(),
  hour: z.number().int().min(0).max(23),
  folder: z.string(),
  idOrg: z.number().int().positive().nullable(),
  /** The file each run writes (schedules saved before there was a choice are CSV ones: report-schedules.ts migrates them). */
  format: ReportFormat.default('csv'),
  /** The CSV's separator (schedules saved before it existed read as ';'). */
  delimiter: CsvDelimiter.default(DEFAULT_CSV_DELIMITER),
  /** ISO instant it was created or last edited: runs due before it are not owed. */
  since: z.string(),
  lastRun: ScheduleRun.nullable()
});
export type ReportSchedule = z.infer<typeof ReportSchedule>;

export const SaveScheduleArg = z.strictObject({ id: z.uuid().optional(), schedule: ScheduleInput });
export type SaveScheduleArg = z.input<typeof SaveScheduleArg>;
