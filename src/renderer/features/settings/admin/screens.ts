import { areaPages } from '../area-pages';

/** The administration pages (configuracion/companias, configuracion/administrar-usuarios/*): one line per screen of settings-screens.ts. */
export const ADMIN_PAGES = areaPages('admin', {
  companies: () => import('./companies.screen').then((m) => m.CompaniesScreen),
  users: () => import('./UsersPage').then((m) => m.UsersPage),
  userParameters: () => import('./ParametersPage').then((m) => m.ParametersPage)
});
