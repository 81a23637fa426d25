/** The six numeric roles of SPEC §1. */
export const Role = {
  Superadministrador: 1,
  Supervisualizador: 2,
  AdministradorEntidad: 3,
  VisualizadorEntidad: 4,
  AsesorHumano: 5,
  SupervisorAsesorHumano: 6
} as const;

export type RoleId = (typeof Role)[keyof typeof Role];

export const ROLE_IDS: readonly RoleId[] = [1, 2, 3, 4, 5, 6];

export const ROLE_LABELS: Record<RoleId, string> = {
  1: 'Superadministrador',
  2: 'Supervisualizador',
  3: 'Administrador de entidad',
  4: 'Visualizador de entidad',
  5: 'Asesor humano',
  6: 'Supervisor de asesor humano'
};

export function isRoleId(value: unknown): value is RoleId {
  return typeof value === 'number' && (ROLE_IDS as readonly number[]).includes(value);
}

/**
 * SPEC §6 leaves open which roles are "the two top roles" and "the three company-level roles".
 * Decision: the two top roles are the platform-wide ones (1 and 2): they see every organisation
 * and choose one through the filter's idOrg. The company-level roles that load their company's
 * virtual agents are 3, 4 and 6 (5, the human agent, loads its chat configuration instead).
 */
export const PLATFORM_ROLES: readonly RoleId[] = [1, 2];
export const COMPANY_ROLES: readonly RoleId[] = [3, 4, 6];

export function choosesOrganisation(role: RoleId): boolean {
  return PLATFORM_ROLES.includes(role);
}

/** Roles that may write configuration. Viewers (2, 4) and the agent (5) only read. */
export const WRITER_ROLES: readonly RoleId[] = [1, 3, 6];
