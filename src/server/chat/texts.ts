/**
 * The Spanish texts of the live chat engine (socket acks and handshake refusals). SPEC §8 words
 * none of them; they live here because src/shared/messages.ts belongs to another area.
 */
export const CHAT_TEXT = {
  invalidPayload: 'Los datos enviados no son válidos',
  serverError: 'Se ha presentado un error en el servidor. Inténtelo mas tarde',
  unauthorized: 'Usuario no autorizado',
  sessionExpired: 'La sesión ha expirado, inicie sesión nuevamente',
  onlyAgents: 'Solo los asesores humanos y sus supervisores pueden conectarse al chat',

  widgetHandshake: 'Indique la organización y el asistente, o la conversación y su token',
  organizationUnavailable: 'La organización no existe o no está activa',
  assistantUnavailable: 'El asistente virtual no pertenece a la organización',
  conversationTokenInvalid: 'La conversación no existe o el token no es válido',
  noConversation: 'Inicie la conversación primero',
  conversationOpen: 'Ya tiene una conversación en curso',

  conversationNotFound: 'La conversación no existe',
  conversationEnded: 'La conversación ha finalizado',
  notAssignedToYou: 'La conversación no está asignada a usted',
  notIncoming: 'La conversación no está pendiente de aceptación',
  attachmentInvalid: 'El adjunto no existe o no pertenece a la conversación',

  pauseEventInvalid: 'El evento de pausa no existe o no está activo',

  transferSplitInvalid: 'El split de destino no existe o no está activo',
  transferNotDerived: 'El split seleccionado no es una derivación del split actual',
  transferSameSplit: 'La conversación ya está en ese split',
  reasonsMissing: 'Seleccione las causales de negocio y la causal de finalización antes de finalizar la conversación',

  surveyNotFinished: 'La encuesta se responde cuando la conversación finaliza',
  surveyAnswered: 'La encuesta ya fue respondida',
  // The feature toggles of the virtual agent (issue 38, personalizacion/funcionalidades)
  surveyOff: 'La encuesta de satisfacción no está habilitada para este chat',
  attachmentsOff: 'Los adjuntos no están habilitados para este chat',
  transcriptOff: 'La descarga de la conversación no está habilitada para este chat',

  uploadOtherConversation: 'El archivo debe adjuntarse a la conversación en curso',

  tooManyMessages: 'Está enviando mensajes demasiado rápido. Espere unos segundos e inténtelo de nuevo',
  tooManyEvents: 'Demasiadas solicitudes en poco tiempo. Espere unos segundos e inténtelo de nuevo',

  unknownField: (id: string) => `El campo ${id} no pertenece al formulario`,
  fieldRequired: (label: string) => `${label} es obligatorio`,
  fieldEmail: (label: string) => `${label} debe ser un correo electrónico válido`,
  fieldPhone: (label: string) => `${label} debe ser un número de teléfono válido`,
  fieldNumber: (label: string) => `${label} debe ser un número`,
  fieldDocument: (label: string) => `${label} debe tener entre 4 y 20 letras o números`,
  fieldOption: (label: string) => `${label} debe ser una de las opciones de la lista`,
  fieldCity: (label: string) => `${label} debe ser una de las ciudades de la lista`,
  fieldPattern: (label: string) => `${label} no tiene el formato esperado`,
  fieldTooLong: (label: string) => `${label} no puede superar 200 caracteres`,
  consentRequired: (label: string) => `Debe aceptar «${label}» para iniciar el chat`,
  consentChanged: (label: string) => `El texto de «${label}» cambió: léalo de nuevo y acéptelo para iniciar el chat`,
  /** What customer_data keeps for an accepted consent (its version and hash are on the conversation). */
  consentAccepted: (version: number) => `Aceptado (versión ${version})`,

  /** The customer's name when the entry form asks none. */
  anonymousCustomer: 'Cliente',
  /** SPEC §9 default identification type, used when the form asks a document but not its type. */
  defaultDocumentType: 'CÉDULA CIUDADANIA'
} as const;
