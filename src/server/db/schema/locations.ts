import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { organizations } from './organizations';

/** SPEC §3 "Locations": regions belong to an organisation; departments and cities are the country's. */
export const regions = pgTable(
  'regions',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.idOrg, { onDelete: 'cascade' }),
    name: text('name').notNull()
  },
  (t) => [index('regions_org_idx').on(t.organizationId)]
);

export const departments = pgTable('departments', {
  id: integer('id').primaryKey(),
  name: text('name').notNull()
});

/** A department's region, per organisation (null until assigned: no row). */
export const departmentRegions = pgTable(
  'department_regions',
  {
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.idOrg, { onDelete: 'cascade' }),
    idDepartment: integer('id_department')
      .notNull()
      .references(() => departments.id, { onDelete: 'cascade' }),
    idRegional: integer('id_regional')
      .notNull()
      .references(() => regions.id, { onDelete: 'cascade' })
  },
  (t) => [index('department_regions_org_idx').on(t.organizationId, t.idDepartment)]
);

export const cities = pgTable(
  'cities',
  {
    id: integer('id').primaryKey(),
    name: text('name').notNull(),
    idDepartment: integer('id_department')
      .notNull()
      .references(() => departments.id, { onDelete: 'cascade' })
  },
  (t) => [index('cities_department_idx').on(t.idDepartment)]
);
