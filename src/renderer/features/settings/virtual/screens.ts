import { areaPages } from '../area-pages';

/**
 * The virtual-assistant settings pages (configuracion/asesor-virtual/*): one line per screen of
 * settings-screens.ts, a descriptor of the kit (<screen>.screen.tsx) or a page of its own.
 */
export const VIRTUAL_PAGES = areaPages('virtual', {
  entryForm: () => import('./entry-form.screen').then((m) => m.EntryFormScreen),
  regions: () => import('./regions.screen').then((m) => m.RegionsScreen),
  sessionExpiry: () => import('./session-expiry.screen').then((m) => m.SessionExpiryScreen),
  workspaces: () => import('./workspaces.screen').then((m) => m.WorkspacesScreen)
});
