/**
 * The Spanish message catalogue of SPEC §8, one constant per text, spelled exactly as SPEC words
 * it (including its typos, e.g. 'plantilllas'). Where SPEC says "texts not shown", the text here
 * is ours and marked `// ours`.
 */
import type { IndicatorId } from './constants';

const session = {
  invalidCredentials: 'Usuario o contraseña inválidos',
  userLocked: 'Usuario ha sido bloqueado',
  loginFailed: 'No fue posible iniciar sesión. Inténtelo nuevamente', // ours
  passwordCheckFailed: 'Error al validar la contraseña, por favor comuníquese con un Administrador.',
  usernameUnavailable: 'El nombre de usuario ingresado no está disponible, inténtelo nuevamente',
  currentPasswordInvalid: 'La contraseña Actual no es válida.',
  passwordUpdated: 'La contraseña se actualizó correctamente.',
  passwordUpdateFailed: 'No se pudo actualizar la contraseña.',
  sessionExpired: 'La sesión ha expirado, inicie sesión nuevamente' // ours
} as const;

const generic = {
  serverError: 'Se ha presentado un error en el servidor. Inténtelo mas tarde',
  unauthorized: 'Usuario no autorizado',
  invalidInput: 'Los datos enviados no son válidos', // ours
  notFound: 'El recurso solicitado no existe', // ours
  networkError: 'No fue posible conectar con la plataforma. Verifique su conexión', // ours
  errorTitle: 'Algo salió mal',
  reloadPage: 'Recargar Página',
  pageNotFound: 'Página no encontrada' // ours
} as const;

/** SPEC §8 "Other load errors": the indicator tiles, one text per indicator id (all ours). */
const indicatorLoadFailed: Record<IndicatorId, string> = {
  FCR: 'Error al obtener el indicador FCR', // ours
  TMAsignacion: 'Error al obtener el indicador TM Asignación', // ours
  TMAtencionAH: 'Error al obtener el indicador TM Atención asesor humano', // ours
  TMAtencionAV: 'Error al obtener el indicador TM Atención asesor virtual', // ours
  TMO: 'Error al obtener el indicador TMO', // ours
  NivelRespuestaBOT: 'Error al obtener el nivel de no respuesta del BOT', // ours
  NivelAbandono: 'Error al obtener el nivel de abandono', // ours
  NS: 'Error al obtener el nivel de satisfacción', // ours
  RU: 'Error al obtener la recurrencia de usuarios', // ours
  NPS: 'Error al obtener el Net promoter score', // ours
  AttendedChats: 'Error al obtener los chats atendidos', // ours
  NotAttendedChats: 'Error al obtener los chats no atendidos' // ours
};

