import { describe, expect, it } from 'vitest';
import {
  ALL_MENU_PATHS,
  CHAT_ONLY_TREE,
  MENU_ACTION_PAGES,
  ROLE_3_TREE,
  allowedPaths,
  isPathAllowed,
  landingPath,
  leafPaths,
  menuFor,
  pruneMenu,
  type MenuItem
} from '../../src/shared/menus';
import { ROLE_IDS, type RoleId } from '../../src/shared/roles';

/** Every route of SPEC §2 (analytics, settings, chat), written out independently of menus.ts. */
const SPEC_ROUTES = [
  '/analitica/indicadores/atencion',
  '/analitica/indicadores/experiencia',
  ...['conversaciones-canal', 'intenciones', 'calificaciones', 'integraciones'].map(
    (s) => `/analitica/estadisticas/asesor-virtual/${s}`
  ),
  ...[
    'chats',
    'chats-por-asesor',
    'estado-chats',
    'estado-asesores',
    'tiempo-promedio',
    'tipificaciones',
    'chats-escalados'
  ].map((s) => `/analitica/estadisticas/asesor-humano/${s}`),
  '/analitica/estadisticas/notificaciones',
  '/analitica/reportes/asesor-virtual/accesos',
  '/analitica/reportes/asesor-virtual/historial',
  ...['chats', 'historico-asesores', 'tipificaciones'].map(
    (s) => `/analitica/reportes/asesor-humano/${s}`
  ),
  '/analitica/reportes/notificaciones',
  '/configuracion/companias',
  '/configuracion/administrar-usuarios/usuarios',
  '/configuracion/administrar-usuarios/parametros',
  ...['formulario-entrada', 'regionales', 'expiracion-sesion', 'workspaces'].map(
    (s) => `/configuracion/asesor-virtual/${s}`
  ),
  ...[
    'asesores',
    'splits',
    'general',
    'causales-negocio',
    'causales-finalizacion',
    'mensajes',
    'plantillas-respuesta',
    'directorio-contactos'
  ].map((s) => `/configuracion/asesor-humano/${s}`),
  '/configuracion/notificaciones/eventos',
  '/configuracion/notificaciones/emails',
  ...['dashboard', 'widget', 'funcionalidades'].map((s) => `/configuracion/personalizacion/${s}`),
  '/chat'
];

function allIds(items: readonly MenuItem[]): string[] {
  return items.flatMap((i) => [i.id, ...(i.children ? allIds(i.children) : [])]);
}

function checkShape(items: readonly MenuItem[]): void {
  for (const item of items) {
    expect(item.label.length).toBeGreaterThan(0);
    if (item.children) {
      expect(item.path).toBeUndefined();
      expect(item.children.length).toBeGreaterThan(0);
      checkShape(item.children);
    } else if (item.action) {
      expect(item.path).toBeUndefined();
      expect(MENU_ACTION_PAGES[item.action]).toMatch(/^\/[a-z]/);
    } else {
      expect(item.path).toMatch(/^\/[a-z]/);
    }
  }
}

describe('landing pages', () => {
  it('sends each role where SPEC §2 says', () => {
    expect(landingPath(1)).toBe('/analitica');
    expect(landingPath(2)).toBe('/analitica');
    expect(landingPath(3)).toBe('/analitica');
    expect(landingPath(4)).toBe('/analitica');
    expect(landingPath(5)).toBe('/chat');
    expect(landingPath(6)).toBe('/analitica/estadisticas/asesor-humano/chats');
  });

  it.each(ROLE_IDS)('role %i may open its landing page and /change-password', (role) => {
    expect(isPathAllowed(role, landingPath(role))).toBe(true);
    expect(isPathAllowed(role, '/change-password')).toBe(true);
    expect(allowedPaths(role)).toContain(landingPath(role));
  });
});

