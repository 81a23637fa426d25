/** The interface texts of the human-agent settings pages (labels and headings; the toasts are SPEC §8's, in shared/messages.ts). */

export const WEEKDAYS = [
  { value: 1, label: 'Lunes' },
  { value: 2, label: 'Martes' },
  { value: 3, label: 'Miércoles' },
  { value: 4, label: 'Jueves' },
  { value: 5, label: 'Viernes' },
  { value: 6, label: 'Sábado' },
  { value: 7, label: 'Domingo' }
] as const;

export function weekdayName(day: number): string {
  return WEEKDAYS.find((d) => d.value === day)?.label ?? String(day);
}

export const REASONS_TEXT = {
  create: 'Nueva causal',
  createTitle: 'Nueva causal',
  editTitle: (name: string) => `Editar causal ${name}`,
  list: 'Causales',
  deleteText: (name: string) => `La causal «${name}» dejará de ofrecerse al finalizar chats. Los chats que ya la tienen la conservan.`,
  businessIntro: 'Las causales de negocio que el asesor marca al trasladar o finalizar un chat.',
  finalIntro: 'Las causales de finalización entre las que el asesor elige al finalizar un chat.'
} as const;

export const PAUSE_TEXT = {
  section: 'Eventos de pausa',
  create: 'Nuevo evento de pausa',
  editTitle: (name: string) => `Editar evento de pausa ${name}`,
  list: 'Eventos de pausa',
  deleteText: (name: string) => `El evento «${name}» dejará de ofrecerse para pausar. El histórico de conexiones lo conserva.`,
  maxMinutes: 'Tiempo máximo',
  maxMinutesField: 'Tiempo máximo de la pausa (minutos)',
  maxMinutesHint: 'Opcional. El inicio de los supervisores alerta cuando un asesor lleva más tiempo en esta pausa.',
  noLimit: 'Sin límite',
  minutes: (n: number) => `${n} min`
} as const;

export const PARAMETERS_TEXT = {
  section: 'Parámetros de chat',
  maxChats: 'Número máximo de chats por asesor',
  workingDays: 'Días laborales',
  start: 'Hora laboral de inicio',
  end: 'Hora laboral de fin',
  inactivity: 'Tiempo de inactividad del cliente (minutos)',
  notConfigured: 'La organización aún no tiene parámetros de chat: complete el formulario para guardarlos.'
} as const;

export const END_MESSAGES_TEXT = {
  intro: 'Lo que el cliente lee cuando su conversación termina, en el orden en que se aplican.',
  message: (acronym: string) => `Mensaje ${acronym}`,
  finFlag: 'Fin de conversación',
  list: 'Mensajes de fin de conversación'
} as const;

export const TEMPLATES_TEXT = {
  intro: 'Las respuestas que el asesor inserta en el chat con un clic.',
  create: 'Nueva plantilla',
  editTitle: (name: string) => `Editar plantilla ${name}`,
  name: 'Nombre de la plantilla',
  content: 'Contenido',
  list: 'Plantillas de respuesta',
  deleteText: (name: string) => `La plantilla «${name}» dejará de estar disponible para los asesores.`
} as const;

export const DIRECTORY_TEXT = {
  intro: 'Los contactos a los que el asesor puede remitir al cliente, por asistente virtual.',
  virtualAgent: 'Asistente virtual',
  create: 'Nuevo contacto',
  createTitle: 'Nuevo contacto',
  editTitle: (name: string) => `Editar contacto ${name}`,
  list: 'Contactos',
  name: 'Nombre',
  email: 'Correo electrónico',
  phone: 'Teléfono',
  idType: 'Tipo de identificación',
  id: 'Identificación',
  department: 'Departamento',
  city: 'Ciudad',
  messages: 'Mensajes predefinidos',
  messagesHint: 'Uno por línea.',
  cityRequired: 'Seleccione la ciudad',
  departmentRequired: 'Seleccione el departamento',
  deleteText: (name: string) => `El contacto «${name}» dejará de aparecer en el directorio de los asesores.`
} as const;

