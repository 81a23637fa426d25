import { HISTORY_REPORT_PATH, SCHEDULED_REPORTS_PATH } from './menus';

/** The report pages of SPEC §2 (analitica/reportes/*) and the scheduled exports: path and heading. Who sees each is the menus' business. */
const R = '/analitica/reportes';

export const REPORT_PAGES = {
  accessLog: { path: `${R}/asesor-virtual/accesos`, title: 'Registro de accesos' },
  /** Takes a catch-all slug: '…/historial/{idConv}' opens one conversation. */
  history: { path: HISTORY_REPORT_PATH, title: 'Historial de conversaciones' },
  humanChats: { path: `${R}/asesor-humano/chats`, title: 'Reporte de chats' },
  agentHistory: { path: `${R}/asesor-humano/historico-asesores`, title: 'Histórico de asesores' },
  typings: { path: `${R}/asesor-humano/tipificaciones`, title: 'Reporte de tipificaciones' },
  notifications: { path: `${R}/notificaciones`, title: 'Registro de notificaciones' },
  schedules: { path: SCHEDULED_REPORTS_PATH, title: 'Reportes programados' }
} as const;

export type ReportPageId = keyof typeof REPORT_PAGES;
