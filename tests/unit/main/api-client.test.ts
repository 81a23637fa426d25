import { describe, expect, it } from 'vitest';
import { endpoints } from '../../../src/shared/api/catalogue';
import { MSG } from '../../../src/shared/messages';
import { queryString } from '../../../src/main/services/api-client';
import { accessToken, deferred, harness, json, refreshToken, settle, signedIn, T0 } from './fakes';

const CHANNELS = { channel1: 'Facebook', channel2: 'Whatsapp', channel3: 'Web' };

describe('api-client: single-flight refresh on 401', () => {
  it('five concurrent calls that all get 401 cause exactly one refresh and are all replayed with the new token', async () => {
    const tokens = signedIn();
    const renewed = { token: accessToken({ sub: '7', exp: T0 / 1000 + 7200 }), refreshToken: refreshToken(T0 + 86_400_000, 'r2') };
    const gate = deferred<void>();
    const h = await harness(
      async (req) => {
        if (req.path === '/api/auth/refreshSesion') {
          await gate.promise;
          return json(200, renewed);
        }
        if (req.path === '/api/types/channels') {
          return req.authorization === `Bearer ${renewed.token}` ? json(200, CHANNELS) : json(401, { statusCode: 401, message: 'Token expirado' });
        }
        return json(404, { statusCode: 404, message: 'no' });
      },
      { tokens }
    );

    const pending = Array.from({ length: 5 }, () => h.services.api.call(endpoints.channelTypes));
    await settle();
    // Every call has had its 401 while the one refresh is still in flight.
    expect(h.calls.filter((c) => c.path === '/api/types/channels')).toHaveLength(5);
    expect(h.calls.filter((c) => c.path === '/api/auth/refreshSesion')).toHaveLength(1);
    gate.resolve();
    const results = await Promise.all(pending);

    expect(results.every((r) => r.ok && r.data.channel2 === 'Whatsapp')).toBe(true);
    const refreshes = h.calls.filter((c) => c.path === '/api/auth/refreshSesion');
    expect(refreshes).toHaveLength(1);
    expect(refreshes[0]?.authorization).toBeNull();
    expect(refreshes[0]?.body).toEqual({ refreshToken: tokens.refresh });
    const replays = h.calls.filter((c) => c.path === '/api/types/channels' && c.authorization === `Bearer ${renewed.token}`);
    expect(replays).toHaveLength(5);
    expect(await h.vault.get()).toEqual({ access: renewed.token, refresh: renewed.refreshToken });
    // A refresh is not a new sign-in: the 24 h window still counts from the original login.
    expect(h.settings.get('lastLoginTime')).toBe(T0);
    expect(h.ended).toEqual([]);
  });

  it('a 401 read after the refresh finished replays with the new token instead of refreshing again', async () => {
    const tokens = signedIn();
    const renewed = { token: accessToken({ exp: T0 / 1000 + 7200 }), refreshToken: refreshToken(T0 + 86_400_000, 'r2') };
    const late = deferred<void>();
    let sentWithOldToken = 0;
    const h = await harness(
      async (req) => {
        if (req.path === '/api/auth/refreshSesion') return json(200, renewed);
        if (req.authorization === `Bearer ${renewed.token}`) return json(200, CHANNELS);
        // The first call's 401 is held back until after the second call has refreshed and replayed.
        if (++sentWithOldToken === 1) await late.promise;
        return json(401, { statusCode: 401, message: 'Token expirado' });
      },
      { tokens }
    );
    const slow = h.services.api.call(endpoints.channelTypes);
    await settle();
    const fast = await h.services.api.call(endpoints.channelTypes);
    expect(fast.ok).toBe(true);
    late.resolve();
    expect((await slow).ok).toBe(true);
    expect(h.calls.filter((c) => c.path === '/api/auth/refreshSesion')).toHaveLength(1);
  });

  it('a failed refresh clears the session, emits session:ended and fails every waiting call', async () => {
    const h = await harness(
      (req) =>
        req.path === '/api/auth/refreshSesion'
          ? json(401, { statusCode: 401, message: 'Sesión revocada' })
          : json(401, { statusCode: 401, message: 'Token expirado' }),
      { tokens: signedIn() }
    );
    const results = await Promise.all([h.services.api.call(endpoints.channelTypes), h.services.api.call(endpoints.organizations)]);
    for (const r of results) expect(r).toEqual({ ok: false, error: { status: 401, message: MSG.session.sessionExpired } });
    expect(h.calls.filter((c) => c.path === '/api/auth/refreshSesion')).toHaveLength(1);
    expect(await h.vault.get()).toBeNull();
    expect(h.settings.get('lastLoginTime')).toBeNull();
    expect(h.ended).toEqual([{ reason: 'refresh-failed' }]);
    expect((await h.services.session.get())).toEqual({ ok: true, data: null });
  });

  it('a refresh the platform cannot answer (network, 5xx) keeps the session and fails the call with that error', async () => {
    const h = await harness(
      (req) => (req.path === '/api/auth/refreshSesion' ? json(503, { statusCode: 503, message: 'x' }) : json(401, { statusCode: 401, message: 'Token expirado' })),
      { tokens: signedIn() }
    );
    expect(await h.services.api.call(endpoints.channelTypes)).toEqual({ ok: false, error: { status: 503, message: MSG.generic.serverError } });
    expect(await h.vault.get()).toEqual(signedIn());
    expect(h.ended).toEqual([]);
  });

  it('a refresh throttled by the platform (429) keeps the session and fails the call with its Spanish text', async () => {
    const throttled = 'Demasiadas solicitudes desde su conexión. Inténtelo de nuevo en 40 segundos.';
    const h = await harness(
      (req) =>
        req.path === '/api/auth/refreshSesion'
          ? json(429, { statusCode: 429, error: 'Too Many Requests', message: throttled })
          : json(401, { statusCode: 401, message: 'Token expirado' }),
      { tokens: signedIn() }
    );
    expect(await h.services.api.call(endpoints.channelTypes)).toEqual({ ok: false, error: { status: 429, message: throttled } });
    expect(await h.vault.get()).toEqual(signedIn());
    expect(h.ended).toEqual([]);
  });

  it('a 401 on the sign-in call itself does not refresh', async () => {
    const h = await harness(() => json(401, { statusCode: 401, message: 'Usuario o contraseña inválidos' }));
    const result = await h.services.api.call(endpoints.login, { body: { email: 'a@demo.co', password: 'x' } });
    expect(result.ok).toBe(false);
    expect(h.calls.map((c) => c.path)).toEqual(['/api/auth']);
  });
});

