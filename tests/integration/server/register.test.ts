import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import { z } from 'zod';
import { endpoint } from '../../../src/shared/api/endpoint';
import { IdParam, OrgQuery } from '../../../src/shared/domain/common';
import { MSG } from '../../../src/shared/messages';
import { implement } from '../../../src/server/routes/register';
import { installErrorHandling } from '../../../src/server/http/errors';
import { bearer, createTestApp, signIn, type TestPlatform } from '../../support/app';

/** Catalogue-shaped entries that exercise the registration layer on its own. */
const probe = {
  byPath: endpoint({
    service: 'humanAgent',
    method: 'GET',
    path: '/probe/{idOrg}/items',
    params: z.object({ idOrg: IdParam }),
    response: z.object({ orgId: z.number(), role: z.number() }),
    access: [1, 3],
    org: { in: 'path', name: 'idOrg' }
  }),
  byQuery: endpoint({
    service: 'humanAgent',
    method: 'GET',
    path: '/probe/query',
    query: OrgQuery,
    response: z.object({ orgId: z.number() }),
    access: 'any',
    org: { in: 'query', name: 'idOrg' }
  }),
  byBody: endpoint({
    service: 'humanAgent',
    method: 'POST',
    path: '/probe/body',
    body: z.object({ idOrg: z.number().int().positive().optional(), label: z.string().min(1) }),
    response: z.object({ orgId: z.number(), label: z.string() }),
    access: 'any',
    org: { in: 'body', name: 'idOrg' }
  }),
  wrongShape: endpoint({ service: 'humanAgent', method: 'GET', path: '/probe/wrong', response: z.object({ count: z.number() }), access: 'any' }),
  failing: endpoint({ service: 'humanAgent', method: 'GET', path: '/probe/failing', response: z.object({}), access: 'public' })
};

describe('the route registration layer', () => {
  let platform: TestPlatform;
  let probeApp: FastifyInstance;
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    platform = await createTestApp('pglite');
    probeApp = Fastify({ logger: false });
    probeApp.decorate('db', platform.app.db);
    probeApp.decorate('services', platform.app.services);
    installErrorHandling(probeApp);
    implement(probeApp, probe.byPath, async ({ orgId, user }) => ({ orgId, role: user.role }));
    implement(probeApp, probe.byQuery, async ({ orgId }) => ({ orgId }));
    implement(probeApp, probe.byBody, async ({ orgId, body }) => ({ orgId, label: body.label }));
    // Deliberately answers a shape the catalogue does not allow.
    implement(probeApp, probe.wrongShape, async () => ({ count: 'tres' }) as unknown as { count: number });
    implement(probeApp, probe.failing, async () => {
      throw new Error('relation "x" does not exist');
    });
    await probeApp.ready();
    for (const email of ['superadmin@demo.co', 'admin@demo.co', 'asesor@demo.co', 'admin@otra.co']) tokens[email] = (await signIn(platform.app, email)).token;
  });
  afterAll(async () => {
    await probeApp.close();
    await platform.close();
  });

  const call = (email: string | null, method: 'GET' | 'POST', url: string, payload?: object) =>
    probeApp.inject({ method, url, headers: email ? bearer(tokens[email]!) : {}, payload });

  it('checks the role against the entry access list', async () => {
    expect((await call('admin@demo.co', 'GET', '/probe/100/items')).json()).toEqual({ orgId: 100, role: 3 });
    const refused = await call('asesor@demo.co', 'GET', '/probe/100/items');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ statusCode: 403, error: 'Forbidden', message: MSG.generic.unauthorized });
    expect((await call(null, 'GET', '/probe/100/items')).statusCode).toBe(401);
  });

  it('resolves the organisation from query and body: own by default, others only for roles 1 and 2', async () => {
    expect((await call('asesor@demo.co', 'GET', '/probe/query')).json()).toEqual({ orgId: 100 });
    expect((await call('admin@otra.co', 'GET', '/probe/query')).json()).toEqual({ orgId: 200 });
    expect((await call('admin@otra.co', 'GET', '/probe/query?idOrg=100')).statusCode).toBe(403);
    expect((await call('superadmin@demo.co', 'GET', '/probe/query?idOrg=200')).json()).toEqual({ orgId: 200 });
    expect((await call('superadmin@demo.co', 'GET', '/probe/query')).json()).toEqual({ orgId: 100 });

    expect((await call('asesor@demo.co', 'POST', '/probe/body', { label: 'a' })).json()).toEqual({ orgId: 100, label: 'a' });
    expect((await call('asesor@demo.co', 'POST', '/probe/body', { idOrg: 200, label: 'a' })).statusCode).toBe(403);
    expect((await call('superadmin@demo.co', 'POST', '/probe/body', { idOrg: 200, label: 'a' })).json()).toEqual({ orgId: 200, label: 'a' });
    const invalid = await call('superadmin@demo.co', 'POST', '/probe/body', { idOrg: 200, label: '' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().message).toMatch(/^label: /);
  });

  it('turns an answer that breaks the response schema, or a thrown error, into a 500 with the SPEC text', async () => {
    for (const [email, url] of [
      ['asesor@demo.co', '/probe/wrong'],
      [null, '/probe/failing']
    ] as const) {
      const res = await call(email, 'GET', url);
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ statusCode: 500, error: 'Internal Server Error', message: MSG.generic.serverError });
    }
  });
});