describe('menu trees', () => {
  it.each(ROLE_IDS)('role %i: groups have children, leaves have full paths, ids unique', (role) => {
    const tree = menuFor(role);
    expect(tree.length).toBeGreaterThan(0);
    checkShape(tree);
    const ids = allIds(tree);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('every SPEC §2 route is reachable by some role', () => {
    for (const route of SPEC_ROUTES) {
      expect(ROLE_IDS.some((r) => isPathAllowed(r, route)), route).toBe(true);
    }
    // Beyond SPEC §2: the analytics home, the administrators' scheduled exports (issue 5) and the
    // live queue (SPEC §2 'Chats in queue', issue 20).
    expect([...ALL_MENU_PATHS].sort()).toEqual(
      [...SPEC_ROUTES, '/analitica', '/analitica/reportes/programados', '/analitica/estadisticas/asesor-humano/cola-chats'].sort()
    );
  });

  it('the allowed list is the tree leaves plus landing and /change-password', () => {
    for (const role of ROLE_IDS) {
      expect(new Set(allowedPaths(role))).toEqual(
        new Set([...leafPaths(menuFor(role)), landingPath(role), '/change-password'])
      );
    }
  });

  it('trees are frozen', () => {
    const tree = menuFor(3);
    expect(() => tree.push({ id: 'x', label: 'x', path: '/x' })).toThrow();
  });
});

describe('role 1 Superadministrador', () => {
  const ok = (p: string) => isPathAllowed(1, p);
  it('sees all analytics', () => {
    for (const route of SPEC_ROUTES.filter((r) => r.startsWith('/analitica'))) {
      expect(ok(route), route).toBe(true);
    }
    expect(ok('/analitica')).toBe(true);
  });
  it('has the settings SPEC lists, limited under the two advisors', () => {
    expect(ok('/configuracion/companias')).toBe(true);
    expect(ok('/configuracion/administrar-usuarios/usuarios')).toBe(true);
    expect(ok('/configuracion/asesor-virtual/expiracion-sesion')).toBe(true);
    expect(ok('/configuracion/asesor-virtual/formulario-entrada')).toBe(true);
    expect(ok('/configuracion/asesor-humano/directorio-contactos')).toBe(true);
    expect(ok('/configuracion/personalizacion/dashboard')).toBe(true);
    expect(ok('/configuracion/asesor-virtual/regionales')).toBe(false);
    expect(ok('/configuracion/asesor-virtual/workspaces')).toBe(false);
    expect(ok('/configuracion/asesor-humano/splits')).toBe(false);
    expect(ok('/chat')).toBe(false);
  });
});

describe('role 2 Supervisualizador', () => {
  const ok = (p: string) => isPathAllowed(2, p);
  it('sees analytics with a reduced report set and no settings', () => {
    expect(ok('/analitica/indicadores/atencion')).toBe(true);
    expect(ok('/analitica/estadisticas/asesor-humano/chats')).toBe(true);
    expect(ok('/analitica/reportes/asesor-virtual/accesos')).toBe(true);
    expect(ok('/analitica/reportes/notificaciones')).toBe(true);
    expect(ok('/analitica/reportes/asesor-humano/chats')).toBe(false);
    expect(ok('/analitica/reportes/asesor-humano/historico-asesores')).toBe(false);
    expect(allowedPaths(2).some((p) => p.startsWith('/configuracion'))).toBe(false);
    expect(ok('/chat')).toBe(false);
  });
});

describe('role 3 Administrador de entidad', () => {
  const ok = (p: string) => isPathAllowed(3, p);
  it('sees full analytics and every setting except companias', () => {
    for (const route of SPEC_ROUTES.filter((r) => r !== '/chat')) {
      expect(ok(route), route).toBe(route !== '/configuracion/companias');
    }
    expect(ok('/chat')).toBe(false);
  });
});

describe('role 4 Visualizador de entidad', () => {
  it('sees every statistic and report and no /configuracion', () => {
    for (const route of SPEC_ROUTES.filter((r) => r.startsWith('/analitica'))) {
      expect(isPathAllowed(4, route), route).toBe(true);
    }
    expect(allowedPaths(4).some((p) => p.startsWith('/configuracion'))).toBe(false);
    expect(isPathAllowed(4, '/configuracion/administrar-usuarios/usuarios')).toBe(false);
  });
});

describe('role 5 Asesor humano', () => {
  it('sees only /chat', () => {
    expect(leafPaths(menuFor(5))).toEqual(['/chat']);
    expect(allowedPaths(5).sort()).toEqual(['/change-password', '/chat']);
    expect(isPathAllowed(5, '/analitica')).toBe(false);
    expect(isPathAllowed(5, '/analitica/estadisticas/asesor-humano/chats')).toBe(false);
  });
});

describe('role 6 Supervisor de asesor humano', () => {
  it('sees nothing outside the human advisor', () => {
    const human = /^\/(analitica\/(estadisticas|reportes)|configuracion)\/asesor-humano\//;
    for (const path of leafPaths(menuFor(6))) expect(path).toMatch(human);
    expect(isPathAllowed(6, '/configuracion/asesor-humano/splits')).toBe(true);
    expect(isPathAllowed(6, '/analitica/reportes/asesor-humano/historico-asesores')).toBe(true);
    expect(isPathAllowed(6, '/analitica')).toBe(false);
    expect(isPathAllowed(6, '/analitica/indicadores/atencion')).toBe(false);
    expect(isPathAllowed(6, '/analitica/estadisticas/asesor-virtual/intenciones')).toBe(false);
    expect(isPathAllowed(6, '/analitica/reportes/asesor-virtual/historial/12')).toBe(false);
    expect(isPathAllowed(6, '/configuracion/companias')).toBe(false);
    expect(isPathAllowed(6, '/chat')).toBe(false);
  });

  it("heads the menu with 'Atender chats', the special action that sets the chat-only tree, which no other role has", () => {
    expect(menuFor(6)[0]).toEqual({ id: 'atender-chats', label: 'Atender chats', action: 'attendChats' });
    expect(MENU_ACTION_PAGES.attendChats).toBe('/chat');
    for (const role of ROLE_IDS.filter((r) => r !== 6)) expect(JSON.stringify(menuFor(role))).not.toContain('"action"');
    // Shown only where the console exists, like any leaf.
    expect(pruneMenu(menuFor(6), (p) => p === '/chat')).toEqual([menuFor(6)[0]]);
    expect(pruneMenu(menuFor(6), (p) => p !== '/chat').map((i) => i.id)).toEqual(['analitica', 'configuracion']);
  });
});

describe('isPathAllowed', () => {
  it('takes a catch-all slug under the history report only', () => {
    const base = '/analitica/reportes/asesor-virtual/historial';
    expect(isPathAllowed(4, `${base}/123`)).toBe(true);
    expect(isPathAllowed(4, `${base}/123/abc`)).toBe(true);
    expect(isPathAllowed(4, `${base}-x`)).toBe(false);
    expect(isPathAllowed(4, '/analitica/reportes/asesor-virtual/accesos/123')).toBe(false);
    expect(isPathAllowed(5, `${base}/123`)).toBe(false);
  });

  it('tolerates trailing slashes and is otherwise exact', () => {
    expect(isPathAllowed(3, '/analitica/')).toBe(true);
    expect(isPathAllowed(5, '/chat//')).toBe(true);
    expect(isPathAllowed(3, '/analitica/indicadores')).toBe(false);
    expect(isPathAllowed(3, '/Analitica')).toBe(false);
    expect(isPathAllowed(3, '/')).toBe(false);
    expect(isPathAllowed(3, '/login')).toBe(false);
    expect(isPathAllowed(3, '')).toBe(false);
  });
});

describe('special trees', () => {
  it('the chat-only tree holds /chat alone and the role-3 tree is role 3 menu', () => {
    expect(leafPaths(CHAT_ONLY_TREE)).toEqual(['/chat']);
    expect(ROLE_3_TREE).toBe(menuFor(3));
  });
});

describe('pruneMenu', () => {
  it('keeps only available leaves and drops groups left empty', () => {
    const available = new Set(['/analitica', '/analitica/estadisticas/asesor-humano/chats']);
    const pruned = pruneMenu(menuFor(1), (p) => available.has(p));
    expect(pruned.map((i) => i.id)).toEqual(['analitica']);
    expect(leafPaths(pruned)).toEqual(['/analitica', '/analitica/estadisticas/asesor-humano/chats']);
    const stats = pruned[0]?.children?.find((c) => c.id === 'analitica/estadisticas');
    expect(stats?.children?.map((c) => c.id)).toEqual(['analitica/estadisticas/asesor-humano']);
  });

  it('answers an empty tree when nothing exists and leaves the source untouched', () => {
    const before = leafPaths(menuFor(6));
    expect(pruneMenu(menuFor(6), () => false)).toEqual([]);
    expect(leafPaths(menuFor(6))).toEqual(before);
  });

  it('keeps the whole tree when everything exists', () => {
    const roles: RoleId[] = [1, 6];
    for (const role of roles) expect(pruneMenu(menuFor(role), () => true)).toEqual(menuFor(role));
  });
});
