import { describe, expect, it } from 'vitest';
import { MSG } from '../../../src/shared/messages';
import { LDAP_TEXT } from '../../../src/shared/domain/ldap';
import { PASSWORD_UPDATED_REPLY } from '../../../src/shared/domain/session';
import { accessToken, fakeClock, harness, json, refreshToken, signedIn, T0 } from './fakes';

const DAY = 864e5;

describe('session: login', () => {
  it('stores the tokens and the sign-in time and returns the claims, never the tokens', async () => {
    const tokens = { token: accessToken(), refreshToken: refreshToken(T0 + DAY) };
    const h = await harness((req) => (req.path === '/api/auth' ? json(200, tokens) : json(404, { statusCode: 404, message: 'x' })));
    const result = await h.services.session.login({ email: 'Admin@Demo.co ', password: 'Atiende2026!' });
    expect(result).toEqual({
      ok: true,
      data: {
        authenticated: true,
        user: { company: 100, email: 'admin@demo.co', nameCompany: 'Demo Contact Center', role: 3, sub: '7' },
        refreshExpiresAt: T0 + DAY,
        lastLoginTime: T0
      }
    });
    expect(JSON.stringify(result)).not.toContain(tokens.token);
    expect(h.calls[0]).toMatchObject({ method: 'POST', authorization: null, body: { email: 'admin@demo.co', password: 'Atiende2026!' } });
    expect(await h.vault.get()).toEqual({ access: tokens.token, refresh: tokens.refreshToken });
    expect(h.settings.get('lastLoginTime')).toBe(T0);
  });

  it("401 → 'Usuario o contraseña inválidos'", async () => {
    const h = await harness(() => json(401, { statusCode: 401, message: 'whatever' }));
    expect(await h.services.session.login({ email: 'a@demo.co', password: 'mal' })).toEqual({
      ok: false,
      error: { status: 401, message: 'Usuario o contraseña inválidos' }
    });
    expect(await h.vault.get()).toBeNull();
  });

  it("403 → 'Usuario ha sido bloqueado' with the locked flag", async () => {
    const h = await harness(() => json(403, { statusCode: 403, message: 'Usuario ha sido bloqueado' }));
    expect(await h.services.session.login({ email: 'a@demo.co', password: 'mal' })).toEqual({
      ok: false,
      error: { status: 403, message: 'Usuario ha sido bloqueado', locked: true }
    });
  });

  it('a server failure → the server-error text; another status → the generic sign-in text', async () => {
    const down = await harness(() => json(500, { statusCode: 500, message: 'x' }));
    expect(await down.services.session.login({ email: 'a@demo.co', password: 'x' })).toEqual({ ok: false, error: { status: 500, message: MSG.generic.serverError } });
    const odd = await harness(() => json(418, { statusCode: 418, message: 'Teapot' }));
    expect(await odd.services.session.login({ email: 'a@demo.co', password: 'x' })).toEqual({ ok: false, error: { status: 418, message: MSG.session.loginFailed } });
  });

  it("429 (too many attempts from this address) → the platform's text, which says how long to wait", async () => {
    const text = 'Demasiados intentos de inicio de sesión. Inténtelo de nuevo en 40 segundos.';
    const h = await harness(() => json(429, { statusCode: 429, error: 'Too Many Requests', message: text }));
    expect(await h.services.session.login({ email: 'a@demo.co', password: 'x' })).toEqual({ ok: false, error: { status: 429, message: text } });
  });

  it('logout clears tokens and sign-in time and emits session:ended(logout)', async () => {
    const h = await harness(() => json(200, {}), { tokens: signedIn() });
    expect(await h.services.session.logout()).toEqual({ ok: true, data: null });
    expect(await h.vault.get()).toBeNull();
    expect(h.settings.get('lastLoginTime')).toBeNull();
    expect(h.ended).toEqual([{ reason: 'logout' }]);
    expect(await h.services.session.get()).toEqual({ ok: true, data: null });
  });
});

