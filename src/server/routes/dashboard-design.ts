import { endpoints } from '../../shared/api/catalogue';
import { DEFAULT_DASHBOARD_DESIGN, LOGO_MAX_BYTES, LOGO_TYPES } from '../../shared/domain/dashboard-design';
import { callerId } from '../auth/accounts';
import type { Db } from '../db/types';
import { fontLibrary } from '../fonts';
import { dashboardDesignRepository as designs } from '../settings/repositories/dashboard-design';
import { HttpError } from '../http/errors';
import { requireDesignImageBytes } from '../media/design-image';
import { storeFile } from '../media/files';
import { checkUpload, uploadBodyLimit } from '../media/upload';
import { defineRoutes } from './module';
import { implement } from './register';

/** personalizacion/dashboard: the organisation's design and logo, their versions, and the web-fonts list. */
export const dashboardDesignRoutes = defineRoutes('dashboardDesign', (app) => {
  /** Once a change is stored: every signed-in user of the organisation gets the design and logo now current, pushed. */
  async function pushed<T>(db: Db, orgId: number, stored: T): Promise<T> {
    const [design, image] = await Promise.all([designs.design(db, orgId), designs.image(db, orgId)]);
    app.services.designs.changed(orgId, { design: design ?? DEFAULT_DASHBOARD_DESIGN, logo: image.Imagen });
    return stored;
  }
  implement(app, endpoints.dashboardDesign, ({ db, orgId }) => designs.design(db, orgId));
  implement(app, endpoints.updateDashboardDesign, async ({ db, orgId, body, user }) => pushed(db, orgId, await designs.updateDesign(db, orgId, body, callerId(user))));
  implement(app, endpoints.dashboardImage, ({ db, orgId }) => designs.image(db, orgId));
  implement(app, endpoints.updateDashboardImage, async ({ db, orgId, body, user }) =>
    pushed(db, orgId, await designs.updateImage(db, orgId, body.url, callerId(user), DEFAULT_DASHBOARD_DESIGN))
  );
  implement(app, endpoints.dashboardDesignVersions, async ({ db, orgId }) => ({ items: await designs.versions(db, orgId) }));
  implement(app, endpoints.restoreDashboardDesign, async ({ db, orgId, body, user }) => pushed(db, orgId, await designs.restore(db, orgId, body.version, callerId(user))));

  /** A logo or avatar: the one upload check of the platform (type sniffed from the bytes), then a design image's type, size and sides. */
  implement(
    app,
    endpoints.uploadDesignImage,
    async ({ db, orgId, user, body, services }) => {
      const checked = await checkUpload(body, LOGO_TYPES);
      if (!checked.ok) throw new HttpError(checked.refusal.status, checked.refusal.message);
      requireDesignImageBytes({ ...checked.file, size: checked.file.data.length }, 'El logo');
      return storeFile(db, { ...checked.file, organizationId: orgId, conversationId: null, uploadedBy: callerId(user), now: services.now() });
    },
    { bodyLimit: uploadBodyLimit(LOGO_MAX_BYTES) }
  );

  /** The families the platform serves, in the metadata's order, the first `limit` (≤ 200, SPEC §9). */
  implement(app, endpoints.webFonts, async ({ query }) => ({
    items: fontLibrary()
      .families.slice(0, query.limit)
      .map(({ family, category, variants }) => ({ family, category, variants }))
  }));
});
