/**
 * The menu tree of each role (SPEC §2 "Menus per role", §6) and everything derived from it:
 * the allowed-path list, landing pages and the path guard.
 */
import type { RoleId } from './roles';
import { SETTINGS_GROUPS, SETTINGS_SCREENS, SETTINGS_SCREEN_IDS, settingsPath, type SettingsGroup, type SettingsScreenId } from './settings-screens';

/**
 * A menu entry that runs one of SPEC §2's special actions instead of opening a route; the drawer
 * shows it beside the links and the renderer runs it (then opens the action's page).
 */
export type MenuAction = 'attendChats';

export interface MenuItem {
  id: string;
  label: string;
  /** Leaves only: the full route. */
  path?: string;
  /** Action leaves only (no path): the special action the entry runs. */
  action?: MenuAction;
  /** Groups only. */
  children?: MenuItem[];
}

export const CHAT_PATH = '/chat';
export const ANALYTICS_HOME_PATH = '/analitica';
export const CHANGE_PASSWORD_PATH = '/change-password';
export const LOGIN_PATH = '/login';
export const HUMAN_CHATS_STATS_PATH = '/analitica/estadisticas/asesor-humano/chats';
/** The one route that takes a catch-all slug (conversation links carry idConv). */
export const HISTORY_REPORT_PATH = '/analitica/reportes/asesor-virtual/historial';
/** The administrators' scheduled exports (not in SPEC: issue 5 adds them under the reports). */
export const SCHEDULED_REPORTS_PATH = '/analitica/reportes/programados';

/** A leaf; its id is its path without the leading slash unless given. */
function leaf(label: string, path: string, id = path.slice(1)): MenuItem {
  return { id, label, path };
}

/** A group whose id is its route prefix (e.g. 'analitica/estadisticas'). */
function group(id: string, label: string, children: MenuItem[]): MenuItem {
  return { id, label, children };
}

/** Leaves under `prefix`, one per [segment, label]. */
function leaves(prefix: string, entries: [string, string][]): MenuItem[] {
  return entries.map(([segment, label]) => leaf(label, `${prefix}/${segment}`));
}

/** The page each special action leads to once run: it is shown only where that page exists. */
export const MENU_ACTION_PAGES: Readonly<Record<MenuAction, string>> = { attendChats: CHAT_PATH };

/**
 * 'Atender chats' (role 6): SPEC §2's special action that sets the chat-only tree — the human-agent
 * supervisor works the agent console (receives his splits' chats, answers and ends them) until he
 * goes back to his own menu. /chat itself is not in role 6's allowed paths: only that tree has it.
 */
export const ATTEND_CHATS_LABEL = 'Atender chats';
const attendChats = (): MenuItem => ({ id: 'atender-chats', label: ATTEND_CHATS_LABEL, action: 'attendChats' });

// ── The building blocks: every route of SPEC §2, grouped as SPEC lists them ────────────────────

const A = '/analitica';

/** The analytics home (the landing page of roles 1–4) heads their menu as 'Inicio'. */
const home = () => leaf('Inicio', ANALYTICS_HOME_PATH, 'inicio');

const indicators = () =>
  group('analitica/indicadores', 'Indicadores', [
    leaf('Atención', `${A}/indicadores/atencion`),
    leaf('Experiencia', `${A}/indicadores/experiencia`)
  ]);

const virtualStats = () =>
  group(
    'analitica/estadisticas/asesor-virtual',
    'Asesor virtual',
    leaves(`${A}/estadisticas/asesor-virtual`, [
      ['conversaciones-canal', 'Conversaciones por canal'],
      ['intenciones', 'Intenciones'],
      ['calificaciones', 'Calificaciones'],
      ['integraciones', 'Integraciones']
    ])
  );

const humanStats = () =>
  group(
    'analitica/estadisticas/asesor-humano',
    'Asesor humano',
    leaves(`${A}/estadisticas/asesor-humano`, [
      ['chats', 'Chats'],
      ['chats-por-asesor', 'Chats por asesor'],
      ['estado-chats', 'Estado de chats'],
      ['estado-asesores', 'Estado de asesores'],
      ['tiempo-promedio', 'Tiempo promedio'],
      ['tipificaciones', 'Tipificaciones'],
      ['chats-escalados', 'Chats escalados'],
      // SPEC §2 'Chats in queue' (issue 20): the live queue a supervisor acts on.
      ['cola-chats', 'Cola de chats']
    ])
  );

const notificationStats = () => leaf('Notificaciones', `${A}/estadisticas/notificaciones`);

