import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LockedUser, UserAccessEvent } from '../../../src/shared/domain/user';
import { MSG } from '../../../src/shared/messages';
import { caller, FORBIDDEN_BODY, signInAll } from './chat-fixtures';
import { BACKENDS } from '../../support/database';
import { createTestApp, login, userRow, type TestPlatform } from '../../support/app';
import { changedTables, tableDigest } from './hostile-input-cases';

const EMAILS = ['superadmin@demo.co', 'supervisualizador@demo.co', 'admin@demo.co', 'visualizador@demo.co', 'supervisor@demo.co', 'admin@otra.co'];
const T0 = new Date('2026-03-02T15:00:00.000Z');
const minutes = (n: number) => new Date(T0.getTime() + n * 60_000);

/** The three per-organisation parameters of the parametros screen: path, field, and a valid and invalid value. */
const PARAMETERS = [
  { label: 'login attempts', path: '/api/loginAttempsAllowed', field: 'loginAttemptsAllowed', initial: 5, valid: 7, invalid: [0, 21, 2.5, '5'] },
  { label: 'password expiration', path: '/api/passwordExpirationDays', field: 'passwordExpirationDays', initial: 90, valid: 30, invalid: [0, 366, null] },
  { label: 'automatic unlock', path: '/api/autoUnlockMinutes', field: 'autoUnlockMinutes', initial: null, valid: 15, invalid: [0, 1441, 'diez'] }
] as const;

