import { DEMO_ORG_ID, OTHER_ORG_ID, type DemoUser } from './demo-data';

/** Splits (queues). Timers in minutes: agent inactivity 5, client inactivity 10, longest wait 15. */
export const DEMO_SPLITS = [
  { idSplit: 1, organizationId: DEMO_ORG_ID, codigoSplit: 'GENERAL', nombre: 'Atención general', descripcion: 'Consultas generales de los clientes' },
  { idSplit: 2, organizationId: DEMO_ORG_ID, codigoSplit: 'VENTAS', nombre: 'Ventas', descripcion: 'Compras, cotizaciones y nuevos productos' },
  { idSplit: 3, organizationId: DEMO_ORG_ID, codigoSplit: 'SOPORTE', nombre: 'Soporte técnico', descripcion: 'Fallas de la aplicación, accesos y configuración' },
  { idSplit: 4, organizationId: OTHER_ORG_ID, codigoSplit: 'GENERAL', nombre: 'Atención general', descripcion: 'Consultas generales de los clientes' }
] as const;

export const DEMO_SPLIT_TIMERS = { timeInactivityAgent: 5, timeInactivityClient: 10, timeMaxInitConversation: 15 } as const;

/** Every split attends every day (1 = lunes … 7 = domingo) all day, so demos and tests work at any hour. */
export const DEMO_SCHEDULE_DAYS = [1, 2, 3, 4, 5, 6, 7] as const;
export const DEMO_SCHEDULE_HOURS = { horaInicio: '00:00', horaFin: '23:59' } as const;

/** Conversations of split_origin may be transferred to split_derive. */
export const DEMO_SPLIT_DERIVES = [
  { idSplitsDerive: 1, splitOrigin: 1, splitDerive: 2 },
  { idSplitsDerive: 2, splitOrigin: 1, splitDerive: 3 },
  { idSplitsDerive: 3, splitOrigin: 2, splitDerive: 1 },
  { idSplitsDerive: 4, splitOrigin: 3, splitDerive: 1 }
] as const;

/** The human agents (role 5) beyond asesor@demo.co (id 5, seeded with the other users). */
export const DEMO_AGENTS: readonly DemoUser[] = [
  { idUser: 9, email: 'asesor2@demo.co', name: 'Santiago Rodríguez', role: 5, organizationId: DEMO_ORG_ID, passwordAgeDays: 0 },
  { idUser: 10, email: 'asesor3@demo.co', name: 'Laura Gutiérrez', role: 5, organizationId: DEMO_ORG_ID, passwordAgeDays: 0 },
  { idUser: 11, email: 'asesor4@demo.co', name: 'Sebastián Moreno', role: 5, organizationId: DEMO_ORG_ID, passwordAgeDays: 0 },
  { idUser: 12, email: 'asesor5@demo.co', name: 'Daniela Vargas', role: 5, organizationId: DEMO_ORG_ID, passwordAgeDays: 0 },
  { idUser: 13, email: 'asesor6@demo.co', name: 'Felipe Castaño', role: 5, organizationId: DEMO_ORG_ID, passwordAgeDays: 0 },
  { idUser: 14, email: 'asesor@otra.co', name: 'Natalia Ospina', role: 5, organizationId: OTHER_ORG_ID, passwordAgeDays: 0 }
];

/** Every role-5 user of the demo data (asesor@demo.co included), for presence rows. */
export const DEMO_AGENT_IDS = [5, ...DEMO_AGENTS.map((a) => a.idUser)] as const;

/**
 * Which agent answers which split: every split of org 100 has at least two agents. The supervisor
 * (supervisor@demo.co, id 6) answers Atención general too when he opens 'Atender chats'.
 */
export const DEMO_AGENT_SPLITS = [
  { idSplitUsuario: 1, idUser: 5, idSplit: 1 },
  { idSplitUsuario: 2, idUser: 5, idSplit: 2 },
  { idSplitUsuario: 3, idUser: 9, idSplit: 1 },
  { idSplitUsuario: 4, idUser: 9, idSplit: 3 },
  { idSplitUsuario: 5, idUser: 10, idSplit: 2 },
  { idSplitUsuario: 6, idUser: 10, idSplit: 3 },
  { idSplitUsuario: 7, idUser: 11, idSplit: 1 },
  { idSplitUsuario: 8, idUser: 12, idSplit: 2 },
  { idSplitUsuario: 9, idUser: 13, idSplit: 3 },
  { idSplitUsuario: 10, idUser: 14, idSplit: 4 },
  { idSplitUsuario: 11, idUser: 6, idSplit: 1 }
] as const;

