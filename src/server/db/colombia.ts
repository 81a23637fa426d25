/**
 * Colombia's departments and their capitals, by their DANE codes (DIVIPOLA): the 32 departments
 * and Bogotá D.C., which DANE codes as an entity of department level (11) apart from
 * Cundinamarca (25). Every organisation has them (departments and cities are country-wide); the
 * migration 0022_regions_colombia.sql inserts exactly these rows (ON CONFLICT DO NOTHING, so a
 * database that already has some keeps them), and tests/integration/server/settings-regions.test.ts
 * checks that the two agree.
 *
 * Cundinamarca's capital is Bogotá, a district of its own in DIVIPOLA (11001, department 11): its
 * `capital` names that city, and Cundinamarca has no capital city of its own among its cities.
 */
export const COLOMBIA_DEPARTMENTS = [
  { id: 5, name: 'Antioquia', capital: 5001 },
  { id: 8, name: 'Atlántico', capital: 8001 },
  { id: 11, name: 'Bogotá D.C.', capital: 11001 },
  { id: 13, name: 'Bolívar', capital: 13001 },
  { id: 15, name: 'Boyacá', capital: 15001 },
  { id: 17, name: 'Caldas', capital: 17001 },
  { id: 18, name: 'Caquetá', capital: 18001 },
  { id: 19, name: 'Cauca', capital: 19001 },
  { id: 20, name: 'Cesar', capital: 20001 },
  { id: 23, name: 'Córdoba', capital: 23001 },
  { id: 25, name: 'Cundinamarca', capital: 11001 },
  { id: 27, name: 'Chocó', capital: 27001 },
  { id: 41, name: 'Huila', capital: 41001 },
  { id: 44, name: 'La Guajira', capital: 44001 },
  { id: 47, name: 'Magdalena', capital: 47001 },
  { id: 50, name: 'Meta', capital: 50001 },
  { id: 52, name: 'Nariño', capital: 52001 },
  { id: 54, name: 'Norte de Santander', capital: 54001 },
  { id: 63, name: 'Quindío', capital: 63001 },
  { id: 66, name: 'Risaralda', capital: 66001 },
  { id: 68, name: 'Santander', capital: 68001 },
  { id: 70, name: 'Sucre', capital: 70001 },
  { id: 73, name: 'Tolima', capital: 73001 },
  { id: 76, name: 'Valle del Cauca', capital: 76001 },
  { id: 81, name: 'Arauca', capital: 81001 },
  { id: 85, name: 'Casanare', capital: 85001 },
  { id: 86, name: 'Putumayo', capital: 86001 },
  { id: 88, name: 'Archipiélago de San Andrés, Providencia y Santa Catalina', capital: 88001 },
  { id: 91, name: 'Amazonas', capital: 91001 },
  { id: 94, name: 'Guainía', capital: 94001 },
  { id: 95, name: 'Guaviare', capital: 95001 },
  { id: 97, name: 'Vaupés', capital: 97001 },
  { id: 99, name: 'Vichada', capital: 99001 }
] as const;

/** The capitals (DANE municipality codes), each in its department. */
export const COLOMBIA_CAPITALS = [
  { id: 5001, name: 'Medellín', idDepartment: 5 },
  { id: 8001, name: 'Barranquilla', idDepartment: 8 },
  { id: 11001, name: 'Bogotá D.C.', idDepartment: 11 },
  { id: 13001, name: 'Cartagena de Indias', idDepartment: 13 },
  { id: 15001, name: 'Tunja', idDepartment: 15 },
  { id: 17001, name: 'Manizales', idDepartment: 17 },
  { id: 18001, name: 'Florencia', idDepartment: 18 },
  { id: 19001, name: 'Popayán', idDepartment: 19 },
  { id: 20001, name: 'Valledupar', idDepartment: 20 },
  { id: 23001, name: 'Montería', idDepartment: 23 },
  { id: 27001, name: 'Quibdó', idDepartment: 27 },
  { id: 41001, name: 'Neiva', idDepartment: 41 },
  { id: 44001, name: 'Riohacha', idDepartment: 44 },
  { id: 47001, name: 'Santa Marta', idDepartment: 47 },
  { id: 50001, name: 'Villavicencio', idDepartment: 50 },
  { id: 52001, name: 'Pasto', idDepartment: 52 },
  { id: 54001, name: 'Cúcuta', idDepartment: 54 },
  { id: 63001, name: 'Armenia', idDepartment: 63 },
  { id: 66001, name: 'Pereira', idDepartment: 66 },
  { id: 68001, name: 'Bucaramanga', idDepartment: 68 },
  { id: 70001, name: 'Sincelejo', idDepartment: 70 },
  { id: 73001, name: 'Ibagué', idDepartment: 73 },
  { id: 76001, name: 'Cali', idDepartment: 76 },
  { id: 81001, name: 'Arauca', idDepartment: 81 },
  { id: 85001, name: 'Yopal', idDepartment: 85 },
  { id: 86001, name: 'Mocoa', idDepartment: 86 },
  { id: 88001, name: 'San Andrés', idDepartment: 88 },
  { id: 91001, name: 'Leticia', idDepartment: 91 },
  { id: 94001, name: 'Inírida', idDepartment: 94 },
  { id: 95001, name: 'San José del Guaviare', idDepartment: 95 },
  { id: 97001, name: 'Mitú', idDepartment: 97 },
  { id: 99001, name: 'Puerto Carreño', idDepartment: 99 }
] as const;
