/**
 * The Spanish (es-CO) words of the widget on a host page: the loader's launcher and the embedded
 * widget's own minimise button say the same things. Kept apart from WIDGET_TEXTS so the loader
 * bundles only these.
 */
export const EMBED_TEXTS = {
  open: 'Abrir chat',
  minimize: 'Minimizar chat',
  /** The launcher's label with messages waiting. */
  openUnread: 'Abrir chat, {count} mensajes nuevos',
  openUnreadOne: 'Abrir chat, 1 mensaje nuevo',
  frameTitle: 'Chat en línea: {title}',
  badSnippet: 'Atiende: el código del chat necesita data-org y data-va con números válidos.',
  unavailable: 'Atiende: el chat solicitado no existe o no está activo.'
} as const;
