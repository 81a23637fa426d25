import { and, count, eq, sql } from 'drizzle-orm';
import type { Department, LocationList, Region } from '../../../shared/domain/location';
import { DUPLICATE_TEXT } from '../../../shared/domain/unique-name';
import { cities, departmentRegions, departments, regions } from '../../db/schema';
import type { Db } from '../../db/types';
import { inTransaction } from '../../chat/tx';
import { HttpError } from '../../http/errors';
import { byName } from '../../http/listing';
import { duplicateAs } from '../conflicts';
import { found } from '../repository';
import { SETTINGS_TEXT } from '../texts';

/**
 * regionales: the organisation's regions and the region it gives each of the country's departments
 * (one at most per organisation: department_regions' unique index). A region's name is unique in
 * the organisation (409); a region that still holds departments is not deleted (409).
 */

const REGION_DUPLICATES = { regions_org_name_unique: DUPLICATE_TEXT.region };
const regionColumns = { id: regions.id, name: regions.name };

export const locationRepository = {
  /** The regions, every department with its region (null until given one) and, when asked, the cities; each list by name. */
  async list(db: Db, orgId: number, withCities: boolean): Promise<LocationList> {
    const regionRows = await db.select(regionColumns).from(regions).where(eq(regions.organizationId, orgId));
    const departmentRows = await db
      .select({ id: departments.id, name: departments.name, idRegional: departmentRegions.idRegional })
      .from(departments)
      .leftJoin(departmentRegions, and(eq(departmentRegions.idDepartment, departments.id), eq(departmentRegions.organizationId, orgId)));
    const cityRows = withCities ? await db.select({ id: cities.id, name: cities.name, idDepartment: cities.idDepartment }).from(cities) : [];
    return {
      regionals: byName(regionRows, (r) => r.name, (r) => r.id),
      departments: byName(departmentRows, (d) => d.name, (d) => d.id).map((d) => ({ id: d.id, idRegional: d.idRegional ?? null, name: d.name })),
      cities: byName(cityRows, (c) => c.name, (c) => c.id)
    };
  },

  async create(db: Db, orgId: number, name: string): Promise<Region> {
    const [created] = await db.insert(regions).values({ organizationId: orgId, name }).returning(regionColumns).catch(duplicateAs(REGION_DUPLICATES));
    if (!created) throw new Error('createRegional: no row');
    return created;
  },

  /** Renames a region of the organisation (404 for any other). */
  async rename(db: Db, orgId: number, id: number, name: string): Promise<Region> {
    const [updated] = await db
      .update(regions)
      .set({ name })
      .where(and(eq(regions.id, id), eq(regions.organizationId, orgId)))
      .returning(regionColumns)
      .catch(duplicateAs(REGION_DUPLICATES));
    return found(updated, SETTINGS_TEXT.regionNotFound);
  },

  /**
   * Deletes a region of the organisation that holds no department. The region's row is locked
   * first: a department moved into it meanwhile waits for this delete (its foreign key check) and
   * then finds no region, so a delete never takes a department's region with it.
   */
  async remove(db: Db, orgId: number, id: number): Promise<void> {
    await inTransaction(db, async (tx) => {
      const [region] = await tx
        .select({ id: regions.id })
        .from(regions)
        .where(and(eq(regions.id, id), eq(regions.organizationId, orgId)))
        .for('update');
      found(region, SETTINGS_TEXT.regionNotFound);
      const [held] = await tx.select({ n: count() }).from(departmentRegions).where(eq(departmentRegions.idRegional, id));
      const n = held?.n ?? 0;
      if (n > 0) throw new HttpError(409, SETTINGS_TEXT.regionHasDepartments(n));
      await tx.delete(regions).where(and(eq(regions.id, id), eq(regions.organizationId, orgId)));
    });
  },

  /**
   * Gives a department a region of the organisation (its previous one, if any, replaced). An
   * unknown department or a region of another organisation answers 404 and changes nothing.
   */
  async moveDepartment(db: Db, orgId: number, idDepartment: number, idRegional: number): Promise<Department> {
    return inTransaction(db, async (tx) => {
      const [department] = await tx.select({ id: departments.id, name: departments.name }).from(departments).where(eq(departments.id, idDepartment));
      const { name } = found(department, SETTINGS_TEXT.departmentNotFound);
      // The region is locked against a delete until this commits (see remove).
      const [region] = await tx
        .select({ id: regions.id })
        .from(regions)
        .where(and(eq(regions.id, idRegional), eq(regions.organizationId, orgId)))
        .for('share');
      found(region, SETTINGS_TEXT.regionNotFound);
      await tx
        .insert(departmentRegions)
        .values({ organizationId: orgId, idDepartment, idRegional })
        .onConflictDoUpdate({ target: [departmentRegions.organizationId, departmentRegions.idDepartment], set: { idRegional: sql`excluded.id_regional` } });
      return { id: idDepartment, idRegional, name };
    });
  }
};
