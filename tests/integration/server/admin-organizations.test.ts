import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { END_MESSAGE_ORDER } from '../../../src/shared/domain/end-message';
import { Organization } from '../../../src/shared/domain/organization';
import { DEFAULT_WIDGET_THEME } from '../../../src/shared/domain/widget-design';
import { MSG } from '../../../src/shared/messages';
import { endMessages, entryFormFields, organizations, users, virtualAgents, widgetDesigns } from '../../../src/server/db/schema';
import { SETTINGS_TEXT } from '../../../src/server/settings/texts';
import { loadWidgetConfig } from '../../../src/server/widget/config';
import { caller, FORBIDDEN_BODY, signInAll } from './chat-fixtures';
import { BACKENDS } from '../../support/database';
import { bearer, createTestApp, login, signIn, type TestPlatform } from '../../support/app';
import { changedTables, tableDigest } from './hostile-input-cases';

const EMAILS = ['superadmin@demo.co', 'supervisualizador@demo.co', 'admin@demo.co', 'visualizador@demo.co'];
const NOW = new Date('2026-03-02T15:00:00.000Z');
const PASSWORD = 'Inicial2026x';

const newOrg = (suffix: string, extra: object = {}) => ({
  name: `Entidad ${suffix}`,
  schemaName: `entidad_${suffix}`,
  organizationType: 'Entidad',
  isActive: true,
  ...extra
});

