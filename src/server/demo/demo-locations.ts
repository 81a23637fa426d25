import { DEMO_ORG_ID, OTHER_ORG_ID } from './demo-data';

/**
 * The demo's cities besides the capitals: the departments and their capitals are every platform's
 * (src/server/db/colombia.ts, inserted by a migration), these are added by the demo seed, by their
 * DANE codes (DIVIPOLA).
 */
export const DEMO_CITIES = [
  { id: 5088, name: 'Bello', idDepartment: 5 },
  { id: 5266, name: 'Envigado', idDepartment: 5 },
  { id: 5360, name: 'Itagüí', idDepartment: 5 },
  { id: 5615, name: 'Rionegro', idDepartment: 5 },
  { id: 8758, name: 'Soledad', idDepartment: 8 },
  { id: 25175, name: 'Chía', idDepartment: 25 },
  { id: 25290, name: 'Fusagasugá', idDepartment: 25 },
  { id: 25754, name: 'Soacha', idDepartment: 25 },
  { id: 25899, name: 'Zipaquirá', idDepartment: 25 },
  { id: 68276, name: 'Floridablanca', idDepartment: 68 },
  { id: 68307, name: 'Girón', idDepartment: 68 },
  { id: 76109, name: 'Buenaventura', idDepartment: 76 },
  { id: 76520, name: 'Palmira', idDepartment: 76 }
] as const;

/** The organisations' regions (regionales) and the departments each groups. Meta stays unassigned in org 100. */
export const DEMO_REGIONS = [
  { id: 1, organizationId: DEMO_ORG_ID, name: 'Andina', departments: [5, 11, 25, 68] },
  { id: 2, organizationId: DEMO_ORG_ID, name: 'Caribe', departments: [8, 13, 47] },
  { id: 3, organizationId: DEMO_ORG_ID, name: 'Pacífico', departments: [27, 76] },
  { id: 4, organizationId: OTHER_ORG_ID, name: 'Centro', departments: [11, 25] }
] as const;