/** SPEC §3 parameters per organisation: working days and hours (local time), max chats, client inactivity (minutes). */
export const DEMO_CHAT_PARAMETERS = [
  {
    organizationId: DEMO_ORG_ID,
    diasLaborales: [1, 2, 3, 4, 5, 6, 7],
    horaLaboralInicio: '00:00',
    horaLaboralFin: '23:59',
    nroMaximoChatsAsesor: 3,
    tiempoInactividadCliente: 10,
    timeZone: 'America/Bogota'
  },
  {
    organizationId: OTHER_ORG_ID,
    diasLaborales: [1, 2, 3, 4, 5, 6, 7],
    horaLaboralInicio: '00:00',
    horaLaboralFin: '23:59',
    nroMaximoChatsAsesor: 2,
    tiempoInactividadCliente: 10,
    timeZone: 'America/Bogota'
  }
] as const;

export const DEMO_PAUSE_EVENTS = [
  { id: 1, organizationId: DEMO_ORG_ID, nombre: 'Almuerzo', descripcion: 'Pausa para almorzar', tiempoMaximo: 60 },
  { id: 2, organizationId: DEMO_ORG_ID, nombre: 'Pausa activa', descripcion: 'Estiramiento y descanso visual', tiempoMaximo: 15 },
  { id: 3, organizationId: DEMO_ORG_ID, nombre: 'Capacitación', descripcion: 'Formación programada por el supervisor', tiempoMaximo: null },
  { id: 4, organizationId: DEMO_ORG_ID, nombre: 'Baño', descripcion: 'Pausa breve', tiempoMaximo: 10 },
  { id: 5, organizationId: OTHER_ORG_ID, nombre: 'Almuerzo', descripcion: 'Pausa para almorzar' }
] as const;

export interface DemoReason {
  idCausal: number;
  organizationId: number;
  code: string;
  nombre: string;
  descripcion: string;
  activo: boolean;
}

/** Business reasons (causales de negocio): what the conversation was about. */
export const DEMO_BUSINESS_REASONS: readonly DemoReason[] = [
  { idCausal: 1, organizationId: DEMO_ORG_ID, code: 'CONSULTA_SALDO', nombre: 'Consulta de saldo', descripcion: 'El cliente consulta su saldo o estado de cuenta', activo: true },
  { idCausal: 2, organizationId: DEMO_ORG_ID, code: 'SOLICITUD_INFO', nombre: 'Solicitud de información', descripcion: 'Información general de productos, horarios o sedes', activo: true },
  { idCausal: 3, organizationId: DEMO_ORG_ID, code: 'QUEJA', nombre: 'Queja', descripcion: 'Inconformidad con la atención o el servicio', activo: true },
  { idCausal: 4, organizationId: DEMO_ORG_ID, code: 'RECLAMO', nombre: 'Reclamo', descripcion: 'Solicitud de corrección de un cobro o de un producto', activo: true },
  { idCausal: 5, organizationId: DEMO_ORG_ID, code: 'VENTA', nombre: 'Venta', descripcion: 'Compra o cotización de un producto', activo: true },
  { idCausal: 6, organizationId: DEMO_ORG_ID, code: 'SOPORTE_TECNICO', nombre: 'Soporte técnico', descripcion: 'Fallas de la aplicación, acceso o configuración', activo: true },
  { idCausal: 7, organizationId: DEMO_ORG_ID, code: 'ACTUALIZACION_DATOS', nombre: 'Actualización de datos', descripcion: 'Cambio de dirección, teléfono o correo', activo: true },
  { idCausal: 8, organizationId: DEMO_ORG_ID, code: 'FELICITACION', nombre: 'Felicitación', descripcion: 'Reconocimiento a la atención recibida', activo: false },
  { idCausal: 9, organizationId: OTHER_ORG_ID, code: 'SOLICITUD_INFO', nombre: 'Solicitud de información', descripcion: 'Información general', activo: true },
  { idCausal: 10, organizationId: OTHER_ORG_ID, code: 'RECLAMO', nombre: 'Reclamo', descripcion: 'Solicitud de corrección', activo: true }
];

