import { endpoints } from '../../shared/api/catalogue';
import { DEFAULT_DASHBOARD_DESIGN } from '../../shared/domain/dashboard-design';
import { callerId } from '../auth/accounts';
import { fontLibrary } from '../fonts';
import { dashboardDesignRepository as designs } from '../settings/repositories/dashboard-design';
import { defineRoutes } from './module';
import { implement } from './register';

/** personalizacion/dashboard: the organisation's design and logo, their versions, and the web-fonts list. */
export const dashboardDesignRoutes = defineRoutes('dashboardDesign', (app) => {
  implement(app, endpoints.dashboardDesign, ({ db, orgId }) => designs.design(db, orgId));
  implement(app, endpoints.updateDashboardDesign, ({ db, orgId, body, user }) => designs.updateDesign(db, orgId, body, callerId(user)));
  implement(app, endpoints.dashboardImage, ({ db, orgId }) => designs.image(db, orgId));
  implement(app, endpoints.updateDashboardImage, ({ db, orgId, body, user }) => designs.updateImage(db, orgId, body.url, callerId(user), DEFAULT_DASHBOARD_DESIGN));
  implement(app, endpoints.dashboardDesignVersions, async ({ db, orgId }) => ({ items: await designs.versions(db, orgId) }));
  implement(app, endpoints.restoreDashboardDesign, ({ db, orgId, body, user }) => designs.restore(db, orgId, body.version, callerId(user)));

  /** The families the platform serves, in the metadata's order, the first `limit` (≤ 200, SPEC §9). */
  implement(app, endpoints.webFonts, async ({ query }) => ({
    items: fontLibrary()
      .families.slice(0, query.limit)
      .map(({ family, category, variants }) => ({ family, category, variants }))
  }));
});
