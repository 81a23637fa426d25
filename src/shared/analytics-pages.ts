/**
 * The analytics pages of SPEC §2 (indicators and statistics; the reports are issue 5): their routes
 * and the titles their <h1> shows. Which roles see each one is the menus' business (menus.ts).
 */
import { HUMAN_CHATS_STATS_PATH } from './menus';

const A = '/analitica';
const VIRTUAL = `${A}/estadisticas/asesor-virtual`;
const HUMAN = `${A}/estadisticas/asesor-humano`;

export const ANALYTICS_PAGES = {
  attentionIndicators: { path: `${A}/indicadores/atencion`, title: 'Indicadores de atención' },
  experienceIndicators: { path: `${A}/indicadores/experiencia`, title: 'Indicadores de experiencia' },
  conversationsByChannel: { path: `${VIRTUAL}/conversaciones-canal`, title: 'Conversaciones por canal' },
  intents: { path: `${VIRTUAL}/intenciones`, title: 'Intenciones' },
  ratings: { path: `${VIRTUAL}/calificaciones`, title: 'Calificaciones' },
  integrations: { path: `${VIRTUAL}/integraciones`, title: 'Integraciones' },
  humanChats: { path: HUMAN_CHATS_STATS_PATH, title: 'Chats de asesor humano' },
  chatsPerAgent: { path: `${HUMAN}/chats-por-asesor`, title: 'Chats por asesor' },
  chatStates: { path: `${HUMAN}/estado-chats`, title: 'Estado de chats' },
  agentStates: { path: `${HUMAN}/estado-asesores`, title: 'Estado de asesores' },
  averageTime: { path: `${HUMAN}/tiempo-promedio`, title: 'Tiempo promedio por asesor' },
  typings: { path: `${HUMAN}/tipificaciones`, title: 'Tipificaciones' },
  escalatedChats: { path: `${HUMAN}/chats-escalados`, title: 'Chats escalados' },
  notifications: { path: `${A}/estadisticas/notificaciones`, title: 'Estadísticas de notificaciones' }
} as const satisfies Record<string, { path: string; title: string }>;

export type AnalyticsPageId = keyof typeof ANALYTICS_PAGES;

/** The 14 statistics and indicator routes. */
export const ANALYTICS_PATHS: readonly string[] = Object.values(ANALYTICS_PAGES).map((p) => p.path);

/** The title of the analytics page at `path`, or null when it is not one. */
export function analyticsPageTitle(path: string): string | null {
  return Object.values(ANALYTICS_PAGES).find((p) => p.path === path)?.title ?? null;
}
