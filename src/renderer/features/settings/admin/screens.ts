import { areaPages } from '../area-pages';

/** The administration pages (configuracion/companias, configuracion/administrar-usuarios/*): one line per screen of settings-screens.ts. */
export const ADMIN_PAGES = areaPages('admin', {
  companies: () => import('./companies.screen').then((m) => m.CompaniesScreen),
  users: () => import('./users.screen').then((m) => m.UsersScreen),
  userParameters: () => import('./ParametersPage').then((m) => m.ParametersPage)
});
