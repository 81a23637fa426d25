import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MSG } from '../../../src/shared/messages';
import { PASSWORD_UPDATED_REPLY } from '../../../src/shared/domain/session';
import { LOCAL_MSG } from '../../../src/server/http/errors';
import { users } from '../../../src/server/db/schema';
import { BACKENDS } from '../../support/database';
import { bearer, claimsOf, createTestApp, login, signIn, userRow, type TestPlatform } from '../../support/app';

const CHECK = '/api/auth/changePasswordByExpiration';
const UPDATE = '/api/users/UpdatePasswordByUserName';

describe.each(BACKENDS)('password expiry and change on %s', (backend) => {
  let platform: TestPlatform;
  beforeAll(async () => {
    platform = await createTestApp(backend);
  });
  afterAll(() => platform.close());

  async function check(token: string): Promise<boolean> {
    const res = await platform.app.inject({ method: 'GET', url: CHECK, headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    return res.json<{ changePassword: boolean }>().changePassword;
  }

  const refresh = (refreshToken: string) => platform.app.inject({ method: 'POST', url: '/api/auth/refreshSesion', payload: { refreshToken } });
  const update = (token: string, payload: unknown) => platform.app.inject({ method: 'PUT', url: UPDATE, headers: bearer(token), payload: payload as object });

  it('says a change is due for expirado@demo.co and not for admin@demo.co', async () => {
    expect(await check((await signIn(platform.app, 'expirado@demo.co')).token)).toBe(true);
    expect(await check((await signIn(platform.app, 'admin@demo.co')).token)).toBe(false);
  });

  it('says a change is due when the account is flagged to change it', async () => {
    await platform.app.db.update(users).set({ mustChangePassword: true }).where(eq(users.email, 'supervisor@demo.co'));
    expect(await check((await signIn(platform.app, 'supervisor@demo.co')).token)).toBe(true);
  });

  it('refuses a wrong current password with the SPEC text and changes nothing', async () => {
    const { token } = await signIn(platform.app, 'visualizador@demo.co');
    const before = await userRow(platform.app, 'visualizador@demo.co');
    const res = await update(token, { oldPassword: 'NoEsLaMia1', newPassword: 'NuevaClave2027' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ statusCode: 400, error: 'Bad Request', message: MSG.session.currentPasswordInvalid });
    const after = await userRow(platform.app, 'visualizador@demo.co');
    expect(after.passwordHash).toBe(before.passwordHash);
    expect(after.passwordChangedAt).toEqual(before.passwordChangedAt);
    expect((await login(platform.app, 'visualizador@demo.co')).statusCode).toBe(200);
    expect((await login(platform.app, 'visualizador@demo.co', 'NuevaClave2027')).statusCode).toBe(401);
  });

  it('refuses a new password equal to the current one, or a weak one', async () => {
    const { token } = await signIn(platform.app, 'asesor@demo.co');
    const same = await update(token, { oldPassword: 'Atiende2026!', newPassword: 'Atiende2026!' });
    expect(same.statusCode).toBe(400);
    expect(same.json().message).toBe(LOCAL_MSG.samePassword);
    const weak = await update(token, { oldPassword: 'Atiende2026!', newPassword: 'corta1' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().message).toBe('newPassword: La contraseña debe tener al menos 8 caracteres');
    const missing = await update(token, { newPassword: 'NuevaClave2027' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toMatch(/^oldPassword: /);
    expect((await login(platform.app, 'asesor@demo.co')).statusCode).toBe(200);
  });

  it('changes the password of expirado@demo.co, after which no change is due', async () => {
    const { token } = await signIn(platform.app, 'expirado@demo.co');
    const res = await update(token, { oldPassword: 'Atiende2026!', newPassword: 'NuevaClave2027' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: PASSWORD_UPDATED_REPLY });
    expect(await check(token)).toBe(false);
    expect((await login(platform.app, 'expirado@demo.co')).statusCode).toBe(401);
    expect((await login(platform.app, 'expirado@demo.co', 'NuevaClave2027')).statusCode).toBe(200);
  });

  it('clears the must-change flag on a change', async () => {
    await platform.app.db.update(users).set({ mustChangePassword: true }).where(eq(users.email, 'admin@otra.co'));
    const { token } = await signIn(platform.app, 'admin@otra.co');
    expect(await check(token)).toBe(true);
    expect((await update(token, { oldPassword: 'Atiende2026!', newPassword: 'OtraClave2027' })).statusCode).toBe(200);
    expect(await check(token)).toBe(false);
    expect((await userRow(platform.app, 'admin@otra.co')).mustChangePassword).toBe(false);
  });

  it('keeps a session that must change its password to the check and the change, through refreshes, until it is changed', async () => {
    const { token } = await signIn(platform.app, 'supervisualizador@demo.co');
    expect(claimsOf(token).mustChangePassword).toBeUndefined();
    await platform.app.db.update(users).set({ mustChangePassword: true }).where(eq(users.email, 'supervisualizador@demo.co'));
    // A session already open is not cut by the flag (it is read at sign-in); a new one is restricted.
    expect((await platform.app.inject({ method: 'GET', url: '/api/types/channels', headers: bearer(token) })).statusCode).toBe(200);
    const restricted = await signIn(platform.app, 'supervisualizador@demo.co');
    expect(claimsOf(restricted.token).mustChangePassword).toBe(true);
    const read = await platform.app.inject({ method: 'GET', url: '/api/types/channels', headers: bearer(restricted.token) });
    expect(read.statusCode).toBe(403);
    expect(read.json().message).toBe(MSG.generic.unauthorized);
    // A refresh does not lift it.
    const refreshed = (await refresh(restricted.refreshToken)).json<{ token: string; refreshToken: string }>();
    expect(claimsOf(refreshed.token).mustChangePassword).toBe(true);
    expect((await platform.app.inject({ method: 'GET', url: '/api/types/channels', headers: bearer(refreshed.token) })).statusCode).toBe(403);
    // The change does; the next refresh of the same session gives tokens good everywhere.
    expect((await update(refreshed.token, { oldPassword: 'Atiende2026!', newPassword: 'NuevaClave2027' })).statusCode).toBe(200);
    const after = (await refresh(refreshed.refreshToken)).json<{ token: string }>();
    expect(claimsOf(after.token).mustChangePassword).toBeUndefined();
    expect((await platform.app.inject({ method: 'GET', url: '/api/types/channels', headers: bearer(after.token) })).statusCode).toBe(200);
    // The session that was open before the change ended with it (every other session of the user does).
    expect((await platform.app.inject({ method: 'GET', url: '/api/types/channels', headers: bearer(token) })).statusCode).toBe(401);
  });

  it('requires a session for both calls', async () => {
    expect((await platform.app.inject({ method: 'GET', url: CHECK })).statusCode).toBe(401);
    const res = await platform.app.inject({ method: 'PUT', url: UPDATE, payload: { oldPassword: 'Atiende2026!', newPassword: 'NuevaClave2027' } });
    expect(res.statusCode).toBe(401);
  });
});
