import { integer, jsonb, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import type { DashboardDesign } from '../../../shared/domain/dashboard-design';
import { organizations } from './organizations';
import { users } from './users';

/**
 * SPEC §3 "Dashboard design" of an organisation, versioned: each save (of the design or of the logo)
 * is a new row holding the whole design and the logo's url, numbered 1, 2, … per organisation; the
 * newest is the one in force. The last DASHBOARD_DESIGN_VERSIONS_KEPT (10) are kept, older rows are
 * deleted in the save's transaction; a restore copies an old version into a new one. No row: the
 * organisation has saved none (the clients use DEFAULT_DASHBOARD_DESIGN).
 */
export const dashboardDesigns = pgTable(
  'dashboard_designs',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.idOrg, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    /** The complete design (a body missing a part was completed from the default before it was stored). */
    design: jsonb('design').$type<DashboardDesign>().notNull(),
    /** The logo: an uploaded file's download url ('/api/multimedia/descargar/{id}'), or '' while none is set. */
    logoUrl: text('logo_url').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: integer('created_by').references(() => users.idUser, { onDelete: 'set null' })
  },
  (t) => [unique('dashboard_designs_org_version_unique').on(t.organizationId, t.version)]
);
