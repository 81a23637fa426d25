/** The words of the personalisation settings pages (configuracion/personalizacion/*); the toasts are SPEC §8's (shared/messages.ts). */

export const FEATURES_TEXT = {
  intro: 'Active o desactive las funcionalidades del asistente virtual. Cada cambio aplica de inmediato: el widget lo toma al abrirse y la plataforma lo hace cumplir en cada conversación.',
  list: 'Funcionalidades del asistente virtual',
  emptyDetail: 'El asistente virtual no tiene funcionalidades configurables.'
} as const;

export const WIDGET_TEXT = {
  intro:
    'Los colores, la fuente y el avatar del chat que ven los clientes de este asistente virtual. La vista previa es el widget real con los cambios sin guardar; al guardar, el siguiente cliente que abra el chat lo ve así.',
  title: 'Diseño del widget',
  background: (part: string) => `${part}: fondo`,
  text: (part: string) => `${part}: texto`,
  icons: (part: string) => `${part}: iconos`,
  picker: (label: string) => `Selector de color de ${label}`,
  ratio: (ratio: number, minimum: number) => `Contraste ${ratio.toFixed(2).replace('.', ',')}:1 (mínimo ${String(minimum).replace('.', ',')}:1)`,
  applyShade: (shade: string) => `Usar ${shade}`,
  fontFamily: 'Fuente',
  fontVariant: 'Variante de la fuente',
  fontsLoading: 'Cargando fuentes…',
  avatar: 'Avatar',
  avatarNone: 'El asistente no tiene avatar.',
  avatarSet: 'El asistente tiene avatar: se ve en la vista previa.',
  avatarAlt: 'Avatar actual del asistente',
  avatarPick: 'Cargar avatar',
  avatarHint: 'PNG, JPEG o WebP de hasta 2 MB, entre 16 y 2048 píxeles por lado.',
  avatarClear: 'Quitar avatar',
  avatarClearTitle: 'Quitar el avatar',
  avatarClearText: 'El widget dejará de mostrar el avatar del asistente. ¿Desea continuar?',
  avatarType: 'El avatar debe ser una imagen PNG, JPEG o WebP',
  preview: 'Vista previa del widget',
  previewUnavailable: 'La vista previa no está disponible: no se conoce la dirección de la plataforma.',
  snippet: 'Código para insertar el widget en su sitio web',
  snippetHint: 'Péguelo antes de </body> en cada página de su sitio.',
  copy: 'Copiar',
  copied: 'Copiado',
  copyFailed: 'No se pudo copiar el código'
} as const;
