import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { organizations } from './organizations';

/** SPEC §3 "Virtual agent": idVa, name — owned by one organisation. */
export const virtualAgents = pgTable(
  'virtual_agents',
  {
    idVa: integer('id_va').primaryKey().generatedByDefaultAsIdentity(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.idOrg, { onDelete: 'cascade' }),
    name: text('name').notNull()
  },
  (t) => [index('virtual_agents_organization_idx').on(t.organizationId)]
);
