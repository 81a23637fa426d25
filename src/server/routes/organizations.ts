import { asc, eq } from 'drizzle-orm';
import { endpoints } from '../../shared/api/catalogue';
import { endUserSessions } from '../auth/revocation';
import { channelTypes, virtualAgents } from '../db/schema';
import type { Db } from '../db/types';
import type { PlatformServices } from '../services';
import { organizationRepository as organizations } from '../settings/repositories/organizations';
import { defineRoutes } from './module';
import { implement } from './register';

/** Every user of the organisation loses its sessions now (it was deactivated or deleted). */
async function endOrganizationSessions(db: Db, services: PlatformServices, idOrg: number): Promise<void> {
  for (const idUser of await organizations.userIds(db, idOrg)) await endUserSessions(db, services, idUser);
}

/** companias (role 1), the channel types and each organisation's virtual agents. */
export const organizationRoutes = defineRoutes('organizations', (app) => {
  implement(app, endpoints.channelTypes, async ({ db }) => {
    const rows = await db.select({ key: channelTypes.key, label: channelTypes.label }).from(channelTypes).orderBy(asc(channelTypes.idChannel));
    return Object.fromEntries(rows.map((row) => [row.key, row.label]));
  });

  implement(app, endpoints.organizations, ({ db, query }) => organizations.list(db, { search: query.search }));
  implement(app, endpoints.organizationsActive, ({ db }) => organizations.list(db, { activeOnly: true }));
  implement(app, endpoints.createOrganization, ({ db, body, services }) => organizations.create(db, body, services.now()));

  implement(app, endpoints.updateOrganization, async ({ db, body, user, services }) => {
    const { organization, deactivated } = await organizations.update(db, body, user.company, services.now());
    if (deactivated) await endOrganizationSessions(db, services, organization.idOrg);
    return organization;
  });

  implement(app, endpoints.deleteOrganization, async ({ db, params, user, services }) => {
    await organizations.remove(db, params.idOrg, user.company, services.now());
    await endOrganizationSessions(db, services, params.idOrg);
    return { success: true };
  });

  implement(app, endpoints.virtualAgents, ({ db, orgId }) =>
    db
      .select({ idVa: virtualAgents.idVa, name: virtualAgents.name })
      .from(virtualAgents)
      .where(eq(virtualAgents.organizationId, orgId))
      .orderBy(asc(virtualAgents.idVa))
  );
});
