import { eq } from 'drizzle-orm';
import { endpoints } from '../../shared/api/catalogue';
import { cities, departmentRegions, departments, regions } from '../db/schema';
import { byName } from '../http/listing';
import { defineRoutes } from './module';
import { implement } from './register';

export const locationRoutes = defineRoutes('locations', (app) => {
  /**
   * The organisation's regions, the country's departments with the region the organisation gave
   * each (null until it gives one), and, with requireCities, the cities; each list by name. The
   * contact directory picks its city (and so its department) from here.
   */
  implement(app, endpoints.locationList, async ({ db, orgId, query }) => {
    const regionRows = await db.select({ id: regions.id, name: regions.name }).from(regions).where(eq(regions.organizationId, orgId));
    const assigned = await db
      .select({ idDepartment: departmentRegions.idDepartment, idRegional: departmentRegions.idRegional })
      .from(departmentRegions)
      .where(eq(departmentRegions.organizationId, orgId));
    const regionOf = new Map(assigned.map((a) => [a.idDepartment, a.idRegional]));
    const departmentRows = await db.select({ id: departments.id, name: departments.name }).from(departments);
    const cityRows = query.requireCities ? await db.select({ id: cities.id, name: cities.name, idDepartment: cities.idDepartment }).from(cities) : [];
    return {
      regionals: byName(regionRows, (r) => r.name, (r) => r.id),
      departments: byName(departmentRows, (d) => d.name, (d) => d.id).map((d) => ({ id: d.id, idRegional: regionOf.get(d.id) ?? null, name: d.name })),
      cities: byName(cityRows, (c) => c.name, (c) => c.id)
    };
  });
});
