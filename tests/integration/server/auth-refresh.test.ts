import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import { eq } from 'drizzle-orm';
import { MSG } from '../../../src/shared/messages';
import { hashTokenId } from '../../../src/server/auth/tokens';
import { platformSettings, refreshTokens, users } from '../../../src/server/db/schema';
import { BACKENDS } from '../../support/database';
import { bearer, claimsOf, createTestApp, signIn, type Session, type TestPlatform } from '../../support/app';

describe.each(BACKENDS)('session refresh on %s', (backend) => {
  let platform: TestPlatform;
  beforeAll(async () => {
    platform = await createTestApp(backend);
  });
  afterAll(() => platform.close());

  const refresh = (refreshToken: unknown) =>
    platform.app.inject({ method: 'POST', url: '/api/auth/refreshSesion', payload: { refreshToken } });

  async function rotate(session: Session): Promise<Session> {
    const res = await refresh(session.refreshToken);
    expect(res.statusCode).toBe(200);
    return res.json<Session>();
  }

  function expectRejected(res: Awaited<ReturnType<typeof refresh>>): void {
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ statusCode: 401, error: 'Unauthorized', message: MSG.session.sessionExpired });
  }

  it('rotates: a new working pair, and the old refresh token is marked used', async () => {
    const first = await signIn(platform.app, 'admin@demo.co');
    const second = await rotate(first);
    expect(second.refreshToken).not.toBe(first.refreshToken);
    expect(claimsOf(second.token)).toMatchObject({ email: 'admin@demo.co', role: 3, company: 100 });
    const check = await platform.app.inject({ method: 'GET', url: '/api/auth/changePasswordByExpiration', headers: bearer(second.token) });
    expect(check.statusCode).toBe(200);

    const [old] = await platform.app.db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, hashTokenId(String(claimsOf(first.refreshToken).jti))));
    expect(old?.usedAt).toBeInstanceOf(Date);
    expect(old?.revokedAt).toBeNull();
    const stored = await platform.app.db.select({ tokenHash: refreshTokens.tokenHash }).from(refreshTokens);
    expect(stored.some((row) => row.tokenHash.includes(first.refreshToken) || first.refreshToken.includes(row.tokenHash))).toBe(false);
  });

  it('revokes the whole family when a used refresh token is presented again', async () => {
    const first = await signIn(platform.app, 'visualizador@demo.co');
    const second = await rotate(first);
    const newest = await rotate(second);
    const otherFamily = await signIn(platform.app, 'visualizador@demo.co');

    expectRejected(await refresh(first.refreshToken));
    expectRejected(await refresh(newest.refreshToken));
    expectRejected(await refresh(second.refreshToken));

    const family = await platform.app.db
      .select({ revokedAt: refreshTokens.revokedAt })
      .from(refreshTokens)
      .innerJoin(users, eq(users.idUser, refreshTokens.userId))
      .where(eq(users.email, 'visualizador@demo.co'));
    expect(family.filter((row) => row.revokedAt !== null)).toHaveLength(3);
    // A separate sign-in is a separate family and keeps working.
    await rotate(otherFamily);
  });

  it('rejects garbage, access tokens, forged, expired and unknown refresh tokens', async () => {
    const session = await signIn(platform.app, 'supervisor@demo.co');
    const [secretRow] = await platform.app.db.select().from(platformSettings).where(eq(platformSettings.key, 'jwt_secret'));
    const secret = new Uint8Array(Buffer.from(secretRow!.value, 'base64'));
    const expired = await new SignJWT({ ...claimsOf(session.refreshToken), exp: 1_000_000 }).setProtectedHeader({ alg: 'HS256' }).sign(secret);
    const unknown = await new SignJWT({ typ: 'refresh' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(claimsOf(session.refreshToken).sub))
      .setJti('no-emitido')
      .setExpirationTime('1h')
      .sign(secret);
    const forged = await new SignJWT(claimsOf(session.refreshToken)).setProtectedHeader({ alg: 'HS256' }).sign(new TextEncoder().encode('x'.repeat(64)));
    for (const token of ['basura', session.token, expired, unknown, forged]) expectRejected(await refresh(token));
    // None of that touched the genuine token.
    await rotate(session);
  });

  it('rejects a token the database holds as expired, and one of a locked user', async () => {
    const expiring = await signIn(platform.app, 'asesor@demo.co');
    await platform.app.db
      .update(refreshTokens)
      .set({ expiresAt: new Date(0) })
      .where(eq(refreshTokens.tokenHash, hashTokenId(String(claimsOf(expiring.refreshToken).jti))));
    expectRejected(await refresh(expiring.refreshToken));

    const locked = await signIn(platform.app, 'admin@otra.co');
    await platform.app.db.update(users).set({ isLocked: true }).where(eq(users.email, 'admin@otra.co'));
    expectRejected(await refresh(locked.refreshToken));
  });

  it('answers 400 for a missing or malformed body', async () => {
    for (const payload of [{}, { refreshToken: '' }, { refreshToken: 42 }]) {
      const res = await platform.app.inject({ method: 'POST', url: '/api/auth/refreshSesion', payload });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/^refreshToken: /);
    }
  });
});
