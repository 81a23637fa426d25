import { index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { nameKeySql } from './chat-config';
import { organizations } from './organizations';

/**
 * SPEC §3 "Locations": regions belong to an organisation, their names unique in it as
 * unique-name.ts compares them; departments and cities are the country's (Colombia's, seeded by a
 * migration from src/server/db/colombia.ts).
 */
export const regions = pgTable(
  'regions',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.idOrg, { onDelete: 'cascade' }),
    name: text('name').notNull()
  },
  (t) => [index('regions_org_idx').on(t.organizationId), uniqueIndex('regions_org_name_unique').on(t.organizationId, nameKeySql(t.name))]
);

export const departments = pgTable('departments', {
  id: integer('id').primaryKey(),
  name: text('name').notNull()
});

/** A department's region, per organisation: one at most (null until assigned: no row). */
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
  (t) => [uniqueIndex('department_regions_org_department_unique').on(t.organizationId, t.idDepartment), index('department_regions_region_idx').on(t.idRegional)]
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
