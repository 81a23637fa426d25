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

export const SESSION_EXPIRY_TEXT = {
  intro:
    'Cuánto silencio cierra la sesión del cliente en el chat web y qué mensaje lee al cerrarse. El silencio se cuenta desde el último mensaje de cualquiera de las dos partes; el cambio se aplica al siguiente cliente inactivo.',
  kinds: {
    BOT: {
      title: 'Conversación con el asistente virtual',
      description: 'Se cierra cuando ni el cliente ni el asistente han escrito durante el tiempo indicado, también si el cliente nunca respondió al saludo.'
    },
    ASESOR: {
      title: 'Conversación con un asesor',
      description: 'Se cierra cuando ni el cliente ni el asesor han escrito durante el tiempo indicado desde que el chat le fue asignado.'
    }
  },
  closingTime: 'Tiempo de cierre (minutos)',
  closingTimeHint: 'Entre 1 y 1440 minutos (24 horas).',
  clientMessage: 'Mensaje al cliente',
  clientMessageHint: 'Hasta 1000 caracteres. El cliente lo lee en el chat cuando la sesión se cierra.',
  missing: 'El asistente virtual no tiene este tipo de expiración.'
} as const;