export const SPLITS_TEXT = {
  intro: 'Las colas de atención: sus horarios, a qué splits pueden trasladar y sus tiempos.',
  create: 'Nuevo split',
  createTitle: 'Nuevo split',
  editTitle: (name: string) => `Editar split ${name}`,
  bulk: 'Actualizar seleccionados',
  bulkTitle: (n: number) => `Actualizar ${n} splits`,
  bulkState: 'Estado',
  bulkKeep: 'Sin cambio',
  bulkActive: 'Activo',
  bulkInactive: 'Inactivo',
  bulkHint: 'Deje en blanco lo que no cambia.',
  bulkNothing: 'Indique al menos un cambio para los splits seleccionados.',
  select: (name: string) => `Seleccionar ${name}`,
  bulkColumn: 'Seleccionar',
  list: 'Splits',
  configure: (name: string) => `Horarios y derivaciones de ${name}`,
  configureShort: 'Horarios y derivaciones',
  closeDetail: 'Cerrar',
  agentInactivity: 'Inactividad del asesor (minutos)',
  clientInactivity: 'Inactividad del cliente (minutos)',
  maxInit: 'Tiempo máximo de inicio de conversación (minutos)',
  timers: 'Tiempos',
  /** The three timers of a split as the list reads them, each named and in its unit. */
  timerLines: (agent: string, client: string, maxInit: string) => [
    `Inactividad del asesor: ${agent} min`,
    `Inactividad del cliente: ${client} min`,
    `Tiempo máximo de inicio: ${maxInit} min`
  ],
  schedules: 'Horarios de atención',
  schedulesOf: (name: string) => `Horarios de atención de ${name}`,
  noSchedules: 'Sin horarios: el split no atiende hasta que tenga al menos uno.',
  day: 'Día',
  startTime: 'Hora de inicio',
  endTime: 'Hora de fin',
  addSchedule: 'Agregar horario',
  dayRequired: 'Seleccione el día',
  editScheduleTitle: (period: string) => `Editar horario ${period}`,
  period: (day: string, start: string, end: string) => `${day} ${start}–${end}`,
  derivations: 'Derivaciones',
  derivationsOf: (name: string) => `Splits a los que ${name} puede trasladar`,
  noDerivations: 'Sin derivaciones: sus chats no pueden trasladarse.',
  addDerivation: 'Agregar a derivados',
  derivationTarget: 'Split de destino',
  targetRequired: 'Seleccione el split de destino',
  editDerivations: 'Editar derivaciones',
  editDerivationsTitle: (name: string) => `Derivaciones de ${name}`,
  removeDerivation: (name: string) => `Quitar ${name} de los derivados`,
  deleteText: (name: string) => `El split «${name}» deja de recibir chats; sus derivaciones y asesores se retiran. Las estadísticas lo conservan.`,
  deleteScheduleText: (period: string) => `El split dejará de atender en el horario ${period}.`,
  deleteDerivationText: (name: string) => `Los chats de este split ya no podrán trasladarse a ${name}.`,
  overlap: (period: string) => `El horario se cruza con otro del mismo día (${period})`,
  states: 'Estado',
  schedulesCount: 'Horarios',
  derivationsCount: 'Derivaciones'
} as const;

export const AGENTS_TEXT = {
  intro: 'Los asesores humanos de la organización, los splits que atienden y su estado en vivo. Los supervisores de asesores también atienden chats (Atender chats) en los splits que se les asignen.',
  list: 'Asesores',
  agent: 'Asesor',
  email: 'Correo electrónico',
  state: 'Estado',
  since: 'Desde',
  openChats: 'Chats activos',
  splits: 'Splits',
  noSplits: 'Sin splits',
  unknownState: 'Desconectado',
  /** After the name of a human-agent supervisor (role 6), who attends chats through 'Atender chats'. */
  supervisor: 'Supervisor',
  manageSplits: (name: string) => `Splits de ${name}`,
  manageSplitsShort: 'Splits',
  changeState: (name: string) => `Cambiar estado de ${name}`,
  changeStateShort: 'Cambiar estado',
  addSplit: 'Agregar split',
  split: 'Split',
  removeSplit: (split: string) => `Retirar del split ${split}`,
  removeSplitTitle: (split: string) => `¿Retirar al asesor del split ${split}?`,
  removeSplitText: 'Dejará de recibir los chats nuevos de ese split; los que atiende siguen con él.',
  remove: 'Retirar',
  newState: 'Nuevo estado',
  stateRequired: 'Seleccione el nuevo estado',
  splitRequired: 'Seleccione el split',
  linksOf: (name: string) => `Splits que atiende ${name}`,
  pause: 'Pausa',
  disconnected: 'Desconectado',
  pauseEvent: 'Evento de pausa',
  pauseEventRequired: 'Seleccione el evento de pausa',
  noPauseEvents: 'No hay eventos de pausa activos: créelos en Configuración general.',
  stateHint: 'El asesor deja de recibir chats; Desconectado devuelve a la cola los que aún no aceptó.',
  apply: 'Aplicar',
  inactive: 'Inactivo'
} as const;
