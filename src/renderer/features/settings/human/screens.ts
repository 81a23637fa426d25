import { areaPages } from '../area-pages';

/**
 * The human-agent settings pages (configuracion/asesor-humano/*): one line per screen of
 * settings-screens.ts, a descriptor of the kit (<screen>.screen.tsx) or a page of its own.
 */
export const HUMAN_PAGES = areaPages('human', {
  agents: () => import('./AgentsPage').then((m) => m.AgentsPage),
  splits: () => import('./SplitsPage').then((m) => m.SplitsPage),
  general: () => import('./general.screen').then((m) => m.GeneralPage),
  businessReasons: () => import('./BusinessReasonsPage').then((m) => m.BusinessReasonsPage),
  finalReasons: () => import('./FinalReasonsPage').then((m) => m.FinalReasonsPage),
  endMessages: () => import('./EndMessagesPage').then((m) => m.EndMessagesPage),
  templates: () => import('./templates.screen').then((m) => m.TemplatesScreen),
  directory: () => import('./directory.screen').then((m) => m.DirectoryScreen)
});