const virtualReports = () =>
  group('analitica/reportes/asesor-virtual', 'Asesor virtual', [
    leaf('Accesos', `${A}/reportes/asesor-virtual/accesos`),
    leaf('Historial', HISTORY_REPORT_PATH)
  ]);

const humanReports = () =>
  group(
    'analitica/reportes/asesor-humano',
    'Asesor humano',
    leaves(`${A}/reportes/asesor-humano`, [
      ['chats', 'Chats'],
      ['historico-asesores', 'Histórico de asesores'],
      ['tipificaciones', 'Tipificaciones']
    ])
  );

const notificationReports = () => leaf('Notificaciones', `${A}/reportes/notificaciones`);
const scheduledReports = () => leaf('Programados', SCHEDULED_REPORTS_PATH);

const analytics = (children: MenuItem[]) => group('analitica', 'Analítica', children);
const statistics = (children: MenuItem[]) =>
  group('analitica/estadisticas', 'Estadísticas', children);
const reports = (children: MenuItem[]) => group('analitica/reportes', 'Reportes', children);

/** Every analytics entry; the administrators (roles 1 and 3) also schedule exports. */
const fullAnalytics = (schedules = false) =>
  analytics([
    home(),
    indicators(),
    statistics([virtualStats(), humanStats(), notificationStats()]),
    reports([virtualReports(), humanReports(), notificationReports(), ...(schedules ? [scheduledReports()] : [])])
  ]);

/** The leaf of one settings screen: its route and label come from its descriptor (settings-screens.ts). */
function settingsLeaf(id: SettingsScreenId): MenuItem {
  return leaf(SETTINGS_SCREENS[id].label, settingsPath(id));
}

/**
 * The drawer group of one settings area with its screens in descriptor order, optionally only
 * some of them.
 */
function settingsGroup(name: SettingsGroup, only?: readonly SettingsScreenId[]): MenuItem {
  const ids = SETTINGS_SCREEN_IDS.filter((id) => SETTINGS_SCREENS[id].group === name && (!only || only.includes(id)));
  return group(`configuracion/${name}`, SETTINGS_GROUPS[name], ids.map(settingsLeaf));
}

const companies = () => settingsLeaf('companies');
const userAdmin = () => settingsGroup('administrar-usuarios');
const notificationSettings = () => settingsGroup('notificaciones');
const customisation = () => settingsGroup('personalizacion');

const settings = (children: MenuItem[]) => group('configuracion', 'Configuración', children);

// ── The trees ───────────────────────────────────────────────────────────────────────────────

function deepFreeze(items: MenuItem[]): MenuItem[] {
  for (const item of items) {
    if (item.children) deepFreeze(item.children);
    Object.freeze(item);
  }
  return Object.freeze(items) as MenuItem[];
}

/**
 * Role 1, Superadministrador: all analytics; settings as SPEC words them — the virtual-assistant
 * group holds only expiracion-sesion and formulario-entrada and the human-advisor group only
 * directorio-contactos. Decision: the areas SPEC does not restrict (companias, users and
 * parameters, notifications, customisation) are all shown; the rest of the per-company
 * configuration (splits, reasons, regions, workspaces…) is the company administrator's (role 3).
 */
const SUPERADMIN_TREE = deepFreeze([
  fullAnalytics(true),
  settings([
    companies(),
    userAdmin(),
    settingsGroup('asesor-virtual', ['entryForm', 'sessionExpiry']),
    settingsGroup('asesor-humano', ['directory']),
    notificationSettings(),
    customisation()
  ])
]);

/**
 * Role 2, Supervisualizador: analytics only with "a reduced reports set". Decision: the
 * platform-wide viewer keeps every indicator and statistic and the virtual-assistant and
 * notification reports, but not the human-agent reports (chats, agent connection history,
 * typing), which are the operation of each company's human-agent supervisors.
 */
const SUPERVIEWER_TREE = deepFreeze([
  analytics([
    home(),
    indicators(),
    statistics([virtualStats(), humanStats(), notificationStats()]),
    reports([virtualReports(), notificationReports()])
  ])
]);

/** Role 3, Administrador de entidad: full analytics and every settings screen except companias. */
const ENTITY_ADMIN_TREE = deepFreeze([
  fullAnalytics(true),
  settings([
    userAdmin(),
    settingsGroup('asesor-virtual'),
    settingsGroup('asesor-humano'),
    notificationSettings(),
    customisation()
  ])
]);

/** Role 4, Visualizador de entidad: analytics with all statistics and reports; no settings. */
const ENTITY_VIEWER_TREE = deepFreeze([fullAnalytics()]);