describe.each(BACKENDS)('organisations (companias) on %s', (backend) => {
  let platform: TestPlatform;
  let call: ReturnType<typeof caller>;
  beforeAll(async () => {
    platform = await createTestApp(backend, { clock: () => NOW });
    call = caller(platform.app, await signInAll(platform.app, EMAILS));
  });
  afterAll(() => platform.close());

  const create = (body: object) => call('superadmin@demo.co', 'POST', '/api/organizations', body);
  const list = async (query = '') => (await call('superadmin@demo.co', 'GET', `/api/organizations${query}`)).json<Organization[]>();

  /** A new organisation with one administrator (role 3), signed in. */
  async function orgWithAdmin(suffix: string): Promise<{ idOrg: number; email: string; token: string }> {
    const org = Organization.parse((await create(newOrg(suffix))).json());
    const email = `admin@${suffix}.co`;
    const res = await call('superadmin@demo.co', 'POST', '/api/users', { name: `Admin ${suffix}`, email, role: 3, password: PASSWORD, company: org.idOrg });
    expect(res.statusCode, res.body).toBe(200);
    // As if the new administrator had made the first sign-in's change already (its initial password must be changed first).
    await platform.app.db.update(users).set({ mustChangePassword: false }).where(eq(users.email, email));
    return { idOrg: org.idOrg, email, token: (await signIn(platform.app, email, PASSWORD)).token };
  }

  it('creates an organisation that works at once: parameters, end messages, a virtual agent with its form and theme', async () => {
    const res = await create(newOrg('nueva'));
    expect(res.statusCode, res.body).toBe(200);
    const org = Organization.parse(res.json());
    expect(org).toMatchObject({ name: 'Entidad nueva', schemaName: 'entidad_nueva', organizationType: 'Entidad', isActive: true });
    expect((await list()).map((o) => o.idOrg)).toContain(org.idOrg);

    const q = `?idOrg=${org.idOrg}`;
    const chat = await call('superadmin@demo.co', 'GET', `/api/obtenerParametros${q}`);
    expect(chat.statusCode).toBe(200);
    expect(chat.json()).toEqual({ diasLaborales: [1, 2, 3, 4, 5, 6, 7], horaLaboralInicio: '00:00', horaLaboralFin: '23:59', nroMaximoChatsAsesor: 3, tiempoInactividadCliente: 10 });
    const messages = (await call('superadmin@demo.co', 'GET', `/api/mensajesFinConv/obtenerMensajesFinConversacion${q}`)).json<{ acronym: string; clientMessage: string; fin: boolean }[]>();
    expect(messages.map((m) => m.acronym)).toEqual([...END_MESSAGE_ORDER]);
    expect(messages.map((m) => m.fin)).toEqual([false, false, false, false, false, true]);
    expect(messages[1]?.clientMessage).toContain('Entidad nueva');

    const attempts = (await call('superadmin@demo.co', 'GET', '/api/loginAttempsAllowed')).json<{ idOrg: number; loginAttemptsAllowed: number }[]>();
    expect(attempts.find((p) => p.idOrg === org.idOrg)?.loginAttemptsAllowed).toBe(5);
    const expiry = (await call('superadmin@demo.co', 'GET', '/api/passwordExpirationDays')).json<{ idOrg: number; passwordExpirationDays: number }[]>();
    expect(expiry.find((p) => p.idOrg === org.idOrg)?.passwordExpirationDays).toBe(90);

    const agents = (await call('superadmin@demo.co', 'GET', `/api/organization/${org.idOrg}/virtualAgents`)).json<{ idVa: number; name: string }[]>();
    expect(agents).toEqual([{ idVa: expect.any(Number), name: 'Asistente Entidad nueva' }]);
    const widget = await loadWidgetConfig(platform.app.db, org.idOrg, agents[0]!.idVa);
    expect(widget?.design).toEqual({ colores: DEFAULT_WIDGET_THEME.colores, font: DEFAULT_WIDGET_THEME.font });
    expect(widget?.entryForm.map((f) => f.fieldType)).toEqual(['text', 'select', 'document', 'email', 'phone']);
    const page = await platform.app.inject({ method: 'GET', url: `/widget?org=${org.idOrg}&va=${agents[0]!.idVa}` });
    expect(page.statusCode).toBe(200);
  });

  it('lists organisations with a search that ignores case and accents', async () => {
    const created = Organization.parse((await create(newOrg('acentos', { name: 'Compañía Ñandú Ltda.', organizationType: 'Cooperativa' }))).json());
    expect((await list('?search=COMPANIA%20NANDU')).map((o) => o.idOrg)).toEqual([created.idOrg]);
    expect((await list('?search=otra')).map((o) => o.idOrg)).toEqual([200]);
    expect((await list('?search=cooperativa')).map((o) => o.idOrg)).toEqual([created.idOrg]);
    const all = await list();
    expect(all.map((o) => o.idOrg)).toEqual([...all.map((o) => o.idOrg)].sort((a, b) => a - b));
    expect((await list('?search=')).length).toBe(all.length);
  });

  it('refuses bad input and a schema name in use, writing nothing', async () => {
    const before = await tableDigest(platform.app);
    const cases: [object, number, string][] = [
      [newOrg('x', { name: '' }), 400, 'name: El nombre es obligatorio'],
      [newOrg('x', { schemaName: 'Con Espacio' }), 400, 'schemaName: El esquema solo admite minúsculas, números y _, y empieza por una letra'],
      [newOrg('x', { organizationType: '' }), 400, 'organizationType: El tipo de organización es obligatorio'],
      [{ name: 'Sin estado', schemaName: 'sin_estado', organizationType: 'Entidad' }, 400, expect.stringContaining('isActive')],
      [newOrg('y', { schemaName: 'demo_contact_center' }), 409, SETTINGS_TEXT.schemaTaken]
    ];
    for (const [body, status, message] of cases) {
      const res = await create(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json().message).toEqual(message);
    }
    expect(changedTables(before, await tableDigest(platform.app))).toEqual([]);
  });

  it('lets role 1 write, role 2 only read, and nobody else in', async () => {
    const before = await tableDigest(platform.app);
    expect((await call('supervisualizador@demo.co', 'GET', '/api/organizations')).statusCode).toBe(200);
    for (const email of ['supervisualizador@demo.co', 'admin@demo.co', 'visualizador@demo.co']) {
      const created = await call(email, 'POST', '/api/organizations', newOrg('prohibida'));
      expect(created.statusCode).toBe(403);
      expect(created.json()).toEqual(FORBIDDEN_BODY);
      expect((await call(email, 'PUT', '/api/organizations', { ...newOrg('prohibida'), idOrg: 200 })).statusCode).toBe(403);
      expect((await call(email, 'DELETE', '/api/organizations/200')).statusCode).toBe(403);
    }
    for (const email of ['admin@demo.co', 'visualizador@demo.co']) expect((await call(email, 'GET', '/api/organizations')).statusCode).toBe(403);
    expect(changedTables(before, await tableDigest(platform.app))).toEqual([]);
  });

  it("edits an organisation, and a deactivated one's users lose their sessions and cannot sign in until it is active again", async () => {
    const { idOrg, email, token } = await orgWithAdmin('editada');
    const edit = (extra: object) => call('superadmin@demo.co', 'PUT', '/api/organizations', { ...newOrg('editada'), idOrg, ...extra });

    const renamed = await edit({ name: 'Entidad renombrada', organizationType: 'Banco' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toEqual({ idOrg, name: 'Entidad renombrada', schemaName: 'entidad_editada', organizationType: 'Banco', isActive: true });
    expect((await platform.app.inject({ method: 'GET', url: '/api/users', headers: bearer(token) })).statusCode).toBe(200);

    const off = await edit({ isActive: false });
    expect(off.statusCode).toBe(200);
    expect(off.json().isActive).toBe(false);
    expect((await platform.app.inject({ method: 'GET', url: '/api/users', headers: bearer(token) })).statusCode).toBe(401);
    expect((await login(platform.app, email, PASSWORD)).statusCode).toBe(403);
    expect((await call('superadmin@demo.co', 'GET', '/api/organizations/actives')).json<Organization[]>().map((o) => o.idOrg)).not.toContain(idOrg);

    expect((await edit({ isActive: true })).statusCode).toBe(200);
    expect((await login(platform.app, email, PASSWORD)).statusCode).toBe(200);
  });

  it('refuses editing an unknown organisation, another one onto a schema in use, and deactivating its own', async () => {
    const before = await tableDigest(platform.app);
    const unknown = await call('superadmin@demo.co', 'PUT', '/api/organizations', { ...newOrg('nadie'), idOrg: 999_999 });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(SETTINGS_TEXT.organizationNotFound);
    const taken = await call('superadmin@demo.co', 'PUT', '/api/organizations', { ...newOrg('x', { schemaName: 'demo_contact_center' }), idOrg: 200 });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(SETTINGS_TEXT.schemaTaken);
    const own = await call('superadmin@demo.co', 'PUT', '/api/organizations', {
      idOrg: 100,
      name: 'Demo Contact Center',
      schemaName: 'demo_contact_center',
      organizationType: 'Contact center',
      isActive: false
    });
    expect(own.statusCode).toBe(409);
    expect(own.json().message).toBe(SETTINGS_TEXT.ownOrganization);
    expect(changedTables(before, await tableDigest(platform.app))).toEqual([]);
  });

  it('deletes logically: success, no longer listed nor chosen, its data kept, its users signed out and refused', async () => {
    const { idOrg, email, token } = await orgWithAdmin('borrada');
    const [agentsBefore] = await platform.app.db.select({ n: count() }).from(virtualAgents).where(eq(virtualAgents.organizationId, idOrg));

    const res = await call('superadmin@demo.co', 'DELETE', `/api/organizations/${idOrg}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });

    expect((await list()).map((o) => o.idOrg)).not.toContain(idOrg);
    expect((await call('superadmin@demo.co', 'GET', '/api/loginAttempsAllowed')).json<{ idOrg: number }[]>().map((p) => p.idOrg)).not.toContain(idOrg);
    const chosen = await call('superadmin@demo.co', 'GET', `/api/users?idOrg=${idOrg}`);
    expect(chosen.statusCode).toBe(404);
    expect((await platform.app.inject({ method: 'GET', url: '/api/users', headers: bearer(token) })).statusCode).toBe(401);
    const again = await login(platform.app, email, PASSWORD);
    expect(again.statusCode).toBe(403);
    expect(again.json().message).toBe(MSG.session.userLocked);

    const [row] = await platform.app.db.select().from(organizations).where(eq(organizations.idOrg, idOrg));
    expect(row).toMatchObject({ name: 'Entidad borrada', isActive: false, deletedAt: NOW });
    const [agentsAfter] = await platform.app.db.select({ n: count() }).from(virtualAgents).where(eq(virtualAgents.organizationId, idOrg));
    expect(agentsAfter?.n).toBe(agentsBefore?.n);
    for (const table of [endMessages, entryFormFields, widgetDesigns]) {
      const [kept] = await platform.app.db.select({ n: count() }).from(table).where(eq(table.organizationId, idOrg));
      expect(Number(kept?.n)).toBeGreaterThan(0);
    }
    const [admin] = await platform.app.db.select({ name: users.name }).from(users).where(eq(users.email, email));
    expect(admin?.name).toBe('Admin borrada');

    const twice = await call('superadmin@demo.co', 'DELETE', `/api/organizations/${idOrg}`);
    expect(twice.statusCode).toBe(404);
    const own = await call('superadmin@demo.co', 'DELETE', '/api/organizations/100');
    expect(own.statusCode).toBe(409);
    expect(own.json().message).toBe(SETTINGS_TEXT.ownOrganization);
  });
});