describe('api-client: error mapping (SPEC §8)', () => {
  it("403 → 'Usuario no autorizado'", async () => {
    const h = await harness(() => json(403, { statusCode: 403, message: 'Forbidden' }), { tokens: signedIn() });
    expect(await h.services.api.call(endpoints.organizations)).toEqual({ ok: false, error: { status: 403, message: 'Usuario no autorizado' } });
  });

  it('500 and above → the server-error text', async () => {
    const h = await harness(() => json(503, { statusCode: 503, message: 'down' }), { tokens: signedIn() });
    expect(await h.services.api.call(endpoints.channelTypes)).toEqual({
      ok: false,
      error: { status: 503, message: 'Se ha presentado un error en el servidor. Inténtelo mas tarde' }
    });
  });

  it("another 4xx passes the server's Spanish message through", async () => {
    const h = await harness(() => json(400, { statusCode: 400, error: 'Bad Request', message: 'El nombre es obligatorio' }), { tokens: signedIn() });
    expect(await h.services.api.call(endpoints.channelTypes)).toEqual({ ok: false, error: { status: 400, message: 'El nombre es obligatorio' } });
  });

  it('a network failure → status 0 and the network text', async () => {
    const h = await harness(() => Promise.reject(new TypeError('fetch failed')), { tokens: signedIn() });
    expect(await h.services.api.call(endpoints.channelTypes)).toEqual({ ok: false, error: { status: 0, message: MSG.generic.networkError } });
  });

  it('a response that does not match the entry schema is an error, not passed on', async () => {
    const h = await harness(() => json(200, [{ idOrg: 'cien', name: 'Demo' }]), { tokens: signedIn() });
    const result = await h.services.api.call(endpoints.organizations);
    expect(result).toEqual({ ok: false, error: { status: 502, message: MSG.generic.serverError } });
  });

  it('without a session an authenticated call is refused before anything is sent', async () => {
    const h = await harness(() => json(200, {}));
    expect(await h.services.api.call(endpoints.channelTypes)).toEqual({ ok: false, error: { status: 401, message: MSG.session.sessionExpired } });
    expect(h.calls).toEqual([]);
  });

  it('every failure is reported through the error-log call, and a failing report is not reported again', async () => {
    const h = await harness((req) => (req.path.startsWith('/ha/api/LogErrorSocket') ? json(500, { statusCode: 500, message: 'x' }) : json(500, { statusCode: 500, message: 'x' })), {
      tokens: signedIn()
    });
    await h.services.api.call(endpoints.channelTypes);
    await h.services.api.settled();
    const reports = h.calls.filter((c) => c.path.includes('LogErrorSocket'));
    expect(reports).toHaveLength(1);
    expect(reports[0]).toMatchObject({
      method: 'POST',
      path: '/ha/api/LogErrorSocket/100',
      body: { name: 'GET /api/types/channels', path: '/api/types/channels', detail: `500 ${MSG.generic.serverError}`, idadviser: 7, application: 'Dashboard' }
    });
  });

  it('a session that must change its password first reports nothing: the platform would refuse the report', async () => {
    const h = await harness(() => json(400, { statusCode: 400, message: 'La contraseña Actual no es válida.' }), {
      tokens: { access: accessToken({ mustChangePassword: true }), refresh: refreshToken(T0 + 86_400_000) }
    });
    await h.services.api.call(endpoints.updatePasswordByUserName, { body: { oldPassword: 'mala', newPassword: 'NuevaClave2027' } });
    await h.services.api.settled();
    expect(h.calls.map((c) => c.path)).toEqual(['/api/users/UpdatePasswordByUserName']);
  });
});

