/**
 * Business constants and limits of SPEC §9 (and the few of §3/§4 that are plain numbers or names).
 * Texts of the error catalogue live in messages.ts; this file holds limits, timings, ids, colours,
 * file names and storage keys.
 */

/** Interface timings and limits. */
export const UI = {
  toast: { max: 3, autoHideMs: 5000 },
  /** Notification banners of the session area (login errors, top centre). */
  banner: { max: 3, autoHideMs: 10_000 },
  emptyContactsNoticeMs: 3000,
  drawer: { width: 260, openByDefault: true },
  /** The 'Cola de chats' table's row: one line, this many CSS px (its virtualiser's exact estimate; the bench and e2e check it in Chromium). */
  queueRowPx: 36,
  loadingBar: { intervalMs: 400, step: 20, max: 99 },
  defaultHistoryPageSize: 10,
  /** The web-fonts list of the dashboard/widget editors is capped at this many entries. */
  fontListMax: 200,
  /** Labels the component library shows, in Spanish (SPEC §9). */
  libraryLabels: {
    rowsPerPage: 'Filas por página:',
    noOptions: 'Sin opciones',
    loading: 'Cargando…',
    clear: 'Limpiar',
    close: 'Cerrar',
    paginator: 'Paginador',
    empty: 'Vacío'
  },
  /** What an indicator tile shows while pending or after a failure (SPEC §4). */
  indicatorPlaceholder: '--'
} as const;

export const CHANNEL_COLOURS = {
  Facebook: '#CDE1FB',
  Whatsapp: '#DCF3E6',
  Web: '#E7D5F8'
} as const;
export type ChannelLabel = keyof typeof CHANNEL_COLOURS;

/** Filter defaults (SPEC §3, §9): dates default to today (see format.today()). */
export const DEFAULTS = {
  attention: 'attended',
  notificationCompanyId: 100,
  identificationType: 'CÉDULA CIUDADANIA'
} as const;

/** Attention indicator ids (SPEC §9). */
export const ATTENTION_INDICATOR_IDS = [
  'TMO',
  'FCR',
  'TMAsignacion',
  'TMAtencionAH',
  'TMAtencionAV',
  'AttendedChats',
  'NotAttendedChats',
  'NivelRespuestaBOT',
  'NivelAbandono'
] as const;
/** Experience indicator ids (SPEC §9). */
export const EXPERIENCE_INDICATOR_IDS = ['NS', 'RU', 'NPS'] as const;
export const INDICATOR_IDS = [...ATTENTION_INDICATOR_IDS, ...EXPERIENCE_INDICATOR_IDS] as const;
export type IndicatorId = (typeof INDICATOR_IDS)[number];

/**
 * SPEC §9 says "percent indicators get a ' %' suffix" without naming them. Decision, from what each
 * indicator measures: first-contact resolution (FCR), bot answer level, abandonment level,
 * satisfaction level (NS) and user recurrence (RU) are shares of conversations, so percentages.
 * The TM* / TMO ids are average times in seconds, AttendedChats / NotAttendedChats are counts, and
 * the net promoter score is a score from -100 to 100, not a percentage.
 */
export type IndicatorKind = 'percent' | 'duration' | 'count' | 'score';
export const INDICATOR_KINDS: Record<IndicatorId, IndicatorKind> = {
  TMO: 'duration',
  FCR: 'percent',
  TMAsignacion: 'duration',
  TMAtencionAH: 'duration',
  TMAtencionAV: 'duration',
  AttendedChats: 'count',
  NotAttendedChats: 'count',
  NivelRespuestaBOT: 'percent',
  NivelAbandono: 'percent',
  NS: 'percent',
  RU: 'percent',
  NPS: 'score'
};
export const PERCENT_INDICATOR_IDS: readonly IndicatorId[] = INDICATOR_IDS.filter(
  (id) => INDICATOR_KINDS[id] === 'percent'
);

/** The tiles' Spanish labels (SPEC §8 names them in its indicator load errors). */
export const INDICATOR_LABELS: Record<IndicatorId, string> = {
  TMO: 'TMO',
  FCR: 'FCR',
  TMAsignacion: 'TM Asignación',
  TMAtencionAH: 'TM Atención asesor humano',
  TMAtencionAV: 'TM Atención asesor virtual',
  AttendedChats: 'Chats atendidos',
  NotAttendedChats: 'Chats no atendidos',
  NivelRespuestaBOT: 'Nivel de respuesta del BOT',
  NivelAbandono: 'Nivel de abandono',
  NS: 'Nivel de satisfacción',
  RU: 'Recurrencia de usuarios',
  NPS: 'Net promoter score'
};

/**
 * The largest chart image the renderer may hand the main process to save (bytes of PNG). A chart
 * canvas is tens of kilobytes; the bound keeps the base64 text (4/3 of it) under the browser
 * host's 1 MB WebSocket frame.
 */
export const CHART_PNG_MAX_BYTES = 600 * 1024;

export function isIndicatorId(value: string): value is IndicatorId {
  return (INDICATOR_IDS as readonly string[]).includes(value);
}

/** Default names of the CSV downloads (SPEC §9). */
export const FILE_NAMES = {
  accessLog: 'usuarios.csv',
  causalesReport: 'reporteCausales.csv'
} as const;

/** historico_{start}_{end}.csv, with the filter's yyyy-MM-dd dates as given. */
export function historyCsvFileName(start: string, end: string): string {
  return `historico_${start}_${end}.csv`;
}

/** The access token counts as valid for 24 hours after login (SPEC §4, §9). */
export const TOKEN_VALIDITY_MS = 864e5;

/** The storage keys of SPEC §9 (the main process keeps these names in its keychain and settings). */
export const STORAGE_KEYS = {
  accessToken: 'access_token',
  refreshToken: 'refreshToken',
  lastLoginTime: 'lastLoginTime',
  agentStatus: 'agentStatus',
  pauseEventId: 'pauseEventId'
} as const;

export const LOGOUT_ACTION = 'auth/logout';