/** Role 5, Asesor humano: the chat console only. */
const CHAT_TREE = deepFreeze([leaf('Chat', CHAT_PATH)]);

/**
 * Role 6, Supervisor de asesor humano: human-advisor statistics, reports and settings only.
 * Decision: all human-advisor settings screens (as role 3 has them), and no indicators, since
 * SPEC names only statistics, reports and settings of the human advisor for this role. First in
 * his menu, 'Atender chats': the special action that sets the chat-only tree (SPEC §2).
 */
const HUMAN_SUPERVISOR_TREE = deepFreeze([
  attendChats(),
  analytics([statistics([humanStats()]), reports([humanReports()])]),
  settings([settingsGroup('asesor-humano')])
]);

/**
 * SPEC §2: "The exact mapping of numeric roles to tree index is only partly clear."
 * Decision: one tree per role, in role order, as described above.
 */
const TREES: Record<RoleId, MenuItem[]> = {
  1: SUPERADMIN_TREE,
  2: SUPERVIEWER_TREE,
  3: ENTITY_ADMIN_TREE,
  4: ENTITY_VIEWER_TREE,
  5: CHAT_TREE,
  6: HUMAN_SUPERVISOR_TREE
};

/**
 * The two "special actions" of SPEC §2 set the route tree to the chat-only tree and to the
 * role-3 tree; these are those trees (the renderer swaps to them without changing the role).
 */
export const CHAT_ONLY_TREE: MenuItem[] = CHAT_TREE;
export const ROLE_3_TREE: MenuItem[] = ENTITY_ADMIN_TREE;

/** The menu tree of a role (frozen; do not mutate). */
export function menuFor(role: RoleId): MenuItem[] {
  return TREES[role];
}

/** Landing pages (SPEC §2): role 5 → /chat; role 6 → human-advisor chats; others → /analitica. */
export function landingPath(role: RoleId): string {
  if (role === 5) return CHAT_PATH;
  if (role === 6) return HUMAN_CHATS_STATS_PATH;
  return ANALYTICS_HOME_PATH;
}

/** The paths of the leaves of a tree, in menu order. */
export function leafPaths(items: readonly MenuItem[]): string[] {
  return items.flatMap((item) =>
    item.children ? leafPaths(item.children) : item.path ? [item.path] : []
  );
}

/**
 * The paths a role may open: its tree's leaves, its landing page and /change-password.
 * /login and / are session routes handled before this list is consulted.
 */
export function allowedPaths(role: RoleId): string[] {
  return allowedPathsOf(menuFor(role), landingPath(role));
}

/** The same derivation for any tree (used when a special action swaps the tree). */
export function allowedPathsOf(tree: readonly MenuItem[], landing: string): string[] {
  return [...new Set([...leafPaths(tree), landing, CHANGE_PASSWORD_PATH])];
}

/** Removes trailing slashes ('/' stays '/'). */
export function normalisePath(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

/** Whether `pathname` is in `allowed`, with the history report's catch-all slug. */
export function isPathIn(allowed: readonly string[], pathname: string): boolean {
  const path = normalisePath(pathname);
  if (allowed.includes(path)) return true;
  return allowed.includes(HISTORY_REPORT_PATH) && path.startsWith(`${HISTORY_REPORT_PATH}/`);
}

/**
 * Exact match against the role's allowed paths (trailing slashes tolerated), except the history
 * report, which also matches any path below it ('…/historial/123').
 */
export function isPathAllowed(role: RoleId, pathname: string): boolean {
  return isPathIn(allowedPaths(role), pathname);
}

/**
 * The tree restricted to leaves whose page exists (an action's: the page it leads to), with groups
 * left empty dropped. The renderer uses it to hide entries whose pages belong to later issues.
 */
export function pruneMenu(
  items: readonly MenuItem[],
  available: (path: string) => boolean
): MenuItem[] {
  const kept: MenuItem[] = [];
  for (const item of items) {
    if (item.children) {
      const children = pruneMenu(item.children, available);
      if (children.length > 0) kept.push({ ...item, children });
    } else if (item.path && available(item.path)) {
      kept.push({ ...item });
    } else if (item.action && available(MENU_ACTION_PAGES[item.action])) {
      kept.push({ ...item });
    }
  }
  return kept;
}

/** Every route of SPEC §2 that a menu can lead to (the session routes aside). */
export const ALL_MENU_PATHS: readonly string[] = Object.freeze([
  ...new Set(Object.values(TREES).flatMap((tree) => leafPaths(tree)))
]);
