/**
 * The Spanish texts of the agent console's main-process side that SPEC §8 does not word (all ours).
 * SPEC's own texts come from src/shared/messages.ts (MSG).
 */
export const CHAT_TEXT = {
  chatNotHeld: 'El chat no existe o ya no está asignado a usted',
  chatFinished: 'El chat ya finalizó',
  chatNotIncoming: 'El chat ya fue aceptado',
  noAnswer: 'La plataforma no respondió a tiempo. Inténtelo nuevamente',
  notAgent: 'El chat solo está disponible para asesores humanos',
  finishFailed: 'No fue posible finalizar el chat. Inténtelo nuevamente',
  transferFailed: 'No fue posible trasladar el chat. Inténtelo nuevamente',
  statusFailed: 'No fue posible cambiar su estado. Inténtelo nuevamente',
  acceptFailed: 'No fue posible aceptar el chat. Inténtelo nuevamente',
  saveFileFailed: 'No fue posible guardar el archivo en el disco',
  badFileUrl: 'El adjunto no es válido',
  sendingTooFast: 'Está enviando mensajes demasiado rápido. Espere unos segundos e inténtelo de nuevo',
  notesLoadFailed: 'No fue posible cargar las notas internas',
  noteSaveFailed: 'No fue posible guardar la nota interna',
  previousLoadFailed: 'No fue posible cargar las conversaciones anteriores',
  previousMessagesFailed: 'No fue posible cargar los mensajes de la conversación anterior'
} as const;
