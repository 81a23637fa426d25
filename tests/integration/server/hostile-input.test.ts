import net from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import type { z } from 'zod';
import { pathParamNames, type EndpointDef } from '../../../src/shared/api/endpoint';
import type { RoleId } from '../../../src/shared/roles';
import { BACKENDS } from '../../support/database';
import { bearer, createTestApp, signIn, type TestPlatform } from '../../support/app';
import {
  ALL_ROLES,
  HUGE_TEXT,
  INJECTION,
  PATH_VALUES,
  RANGE_CASES,
  ROLE_EMAILS,
  asQuery,
  callerRole,
  changedTables,
  fieldVariants,
  objectShape,
  sampleInput,
  sampleParams,
  servedRoutes,
  tableDigest,
  urlOf,
  type CatalogueRoute
} from './hostile-input-cases';

/**
 * Every route of the endpoint catalogue the platform serves, fed what nobody wrote down — wrong
 * types, missing and extra fields, integers past int4, NUL and 100k-character texts, deep nesting,
 * invalid JSON, wrong content types, oversized bodies, prototype-pollution keys, injection text,
 * impossible and enormous date ranges and page sizes — answers a 4xx, never a 5xx, never hangs, and
 * writes nothing (every table's digest is the same before and after). Text fields are also tried with
 * line breaks and other control characters (refused wherever their schema refuses them), and the
 * URLs the server connects to with loopback and private addresses (refused by the route whatever
 * the schema accepts: this platform allows none, LDAP_ALLOWED_HOSTS unset). Each route is called as
 * a role its access rule allows, so the refusal is the input's, not the role's. A query schema shared by
 * many routes (the statistics filter) has its fields tried once; the whole-range cases run on each.
 */

const HANG_MS = 10_000;
const write = (def: EndpointDef) => def.method !== 'GET';

interface Probe {
  route: CatalogueRoute;
  label: string;
  url?: string;
  query?: Record<string, string | string[]>;
  payload?: string | object;
  contentType?: string;
  /** The answer must be a 4xx (otherwise: anything but a 5xx). */
  refused: boolean;
}

