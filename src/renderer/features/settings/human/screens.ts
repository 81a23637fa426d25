import { areaPages } from '../area-pages';

/** The human-agent settings pages (configuracion/asesor-humano/*): one line per screen of settings-screens.ts. */
export const HUMAN_PAGES = areaPages('human', {
  agents: () => import('./AgentsPage').then((m) => m.AgentsPage),
  splits: () => import('./SplitsPage').then((m) => m.SplitsPage),
  general: () => import('./GeneralPage').then((m) => m.GeneralPage),
  businessReasons: () => import('./BusinessReasonsPage').then((m) => m.BusinessReasonsPage),
  finalReasons: () => import('./FinalReasonsPage').then((m) => m.FinalReasonsPage),
  endMessages: () => import('./EndMessagesPage').then((m) => m.EndMessagesPage),
  templates: () => import('./TemplatesPage').then((m) => m.TemplatesPage),
  directory: () => import('./DirectoryPage').then((m) => m.DirectoryPage)
});