export const MSG = {
  session,
  generic,

  /** Dashboard design and the chats in queue. */
  dashboard: {
    configLoadFailed: 'Error al obtener configuración',
    logoLoadFailed: 'Error al obtener logo',
    configUpdateFailed: 'Error al actualizar configuración del dashboard',
    logoUpdateFailed: 'Error al actualizar logo',
    chatsLoadFailed: 'Error al obtener chats',
    fontsLoadFailed: 'Error al cargar Google Fonts',
    configUpdated: 'Configuración actualizada exitosamente',
    logoUpdated: 'Logo actualizado exitosamente',
    versionsLoadFailed: 'Error al obtener las versiones del diseño', // ours
    versionRestored: 'Versión restaurada exitosamente', // ours
    versionRestoreFailed: 'Error al restaurar la versión del diseño' // ours
  },

  locations: {
    loadFailed: 'Error al cargar la lista de regionales/departamentos',
    regionalCreateFailed: 'Error al crear regional',
    regionalUpdateFailed: 'Error al actualizar regional',
    regionalDeleteFailed: 'Error al eliminar regional',
    departmentUpdateFailed: 'Error al actualizar departamento',
    regionalCreated: 'Regional creada exitosamente', // ours
    regionalUpdated: 'Regional actualizada exitosamente', // ours
    regionalDeleted: 'Regional eliminada exitosamente', // ours
    departmentUpdated: 'Departamento actualizado exitosamente' // ours
  },

  /** End-of-conversation client messages ("Messages" in SPEC §8). */
  endMessages: {
    loadFailed: 'Error al obtener mensajes',
    updateFailed: 'No se pudo actualizar el mensaje',
    updated: 'Mensaje actualizado'
  },

  /** Chat parameters (max chats per agent, working hours). */
  parameters: {
    loadFailed: 'Error al obtener parámetros',
    maxChatsUpdateFailed: 'Error al actualizar el número de chats',
    maxChatsUpdated: 'Número de chats actualizado'
  },

  pauseEvents: {
    loadFailed: 'Error al cargar los eventos de pausa',
    createFailed: 'Error al crear evento de pausa',
    updateFailed: 'Error al actualizar evento de pausa',
    deleteFailed: 'Error al eliminar evento de pausa',
    created: 'Evento de pausa creado',
    updated: 'Evento de pausa actualizado',
    deleted: 'Evento de pausa eliminado'
  },

  /** Business and finalisation reasons (causales), and the reasons recorded on a conversation. */
  causales: {
    loadFailed: 'Error al obtener las causales', // ours
    createFailed: 'Error al crear la causal', // ours
    updateFailed: 'Error al actualizar la causal', // ours
    deleteFailed: 'Error al eliminar la causal', // ours
    created: 'Causal creada exitosamente', // ours
    updated: 'Causal actualizada exitosamente', // ours
    deleted: 'Causal eliminada exitosamente', // ours
    registerFailed: 'Error al registrar las causales de la conversación', // ours
    registered: 'Causales de la conversación registradas' // ours
  },

  contacts: {
    loadFailed: 'Error al obtener lista de contactos.',
    created: 'Contacto creado con éxito.',
    createFailed: 'Se ha producido un error al crear el nuevo contacto.',
    updated: 'Contacto actualizado con éxito.',
    updateFailed: 'Se ha producido un error al actualizar el contacto.',
    deleted: 'Contacto eliminado correctamente.',
    deleteFailed: 'Se ha producido un error al eliminar el contacto.',
    empty: 'No hay contactos disponibles para mostrar'
  },

  /** Response templates. */
  templates: {
    loadFailed: 'Error al obtener plantilllas de respuesta.',
    created: 'Plantilla creada con éxito.', // ours
    createFailed: 'Se ha producido un error al crear la plantilla.', // ours
    updated: 'Plantilla actualizada con éxito.', // ours
    updateFailed: 'Se ha producido un error al actualizar la plantilla.', // ours
    deleted: 'Plantilla eliminada correctamente.', // ours
    deleteFailed: 'Se ha producido un error al eliminar la plantilla.' // ours
  },

  sessionExpiry: {
    loadFailed: 'Error al obtener configuración de expiración de sesión',
    updated: 'Configuración de expiración actualizada',
    updateFailed: 'No se pudo actualizar la configuración de expiración de sesión'
  },

  entryForm: {
    loadFailed: 'Error al obtener configuración del formulario.',
    addFieldFailed: 'Error al agregar el campo al formulario de entrada.',
    reorderFailed: 'Error al reordenar el formulario de entrada.',
    fieldAdded: 'Campo agregado al formulario de entrada.', // ours
    reordered: 'Formulario de entrada reordenado.' // ours
  },

  /** Notification e-mails. */
  emails: {
    loadFailed: 'Error al obtener configuración de correos.',
    createFailed: 'Error al crear email.',
    updateFailed: 'Error al actualizar email.',
    deleteFailed: 'Error al eliminar email.',
    created: 'Email creado exitosamente.', // ours
    updated: 'Email actualizado exitosamente.', // ours
    deleted: 'Email eliminado exitosamente.' // ours
  },

  features: {
    loadFailed: 'Error al obtener estado de funcionalidades.',
    updateFailed: 'Error al actualizar funcionalidad.',
    updated: 'Funcionalidad actualizada exitosamente.' // ours
  },

  integrations: {
    logLoadFailed: 'Error al cargar Log de Integraciones'
  },

  widget: {
    configLoadFailed: 'Error al obtener configuración',
    avatarLoadFailed: 'Error al obtener avatar',
    configUpdated: 'Configuración actualizada exitosamente',
    configUpdateFailed: 'Error al actualizar configuración del widget',
    avatarUpdated: 'Avatar actualizado exitosamente',
    avatarUpdateFailed: 'Error al actualizar avatar'
  },

  reports: {
    loadFailed: 'Error al obtener reporte',
    downloadFailed: 'Error al descargar el reporte', // ours
    accessLogLoadFailed: 'Error al obtener el log de accesos', // ours
    accessLogDownloadFailed: 'Error al descargar el log de accesos', // ours
    historyLoadFailed: 'Error al obtener el historial de conversaciones', // ours
    historyDownloadFailed: 'Error al descargar el historial de conversaciones' // ours
  },

  companies: {
    loadFailed: 'Error al obtener compañías', // ours
    createFailed: 'Error al crear compañía', // ours
    updateFailed: 'Error al actualizar compañía', // ours
    deleteFailed: 'Error al eliminar compañía', // ours
    created: 'Compañía creada exitosamente',
    updated: 'Compañía actualizada exitosamente',
    deleted: 'Compañía eliminada exitosamente'
  },

  files: {
    uploadFailed: 'Error al subir archivo',
    loadFailed: 'Error al obtener archivo'
  },

  /** The chat console's REST calls: conversations, the reasons recorded on them, attachments. */
  chat: {
    conversationNotFound: 'La conversación no existe', // ours
    conversationNotAssigned: 'La conversación no está asignada a este asesor', // ours
    conversationNotOpen: 'La conversación ya finalizó', // ours
    conversationNotEscalated: 'La conversación no ha sido atendida por un asesor', // ours
    businessReasonsRequired: 'Seleccione al menos una causal de negocio', // ours
    businessReasonUnavailable: 'Una de las causales de negocio seleccionadas no existe o no está activa', // ours
    finalReasonUnavailable: 'La causal de finalización seleccionada no existe o no está activa', // ours
    splitNotFound: 'El split no existe', // ours
    fileNotFound: 'El archivo solicitado no existe', // ours
    fileTooLarge: 'El archivo no puede superar 10 MB', // ours
    fileEmpty: 'El archivo está vacío', // ours
    fileNotBase64: 'El archivo debe venir en base64', // ours
    fileTypeNotAllowed: 'El tipo de archivo no está permitido. Adjunte imágenes, PDF, documentos de Office, texto, audio o video', // ours
    fileContentMismatch: 'El contenido del archivo no corresponde al tipo indicado' // ours
  },

  splits: {
    loadFailed: 'Error al obtener splits', // ours
    createFailed: 'Error al crear split', // ours
    updateFailed: 'Error al actualizar split', // ours
    deleteFailed: 'Error al eliminar split', // ours
    created: 'Split creado',
    updated: 'Split actualizado',
    deleted: 'Split eliminado',
    bulkUpdated: 'Splits actualizados con éxito.',
    bulkUpdateFailed: 'Error al actualizar splits .',
    agentsLoadFailed: 'Error al obtener asesores del split', // ours
    agentAdded: 'Asesor agregado al split', // ours
    agentAddFailed: 'Error al agregar asesor al split', // ours
    agentRemoved: 'Asesor retirado del split', // ours
    agentRemoveFailed: 'Error al retirar asesor del split' // ours
  },

  /** A supervisor puts an agent in Pausa or Desconectado (configuracion/asesor-humano/asesores). */
  agentSupervision: {
    statusUpdated: 'Estado del asesor actualizado', // ours
    statusUpdateFailed: 'Error al actualizar el estado del asesor' // ours
  },

  /** Split opening hours. */
  schedules: {
    created: 'Horario creado',
    updated: 'Horario actualizado',
    deleted: 'Horario eliminado',
    createFailed: 'Error al crear horario', // ours
    updateFailed: 'Error al actualizar horario', // ours
    deleteFailed: 'Error al eliminar horario' // ours
  },

  /** Split derivations (transfers between splits). */
  transfers: {
    added: 'Split agregado a lista de derivados',
    updated: 'Derivaciones actualizadas',
    deleted: 'Derivación eliminada',
    addFailed: 'Error al agregar split a lista de derivados', // ours
    updateFailed: 'Error al actualizar derivaciones', // ours
    deleteFailed: 'Error al eliminar derivación', // ours
    splitsLoadFailed: 'Error al obtener splits disponibles para traslado' // ours
  },

  workspaces: {
    answerCreated: 'Respuesta creada',
    answerUpdated: 'Respuesta actualizada',
    loadFailed: 'Error al obtener workspaces', // ours
    answersLoadFailed: 'Error al obtener respuestas del workspace', // ours
    detailsLoadFailed: 'Error al obtener detalle de la respuesta', // ours
    answerCreateFailed: 'Error al crear respuesta', // ours
    answerUpdateFailed: 'Error al actualizar respuesta', // ours
    answerDeleted: 'Respuesta eliminada', // ours
    answerDeleteFailed: 'Error al eliminar respuesta', // ours
    updateFailed: 'Error al actualizar workspace' // ours
  },

  users: {
    loadFailed: 'Error al obtener usuarios', // ours
    createFailed: 'Error al crear usuario', // ours
    updateFailed: 'Error al actualizar usuario', // ours
    deleteFailed: 'Error al eliminar usuario', // ours
    created: 'Usuario creado exitosamente', // ours
    updated: 'Usuario actualizado exitosamente', // ours
    deleted: 'Usuario eliminado exitosamente', // ours
    /** The dedicated message for a 422 on create or update (SPEC §5). */
    validationFailed: 'Los datos del usuario no son válidos, verifique la información ingresada', // ours
    usernameUnavailable: session.usernameUnavailable,
    passwordUpdated: session.passwordUpdated,
    passwordUpdateFailed: session.passwordUpdateFailed,
    activated: 'Usuario activado exitosamente', // ours
    deactivated: 'Usuario desactivado exitosamente', // ours
    toggleFailed: 'Error al cambiar el estado del usuario', // ours
    unlocked: 'Usuario desbloqueado exitosamente', // ours
    unlockFailed: 'Error al desbloquear el usuario', // ours
    lockedLoadFailed: 'Error al obtener los usuarios bloqueados', // ours
    accessLogLoadFailed: 'Error al obtener el registro de accesos de los usuarios' // ours
  },

  /** Block (login attempts) and password-expiry parameters. */
  securityParameters: {
    lockLoadFailed: 'Error al obtener el parámetro de bloqueo', // ours
    lockUpdateFailed: 'Error al actualizar el parámetro de bloqueo', // ours
    lockUpdated: 'Parámetro de bloqueo actualizado', // ours
    expiryLoadFailed: 'Error al obtener el parámetro de expiración de contraseña', // ours
    expiryUpdateFailed: 'Error al actualizar el parámetro de expiración de contraseña', // ours
    expiryUpdated: 'Parámetro de expiración de contraseña actualizado', // ours
    autoUnlockLoadFailed: 'Error al obtener el parámetro de desbloqueo automático', // ours
    autoUnlockUpdateFailed: 'Error al actualizar el parámetro de desbloqueo automático', // ours
    autoUnlockUpdated: 'Parámetro de desbloqueo automático actualizado' // ours
  },

  notifications: {
    loadFailed: 'Error al obtener notificaciones', // ours
    typesLoadFailed: 'Error al obtener tipos de notificación', // ours
    eventsLoadFailed: 'Error al obtener eventos de notificación', // ours
    logLoadFailed: 'Error al obtener log de notificaciones', // ours
    eventCreated: 'El evento se creó correctamente.', // ours
    eventUpdated: 'El evento se actualizó correctamente.', // ours
    eventDeleted: 'El evento se elimino correctamente.',
    eventCreateFailed: 'Error al crear el evento', // ours
    eventUpdateFailed: 'Error al actualizar el evento', // ours
    eventDeleteFailed: 'Error al eliminar el evento' // ours
  },

  /** SPEC §8 "Other load errors" of the statistics screens. */
  statistics: {
    channelsLoadFailed: 'Error al obtener canales', // ours
    intentsLoadFailed: 'Error al obtener intenciones', // ours
    ratingsLoadFailed: 'Error al obtener calificaciones', // ours
    conversationsLoadFailed: 'Error al obtener estadísticas de conversaciones', // ours
    averageInteractionLoadFailed: 'Error al obtener el promedio por interacción', // ours
    virtualAgentsLoadFailed: 'Error al obtener asesores virtuales', // ours
    eventsLoadFailed: 'Error al obtener eventos', // ours
    documentTypesLoadFailed: 'Error al obtener tipos de documento', // ours
    agentsLoadFailed: 'Error al obtener asesores', // ours
    chatsLoadFailed: 'Error al obtener chats',
    escalatedChatsLoadFailed: 'Error al obtener chats escalados', // ours
    averageAgentTimeLoadFailed: 'Error al obtener tiempo promedio de asesores', // ours
    chatsPerAgentLoadFailed: 'Error al obtener chats por asesor', // ours
    agentStatesLoadFailed: 'Error al obtener estado de asesores', // ours
    agentHistoryLoadFailed: 'Error al obtener histórico de asesores', // ours
    integrationsLoadFailed: 'Error al cargar Log de Integraciones',
    chatStatesLoadFailed: 'Error al obtener estado de chats', // ours
    typingsLoadFailed: 'Error al obtener tipificaciones', // ours
    clientEntriesLoadFailed: 'Error al obtener ingresos de clientes', // ours
    escalatedMessagesLoadFailed: 'Error al obtener los mensajes del chat escalado', // ours
    indicatorLoadFailed
  }
} as const;
