import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { endpoints } from '../../../src/shared/api/catalogue';
import { MSG } from '../../../src/shared/messages';
import { DEFAULT_AUTH_RATE_LIMIT } from '../../../src/server/config';
import { unknownSignIns } from '../../../src/server/db/schema';
import { DEMO_PASSWORD } from '../../../src/server/demo/demo-data';
import { BACKENDS } from '../../support/database';
import { bearer, createTestApp, signIn, userRow, type TestPlatform } from '../../support/app';

/** Sign-in throttling per address, the lock's recorded origin and the safety headers (issue 18). */

const FIXED_NOW = new Date('2026-03-02T15:00:00.000Z');
const THROTTLED = /^Demasiados intentos de inicio de sesión\. Inténtelo de nuevo en \d+ (segundos?|minutos)\.$/;

function attempt(app: FastifyInstance, from: string, email: string, password: string, headers: InjectOptions['headers'] = {}): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'POST', url: '/api/auth', payload: { email, password }, remoteAddress: from, headers });
}

function expectThrottled(res: LightMyRequestResponse, message: RegExp = THROTTLED): void {
  expect(res.statusCode).toBe(429);
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  expect(res.json()).toEqual({ statusCode: 429, error: 'Too Many Requests', message: expect.stringMatching(message) });
}

describe.each(BACKENDS)('sign-in throttling per address on %s', (backend) => {
  let platform: TestPlatform;
  beforeAll(async () => {
    platform = await createTestApp(backend, { authRateLimit: { max: 3, windowSeconds: 600 }, clock: () => FIXED_NOW });
  });
  afterAll(() => platform.close());

  it('answers 429 with Retry-After and the Spanish text past the budget, before any password check or failure count', async () => {
    const { app } = platform;
    for (const email of ['supervisor@demo.co', 'visualizador@demo.co', 'nadie@demo.co']) {
      expect((await attempt(app, '198.51.100.1', email, 'equivocada')).statusCode).toBe(401);
    }
    // The right password does not get through either: the throttle answers before the credentials are looked at.
    expectThrottled(await attempt(app, '198.51.100.1', 'supervisor@demo.co', DEMO_PASSWORD));
    // The LDAP sign-in has a budget of its own (it answers 400 while no organisation has a directory enabled).
    const ldap = () => app.inject({ method: 'POST', url: endpoints.loginLdap.path, payload: { username: 'supervisor', password: 'x' }, remoteAddress: '198.51.100.1' });
    for (let i = 0; i < 3; i++) expect((await ldap()).statusCode).toBe(400);
    expectThrottled(await ldap());
    // Throttled attempts counted nothing against the account.
    expect((await userRow(app, 'supervisor@demo.co')).failedAttempts).toBe(1);
  });

  it('keeps another address signing in as usual meanwhile', async () => {
    const other = await attempt(platform.app, '198.51.100.2', 'supervisor@demo.co', DEMO_PASSWORD);
    expect(other.statusCode).toBe(200);
    expect(other.json()).toMatchObject({ token: expect.any(String) });
  });

  it('cannot lock other people’s accounts at scale from one address', async () => {
    // With a budget of 3, one address gets at most 3 failures in: an organisation allowing 5 locks nobody.
    const from = '198.51.100.3';
    for (let i = 0; i < 10; i++) await attempt(platform.app, from, 'asesor3@demo.co', 'equivocada');
    const victim = await userRow(platform.app, 'asesor3@demo.co');
    expect(victim).toMatchObject({ failedAttempts: 3, isLocked: false, lockedFromIp: null, lockedAt: null });
  });

  it('throttles the refresh (four times the budget) and the own-password change by address too', async () => {
    const { app } = platform;
    for (let i = 0; i < 12; i++) {
      const res = await app.inject({ method: 'POST', url: endpoints.refreshSession.path, payload: { refreshToken: 'no-es-un-token' }, remoteAddress: '198.51.100.4' });
      expect(res.statusCode).toBe(401);
    }
    const refresh = await app.inject({ method: 'POST', url: endpoints.refreshSession.path, payload: { refreshToken: 'no-es-un-token' }, remoteAddress: '198.51.100.4' });
    expectThrottled(refresh, /^Demasiadas solicitudes desde su conexión\. Inténtelo de nuevo en \d+ (segundos?|minutos)\.$/);

    const session = (await attempt(app, '198.51.100.5', 'admin@demo.co', DEMO_PASSWORD)).json<{ token: string }>();
    const change = () =>
      app.inject({
        method: 'PUT',
        url: endpoints.updatePasswordByUserName.path,
        payload: { oldPassword: 'equivocada', newPassword: 'OtraClave2026!' },
        headers: bearer(session.token),
        remoteAddress: '198.51.100.6'
      });
    for (let i = 0; i < 3; i++) expect((await change()).statusCode).toBe(400);
    expectThrottled(await change(), /^Demasiadas solicitudes desde su conexión\./);
  });

  it('ignores X-Forwarded-For unless the proxy is trusted', async () => {
    const forwarded = (n: number) => ({ 'x-forwarded-for': `203.0.113.${n}` });
    for (let i = 0; i < 3; i++) await attempt(platform.app, '198.51.100.7', 'nadie@demo.co', 'x', forwarded(i));
    expectThrottled(await attempt(platform.app, '198.51.100.7', 'nadie@demo.co', 'x', forwarded(99)));
  });
});

