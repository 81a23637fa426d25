import { cities, departmentRegions, regions } from '../db/schema';
import { DEMO_CITIES, DEMO_REGIONS } from './demo-locations';
import type { SeedModule } from './types';

export const locationsSeed: SeedModule = {
  name: 'locations',
  async run(db) {
    // The departments and their capitals are there already (the migration's); a city a later list also has keeps its row.
    await db.insert(cities).values([...DEMO_CITIES]).onConflictDoNothing();
    await db.insert(regions).values(DEMO_REGIONS.map(({ id, organizationId, name }) => ({ id, organizationId, name })));
    await db.insert(departmentRegions).values(
      DEMO_REGIONS.flatMap((region) =>
        region.departments.map((idDepartment) => ({ organizationId: region.organizationId, idDepartment, idRegional: region.id }))
      )
    );
  }
};
