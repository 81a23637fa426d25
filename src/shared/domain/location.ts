import { z } from 'zod';
import { IdParam } from './common';
import { PositiveInt, QueryBool, requiredText } from './fields';

/** SPEC §3 "Locations". */
export const Region = z.object({ id: z.number().int(), name: z.string() });
export const Department = z.object({ id: z.number().int(), idRegional: z.number().int().nullable(), name: z.string() });
export const City = z.object({ id: z.number().int(), name: z.string(), idDepartment: z.number().int() });
export type Region = z.infer<typeof Region>;
export type Department = z.infer<typeof Department>;
export type City = z.infer<typeof City>;

/**
 * GET /api/location/locationList/ (shape not shown in SPEC): flat lists. A department's idRegional
 * is null until it is assigned to a region; cities are included only when requireCities is true.
 */
export const LocationList = z.object({ regionals: z.array(Region), departments: z.array(Department), cities: z.array(City) });
export type LocationList = z.infer<typeof LocationList>;

export const LocationListQuery = z.object({ idOrg: IdParam.optional(), requireCities: QueryBool.default(false) });
export const RegionName = z.object({ name: requiredText('El nombre de la regional', 120) });
export const UpdateRegion = z.object({ id: PositiveInt, name: requiredText('El nombre de la regional', 120) });
export const RegionQuery = z.object({ id: IdParam, idOrg: IdParam.optional() });
/** POST /api/location/updateDepartment?id&idOrg&idRegional: assigns the department to a region. */
export const DepartmentRegionQuery = z.object({ id: IdParam, idOrg: IdParam.optional(), idRegional: IdParam });