describe.each(BACKENDS)('behind a trusted proxy on %s', (backend) => {
  let platform: TestPlatform;
  beforeAll(async () => {
    platform = await createTestApp(backend, { authRateLimit: { max: 6, windowSeconds: 600 }, trustProxy: ['192.0.2.10'] });
  });
  afterAll(() => platform.close());

  it('keys the budget by the client the proxy names, and records that address on a lock', async () => {
    const viaProxy = (client: string, email: string) => attempt(platform.app, '192.0.2.10', email, 'equivocada', { 'x-forwarded-for': client });
    for (let i = 0; i < 4; i++) expect((await viaProxy('203.0.113.1', 'asesor5@demo.co')).statusCode).toBe(401);
    expect((await viaProxy('203.0.113.1', 'asesor5@demo.co')).statusCode).toBe(403);
    expect(await userRow(platform.app, 'asesor5@demo.co')).toMatchObject({ isLocked: true, lockedFromIp: '203.0.113.1' });
    expect((await viaProxy('203.0.113.1', 'nadie@demo.co')).statusCode).toBe(401);
    expectThrottled(await viaProxy('203.0.113.1', 'nadie@demo.co'));
    expect((await viaProxy('203.0.113.2', 'nadie@demo.co')).statusCode).toBe(401);
  });
});

describe.each(BACKENDS)('a lock records where it came from on %s', (backend) => {
  let platform: TestPlatform;
  beforeAll(async () => {
    // The production budget: five failures fit in it.
    platform = await createTestApp(backend, { authRateLimit: DEFAULT_AUTH_RATE_LIMIT, clock: () => FIXED_NOW });
  });
  afterAll(() => platform.close());

  it('stores the address and time of the failure that locked the account', async () => {
    const { app } = platform;
    for (let i = 0; i < 4; i++) expect((await attempt(app, '198.51.100.20', 'asesor4@demo.co', 'equivocada')).statusCode).toBe(401);
    expect(await userRow(app, 'asesor4@demo.co')).toMatchObject({ isLocked: false, lockedFromIp: null, lockedAt: null });
    const fifth = await attempt(app, '198.51.100.21', 'asesor4@demo.co', 'equivocada');
    expect(fifth.statusCode).toBe(403);
    expect(fifth.json()).toMatchObject({ message: MSG.session.userLocked });
    const locked = await userRow(app, 'asesor4@demo.co');
    expect(locked).toMatchObject({ isLocked: true, failedAttempts: 5, lockedFromIp: '198.51.100.21' });
    expect(locked.lockedAt?.toISOString()).toBe(FIXED_NOW.toISOString());
    // Further attempts on the locked account change neither.
    await attempt(app, '198.51.100.22', 'asesor4@demo.co', 'equivocada');
    expect(await userRow(app, 'asesor4@demo.co')).toMatchObject({ lockedFromIp: '198.51.100.21' });
  });
});

