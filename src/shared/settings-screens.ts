/**
 * The settings screens of SPEC §2 (configuracion/*), one descriptor each: where its page lives in
 * the renderer (area), the drawer group it sits in, its route segment, its menu label and its
 * heading. The menus (menus.ts) build the settings leaves from here, so a screen's segment and
 * label are written once; the renderer attaches the page (features/settings/<area>/screens.ts) and
 * a screen without a page stays out of the drawer. Which roles see each one is the menus' business.
 */

/** The renderer folder that holds an area's pages: features/settings/<area>/. */
export type SettingsArea = 'admin' | 'virtual' | 'human' | 'notifications' | 'customisation';

/** The drawer groups under Configuración (route configuracion/<group>/<segment>) and their labels. */
export const SETTINGS_GROUPS = {
  'administrar-usuarios': 'Administrar usuarios',
  'asesor-virtual': 'Asesor virtual',
  'asesor-humano': 'Asesor humano',
  notificaciones: 'Notificaciones',
  personalizacion: 'Personalización'
} as const;

export type SettingsGroup = keyof typeof SETTINGS_GROUPS;

export interface SettingsScreen<A extends SettingsArea = SettingsArea> {
  area: A;
  /** null: a leaf directly under Configuración (companias). */
  group: SettingsGroup | null;
  segment: string;
  /** The drawer's words. */
  label: string;
  /** The page's <h1> (the label unless the page says more). */
  title: string;
}

export const SETTINGS_PREFIX = '/configuracion';

/** The screens of one drawer group, all in one renderer area. */
function inGroup<A extends SettingsArea>(area: A, group: SettingsGroup) {
  return (segment: string, label: string, title: string = label): SettingsScreen<A> => ({ area, group, segment, label, title });
}

const users = inGroup('admin', 'administrar-usuarios');
const virtual = inGroup('virtual', 'asesor-virtual');
const human = inGroup('human', 'asesor-humano');
const notifications = inGroup('notifications', 'notificaciones');
const customisation = inGroup('customisation', 'personalizacion');

/** Every settings screen, in the drawer's order. */
export const SETTINGS_SCREENS = {
  companies: { area: 'admin', group: null, segment: 'companias', label: 'Compañías', title: 'Compañías' } satisfies SettingsScreen<'admin'>,
  users: users('usuarios', 'Usuarios'),
  userParameters: users('parametros', 'Parámetros'),
  entryForm: virtual('formulario-entrada', 'Formulario de entrada'),
  regions: virtual('regionales', 'Regionales'),
  sessionExpiry: virtual('expiracion-sesion', 'Expiración de sesión'),
  workspaces: virtual('workspaces', 'Workspaces'),
  agents: human('asesores', 'Asesores'),
  splits: human('splits', 'Splits'),
  general: human('general', 'General', 'Configuración general'),
  businessReasons: human('causales-negocio', 'Causales de negocio'),
  finalReasons: human('causales-finalizacion', 'Causales de finalización'),
  endMessages: human('mensajes', 'Mensajes', 'Mensajes de fin de conversación'),
  templates: human('plantillas-respuesta', 'Plantillas de respuesta'),
  directory: human('directorio-contactos', 'Directorio de contactos'),
  notificationEvents: notifications('eventos', 'Eventos'),
  notificationEmails: notifications('emails', 'Emails'),
  dashboard: customisation('dashboard', 'Dashboard'),
  widget: customisation('widget', 'Widget'),
  features: customisation('funcionalidades', 'Funcionalidades')
} as const;

export type SettingsScreenId = keyof typeof SETTINGS_SCREENS;

/** The screens whose pages live in `area`. */
export type SettingsScreenOf<A extends SettingsArea> = {
  [K in SettingsScreenId]: (typeof SETTINGS_SCREENS)[K]['area'] extends A ? K : never;
}[SettingsScreenId];

export const SETTINGS_SCREEN_IDS = Object.keys(SETTINGS_SCREENS) as SettingsScreenId[];

/** The full route of a screen ('/configuracion/asesor-humano/splits'). */
export function settingsPath(id: SettingsScreenId): string {
  const { group, segment } = SETTINGS_SCREENS[id];
  return group === null ? `${SETTINGS_PREFIX}/${segment}` : `${SETTINGS_PREFIX}/${group}/${segment}`;
}

/** The heading of a screen's page. */
export function settingsTitle(id: SettingsScreenId): string {
  return SETTINGS_SCREENS[id].title;
}
