import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../shared/api/catalogue';
import { channelTypes, organizations, virtualAgents } from '../db/schema';
import { implement } from './register';

const organizationColumns = {
  idOrg: organizations.idOrg,
  name: organizations.name,
  schemaName: organizations.schemaName,
  isActive: organizations.isActive,
  organizationType: organizations.organizationType
};

export function registerOrganizationRoutes(app: FastifyInstance): void {
  implement(app, endpoints.channelTypes, async ({ db }) => {
    const rows = await db.select({ key: channelTypes.key, label: channelTypes.label }).from(channelTypes).orderBy(asc(channelTypes.idChannel));
    return Object.fromEntries(rows.map((row) => [row.key, row.label]));
  });

  implement(app, endpoints.organizations, ({ db }) => db.select(organizationColumns).from(organizations).orderBy(asc(organizations.idOrg)));

  implement(app, endpoints.organizationsActive, ({ db }) =>
    db.select(organizationColumns).from(organizations).where(eq(organizations.isActive, true)).orderBy(asc(organizations.idOrg))
  );

  implement(app, endpoints.virtualAgents, ({ db, orgId }) =>
    db
      .select({ idVa: virtualAgents.idVa, name: virtualAgents.name })
      .from(virtualAgents)
      .where(eq(virtualAgents.organizationId, orgId))
      .orderBy(asc(virtualAgents.idVa))
  );
}