describe.each(BACKENDS)('hostile input on every catalogue route, on %s', (backend) => {
  let platform: TestPlatform;
  const tokens = new Map<RoleId, string>();
  let before: Record<string, string>;
  let routes: CatalogueRoute[];
  let problems: string[] = [];
  let sent = 0;
  /** Loopback (IPv4 and IPv6): where the URLs the server connects to are pointed; nothing may connect. */
  let listener: net.Server;
  let listenerPort = 0;
  let reachedListener = 0;
  let byRouteSent = 0;

  beforeAll(async () => {
    listener = net.createServer((socket) => {
      reachedListener++;
      socket.destroy();
    });
    await new Promise<void>((resolve) => listener.listen({ port: 0, host: '::', ipv6Only: false }, resolve));
    const address = listener.address();
    listenerPort = typeof address === 'object' && address ? address.port : 0;
    platform = await createTestApp(backend);
    for (const role of ALL_ROLES) tokens.set(role, (await signIn(platform.app, ROLE_EMAILS[role])).token);
    routes = servedRoutes(platform.app);
    before = await tableDigest(platform.app);
  });
  afterAll(async () => {
    await platform.close();
    await new Promise<void>((resolve) => listener.close(() => resolve()));
  });
  beforeEach(() => {
    problems = [];
  });

  async function probe(p: Probe): Promise<void> {
    const { def } = p.route;
    const role = callerRole(def);
    const token = role === null ? undefined : tokens.get(role);
    const headers: Record<string, string> = { ...(token ? bearer(token) : {}) };
    if (p.contentType) headers['content-type'] = p.contentType;
    const url = p.url ?? urlOf(def, sampleParams(def));
    sent++;
    let timer: NodeJS.Timeout | undefined;
    const hang = new Promise<'hang'>((resolve) => {
      timer = setTimeout(() => resolve('hang'), HANG_MS);
    });
    const answer = await Promise.race([
      platform.app.inject({ method: def.method, url, query: p.query, headers, ...(p.payload === undefined ? {} : { payload: p.payload }) }),
      hang
    ]).finally(() => clearTimeout(timer));
    const where = `${p.route.name} (${def.method} ${def.path}) ${p.label}`;
    if (answer === 'hang') {
      problems.push(`${where}: no answer within ${HANG_MS} ms`);
      return;
    }
    const res: LightMyRequestResponse = answer;
    if (res.statusCode >= 500) problems.push(`${where}: ${res.statusCode} ${res.body.slice(0, 200)}`);
    else if (p.refused && (res.statusCode < 400 || res.statusCode >= 500)) problems.push(`${where}: ${res.statusCode}, expected a refusal`);
    else if (res.statusCode >= 400) {
      const body = res.json<{ message?: unknown }>();
      if (typeof body.message !== 'string' || body.message === '') problems.push(`${where}: ${res.statusCode} without a message`);
    }
  }

  /**
   * A variant of a part of the request: sent when its schema refuses it, or when the route must
   * refuse it whatever the schema says (`byRoute`); a write the schema accepts is not sent otherwise (it would write).
   */
  function judged(schema: z.ZodType, input: unknown, { must, byRoute }: { must: boolean; byRoute?: boolean }, route: CatalogueRoute, label: string): 'send' | 'skip' {
    if (byRoute || !schema.safeParse(input).success) return 'send';
    if (must) problems.push(`${route.name}: ${label} is accepted by the catalogue's schema`);
    return write(route.def) || must ? 'skip' : 'send';
  }

  it('refuses hostile path parameters', async () => {
    for (const route of routes) {
      for (const name of pathParamNames(route.def.path)) {
        for (const value of PATH_VALUES) {
          const params = sampleParams(route.def);
          const url = route.def.path.replace(/\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (_, n: string) => (n === name ? value : String(params[n])));
          // A text id (a conversation's) may well be '2147483648': refused only where the schema says so; never a 5xx.
          const refused = route.def.params ? !route.def.params.safeParse({ ...params, [name]: decodeURIComponent(value) }).success : false;
          if (!refused && write(route.def)) continue;
          await probe({ route, label: `path ${name}=${value.slice(0, 30)}`, url, refused });
        }
      }
    }
    expect(problems).toEqual([]);
  }, 120_000);

  it('refuses hostile query fields, and answers every query shape without a 5xx', async () => {
    const tried = new Set<z.ZodType>();
    for (const route of routes) {
      const schema = route.def.query;
      if (!schema) continue;
      const base = (sampleInput(route.def, 'query') ?? {}) as Record<string, unknown>;
      const baseQuery = asQuery(base);
      if (!tried.has(schema)) {
        tried.add(schema);
        for (const { field, variant } of fieldVariants(schema, base, true, { listenerPort })) {
          const query = { ...baseQuery, [field]: String(variant.value) };
          if (judged(schema, query, variant, route, `query ${field}=${variant.label}`) === 'skip') continue;
          if (variant.byRoute) byRouteSent++;
          await probe({ route, label: `query ${field}=${variant.label}`, query, refused: variant.byRoute === true || !schema.safeParse(query).success });
        }
        // Prototype-pollution and injection keys beside a valid query: ignored, never a 5xx.
        const polluted = `${urlOf(route.def, sampleParams(route.def))}?__proto__[polluted]=1&constructor[prototype][polluted]=1&${encodeURIComponent(INJECTION)}=1`;
        if (!write(route.def)) await probe({ route, label: 'query with pollution keys', url: polluted, query: baseQuery, refused: false });
        // A repeated key arrives as a list where a single value is expected.
        for (const field of Object.keys(objectShape(schema) ?? {})) {
          const query = { ...baseQuery, [field]: ['1', '2'] };
          if (schema.safeParse(query).success && write(route.def)) continue;
          await probe({ route, label: `query ${field} repeated`, query, refused: !schema.safeParse(query).success });
        }
      }
      const shape = objectShape(schema) ?? {};
      if ('start' in shape && 'end' in shape) {
        for (const range of RANGE_CASES.filter((c) => Object.keys(c).every((key) => key in shape))) {
          const query = { ...baseQuery, ...range };
          const refused = !schema.safeParse(query).success;
          if (!refused) problems.push(`${route.name}: the query ${JSON.stringify(range)} is accepted by the catalogue's schema`);
          else await probe({ route, label: `query ${JSON.stringify(range)}`, query, refused });
        }
      }
    }
    expect(problems).toEqual([]);
  }, 180_000);

  it('refuses hostile body fields', async () => {
    const tried = new Set<z.ZodType>();
    for (const route of routes) {
      const schema = route.def.body;
      if (!schema || tried.has(schema)) continue;
      tried.add(schema);
      const base = sampleInput(route.def, 'body');
      const object = (base && typeof base === 'object' && !Array.isArray(base) ? base : {}) as Record<string, unknown>;
      for (const { field, variant, input } of fieldVariants(schema, object, false, { listenerPort })) {
        const label = `body ${field}=${variant.label}`;
        if (judged(schema, input, variant, route, label) === 'skip') continue;
        if (variant.byRoute) byRouteSent++;
        await probe({ route, label, payload: input, refused: true });
      }
      // Every required field missing, one at a time.
      for (const field of Object.keys(objectShape(schema) ?? {})) {
        const { [field]: _dropped, ...rest } = object;
        if (schema.safeParse(rest).success) continue;
        await probe({ route, label: `body without ${field}`, payload: rest, refused: true });
      }
    }
    expect(problems).toEqual([]);
  }, 180_000);

  it('refuses malformed, mistyped, oversized and polluted bodies', async () => {
    const oversized = JSON.stringify({ relleno: HUGE_TEXT.repeat(12) });
    const deep = `${'['.repeat(5000)}${']'.repeat(5000)}`;
    for (const route of routes) {
      if (!write(route.def)) continue;
      const schema = route.def.body;
      const base = schema ? sampleInput(route.def, 'body') : {};
      const object = (base && typeof base === 'object' && !Array.isArray(base) ? base : {}) as Record<string, unknown>;
      const json = 'application/json';
      // Refused by the body parser whatever the route (a route without a body schema ignores any other body).
      // A route that takes more than the default (a file) is sent one byte more than it takes.
      const limit = route.def.maxBodyBytes;
      const cases: Omit<Probe, 'route'>[] = [
        { label: 'invalid JSON', payload: '{"a":', contentType: json, refused: true },
        { label: 'oversized body', payload: limit === undefined ? oversized : JSON.stringify({ relleno: 'x'.repeat(limit) }), contentType: json, refused: true },
        { label: '__proto__ key', payload: `{"__proto__":{"polluted":true},${JSON.stringify(object).slice(1)}`.replace(',}', '}'), contentType: json, refused: true },
        { label: 'constructor.prototype key', payload: `{"constructor":{"prototype":{"polluted":true}},${JSON.stringify(object).slice(1)}`.replace(',}', '}'), contentType: json, refused: true }
      ];
      if (schema) {
        cases.push({ label: '5000-deep JSON', payload: deep, contentType: json, refused: true });
        cases.push({ label: 'form-encoded body', payload: 'a=1&b=2', contentType: 'application/x-www-form-urlencoded', refused: true });
        cases.push({ label: 'text/plain body', payload: JSON.stringify(object), contentType: 'text/plain', refused: true });
        cases.push({ label: 'a list for the body', payload: JSON.stringify([object]), contentType: json, refused: true });
        cases.push({ label: 'null body', payload: 'null', contentType: json, refused: true });
        // Extra fields (ignored by the contract) beside a missing required one: refused, nothing written.
        const required = Object.keys(objectShape(schema) ?? {}).find((field) => {
          const { [field]: _dropped, ...rest } = object;
          return !schema.safeParse(rest).success;
        });
        if (required) {
          const { [required]: _dropped, ...rest } = object;
          cases.push({ label: `extra fields without ${required}`, payload: { ...rest, campoExtra: INJECTION, $where: '1==1', idOrg: 200 }, refused: true });
        }
      }
      for (const c of cases) await probe({ route, ...c });
    }
    expect(problems).toEqual([]);
  }, 180_000);

  it('wrote nothing, and connected nowhere: every table is as it was', async () => {
    expect(sent).toBeGreaterThan(1000);
    // The URLs the server connects to (the LDAP directory's, in the settings and 'Probar') were tried at loopback and private addresses…
    expect(byRouteSent).toBeGreaterThan(0);
    // …and none of them was connected to.
    expect(reachedListener).toBe(0);
    expect(changedTables(before, await tableDigest(platform.app))).toEqual([]);
  }, 60_000);
});
