import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import type { EndpointDef } from '../../../src/shared/api/endpoint';
import { choosesOrganisation, type RoleId } from '../../../src/shared/roles';
import { endpoints } from '../../../src/shared/api/catalogue';
import { MSG } from '../../../src/shared/messages';
import { platformSettings } from '../../../src/server/db/schema';
import { BACKENDS } from '../../support/database';
import { bearer, claimsOf, createTestApp, signIn, type TestPlatform } from '../../support/app';
import {
  ALL_ROLES,
  HOME_ORG,
  OTHER_ORG,
  OTHER_ORG_EMAILS,
  ROLE_EMAILS,
  allowedRoles,
  asQuery,
  changedTables,
  sampleInput,
  sampleParams,
  servedRoutes,
  tableDigest,
  urlOf,
  type CatalogueRoute
} from './hostile-input-cases';

/**
 * The access rules of every catalogue route, asserted from the catalogue itself (statistics-access
 * checks the statistics' figures per role; this covers every route, the day it is added):
 * - no token, a garbage, forged or expired token → 401;
 * - each role the entry does not allow → 403, whatever the input;
 * - each role it allows gets past authorisation (a read answers, a write with a bad body is a 400);
 * - an organisation-bound role (3–6) naming another organisation → 403, nothing written; naming
 *   none → its own organisation (the same answer as naming its own); roles 1–2 may name another;
 * - a session that must change its password first (an expired one, a user an administrator has
 *   just created) → 403 'Usuario no autorizado' on every route but those flagged
 *   `beforePasswordChange` (the check and the change), whatever its role allows.
 */

type Part = 'path' | 'query' | 'body';

