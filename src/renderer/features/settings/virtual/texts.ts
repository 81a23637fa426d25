/** The interface texts of the virtual-assistant settings pages (labels and headings; the toasts are SPEC §8's, in shared/messages.ts). */

export const REGIONS_TEXT = {
  intro: 'Las regionales de la organización y los departamentos que agrupa cada una (filtros de estadísticas y formulario de entrada).',
  create: 'Nueva regional',
  editTitle: (name: string) => `Editar regional ${name}`,
  name: 'Nombre de la regional',
  list: 'Regionales',
  deleteText: (name: string) => `La regional «${name}» dejará de existir. Solo se puede eliminar cuando no tiene departamentos asignados.`,
  departments: 'Departamentos',
  departmentsIntro: 'Cada departamento pertenece a una regional; el cambio se guarda al elegirla.',
  department: 'Departamento',
  region: 'Regional',
  regionOf: (department: string) => `Regional de ${department}`,
  unassigned: 'Sin regional',
  noRegions: 'Cree una regional para asignarle departamentos.'
} as const;
