import type { AgentChatStatus, AgentStatus } from '../../../shared/domain/chat';
import type { ConnectionState, ConsoleMessage } from '../../../shared/chat-console';

/**
 * The console's own Spanish texts (SPEC §8 does not word them). SPEC §8 texts come from MSG.
 * Kept together so they can move to src/shared/messages.ts (MSG.chat) in one step.
 */
export const CHAT_TEXT = {
  pageTitle: 'Chat',
  loading: 'Cargando chats…',
  retry: 'Reintentar',
  loadFailedHint: 'Compruebe la conexión con la plataforma e inténtelo de nuevo.',
  chatList: 'Chats',
  noChats: 'No tiene chats asignados',
  noChatsHint: 'Los chats nuevos aparecerán aquí con un aviso sonoro.',
  openChats: 'En curso',
  finishedChats: 'Finalizados',
  noSelection: 'Seleccione un chat de la lista',
  conversation: 'Conversación',
  messagesFailed: 'No fue posible cargar los mensajes de este chat.',
  waiting: (n: number) => `En cola: ${n}`,
  waitingLabel: (n: number) => (n === 1 ? '1 chat en cola' : `${n} chats en cola`),
  unread: (n: number) => (n === 1 ? '1 mensaje sin leer' : `${n} mensajes sin leer`),
  since: (when: string) => `desde ${when}`,
  statusLabel: 'Estado del asesor',
  statusPending: 'Sincronizando estado…',
  pauseTitle: 'Pausa',
  pauseEvent: 'Evento de pausa',
  pauseEventRequired: 'Seleccione el evento de pausa',
  noPauseEvents: 'No hay eventos de pausa activos',
  confirm: 'Confirmar',
  choose: 'Seleccione…',
  loadingOptions: 'Cargando…',
  cancel: 'Cancelar',
  accept: 'Iniciar chat',
  transfer: 'Transferir',
  finish: 'Finalizar',
  transfering: 'Transfiriendo…',
  transferTitle: 'Transferir chat',
  transferSplit: 'Split de destino',
  transferSplitRequired: 'Seleccione el split de destino',
  noTransferSplits: 'No hay splits disponibles para traslado',
  connectedAgents: (n: number) => (n === 1 ? '1 asesor conectado' : `${n} asesores conectados`),
  transferred: 'Chat transferido',
  finishTitle: 'Finalizar chat',
  businessReasons: 'Causales de negocio',
  businessRequired: 'Seleccione al menos una causal de negocio',
  finalReason: 'Causal de finalización',
  finalRequired: 'Seleccione la causal de finalización',
  noBusinessReasons: 'No hay causales de negocio activas',
  noFinalReasons: 'No hay causales de finalización activas',
  transferNotice: 'Este chat llegó por traslado: seleccione de nuevo las causales de negocio y de finalización.',
  finished: 'Chat finalizado',
  recovered: 'El chat terminó mientras se recuperaba la conexión.',
  finishedNotice: 'Este chat está finalizado.',
  incomingNotice: 'Inicie el chat para responder al cliente.',
  composer: 'Mensaje',
  reply: 'Responder',
  composerPlaceholder: 'Escriba un mensaje. Enter envía; Mayús+Enter agrega una línea.',
  send: 'Enviar',
  sending: 'Enviando…',
  attach: 'Adjuntar archivo',
  removeAttachment: (name: string) => `Quitar adjunto ${name}`,
  uploading: 'Subiendo archivo…',
  fileTooLarge: 'El archivo no puede superar 10 MB',
  fileEmpty: 'El archivo está vacío',
  templates: 'Plantillas',
  noTemplates: 'No hay plantillas de respuesta',
  save: 'Guardar',
  saveFile: (name: string) => `Guardar ${name}`,
  fileSaved: (path: string) => `Archivo guardado en ${path}`,
  newMessages: 'Nuevos mensajes',
  messagesLabel: 'Mensajes de la conversación',
  loadingMessages: 'Cargando mensajes…',
  escalation: 'Atención con asesor humano',
  escalationSince: (when: string) => `Atención con asesor humano · en cola desde ${when}`,
  botHistory: 'Historial con el asistente virtual',
  endMessage: 'Mensaje de fin de conversación',
  directory: 'Directorio',
  directoryTitle: 'Directorio de contactos',
  closeDirectory: 'Cerrar directorio',
  directorySearchLabel: 'Buscar contacto',
  directorySearch: 'Por nombre, ciudad, departamento o identificación',
  contactCount: (n: number) => (n === 1 ? '1 contacto' : `${n} contactos`),
  predefinedMessages: 'Mensajes predefinidos',
  directoryEmpty: 'El directorio no tiene contactos.',
  directoryNoMatch: 'Ningún contacto coincide con la búsqueda.',
  insert: 'Insertar',
  insertMessage: (text: string) => `Insertar mensaje: ${text}`,
  customerData: 'Datos del cliente',
  identification: 'Identificación',
  email: 'Correo',
  phone: 'Teléfono',
  split: 'Split',
  channel: 'Canal',
  entered: 'Fecha de entrada',
  city: 'Ciudad',
  department: 'Departamento',
  you: 'Usted: ',
  customerFallback: 'Cliente'
} as const;

export const AGENT_STATUS_LABEL: Record<AgentStatus, string> = {
  CONECTADO: 'Conectado',
  PAUSA: 'Pausa',
  DESCONECTADO: 'Desconectado'
};

export const CHAT_STATUS_LABEL: Record<AgentChatStatus, string> = {
  ENTRANTE: 'Entrante',
  ACTIVO: 'Activo',
  FINALIZADO: 'Finalizado'
};

export const CONNECTION_LABEL: Record<ConnectionState, string> = {
  online: 'En línea',
  connecting: 'Conectando…',
  offline: 'Sin conexión — reconectando…',
  unauthorized: 'Sesión no autorizada'
};

export const SENDER_LABEL: Record<ConsoleMessage['tipoUsuario'], string> = {
  CLIENTE: 'Cliente',
  ASESOR: 'Asesor',
  BOT: 'Asistente virtual',
  SISTEMA: 'Sistema'
};