describe('api-client: requests', () => {
  it('fills idOrg from the user company when the caller passes none, and keeps an explicit one', async () => {
    const h = await harness(() => json(200, [{ idVa: 1, name: 'Asistente' }]), { tokens: signedIn() });
    expect((await h.services.platform.virtualAgents({})).ok).toBe(true);
    expect((await h.services.platform.virtualAgents({ idOrg: 205 })).ok).toBe(true);
    expect(h.calls.map((c) => c.path)).toEqual(['/api/organization/100/virtualAgents', '/api/organization/205/virtualAgents']);
    expect(h.calls[0]?.authorization).toBe(`Bearer ${signedIn().access}`);
  });

  it('serialises query arrays comma-separated and leaves absent values out', () => {
    expect(queryString({ channels: [1, 2, 3], idOrg: 100, idVa: undefined, since: null })).toBe('?channels=1%2C2%2C3&idOrg=100');
    expect(queryString({})).toBe('');
  });

  it('fills a query organisation and the base of the entry service', async () => {
    const h = await harness(() => json(200, []), { tokens: signedIn() });
    await h.services.api.call(endpoints.endMessages);
    expect(h.calls[0]?.url).toBe('http://platform.test/ha/api/mensajesFinConv/obtenerMensajesFinConversacion?idOrg=100');
  });

  it("loads the agent's end messages from the human-agent service", async () => {
    const h = await harness(() => json(200, [{ acronym: 'CCCNE', clientMessage: 'Hola', idEndTypeConversation: 1, fin: false }]), { tokens: signedIn() });
    const result = await h.services.platform.endMessages();
    expect(result).toEqual({ ok: true, data: [{ acronym: 'CCCNE', clientMessage: 'Hola', idEndTypeConversation: 1, fin: false }] });
    expect(h.calls[0]?.url).toBe('http://platform.test/ha/api/mensajesFinConv/obtenerMensajesFinConvCliente?idOrg=100');
  });

  it('rejects an invalid body with a 400 and Spanish text before sending', async () => {
    const h = await harness(() => json(200, {}), { tokens: signedIn() });
    const result = await h.services.api.call(endpoints.updateEndMessage, { body: { idEndTypeConversation: 3, clientMessage: '  ' } });
    expect(result).toEqual({ ok: false, error: { status: 400, message: 'El mensaje es obligatorio' } });
    expect(h.calls).toEqual([]);
  });
});