describe.each(BACKENDS)('an unknown e-mail and the different accounts one address fails on, on %s', (backend) => {
  let platform: TestPlatform;
  beforeAll(async () => {
    platform = await createTestApp(backend, { signInFailedAccountsMax: 3, clock: () => FIXED_NOW });
  });
  afterAll(() => platform.close());

  /** The statuses of `n` wrong passwords of `email`, each from its own address (no address budget involved). */
  async function failures(email: string, n: number, prefix: string): Promise<number[]> {
    const out: number[] = [];
    for (let i = 0; i < n; i++) out.push((await attempt(platform.app, `${prefix}.${i + 1}`, email, 'equivocada')).statusCode);
    return out;
  }

  it('answers an unknown e-mail exactly as a real account: the same failures, then the same lock', async () => {
    const real = await failures('asesor6@demo.co', 7, '198.51.101');
    const unknown = await failures('nadie.aqui@demo.co', 7, '198.51.102');
    expect(real).toEqual([401, 401, 401, 401, 403, 403, 403]);
    expect(unknown).toEqual(real);
    const lockedReal = await attempt(platform.app, '198.51.103.1', 'asesor6@demo.co', DEMO_PASSWORD);
    const lockedUnknown = await attempt(platform.app, '198.51.103.2', 'nadie.aqui@demo.co', DEMO_PASSWORD);
    expect(lockedUnknown.statusCode).toBe(lockedReal.statusCode);
    expect(lockedUnknown.json()).toEqual(lockedReal.json());
    // The typed address is not kept: only its hash.
    const stored = await platform.app.db.select().from(unknownSignIns);
    expect(JSON.stringify(stored)).not.toContain('nadie.aqui');
  });

  it('answers 429, counting nothing, once one address has failed on a few different accounts; a right password still signs in', async () => {
    const from = '198.51.104.1';
    for (const email of ['asesor2@demo.co', 'asesor3@demo.co', 'nadie.uno@demo.co']) expect((await attempt(platform.app, from, email, 'equivocada')).statusCode).toBe(401);
    // The same accounts again are no new accounts.
    expect((await attempt(platform.app, from, 'asesor2@demo.co', 'equivocada')).statusCode).toBe(401);
    // A fourth account: refused, and not counted against it (known or not).
    expectThrottled(await attempt(platform.app, from, 'visualizador@demo.co', 'equivocada'));
    expectThrottled(await attempt(platform.app, from, 'nadie.dos@demo.co', 'equivocada'));
    expect((await userRow(platform.app, 'visualizador@demo.co')).failedAttempts).toBe(0);
    // Past it, no account is counted against from there, not even one it had failed on.
    expectThrottled(await attempt(platform.app, from, 'asesor2@demo.co', 'equivocada'));
    expect((await userRow(platform.app, 'asesor2@demo.co')).failedAttempts).toBe(2);
    // A person behind the same address who types the right password is not held up.
    expect((await attempt(platform.app, from, 'visualizador@demo.co', DEMO_PASSWORD)).statusCode).toBe(200);
    // Another address is not affected.
    expect((await attempt(platform.app, '198.51.104.2', 'visualizador@demo.co', 'equivocada')).statusCode).toBe(401);
  });
});

describe.each(BACKENDS)('safety headers on %s', (backend) => {
  let platform: TestPlatform;
  let token: string;
  beforeAll(async () => {
    platform = await createTestApp(backend);
    token = (await signIn(platform.app, 'admin@demo.co')).token;
  });
  afterAll(() => platform.close());

  it('nosniff and no-store on tokens, personal data, reports, refusals and unknown paths', async () => {
    const { app } = platform;
    const answers: [string, LightMyRequestResponse][] = [
      ['sign-in', await app.inject({ method: 'POST', url: '/api/auth', payload: { email: 'admin@demo.co', password: DEMO_PASSWORD } })],
      ['wrong password', await app.inject({ method: 'POST', url: '/api/auth', payload: { email: 'admin@demo.co', password: 'x' } })],
      ['bad body', await app.inject({ method: 'POST', url: '/api/auth', payload: 'no es json', headers: { 'content-type': 'application/json' } })],
      ['users', await app.inject({ method: 'GET', url: endpoints.agents.path, headers: bearer(token) })],
      ['directory', await app.inject({ method: 'GET', url: '/api/directory/contacts/actives', headers: bearer(token) })],
      ['report', await app.inject({ method: 'GET', url: `${endpoints.conversationsReport.path}?start=2026-03-01&end=2026-03-02&page=1&size=10`, headers: bearer(token) })],
      ['report CSV', await app.inject({ method: 'GET', url: `${endpoints.conversationsReportCsv.path}?start=2026-03-01&end=2026-03-02`, headers: bearer(token) })],
      ['no token', await app.inject({ method: 'GET', url: endpoints.agents.path })],
      ['unknown path', await app.inject({ method: 'GET', url: '/api/no-existe' })]
    ];
    expect(answers.map(([name, res]) => [name, res.statusCode < 500, res.headers['x-content-type-options'], res.headers['cache-control']])).toEqual(
      answers.map(([name]) => [name, true, 'nosniff', 'no-store'])
    );
    expect(answers.map(([, res]) => res.statusCode)).toEqual([200, 401, 400, 200, 200, 200, 200, 401, 404]);
  });
});