describe('session: validity (SPEC §4)', () => {
  it('the session ends on the timer once 24 h have passed since sign-in', async () => {
    const clock = fakeClock();
    const h = await harness(() => json(200, {}), { tokens: signedIn(T0 + 2 * DAY), clock });
    await clock.advance(DAY - 60_000);
    expect((await h.services.session.get()).ok && (await h.services.session.get())).toMatchObject({ data: { authenticated: true } });
    expect(h.ended).toEqual([]);
    await clock.advance(60_000);
    expect(h.ended).toEqual([{ reason: 'expired' }]);
    expect(await h.vault.get()).toBeNull();
    expect(h.settings.get('lastLoginTime')).toBeNull();
    expect(await h.services.session.get()).toEqual({ ok: true, data: null });
  });

  it('user activity ends the session as soon as the refresh token has expired, without waiting for the timer', async () => {
    const clock = fakeClock();
    const h = await harness(() => json(200, {}), { tokens: signedIn(T0 + 2 * 3600_000), clock });
    await h.services.session.activity();
    expect(h.ended).toEqual([]);
    clock.set(T0 + 2 * 3600_000);
    await h.services.session.activity();
    expect(h.ended).toEqual([{ reason: 'expired' }]);
    expect(await h.vault.get()).toBeNull();
  });

  it('a call made after the window closed is not sent and ends the session', async () => {
    const clock = fakeClock();
    const h = await harness(() => json(200, { channel1: 'Facebook' }), { tokens: signedIn(T0 + 2 * DAY), clock });
    clock.set(T0 + DAY);
    const result = await h.services.platform.channels();
    expect(result).toEqual({ ok: false, error: { status: 401, message: MSG.session.sessionExpired } });
    expect(h.calls).toEqual([]);
    expect(h.ended).toEqual([{ reason: 'expired' }]);
  });

  it('a stored session resumes after a restart while still valid', async () => {
    const clock = fakeClock(T0 + 3600_000);
    const h = await harness(() => json(200, {}), { tokens: signedIn(), lastLoginTime: T0, clock });
    const result = await h.services.session.get();
    expect(result).toMatchObject({ ok: true, data: { lastLoginTime: T0, user: { role: 3 } } });
  });
});

describe('session: passwords', () => {
  it('the expiry check answers changePassword, and a failure gives the SPEC text', async () => {
    const ok = await harness(() => json(200, { changePassword: true }), { tokens: signedIn() });
    expect(await ok.services.session.checkPasswordExpiry()).toEqual({ ok: true, data: { changePassword: true } });
    const broken = await harness(() => json(500, { statusCode: 500, message: 'x' }), { tokens: signedIn() });
    expect(await broken.services.session.checkPasswordExpiry()).toEqual({
      ok: false,
      error: { status: 500, message: 'Error al validar la contraseña, por favor comuníquese con un Administrador.' }
    });
  });

  it('the reply text decides the outcome of a password change', async () => {
    const body = { oldPassword: 'Atiende2026!', newPassword: 'Nueva2026x' };
    const done = await harness(() => json(200, { message: PASSWORD_UPDATED_REPLY }), { tokens: signedIn() });
    expect(await done.services.session.changePassword(body)).toEqual({ ok: true, data: { message: 'La contraseña se actualizó correctamente.' } });
    expect(done.calls[0]).toMatchObject({ method: 'PUT', path: '/api/users/UpdatePasswordByUserName', body });

    const other = await harness(() => json(200, { message: 'Listo' }), { tokens: signedIn() });
    expect(await other.services.session.changePassword(body)).toEqual({ ok: false, error: { status: 502, message: 'No se pudo actualizar la contraseña.' } });
  });

  it('a session that had to change its password is renewed after the change, so its new tokens reach the rest of the platform', async () => {
    const body = { oldPassword: 'Atiende2026!', newPassword: 'Nueva2026x' };
    const renewed = { token: accessToken(), refreshToken: refreshToken(T0 + DAY, 'r2') };
    const h = await harness((req) => (req.path === '/api/auth/refreshSesion' ? json(200, renewed) : json(200, { message: PASSWORD_UPDATED_REPLY })), {
      tokens: { access: accessToken({ mustChangePassword: true }), refresh: refreshToken(T0 + DAY) }
    });
    expect(await h.services.session.changePassword(body)).toEqual({ ok: true, data: { message: 'La contraseña se actualizó correctamente.' } });
    expect(h.calls.map((c) => c.path)).toEqual(['/api/users/UpdatePasswordByUserName', '/api/auth/refreshSesion']);
    expect(await h.vault.get()).toEqual({ access: renewed.token, refresh: renewed.refreshToken });
    // An unrestricted session's change needs no renewal.
    const plain = await harness(() => json(200, { message: PASSWORD_UPDATED_REPLY }), { tokens: signedIn() });
    await plain.services.session.changePassword(body);
    expect(plain.calls.map((c) => c.path)).toEqual(['/api/users/UpdatePasswordByUserName']);
  });

  it("a wrong current password passes the server's message through", async () => {
    const h = await harness(() => json(400, { statusCode: 400, error: 'Bad Request', message: 'La contraseña Actual no es válida.' }), { tokens: signedIn() });
    expect(await h.services.session.changePassword({ oldPassword: 'mala', newPassword: 'Nueva2026x' })).toEqual({
      ok: false,
      error: { status: 400, message: 'La contraseña Actual no es válida.' }
    });
  });
});