/** Finalisation reasons (causales de finalización): how the conversation ended. */
export const DEMO_FINAL_REASONS: readonly DemoReason[] = [
  { idCausal: 1, organizationId: DEMO_ORG_ID, code: 'RESUELTO', nombre: 'Resuelto', descripcion: 'La solicitud del cliente quedó resuelta', activo: true },
  { idCausal: 2, organizationId: DEMO_ORG_ID, code: 'NO_RESUELTO', nombre: 'No resuelto', descripcion: 'La solicitud requiere seguimiento', activo: true },
  { idCausal: 3, organizationId: DEMO_ORG_ID, code: 'CLIENTE_NO_RESPONDE', nombre: 'Cliente no responde', descripcion: 'El cliente dejó de responder', activo: true },
  { idCausal: 4, organizationId: DEMO_ORG_ID, code: 'TRANSFERIDO', nombre: 'Transferido', descripcion: 'La conversación pasó a otra área', activo: true },
  { idCausal: 5, organizationId: DEMO_ORG_ID, code: 'DUPLICADO', nombre: 'Conversación duplicada', descripcion: 'El cliente abrió otra conversación por lo mismo', activo: false },
  { idCausal: 6, organizationId: OTHER_ORG_ID, code: 'RESUELTO', nombre: 'Resuelto', descripcion: 'La solicitud del cliente quedó resuelta', activo: true },
  { idCausal: 7, organizationId: OTHER_ORG_ID, code: 'NO_RESUELTO', nombre: 'No resuelto', descripcion: 'La solicitud requiere seguimiento', activo: true }
];

/** Why the assistant hands a conversation to a human (global; codes the engine uses). */
export const DEMO_AUTOMATIC_TRANSFER_REASONS = [
  { idCause: 1, code: 'SOLICITUD_CLIENTE', nombre: 'Solicitud del cliente' },
  { idCause: 2, code: 'SIN_RESPUESTA', nombre: 'El asistente no pudo responder' }
] as const;

/** Why a conversation ends without an agent (global; codes the engine uses). */
export const DEMO_NOT_ATTENDED_EVENTS = [
  { id: 1, code: 'FUERA_HORARIO', nombre: 'Fuera de horario', descripcion: 'El cliente escribió fuera del horario de atención' },
  { id: 2, code: 'SIN_ASESORES', nombre: 'Sin asesores disponibles', descripcion: 'No había asesores conectados en el split' },
  { id: 3, code: 'ABANDONO', nombre: 'Abandono del cliente', descripcion: 'El cliente abandonó la conversación mientras esperaba un asesor' },
  { id: 4, code: 'TIEMPO_ESPERA', nombre: 'Tiempo de espera agotado', descripcion: 'Se superó el tiempo máximo de espera en la cola' }
] as const;

export const DEMO_RESPONSE_TEMPLATES = [
  { idTemplate: 1, organizationId: DEMO_ORG_ID, templateName: 'Saludo', templateContent: '¡Hola! Gracias por comunicarte con Demo Contact Center. ¿En qué te puedo ayudar hoy?' },
  { idTemplate: 2, organizationId: DEMO_ORG_ID, templateName: 'Espera', templateContent: 'Dame un momento, por favor, mientras reviso tu solicitud.' },
  {
    idTemplate: 3,
    organizationId: DEMO_ORG_ID,
    templateName: 'Despedida',
    templateContent: 'Gracias por escribirnos. Si necesitas algo más, aquí estaremos. ¡Que tengas un excelente día!'
  },
  {
    idTemplate: 4,
    organizationId: DEMO_ORG_ID,
    templateName: 'Datos de contacto',
    templateContent: 'Para poder ayudarte, por favor confírmame tu nombre completo, tu número de documento y un teléfono de contacto.'
  },
  {
    idTemplate: 5,
    organizationId: DEMO_ORG_ID,
    templateName: 'Horario de atención',
    templateContent: 'Nuestros puntos de atención abren de lunes a viernes de 8:00 a. m. a 6:00 p. m. y los sábados de 9:00 a. m. a 1:00 p. m.'
  },
  {
    idTemplate: 6,
    organizationId: DEMO_ORG_ID,
    templateName: 'Solicitud de documento',
    templateContent: '¿Me puedes compartir una foto o un PDF del documento? Puedes adjuntarlo con el clip del chat.'
  },
  {
    idTemplate: 7,
    organizationId: DEMO_ORG_ID,
    templateName: 'Traslado a otra área',
    templateContent: 'Voy a trasladar tu conversación al área encargada; en un momento te atenderán.'
  },
  { idTemplate: 8, organizationId: OTHER_ORG_ID, templateName: 'Saludo', templateContent: '¡Hola! Gracias por comunicarte con Otra Entidad S.A.S. ¿En qué te podemos ayudar?' }
] as const;
