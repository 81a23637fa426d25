import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { PASSWORD_TEXT } from '../../../src/shared/domain/password-policy';
import { LockedUser, User, USER_TEXT, UserAccessEvent } from '../../../src/shared/domain/user';
import { MSG } from '../../../src/shared/messages';
import { users } from '../../../src/server/db/schema';
import { SETTINGS_TEXT } from '../../../src/server/settings/texts';
import { caller, FORBIDDEN_BODY, signInAll } from './chat-fixtures';
import { BACKENDS } from '../../support/database';
import { bearer, createTestApp, login, signIn, userRow, type TestPlatform } from '../../support/app';
import { changedTables, tableDigest } from './hostile-input-cases';

const EMAILS = ['superadmin@demo.co', 'supervisualizador@demo.co', 'admin@demo.co', 'visualizador@demo.co', 'asesor@demo.co', 'supervisor@demo.co', 'admin@otra.co'];
const NOW = new Date('2026-03-02T15:00:00.000Z');
const PASSWORD = 'Inicial2026x';

describe.each(BACKENDS)('users (administrar-usuarios) on %s', (backend) => {
  let platform: TestPlatform;
  let call: ReturnType<typeof caller>;
  beforeAll(async () => {
    platform = await createTestApp(backend, { clock: () => NOW });
    call = caller(platform.app, await signInAll(platform.app, EMAILS));
  });
  afterAll(() => platform.close());

  const listOf = async (email: string, query = '') => {
    const res = await call(email, 'GET', `/api/users${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return User.array().parse(res.json());
  };
  const createAs = (email: string, body: object) =>
    email === 'superadmin@demo.co' ? call(email, 'POST', '/api/users', body) : call(email, 'POST', '/api/users/company', body);
  const person = (local: string, extra: object = {}) => ({ name: `Persona ${local}`, email: `${local}@demo.co`, role: 5, password: PASSWORD, ...extra });
  const get = (token: string, url: string) => platform.app.inject({ method: 'GET', url, headers: bearer(token) });

  it("lists an organisation's users: role 1 any organisation, role 3 its own roles 3–6; with a search", async () => {
    const demo = await listOf('superadmin@demo.co', '?idOrg=100');
    expect(demo.map((u) => u.email)).toEqual(expect.arrayContaining(['superadmin@demo.co', 'admin@demo.co', 'asesor@demo.co']));
    expect(demo.every((u) => u.company === 100 && u.nameCompany === 'Demo Contact Center')).toBe(true);
    expect(demo.find((u) => u.email === 'asesor@demo.co')).toMatchObject({ role: 5, roleLabel: 'Asesor humano', isActive: true, isLocked: false });
    expect((await listOf('superadmin@demo.co', '?idOrg=200')).map((u) => u.email).sort()).toEqual(['admin@otra.co', 'asesor@otra.co']);

    const own = await listOf('admin@demo.co');
    expect(own.map((u) => u.role).every((r) => r >= 3)).toBe(true);
    expect(own.map((u) => u.email)).not.toContain('superadmin@demo.co');
    expect(own.map((u) => u.email)).toContain('asesor@demo.co');
    const foreign = await call('admin@demo.co', 'GET', '/api/users?idOrg=200');
    expect(foreign.statusCode).toBe(403);

    expect((await listOf('superadmin@demo.co', '?idOrg=100&search=VALENTINA')).map((u) => u.email)).toEqual(['asesor@demo.co']);
    expect((await listOf('admin@demo.co', '?search=asesor3')).map((u) => u.email)).toEqual(['asesor3@demo.co']);
    for (const email of ['supervisualizador@demo.co', 'visualizador@demo.co', 'asesor@demo.co', 'supervisor@demo.co']) {
      const res = await call(email, 'GET', '/api/users');
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual(FORBIDDEN_BODY);
    }
  });

  it('creates users (prepended), and a new user must change its password at the first sign-in', async () => {
    const byRole1 = await createAs('superadmin@demo.co', person('nueva.otra', { email: 'nueva@otra.co', role: 2, company: 200 }));
    expect(byRole1.statusCode, byRole1.body).toBe(200);
    expect(User.parse(byRole1.json())).toMatchObject({ email: 'nueva@otra.co', role: 2, roleLabel: 'Supervisualizador', company: 200, nameCompany: 'Otra Entidad S.A.S.', isActive: true, isLocked: false });
    expect((await listOf('superadmin@demo.co', '?idOrg=200'))[0]?.email).toBe('nueva@otra.co');

    const byRole3 = await createAs('admin@demo.co', person('Agente.Nuevo', { email: ' Agente.Nuevo@Demo.co ' }));
    expect(byRole3.statusCode, byRole3.body).toBe(200);
    const created = User.parse(byRole3.json());
    expect(created).toMatchObject({ email: 'agente.nuevo@demo.co', role: 5, company: 100, dateCreate: NOW.toISOString() });
    expect((await listOf('admin@demo.co'))[0]?.idUser).toBe(created.idUser);

    const session = await signIn(platform.app, 'agente.nuevo@demo.co', PASSWORD);
    expect((await get(session.token, '/api/auth/changePasswordByExpiration')).json()).toEqual({ changePassword: true });
    const withEmail = await platform.app.inject({
      method: 'PUT',
      url: '/api/users/UpdatePasswordByUserName',
      headers: bearer(session.token),
      payload: { oldPassword: PASSWORD, newPassword: 'Agente.Nuevo2026' }
    });
    expect(withEmail.statusCode).toBe(400);
    expect(withEmail.json().message).toBe(PASSWORD_TEXT.containsEmail);
    const changed = await platform.app.inject({
      method: 'PUT',
      url: '/api/users/UpdatePasswordByUserName',
      headers: bearer(session.token),
      payload: { oldPassword: PASSWORD, newPassword: 'Cambiada2026y' }
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const next = await signIn(platform.app, 'agente.nuevo@demo.co', 'Cambiada2026y');
    expect((await get(next.token, '/api/auth/changePasswordByExpiration')).json()).toEqual({ changePassword: false });
  });

  it('refuses a taken e-mail (422), a role outside the caller’s, a weak password and bad fields, writing nothing', async () => {
    const before = await tableDigest(platform.app);
    const cases: [string, object, number, string][] = [
      ['superadmin@demo.co', person('x', { email: 'ASESOR@demo.co', company: 100 }), 422, MSG.users.usernameUnavailable],
      ['admin@demo.co', person('x', { email: 'admin@otra.co' }), 422, MSG.users.usernameUnavailable],
      ['admin@demo.co', person('x', { role: 1 }), 400, `role: ${USER_TEXT.companyRoleOnly}`],
      ['admin@demo.co', person('x', { role: 2 }), 400, `role: ${USER_TEXT.companyRoleOnly}`],
      ['admin@demo.co', person('x', { password: 'corta1' }), 400, `password: ${PASSWORD_TEXT.tooShort}`],
      ['admin@demo.co', person('x', { password: 'sinnumeros' }), 400, `password: ${PASSWORD_TEXT.digit}`],
      ['admin@demo.co', person('mariana', { password: 'Mariana2026' }), 400, `password: ${PASSWORD_TEXT.containsEmail}`],
      ['admin@demo.co', person('x', { email: 'no-es-correo' }), 400, 'email: Ingrese un correo electrónico válido'],
      ['admin@demo.co', person('x', { name: '' }), 400, 'name: El nombre es obligatorio'],
      ['superadmin@demo.co', person('x'), 400, expect.stringContaining('company')],
      ['superadmin@demo.co', person('x', { company: 999_999 }), 404, MSG.generic.notFound]
    ];
    for (const [as, body, status, message] of cases) {
      const res = await createAs(as, body);
      expect(res.statusCode, `${as} ${JSON.stringify(body)}: ${res.body}`).toBe(status);
      expect(res.json().message).toEqual(message);
    }
    // Each creating call is for its own role only (SPEC §6); viewers and agents create nobody.
    expect((await call('admin@demo.co', 'POST', '/api/users', person('x', { company: 100 }))).statusCode).toBe(403);
    expect((await call('superadmin@demo.co', 'POST', '/api/users/company', person('x'))).statusCode).toBe(403);
    for (const email of ['supervisualizador@demo.co', 'visualizador@demo.co', 'supervisor@demo.co']) {
      expect((await call(email, 'POST', '/api/users/company', person('x'))).statusCode).toBe(403);
    }
    expect(changedTables(before, await tableDigest(platform.app))).toEqual([]);
  });

  it("edits a user within reach; a role change ends its sessions; role 3 reaches neither another organisation nor roles 1–2", async () => {
    const created = User.parse((await createAs('admin@demo.co', person('editable', { role: 4 }))).json());
    const { token } = await signIn(platform.app, 'editable@demo.co', PASSWORD);
    const edit = (as: string, body: object) => call(as, 'PUT', '/api/users', { idUser: created.idUser, name: 'Persona editada', email: 'editable@demo.co', role: 4, ...body });

    const renamed = await edit('admin@demo.co', {});
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ idUser: created.idUser, name: 'Persona editada', role: 4 });
    expect((await get(token, '/api/auth/changePasswordByExpiration')).statusCode).toBe(200);

    const promoted = await edit('admin@demo.co', { role: 6 });
    expect(promoted.json()).toMatchObject({ role: 6, roleLabel: 'Supervisor de asesor humano' });
    expect((await get(token, '/api/auth/changePasswordByExpiration')).statusCode).toBe(401);

    const before = await tableDigest(platform.app);
    const refusals: [string, object, number, string][] = [
      ['admin@demo.co', { role: 2 }, 400, `role: ${USER_TEXT.companyRoleOnly}`],
      ['admin@demo.co', { email: 'asesor@demo.co' }, 422, MSG.users.usernameUnavailable],
      ['admin@otra.co', {}, 404, SETTINGS_TEXT.userNotFound],
      ['admin@demo.co', { idUser: 1, email: 'superadmin@demo.co', role: 1 }, 400, `role: ${USER_TEXT.companyRoleOnly}`],
      ['admin@demo.co', { idUser: 1, email: 'superadmin@demo.co', role: 3 }, 404, SETTINGS_TEXT.userNotFound],
      ['admin@demo.co', { idUser: 7, email: 'admin@otra.co', role: 3 }, 404, SETTINGS_TEXT.userNotFound],
      ['admin@demo.co', { idUser: 3, email: 'admin@demo.co', role: 4 }, 409, SETTINGS_TEXT.ownRole],
      ['admin@demo.co', { password: 'Editable2026' }, 400, `password: ${PASSWORD_TEXT.containsEmail}`]
    ];
    for (const [as, body, status, message] of refusals) {
      const res = await edit(as, body);
      expect(res.statusCode, `${as} ${JSON.stringify(body)}: ${res.body}`).toBe(status);
      expect(res.json().message).toBe(message);
    }
    expect((await edit('visualizador@demo.co', {})).statusCode).toBe(403);
    expect(changedTables(before, await tableDigest(platform.app))).toEqual([]);

    // Role 1 reaches everyone, and may give any role; a new password must be changed at the next sign-in.
    const reset = await edit('superadmin@demo.co', { role: 2, password: 'Reiniciada2026z' });
    expect(reset.statusCode, reset.body).toBe(200);
    const again = await signIn(platform.app, 'editable@demo.co', 'Reiniciada2026z');
    expect((await get(again.token, '/api/auth/changePasswordByExpiration')).json()).toEqual({ changePassword: true });
  });

  it('deactivates (sessions end, sign-in refused) and activates again; never the caller itself', async () => {
    const created = User.parse((await createAs('admin@demo.co', person('temporal'))).json());
    const { token } = await signIn(platform.app, 'temporal@demo.co', PASSWORD);
    const flag = (as: string, idUser: number, body: object) => call(as, 'PUT', `/api/users/${idUser}`, body);

    const off = await flag('admin@demo.co', created.idUser, { isActive: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({ idUser: created.idUser, isActive: false });
    expect((await get(token, '/api/auth/changePasswordByExpiration')).statusCode).toBe(401);
    expect((await login(platform.app, 'temporal@demo.co', PASSWORD)).statusCode).toBe(403);

    const on = await flag('superadmin@demo.co', created.idUser, { isActive: true });
    expect(on.json()).toMatchObject({ isActive: true });
    expect((await login(platform.app, 'temporal@demo.co', PASSWORD)).statusCode).toBe(200);

    const before = await tableDigest(platform.app);
    expect((await flag('admin@demo.co', 3, { isActive: false })).json().message).toBe(SETTINGS_TEXT.ownUser);
    expect((await flag('admin@otra.co', created.idUser, { isActive: false })).statusCode).toBe(404);
    expect((await flag('admin@demo.co', 1, { isActive: false })).statusCode).toBe(404);
    expect((await flag('visualizador@demo.co', created.idUser, { isActive: false })).statusCode).toBe(403);
    expect((await flag('admin@demo.co', created.idUser, { isActive: false, isLocked: false })).statusCode).toBe(400);
    expect((await flag('admin@demo.co', created.idUser, { isLocked: true })).statusCode).toBe(400);
    expect(changedTables(before, await tableDigest(platform.app))).toEqual([]);
  });

  it('lists the accounts locked by wrong passwords, and an unlock resets the count and is written to the access log', async () => {
    const created = User.parse((await createAs('admin@demo.co', person('bloqueada'))).json());
    for (let i = 0; i < 5; i++) await login(platform.app, 'bloqueada@demo.co', 'Equivocada2026');
    expect((await login(platform.app, 'bloqueada@demo.co', PASSWORD)).statusCode).toBe(403);

    const locked = LockedUser.array().parse((await call('admin@demo.co', 'GET', '/api/users/locked')).json());
    expect(locked.find((u) => u.idUser === created.idUser)).toEqual({
      idUser: created.idUser,
      name: 'Persona bloqueada',
      email: 'bloqueada@demo.co',
      role: 5,
      roleLabel: 'Asesor humano',
      company: 100,
      nameCompany: 'Demo Contact Center',
      failedAttempts: 5,
      lockedAt: NOW.toISOString(),
      lockedFromIp: '127.0.0.1',
      unlocksAt: null
    });
    expect((await listOf('admin@demo.co')).find((u) => u.idUser === created.idUser)?.isLocked).toBe(true);
    expect((await call('admin@otra.co', 'GET', '/api/users/locked')).json()).toEqual([]);
    expect((await call('admin@otra.co', 'GET', '/api/users/locked?idOrg=100')).statusCode).toBe(403);
    expect((await call('visualizador@demo.co', 'GET', '/api/users/locked')).statusCode).toBe(403);

    const unlocked = await call('admin@demo.co', 'PUT', `/api/users/${created.idUser}`, { isLocked: false });
    expect(unlocked.statusCode, unlocked.body).toBe(200);
    expect(unlocked.json()).toMatchObject({ isLocked: false });
    expect((await userRow(platform.app, 'bloqueada@demo.co')).failedAttempts).toBe(0);
    expect(LockedUser.array().parse((await call('admin@demo.co', 'GET', '/api/users/locked')).json()).map((u) => u.idUser)).not.toContain(created.idUser);
    expect((await login(platform.app, 'bloqueada@demo.co', PASSWORD)).statusCode).toBe(200);

    const log = UserAccessEvent.array().parse((await call('admin@demo.co', 'GET', `/api/users/accessLog?idUser=${created.idUser}`)).json());
    expect(log.map((e) => [e.event, e.actor])).toEqual([
      ['signIn', null],
      ['unlocked', 'Carolina Martínez'],
      ['locked', null]
    ]);
    expect(log[2]).toMatchObject({ ip: '127.0.0.1', name: 'Persona bloqueada', email: 'bloqueada@demo.co', at: NOW.toISOString() });
    expect((await call('admin@otra.co', 'GET', `/api/users/accessLog?idUser=${created.idUser}`)).statusCode).toBe(404);
    const whole = UserAccessEvent.array().parse((await call('superadmin@demo.co', 'GET', '/api/users/accessLog?idOrg=100')).json());
    expect(whole.length).toBeGreaterThan(3);
  });

  it('deletes logically: the user cannot sign in, its sessions end, the reports keep its name, the e-mail is free again', async () => {
    const created = User.parse((await createAs('admin@demo.co', person('saliente'))).json());
    const { token } = await signIn(platform.app, 'saliente@demo.co', PASSWORD);

    const before = await tableDigest(platform.app);
    expect((await call('admin@otra.co', 'DELETE', `/api/users/company/${created.idUser}`)).statusCode).toBe(404);
    expect((await call('admin@demo.co', 'DELETE', '/api/users/company/1')).statusCode).toBe(404);
    expect((await call('admin@demo.co', 'DELETE', `/api/users/${created.idUser}`)).statusCode).toBe(403);
    expect((await call('superadmin@demo.co', 'DELETE', `/api/users/company/${created.idUser}`)).statusCode).toBe(403);
    expect((await call('superadmin@demo.co', 'DELETE', '/api/users/1')).json().message).toBe(SETTINGS_TEXT.ownUser);
    expect(changedTables(before, await tableDigest(platform.app))).toEqual([]);

    const res = await call('admin@demo.co', 'DELETE', `/api/users/company/${created.idUser}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true });
    expect((await get(token, '/api/auth/changePasswordByExpiration')).statusCode).toBe(401);
    const signInAgain = await login(platform.app, 'saliente@demo.co', PASSWORD);
    expect(signInAgain.statusCode).toBe(401);
    expect(signInAgain.json().message).toBe(MSG.session.invalidCredentials);
    expect((await listOf('admin@demo.co')).map((u) => u.idUser)).not.toContain(created.idUser);
    expect((await call('admin@demo.co', 'DELETE', `/api/users/company/${created.idUser}`)).statusCode).toBe(404);
    expect((await call('admin@demo.co', 'GET', '/api/users/agents')).json<{ idUser: number }[]>().map((a) => a.idUser)).not.toContain(created.idUser);

    const [row] = await platform.app.db.select().from(users).where(eq(users.idUser, created.idUser));
    expect(row).toMatchObject({ name: 'Persona saliente', deletedEmail: 'saliente@demo.co', isActive: false, deletedAt: NOW });
    const log = UserAccessEvent.array().parse((await call('admin@demo.co', 'GET', '/api/users/accessLog')).json());
    expect(log.find((e) => e.idUser === created.idUser)).toMatchObject({ name: 'Persona saliente', email: 'saliente@demo.co', event: 'signIn' });

    const reused = await createAs('superadmin@demo.co', person('saliente', { company: 100, role: 4 }));
    expect(reused.statusCode, reused.body).toBe(200);
    expect(reused.json().idUser).not.toBe(created.idUser);

    // Role 1's own variant, for any organisation's user.
    const byRole1 = await call('superadmin@demo.co', 'DELETE', `/api/users/${reused.json().idUser}`);
    expect(byRole1.statusCode, byRole1.body).toBe(200);
    expect(byRole1.json()).toEqual({ success: true });
    expect((await login(platform.app, 'saliente@demo.co', PASSWORD)).statusCode).toBe(401);
  });
});
