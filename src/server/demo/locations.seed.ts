import { cities, departmentRegions, departments, regions } from '../db/schema';
import { DEMO_CITIES, DEMO_DEPARTMENTS, DEMO_REGIONS } from './demo-locations';
import type { SeedModule } from './types';

export const locationsSeed: SeedModule = {
  name: 'locations',
  async run(db) {
    await db.insert(departments).values([...DEMO_DEPARTMENTS]);
    await db.insert(cities).values([...DEMO_CITIES]);
    await db.insert(regions).values(DEMO_REGIONS.map(({ id, organizationId, name }) => ({ id, organizationId, name })));
    await db.insert(departmentRegions).values(
      DEMO_REGIONS.flatMap((region) =>
        region.departments.map((idDepartment) => ({ organizationId: region.organizationId, idDepartment, idRegional: region.id }))
      )
    );
  }
};
