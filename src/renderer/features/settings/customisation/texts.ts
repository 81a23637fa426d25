/** The words of the personalisation settings pages (configuracion/personalizacion/*); the toasts are SPEC §8's (shared/messages.ts). */

export const FEATURES_TEXT = {
  intro: 'Active o desactive las funcionalidades del asistente virtual. Cada cambio aplica de inmediato: el widget lo toma al abrirse y la plataforma lo hace cumplir en cada conversación.',
  list: 'Funcionalidades del asistente virtual',
  emptyDetail: 'El asistente virtual no tiene funcionalidades configurables.'
} as const;