describe.each(BACKENDS)('the access matrix of every catalogue route, on %s', (backend) => {
  let platform: TestPlatform;
  let routes: CatalogueRoute[];
  const tokens = new Map<string, string>();
  /** Sessions that must change their password first: expirado@demo.co (role 4), and a role-3 user admin@demo.co just created. */
  const mustChange = new Map<string, string>();
  let forged: string;
  let expired: string;
  let before: Record<string, string>;

  beforeAll(async () => {
    platform = await createTestApp(backend);
    for (const email of [...Object.values(ROLE_EMAILS), ...Object.values(OTHER_ORG_EMAILS)]) tokens.set(email, (await signIn(platform.app, email)).token);
    const real = tokens.get(ROLE_EMAILS[1]) ?? '';
    const [secretRow] = await platform.app.db.select().from(platformSettings).where(eq(platformSettings.key, 'jwt_secret'));
    const secret = new Uint8Array(Buffer.from(secretRow?.value ?? '', 'base64'));
    expired = await new SignJWT({ ...claimsOf(real), exp: 1_000_000 }).setProtectedHeader({ alg: 'HS256' }).sign(secret);
    forged = await new SignJWT(claimsOf(real)).setProtectedHeader({ alg: 'HS256' }).sign(new TextEncoder().encode('x'.repeat(64)));
    routes = servedRoutes(platform.app).filter((r) => r.def.access !== 'public');
    const created = await platform.app.inject({
      method: 'POST',
      url: '/api/users/company',
      headers: bearer(tokens.get(ROLE_EMAILS[3]) ?? ''),
      payload: { name: 'Nueva Administradora', email: 'nueva.admin@demo.co', role: 3, password: 'Inicial2026!' }
    });
    if (created.statusCode !== 200) throw new Error(`Creating a user answered ${created.statusCode}: ${created.body}`);
    mustChange.set('expirado@demo.co', (await signIn(platform.app, 'expirado@demo.co')).token);
    mustChange.set('nueva.admin@demo.co', (await signIn(platform.app, 'nueva.admin@demo.co', 'Inicial2026!')).token);
    before = await tableDigest(platform.app);
  });
  afterAll(() => platform.close());

  /** The route called with valid input (the organisation part set to `org` when given). */
  function request(def: EndpointDef, token: string | null, org?: number | null, body?: unknown): Promise<LightMyRequestResponse> {
    const params = sampleParams(def);
    const query = asQuery(def.query ? sampleInput(def, 'query') : {});
    let payload = body ?? (def.body ? sampleInput(def, 'body') : undefined);
    if (def.org && org !== undefined) {
      const part: Part = def.org.in;
      if (part === 'path') params[def.org.name] = org ?? HOME_ORG;
      else if (part === 'query') {
        if (org === null) delete query[def.org.name];
        else query[def.org.name] = String(org);
      } else if (payload && typeof payload === 'object' && !Array.isArray(payload)) {
        payload = { ...payload, ...(org === null ? {} : { [def.org.name]: org }) };
      }
    }
    return platform.app.inject({
      method: def.method,
      url: urlOf(def, params),
      query,
      headers: token ? bearer(token) : {},
      ...(payload === undefined || def.method === 'GET' ? {} : { payload: payload as object })
    });
  }

  /** Whether the route's query or body is valid without the organisation's key. */
  const orgOptional = (def: EndpointDef): boolean => {
    if (!def.org || def.org.in === 'path') return false;
    const schema = def.org.in === 'query' ? def.query : def.body;
    const sample = sampleInput(def, def.org.in);
    if (!schema || !sample || typeof sample !== 'object') return true;
    const { [def.org.name]: _named, ...rest } = sample as Record<string, unknown>;
    return schema.safeParse(def.org.in === 'query' ? asQuery(rest) : rest).success;
  };
  const where = (r: CatalogueRoute, who: string) => `${r.name} (${r.def.method} ${r.def.path}) as ${who}`;
  const writes = (def: EndpointDef) => def.method !== 'GET';
  /** A body every write refuses after authorisation: a list where an object is expected. */
  const refusable = (def: EndpointDef) => writes(def) && def.body !== undefined && !def.body.safeParse([]).success;

  it('answers 401 to no token, a garbage, a forged and an expired token', async () => {
    const problems: string[] = [];
    for (const route of routes) {
      const res = await request(route.def, null);
      if (res.statusCode !== 401) problems.push(`${where(route, 'nobody')}: ${res.statusCode}`);
      for (const [label, token] of [
        ['garbage', 'basura'],
        ['forged', forged],
        ['expired', expired]
      ] as const) {
        const answer = await request(route.def, token, undefined, writes(route.def) ? [] : undefined);
        if (answer.statusCode !== 401) problems.push(`${where(route, `a ${label} token`)}: ${answer.statusCode}`);
      }
    }
    expect(problems).toEqual([]);
  }, 180_000);

  it('answers 403 to every role the catalogue does not allow, and lets every allowed role past', async () => {
    const problems: string[] = [];
    for (const route of routes) {
      const allowed = allowedRoles(route.def);
      for (const role of ALL_ROLES) {
        const token = tokens.get(ROLE_EMAILS[role]) ?? '';
        if (!allowed.includes(role)) {
          const res = await request(route.def, token, undefined, writes(route.def) ? [] : undefined);
          if (res.statusCode !== 403) problems.push(`${where(route, `role ${role}`)}: ${res.statusCode}, expected 403`);
          continue;
        }
        if (!writes(route.def)) {
          const res = await request(route.def, token);
          if (res.statusCode === 401 || res.statusCode === 403 || res.statusCode >= 500) problems.push(`${where(route, `role ${role}`)}: ${res.statusCode} ${res.body.slice(0, 120)}`);
        } else if (refusable(route.def)) {
          const res = await request(route.def, token, undefined, []);
          if (res.statusCode !== 400) problems.push(`${where(route, `role ${role}`)} with a bad body: ${res.statusCode}, expected 400`);
        }
      }
    }
    expect(problems).toEqual([]);
  }, 180_000);

  it("refuses another organisation to the organisation-bound roles, and gives them their own when they name none", async () => {
    const problems: string[] = [];
    let checked = 0;
    const bound = Object.entries(OTHER_ORG_EMAILS).map(([role, email]) => ({ role: Number(role) as RoleId, email }));
    for (const route of routes.filter((r) => r.def.org)) {
      const allowed = allowedRoles(route.def);
      for (const { role, email } of bound) {
        if (!allowed.includes(role)) continue;
        const token = tokens.get(email) ?? '';
        // Writes are only sent when their body is valid (else validation answers first); a 403 then writes nothing.
        if (writes(route.def) && route.def.body && !route.def.body.safeParse(sampleInput(route.def, 'body')).success) continue;
        const foreign = await request(route.def, token, HOME_ORG);
        checked++;
        if (foreign.statusCode !== 403) problems.push(`${where(route, email)} naming organisation ${HOME_ORG}: ${foreign.statusCode}, expected 403`);
        // Naming none is possible only where the organisation is optional (the notification templates' companyId is required).
        if (!writes(route.def) && route.def.org?.in !== 'path' && orgOptional(route.def)) {
          const own = await request(route.def, token, OTHER_ORG);
          const unnamed = await request(route.def, token, null);
          if (own.statusCode !== unnamed.statusCode || own.body !== unnamed.body) problems.push(`${where(route, email)}: naming none is not its own organisation's answer`);
        }
      }
      // The top roles choose the organisation (reads only).
      if (!writes(route.def)) {
        for (const role of allowed.filter(choosesOrganisation)) {
          const res = await request(route.def, tokens.get(ROLE_EMAILS[role]) ?? '', OTHER_ORG);
          if (res.statusCode === 401 || res.statusCode === 403 || res.statusCode >= 500) problems.push(`${where(route, `role ${role}`)} naming organisation ${OTHER_ORG}: ${res.statusCode}`);
        }
      }
    }
    expect(problems).toEqual([]);
    expect(checked).toBeGreaterThan(30);
  }, 180_000);

  it('answers 403 to a session that must change its password first, on every route but the check and the change', async () => {
    const problems: string[] = [];
    const open = routes.filter((r) => r.def.beforePasswordChange);
    expect(open.map((r) => r.name).sort()).toEqual(['changePasswordByExpiration', 'updatePasswordByUserName']);
    for (const [email, token] of mustChange) {
      expect(claimsOf(token).mustChangePassword).toBe(true);
      for (const route of routes.filter((r) => !r.def.beforePasswordChange)) {
        // The same valid input a permitted caller sends: the refusal is the session's, not the input's.
        const res = await request(route.def, token);
        if (res.statusCode !== 403 || res.json<{ message: string }>().message !== MSG.generic.unauthorized) {
          problems.push(`${where(route, email)}: ${res.statusCode} ${res.body.slice(0, 120)}, expected 403`);
        }
      }
      const check = await request(endpoints.changePasswordByExpiration, token);
      if (check.statusCode !== 200 || check.json<{ changePassword: boolean }>().changePassword !== true) problems.push(`${email}: the check answered ${check.statusCode} ${check.body}`);
      // A wrong current password reaches the change itself (400, its own refusal), not the session's 403.
      const change = await request(endpoints.updatePasswordByUserName, token, undefined, { oldPassword: 'NoEsLaMia1', newPassword: 'NuevaClave2027' });
      if (change.statusCode !== 400) problems.push(`${email}: the change answered ${change.statusCode}, expected 400 (wrong current password)`);
    }
    expect(problems).toEqual([]);
  }, 180_000);

  it('wrote nothing: every table is as it was', async () => {
    expect(changedTables(before, await tableDigest(platform.app))).toEqual([]);
  }, 60_000);
});
