import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import { eq } from 'drizzle-orm';
import { LDAP_TEXT } from '../../../src/shared/domain/ldap';
import { MSG } from '../../../src/shared/messages';
import { TokenClaims } from '../../../src/shared/domain/session';
import { platformSettings, users } from '../../../src/server/db/schema';
import { BACKENDS } from '../../support/database';
import { bearer, claimsOf, createTestApp, login, signIn, userRow, type TestPlatform } from '../../support/app';

const CHECK = '/api/auth/changePasswordByExpiration';

describe.each(BACKENDS)('sign-in on %s', (backend) => {
  let platform: TestPlatform;
  beforeAll(async () => {
    platform = await createTestApp(backend);
  });
  afterAll(() => platform.close());

  it('answers a token pair whose access token carries exactly the SPEC §3 claims and its session (sid)', async () => {
    const res = await login(platform.app, 'admin@demo.co');
    expect(res.statusCode).toBe(200);
    const { token, refreshToken } = res.json<{ token: string; refreshToken: string }>();
    const claims = claimsOf(token);
    // sid: the session (refresh-token family) the token lives and dies with (issue 19, src/server/auth/session-guard.ts).
    expect(Object.keys(claims).sort()).toEqual(['company', 'email', 'exp', 'nameCompany', 'role', 'sid', 'sub']);
    const admin = await userRow(platform.app, 'admin@demo.co');
    expect(claims).toMatchObject({ company: 100, email: 'admin@demo.co', nameCompany: 'Demo Contact Center', role: 3, sub: String(admin.idUser) });
    expect(TokenClaims.safeParse(claims).success).toBe(true);
    expect(claimsOf(refreshToken).exp).toEqual(expect.any(Number));
    const check = await platform.app.inject({ method: 'GET', url: CHECK, headers: bearer(token) });
    expect(check.statusCode).toBe(200);
  });

  it('accepts the e-mail in any case and with surrounding spaces', async () => {
    const res = await login(platform.app, '  SuperAdmin@Demo.CO ');
    expect(res.statusCode).toBe(200);
    expect(claimsOf(res.json<{ token: string }>().token)).toMatchObject({ role: 1, company: 100 });
  });

  it('answers 401 with the SPEC text for an unknown user and for a wrong password', async () => {
    for (const [email, password] of [
      ['nadie@demo.co', 'Atiende2026!'],
      ['supervisualizador@demo.co', 'equivocada']
    ] as const) {
      const res = await login(platform.app, email, password);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ statusCode: 401, error: 'Unauthorized', message: MSG.session.invalidCredentials });
    }
  });

  it('locks the account at the organisation limit, then answers 403 even with the right password', async () => {
    const email = 'visualizador@demo.co';
    for (let attempt = 1; attempt <= 4; attempt++) {
      expect((await login(platform.app, email, `mala-${attempt}`)).statusCode).toBe(401);
    }
    const fifth = await login(platform.app, email, 'mala-5');
    expect(fifth.statusCode).toBe(403);
    expect(fifth.json().message).toBe(MSG.session.userLocked);

    const right = await login(platform.app, email);
    expect(right.statusCode).toBe(403);
    expect(right.json()).toEqual({ statusCode: 403, error: 'Forbidden', message: MSG.session.userLocked });
    const row = await userRow(platform.app, email);
    expect(row.isLocked).toBe(true);
    expect(row.failedAttempts).toBe(5);
  });

  it('resets the failure counter on a success before the limit', async () => {
    const email = 'supervisor@demo.co';
    for (let attempt = 1; attempt <= 4; attempt++) expect((await login(platform.app, email, 'mala')).statusCode).toBe(401);
    expect((await userRow(platform.app, email)).failedAttempts).toBe(4);
    expect((await login(platform.app, email)).statusCode).toBe(200);
    expect((await userRow(platform.app, email)).failedAttempts).toBe(0);
    for (let attempt = 1; attempt <= 4; attempt++) expect((await login(platform.app, email, 'mala')).statusCode).toBe(401);
    expect((await login(platform.app, email)).statusCode).toBe(200);
  });

  it('cannot be bypassed by concurrent wrong attempts', async () => {
    const email = 'supervisualizador@demo.co';
    await platform.app.db.update(users).set({ failedAttempts: 0, isLocked: false }).where(eq(users.email, email));
    const answers = await Promise.all(Array.from({ length: 10 }, () => login(platform.app, email, 'mala')));
    const unauthorized = answers.filter((res) => res.statusCode === 401).length;
    expect(unauthorized).toBeLessThanOrEqual(4);
    expect(answers.every((res) => res.statusCode === 401 || res.statusCode === 403)).toBe(true);
    const row = await userRow(platform.app, email);
    expect(row.isLocked).toBe(true);
    expect(row.failedAttempts).toBe(5);
    expect((await login(platform.app, email)).statusCode).toBe(403);
  });

  it('rejects malformed bodies with 400 and a Spanish message, counting nothing', async () => {
    const email = 'asesor@demo.co';
    const cases = [
      { payload: { email: 'nope', password: 'x' }, field: 'email' },
      { payload: { email, password: '' }, field: 'password' },
      { payload: { email, password: 12345 }, field: 'password' },
      { payload: { email, password: 'x'.repeat(300) }, field: 'password' },
      { payload: { email }, field: 'password' }
    ];
    for (const { payload, field } of cases) {
      const res = await platform.app.inject({ method: 'POST', url: '/api/auth', payload });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(new RegExp(`^${field}: `));
    }
    const emailCase = await platform.app.inject({ method: 'POST', url: '/api/auth', payload: { email: 'nope', password: 'x' } });
    expect(emailCase.json().message).toBe('email: Ingrese un correo electrónico válido');

    const notJson = await platform.app.inject({
      method: 'POST',
      url: '/api/auth',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": "asesor@demo.co", "password":'
    });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json().message).toBe(MSG.generic.invalidInput);
    expect((await userRow(platform.app, email)).failedAttempts).toBe(0);
  });

  it('rejects a body over the 1 MiB limit with 413, counting nothing', async () => {
    const email = 'asesor@demo.co';
    const res = await platform.app.inject({ method: 'POST', url: '/api/auth', payload: { email, password: 'x'.repeat(1024 * 1024 + 10) } });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ statusCode: 413, message: expect.stringMatching(/tamaño/) });
    expect((await userRow(platform.app, email)).failedAttempts).toBe(0);
  });

  it('answers 401 without a valid access token', async () => {
    const { token, refreshToken } = await signIn(platform.app, 'asesor@demo.co');
    const [secretRow] = await platform.app.db.select().from(platformSettings).where(eq(platformSettings.key, 'jwt_secret'));
    const secret = new Uint8Array(Buffer.from(secretRow!.value, 'base64'));
    const claims = claimsOf(token);
    const expired = await new SignJWT({ ...claims, exp: 1_000_000 }).setProtectedHeader({ alg: 'HS256' }).sign(secret);
    const forged = await new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).sign(new TextEncoder().encode('otra-clave-cualquiera-de-32-bytes!!'));
    const headers: Record<string, string>[] = [
      {},
      { authorization: 'Bearer' },
      { authorization: 'Bearer no-es-un-token' },
      { authorization: token },
      bearer(refreshToken),
      bearer(expired),
      bearer(forged)
    ];
    for (const h of headers) {
      const res = await platform.app.inject({ method: 'GET', url: CHECK, headers: h });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ statusCode: 401, error: 'Unauthorized', message: MSG.session.sessionExpired });
    }
    expect((await platform.app.inject({ method: 'GET', url: CHECK, headers: bearer(token) })).statusCode).toBe(200);
  });

  it('answers LDAP sign-in with 400 and a Spanish message while no organisation has a directory enabled', async () => {
    const res = await platform.app.inject({ method: 'POST', url: '/api/auth/auth_ldap', payload: { username: 'admin', password: 'x' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(LDAP_TEXT.notEnabled);
  });

  it('answers 404 with a Spanish message for unknown routes', async () => {
    const { token } = await signIn(platform.app, 'superadmin@demo.co');
    for (const [method, url] of [
      ['GET', '/api/no-existe'],
      ['POST', '/api/organization/100/dashboardDesign/noExiste']
    ] as const) {
      const res = await platform.app.inject({ method, url, headers: bearer(token), payload: method === 'POST' ? {} : undefined });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ statusCode: 404, error: 'Not Found', message: MSG.generic.notFound });
    }
  });
});