describe.each(BACKENDS)('block, expiry and automatic unlock parameters on %s', (backend) => {
  let platform: TestPlatform;
  let call: ReturnType<typeof caller>;
  let clock = T0;
  beforeAll(async () => {
    platform = await createTestApp(backend, { clock: () => clock });
    call = caller(platform.app, await signInAll(platform.app, EMAILS));
  });
  afterAll(() => platform.close());

  describe.each(PARAMETERS)('$label', (p) => {
    type Record = { idOrg: number; organization: string } & { [key: string]: unknown };
    const read = async (email: string) => (await call(email, 'GET', p.path)).json<Record[]>();

    it('answers every organisation to role 1 and its own to role 3, nobody else', async () => {
      expect(await read('superadmin@demo.co')).toEqual([
        { idOrg: 100, organization: 'Demo Contact Center', [p.field]: p.initial },
        { idOrg: 200, organization: 'Otra Entidad S.A.S.', [p.field]: p.initial }
      ]);
      expect(await read('admin@otra.co')).toEqual([{ idOrg: 200, organization: 'Otra Entidad S.A.S.', [p.field]: p.initial }]);
      for (const email of ['supervisualizador@demo.co', 'visualizador@demo.co', 'supervisor@demo.co']) {
        const res = await call(email, 'GET', p.path);
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual(FORBIDDEN_BODY);
      }
    });

    it("stores an organisation's value: role 1 for any, role 3 for its own only; bad values write nothing", async () => {
      const stored = await call('superadmin@demo.co', 'POST', `${p.path}/byOrganization/200`, { [p.field]: p.valid });
      expect(stored.statusCode, stored.body).toBe(200);
      expect(stored.json()).toEqual({ idOrg: 200, organization: 'Otra Entidad S.A.S.', [p.field]: p.valid });
      const own = await call('admin@demo.co', 'POST', `${p.path}/byOrganization/100`, { [p.field]: p.valid });
      expect(own.statusCode).toBe(200);
      expect((await read('admin@demo.co'))[0]?.[p.field]).toBe(p.valid);

      const before = await tableDigest(platform.app);
      expect((await call('admin@demo.co', 'POST', `${p.path}/byOrganization/200`, { [p.field]: p.initial })).statusCode).toBe(403);
      expect((await call('visualizador@demo.co', 'POST', `${p.path}/byOrganization/100`, { [p.field]: p.initial })).statusCode).toBe(403);
      expect((await call('superadmin@demo.co', 'POST', `${p.path}/byOrganization/999999`, { [p.field]: p.initial })).statusCode).toBe(404);
      for (const value of p.invalid) {
        const res = await call('superadmin@demo.co', 'POST', `${p.path}/byOrganization/100`, { [p.field]: value });
        expect(res.statusCode, `${p.field}=${JSON.stringify(value)}`).toBe(400);
        expect(res.json().message).toMatch(new RegExp(`^${p.field}: `));
      }
      expect((await call('superadmin@demo.co', 'POST', `${p.path}/byOrganization/100`, {})).statusCode).toBe(400);
      expect(changedTables(before, await tableDigest(platform.app))).toEqual([]);

      // Back as it was for the other tests.
      for (const org of [100, 200]) await call('superadmin@demo.co', 'POST', `${p.path}/byOrganization/${org}`, { [p.field]: p.initial });
    });
  });

  it('locks at the organisation’s loginAttemptsAllowed, and the automatic unlock lifts the lock after its minutes', async () => {
    await call('superadmin@demo.co', 'POST', '/api/loginAttempsAllowed/byOrganization/200', { loginAttemptsAllowed: 2 });
    await call('superadmin@demo.co', 'POST', '/api/autoUnlockMinutes/byOrganization/200', { autoUnlockMinutes: 10 });

    clock = T0;
    expect((await login(platform.app, 'asesor@otra.co', 'Equivocada2026')).statusCode).toBe(401);
    const lockedNow = await login(platform.app, 'asesor@otra.co', 'Equivocada2026');
    expect(lockedNow.statusCode).toBe(403);
    expect(lockedNow.json().message).toBe(MSG.session.userLocked);

    const listed = LockedUser.array().parse((await call('admin@otra.co', 'GET', '/api/users/locked')).json());
    expect(listed).toEqual([expect.objectContaining({ email: 'asesor@otra.co', failedAttempts: 2, lockedAt: T0.toISOString(), unlocksAt: minutes(10).toISOString() })]);

    // Before its time the lock holds, even with the right password.
    clock = minutes(9);
    expect((await login(platform.app, 'asesor@otra.co')).statusCode).toBe(403);
    expect((await userRow(platform.app, 'asesor@otra.co')).isLocked).toBe(true);

    // After it, the account is no longer listed as locked, and the next attempt lifts the lock.
    clock = minutes(11);
    expect((await call('admin@otra.co', 'GET', '/api/users/locked')).json()).toEqual([]);
    const signedIn = await login(platform.app, 'asesor@otra.co');
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const row = await userRow(platform.app, 'asesor@otra.co');
    expect(row).toMatchObject({ isLocked: false, failedAttempts: 0 });

    const log = UserAccessEvent.array().parse((await call('admin@otra.co', 'GET', `/api/users/accessLog?idUser=${row.idUser}`)).json());
    expect(log.slice(0, 3).map((e) => [e.event, e.at])).toEqual([
      ['signIn', minutes(11).toISOString()],
      ['autoUnlocked', minutes(11).toISOString()],
      ['locked', T0.toISOString()]
    ]);

    // A lifted lock counts from zero again; with the automatic unlock off, only an administrator unlocks.
    await call('superadmin@demo.co', 'POST', '/api/autoUnlockMinutes/byOrganization/200', { autoUnlockMinutes: null });
    clock = minutes(20);
    expect((await login(platform.app, 'asesor@otra.co', 'Equivocada2026')).statusCode).toBe(401);
    expect((await login(platform.app, 'asesor@otra.co', 'Equivocada2026')).statusCode).toBe(403);
    clock = minutes(20 + 24 * 60);
    expect((await login(platform.app, 'asesor@otra.co')).statusCode).toBe(403);
    expect(LockedUser.array().parse((await call('admin@otra.co', 'GET', '/api/users/locked')).json())[0]?.unlocksAt).toBeNull();
    const unlocked = await call('admin@otra.co', 'PUT', `/api/users/${row.idUser}`, { isLocked: false });
    expect(unlocked.statusCode).toBe(200);
    expect((await login(platform.app, 'asesor@otra.co')).statusCode).toBe(200);

    await call('superadmin@demo.co', 'POST', '/api/loginAttempsAllowed/byOrganization/200', { loginAttemptsAllowed: 5 });
  });
});
