/** The words of the personalisation settings pages (configuracion/personalizacion/*); the toasts are SPEC §8's (shared/messages.ts). */

export const FEATURES_TEXT = {
  intro: 'Active o desactive las funcionalidades del asistente virtual. Cada cambio aplica de inmediato: el widget lo toma al abrirse y la plataforma lo hace cumplir en cada conversación.',
  list: 'Funcionalidades del asistente virtual',
  emptyDetail: 'El asistente virtual no tiene funcionalidades configurables.'
} as const;

/** The dashboard editor (personalizacion/dashboard). */
export const DASHBOARD_TEXT = {
  intro:
    'Defina los colores, la fuente y el logo con los que todos los usuarios de la organización ven la aplicación. La vista previa usa los mismos componentes de la aplicación; al guardar, el diseño se aplica de inmediato a todos los usuarios conectados.',
  form: 'Diseño del dashboard',
  pairs: {
    header: 'Encabezado',
    principal: 'Color principal',
    secundario: 'Menú lateral (secundario)',
    consoleHeader: 'Encabezado de la consola de chats',
    agent: 'Mensaje del asesor',
    customer: 'Mensaje del cliente',
    footer: 'Pie de la consola de chats'
  },
  background: 'fondo',
  text: 'texto',
  icons: 'íconos',
  picker: (label: string) => `${label} (selector de color)`,
  font: 'Fuente',
  variant: 'Variante',
  loadingFonts: 'Cargando fuentes…',
  fontUnknown: 'La fuente no está disponible en la plataforma',
  variantUnknown: 'La variante no está disponible para esta fuente',
  /** A pair below WCAG AA: which, how much, how much it needs, and the nearest shade that passes. */
  contrastFailed: (pair: string, ratio: number, minimum: number, shade: string) =>
    `${pair}: el contraste es ${formatRatio(ratio)}:1 y debe ser al menos ${formatRatio(minimum)}:1. El tono más cercano que cumple es ${shade}.`,
  applyShade: (shade: string) => `Usar ${shade}`,
  applyShadeLabel: (pair: string, shade: string) => `Usar el tono ${shade} en ${pair}`,
  logo: 'Logo',
  logoHint: 'PNG, JPEG o WebP de hasta 2 MB, entre 16 y 2048 px por lado. Se guarda al subirlo.',
  logoPick: 'Subir logo',
  logoNone: 'Sin logo',
  logoAlt: 'Logo actual',
  logoType: 'El logo debe ser PNG, JPEG o WebP',
  logoSize: 'El logo no puede superar 2 MB',
  preview: 'Vista previa',
  previewHint: 'Así verán la aplicación los usuarios de la organización con el diseño del formulario, antes de guardarlo.',
  previewMenu: 'Menú (vista previa)',
  previewUser: 'asesor@empresa.co',
  previewOrganisation: 'Organización',
  previewChart: 'Chats por día',
  previewDay: 'Día',
  previewChats: 'Chats',
  previewCustomer: 'Hola, necesito ayuda con mi pedido.',
  previewAgent: 'Con gusto le ayudo. ¿Me confirma el número del pedido?',
  previewComposer: 'Escriba un mensaje',
  versions: 'Versiones anteriores',
  versionsHint: 'Se guardan las últimas diez versiones del diseño. Restaurar una la vuelve a aplicar como una versión nueva.',
  versionsEmpty: 'Aún no hay versiones guardadas.',
  versionsCaption: 'Versiones del diseño',
  version: 'Versión',
  date: 'Fecha',
  author: 'Autor',
  current: 'Vigente',
  unknownAuthor: '—',
  restore: 'Restaurar',
  restoreLabel: (version: number) => `Restaurar la versión ${version}`,
  restoreTitle: (version: number) => `Restaurar la versión ${version}`,
  restoreText: 'El diseño y el logo de esa versión se aplicarán de inmediato a todos los usuarios. Los cambios sin guardar del formulario se descartarán.'
} as const;

/** A contrast ratio as es-CO writes it: 4,5. */
function formatRatio(ratio: number): string {
  return (Math.floor(ratio * 100) / 100).toLocaleString('es-CO', { maximumFractionDigits: 2 });
}

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
