import { DEMO_ORG_ID, OTHER_ORG_ID } from './demo-data';

/**
 * Colombian departments and cities, identified by their DANE codes (DIVIPOLA). Bogotá D.C. is a
 * capital district at department level (code 11), separate from Cundinamarca (25), as DANE models
 * it: it is both the 'department' and the only city of that entity.
 */
export const DEMO_DEPARTMENTS = [
  { id: 5, name: 'Antioquia' },
  { id: 8, name: 'Atlántico' },
  { id: 11, name: 'Bogotá D.C.' },
  { id: 13, name: 'Bolívar' },
  { id: 25, name: 'Cundinamarca' },
  { id: 27, name: 'Chocó' },
  { id: 47, name: 'Magdalena' },
  { id: 50, name: 'Meta' },
  { id: 68, name: 'Santander' },
  { id: 76, name: 'Valle del Cauca' }
] as const;

export const DEMO_CITIES = [
  { id: 5001, name: 'Medellín', idDepartment: 5 },
  { id: 5088, name: 'Bello', idDepartment: 5 },
  { id: 5266, name: 'Envigado', idDepartment: 5 },
  { id: 5360, name: 'Itagüí', idDepartment: 5 },
  { id: 5615, name: 'Rionegro', idDepartment: 5 },
  { id: 8001, name: 'Barranquilla', idDepartment: 8 },
  { id: 8758, name: 'Soledad', idDepartment: 8 },
  { id: 11001, name: 'Bogotá D.C.', idDepartment: 11 },
  { id: 13001, name: 'Cartagena de Indias', idDepartment: 13 },
  { id: 25175, name: 'Chía', idDepartment: 25 },
  { id: 25290, name: 'Fusagasugá', idDepartment: 25 },
  { id: 25754, name: 'Soacha', idDepartment: 25 },
  { id: 25899, name: 'Zipaquirá', idDepartment: 25 },
  { id: 27001, name: 'Quibdó', idDepartment: 27 },
  { id: 47001, name: 'Santa Marta', idDepartment: 47 },
  { id: 50001, name: 'Villavicencio', idDepartment: 50 },
  { id: 68001, name: 'Bucaramanga', idDepartment: 68 },
  { id: 68276, name: 'Floridablanca', idDepartment: 68 },
  { id: 68307, name: 'Girón', idDepartment: 68 },
  { id: 76001, name: 'Cali', idDepartment: 76 },
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
