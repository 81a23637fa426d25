/** The human-agent settings pages of SPEC §2 (configuracion/asesor-humano/*): path and heading. Who sees each is decided by the menus. */
const P = '/configuracion/asesor-humano';

export const HUMAN_SETTINGS_PAGES = {
  agents: { path: `${P}/asesores`, title: 'Asesores' },
  splits: { path: `${P}/splits`, title: 'Splits' },
  general: { path: `${P}/general`, title: 'Configuración general' },
  businessReasons: { path: `${P}/causales-negocio`, title: 'Causales de negocio' },
  finalReasons: { path: `${P}/causales-finalizacion`, title: 'Causales de finalización' },
  endMessages: { path: `${P}/mensajes`, title: 'Mensajes de fin de conversación' },
  templates: { path: `${P}/plantillas-respuesta`, title: 'Plantillas de respuesta' },
  directory: { path: `${P}/directorio-contactos`, title: 'Directorio de contactos' }
} as const;

export type HumanSettingsPageId = keyof typeof HUMAN_SETTINGS_PAGES;
