import { areaPages } from '../area-pages';

/**
 * The personalisation settings pages (configuracion/personalizacion/*): one line per screen of
 * settings-screens.ts, a descriptor of the kit (<screen>.screen.tsx) or a page of its own.
 */
export const CUSTOMISATION_PAGES = areaPages('customisation', {
  features: () => import('./features.screen').then((m) => m.FeaturesScreen),
  dashboard: () => import('./dashboard.screen').then((m) => m.DashboardScreen),
  widget: () => import('./widget.screen').then((m) => m.WidgetScreen)
});
