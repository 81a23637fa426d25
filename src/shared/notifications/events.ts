/**
 * Issue 39: the platform events that raise a notification, each with the role it informs and the
 * variables its Liquid templates may read. The server raises them (src/server/notify/events.ts)
 * and refuses a template naming any other variable; the eventos screen lists them beside the editor.
 * A variable marked `customer` is the customer's own words or data: a template with 'No incluir
 * contenido del cliente' renders it empty.
 */

export type RecipientRole = 'CLIENTE' | 'ASESOR' | 'SUPERVISOR' | 'ADMINISTRADOR';

export interface EventVariable {
  /** The Liquid path ('cliente.nombre'); a list is read with {% for m in conversacion.mensajes %}. */
  name: string;
  /** What it holds, in Spanish (the editor lists it). */
  description: string;
  /** An example value, used where no past record of the organisation exists. */
  example: string | number | ReadonlyArray<Record<string, string>>;
  /** The customer's own words or data (left out by 'No incluir contenido del cliente'). */
  customer?: boolean;
  /** For a list: the fields of each item. */
  item?: readonly string[];
}

export interface NotificationEvent {
  code: string;
  label: string;
  /** Who it informs. The staff events also go to the organisation's notification e-mails (SPEC §3 Notification email). */
  role: RecipientRole | 'USUARIO';
  /** What raises it, in Spanish (the editor shows it). */
  when: string;
  variables: readonly EventVariable[];
}

const org: EventVariable = { name: 'organizacion.nombre', description: 'Nombre de la organización', example: 'Atiende Demo' };
const date: EventVariable = { name: 'fecha', description: 'Fecha y hora del evento (America/Bogota)', example: '01/12/2026 10:30' };

export const NOTIFICATION_EVENTS = [
  {
    code: 'RESUMEN_CONVERSACION',
    label: 'Resumen de la conversación',
    role: 'CLIENTE',
    when: 'Una conversación finalizó y el cliente dejó su correo (funcionalidad «Descarga de la conversación» activa)',
    variables: [
      org,
      date,
      { name: 'cliente.nombre', description: 'Nombre del cliente', example: 'Ana Gómez', customer: true },
      { name: 'cliente.email', description: 'Correo del cliente', example: 'ana@example.com', customer: true },
      { name: 'conversacion.id', description: 'Identificador de la conversación', example: 'c-8f2a' },
      { name: 'conversacion.inicio', description: 'Inicio de la conversación', example: '01/12/2026 10:02' },
      { name: 'asesor.nombre', description: 'Nombre del asesor que atendió (vacío si solo atendió el asistente)', example: 'Laura Pérez' },
      {
        name: 'conversacion.mensajes',
        description: 'Los mensajes, en orden: autor, texto y hora',
        example: [
          { autor: 'Cliente', texto: 'Hola, necesito ayuda', hora: '10:02' },
          { autor: 'Asesor', texto: 'Con gusto le ayudo', hora: '10:03' }
        ],
        item: ['autor', 'texto', 'hora'],
        customer: true
      }
    ]
  },
  {
    code: 'CHAT_NO_ATENDIDO',
    label: 'Chat no atendido',
    role: 'SUPERVISOR',
    when: 'Un cliente abandonó la cola o ningún asesor atendió su chat',
    variables: [
      org,
      date,
      { name: 'conversacion.id', description: 'Identificador de la conversación', example: 'c-8f2a' },
      { name: 'chat.split', description: 'Split en el que esperaba', example: 'Ventas' },
      { name: 'chat.espera', description: 'Minutos que esperó', example: 7 },
      { name: 'chat.motivo', description: 'Por qué no se atendió', example: 'El cliente abandonó la cola' },
      { name: 'cliente.nombre', description: 'Nombre del cliente', example: 'Ana Gómez', customer: true }
    ]
  },
  {
    code: 'BLOQUEO_USUARIO',
    label: 'Bloqueo de usuario',
    role: 'ADMINISTRADOR',
    when: 'Una cuenta se bloqueó por intentos fallidos de inicio de sesión',
    variables: [
      org,
      date,
      { name: 'usuario.nombre', description: 'Nombre de la persona bloqueada', example: 'Carlos Ruiz' },
      { name: 'usuario.email', description: 'Correo de la cuenta bloqueada', example: 'carlos@example.com' },
      { name: 'bloqueo.ip', description: 'Dirección desde la que llegó el último intento', example: '10.0.0.8' }
    ]
  },
  {
    code: 'CONTRASENA_POR_VENCER',
    label: 'Contraseña por vencer',
    role: 'USUARIO',
    when: 'A la contraseña de una persona le quedan pocos días de vigencia',
    variables: [
      org,
      date,
      { name: 'usuario.nombre', description: 'Nombre de la persona', example: 'Carlos Ruiz' },
      { name: 'contrasena.dias', description: 'Días que le quedan', example: 5 },
      { name: 'contrasena.vence', description: 'Fecha en que vence', example: '06/12/2026' }
    ]
  },
  {
    code: 'EXPORTACION_FALLIDA',
    label: 'Exportación programada fallida',
    role: 'ADMINISTRADOR',
    when: 'Un reporte programado no se pudo exportar',
    variables: [
      org,
      date,
      { name: 'usuario.nombre', description: 'Quien programó el reporte', example: 'Carlos Ruiz' },
      { name: 'reporte.nombre', description: 'Reporte programado', example: 'Chats' },
      { name: 'reporte.error', description: 'Qué falló', example: 'La carpeta seleccionada no existe' }
    ]
  }
] as const satisfies readonly NotificationEvent[];

export type NotificationEventCode = (typeof NOTIFICATION_EVENTS)[number]['code'];

export const NOTIFICATION_EVENT_CODES = NOTIFICATION_EVENTS.map((e) => e.code) as NotificationEventCode[];

export function notificationEvent(code: string): NotificationEvent | undefined {
  return NOTIFICATION_EVENTS.find((e) => e.code === code);
}

/** The notification type ids of the demo catalogue (notification_types), by channel. */
export const NOTIFICATION_CHANNEL_IDS = { email: 1, sms: 2, whatsapp: 3 } as const;