describe('session: LDAP sign-in', () => {
  it('signs in through the directory, keeping the tokens in the main process as the normal sign-in does', async () => {
    const tokens = { token: accessToken(), refreshToken: refreshToken(T0 + DAY) };
    const h = await harness((req) => (req.path === '/api/auth/auth_ldap' ? json(200, tokens) : json(404, { statusCode: 404, message: 'x' })));
    const result = await h.services.session.loginLdap({ username: ' ana ', password: 'Clave-Ana', organization: ' Demo Contact Center ' });
    expect(result).toMatchObject({ ok: true, data: { authenticated: true, user: { company: 100, role: 3 }, lastLoginTime: T0 } });
    expect(JSON.stringify(result)).not.toContain(tokens.token);
    expect(h.calls[0]).toMatchObject({ method: 'POST', authorization: null, body: { username: 'ana', password: 'Clave-Ana', organization: 'Demo Contact Center' } });
    expect(await h.vault.get()).toEqual({ access: tokens.token, refresh: tokens.refreshToken });
  });

  it("answers 401 with the same invalid-credentials text, 403 locked, and the directory's failures in words", async () => {
    const answers: [number, string, object][] = [
      [401, 'whatever', { status: 401, message: MSG.session.invalidCredentials }],
      [403, 'x', { status: 403, message: MSG.session.userLocked, locked: true }],
      [503, 'x', { status: 503, message: LDAP_TEXT.unreachable }],
      [502, 'x', { status: 502, message: LDAP_TEXT.refused }],
      [409, LDAP_TEXT.accountUnavailable, { status: 409, message: LDAP_TEXT.accountUnavailable }],
      [400, LDAP_TEXT.notEnabled, { status: 400, message: LDAP_TEXT.notEnabled }],
      [500, 'x', { status: 500, message: MSG.generic.serverError }]
    ];
    for (const [status, message, expected] of answers) {
      const h = await harness(() => json(status, { statusCode: status, message }));
      expect(await h.services.session.loginLdap({ username: 'ana', password: 'x' }), String(status)).toEqual({ ok: false, error: expected });
      expect(await h.vault.get()).toBeNull();
    }
  });

  it('asks whether LDAP sign-in is offered without a session', async () => {
    const offer = { offered: true, organisationRequired: true };
    const h = await harness((req) => (req.path === '/api/auth/ldap_directories' ? json(200, offer) : json(404, { statusCode: 404, message: 'x' })));
    expect(await h.services.session.ldapSignInOffer()).toEqual({ ok: true, data: offer });
    expect(h.calls[0]).toMatchObject({ method: 'GET', authorization: null });
  });

  it('refuses control characters in the directory credentials before anything is sent', async () => {
    const h = await harness(() => json(200, { token: accessToken(), refreshToken: refreshToken(T0 + DAY) }));
    for (const body of [{ username: 'ana', password: 'x\r\nSET k v' }, { username: 'an\na', password: 'x' }, { username: 'ana', password: 'x', organization: 'Demo\u0007' }]) {
      const result = await h.services.session.loginLdap(body);
      expect(result.ok, JSON.stringify(body)).toBe(false);
    }
    expect(h.calls).toEqual([]);
  });
});
