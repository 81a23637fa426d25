import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { endpoints, type EndpointName } from '../../../src/shared/api/catalogue';
import { fillPath, pathParamNames, type EndpointDef } from '../../../src/shared/api/endpoint';
import { INT4_MAX, serverReachedUrls } from '../../../src/shared/domain/fields';
import type { RoleId } from '../../../src/shared/roles';
import { rowsOf } from '../../../src/server/db/statements';

/**
 * What the hostile-input and access-matrix suites generate from the contracts: a valid sample of a
 * zod schema (the base a hostile value is put into, so that the value is the only thing wrong), the
 * hostile variants of each field, the callers the catalogue's access rules name, and a digest of
 * every table (nothing refused may have written). Read from the schemas, never from a hand list: a
 * route or a field is covered the day it is added.
 */

type Schema = z.ZodType;
interface Def {
  type: string;
  [key: string]: unknown;
}
const defOf = (schema: Schema): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;
const isOptional = (schema: Schema): boolean => (schema as unknown as { _zod: { optin?: string } })._zod.optin === 'optional';
const inner = (def: Def): Schema => def.innerType as Schema;

/** Texts a string field is tried with until one passes its checks (formats, patterns). */
const TEXT_CANDIDATES = [
  'Texto de prueba',
  'abc',
  '1',
  '2026-03-02',
  '08:00',
  '#112233',
  'persona@ejemplo.co',
  'Clave2026!',
  'https://ejemplo.co/a.png',
  'QUJD',
  'image/png',
  'K1',
  '3001234567',
  '/api/multimedia/descargar/abc1',
  'abcdefgh1',
  'ABC123',
  'evento_prueba',
  // An LDAP directory's settings (src/shared/domain/ldap.ts): its address (public-looking: a documentation range), a DN, a user filter.
  'ldap://203.0.113.10:389',
  'dc=atiende,dc=test',
  '(uid={{username}})'
];
const NUMBER_CANDIDATES = [1, 2, 5, 0, 10, 100];

/** A value `schema` accepts, or undefined when none of the candidates does. */
export function sampleOf(schema: Schema, depth = 0): unknown {
  if (depth > 12) return undefined;
  const def = defOf(schema);
  const first = <T>(candidates: readonly T[]): T | undefined => candidates.find((c) => schema.safeParse(c).success);
  switch (def.type) {
    case 'string':
      return first(TEXT_CANDIDATES);
    case 'number':
    case 'int':
      return first(NUMBER_CANDIDATES);
    case 'boolean':
      return true;
    case 'enum':
      return Object.values(def.entries as Record<string, unknown>)[0];
    case 'literal':
      return (def.values as unknown[])[0];
    case 'null':
      return null;
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [key, field] of Object.entries(def.shape as Record<string, Schema>)) {
        if (isOptional(field)) continue;
        out[key] = sampleOf(field, depth + 1);
      }
      return out;
    }
    case 'array': {
      const element = sampleOf(def.element as Schema, depth + 1);
      const candidates = [[], [element], [element, element]];
      return first(candidates) ?? [element];
    }
    case 'record':
      return {};
    case 'union': {
      for (const option of def.options as Schema[]) {
        const value = sampleOf(option, depth + 1);
        if (option.safeParse(value).success) return value;
      }
      return sampleOf((def.options as Schema[])[0] as Schema, depth + 1);
    }
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'nonoptional':
    case 'catch':
      return sampleOf(inner(def), depth + 1);
    case 'pipe':
      return sampleOf(def.in as Schema, depth + 1);
    case 'lazy':
      return sampleOf((def.getter as () => Schema)(), depth + 1);
    case 'intersection':
      return { ...(sampleOf(def.left as Schema, depth + 1) as object), ...(sampleOf(def.right as Schema, depth + 1) as object) };
    default:
      return undefined;
  }
}

/** The leaf kinds a hostile value is chosen by. */
type Leaf = 'text' | 'number' | 'boolean' | 'choice' | 'list' | 'object' | 'other';

function leafOf(schema: Schema): { kind: Leaf; maxLength: number | null } {
  const def = defOf(schema);
  switch (def.type) {
    case 'string': {
      const checks = (def.checks as { _zod: { def: { check: string; maximum?: number } } }[] | undefined) ?? [];
      const max = checks.map((c) => c._zod.def).find((c) => c.check === 'max_length')?.maximum ?? null;
      return { kind: 'text', maxLength: max };
    }
    case 'number':
    case 'int':
      return { kind: 'number', maxLength: null };
    case 'boolean':
      return { kind: 'boolean', maxLength: null };
    case 'enum':
    case 'literal':
      return { kind: 'choice', maxLength: null };
    case 'array':
      return { kind: 'list', maxLength: null };
    case 'object':
    case 'record':
      return { kind: 'object', maxLength: null };
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'nonoptional':
    case 'catch':
      return leafOf(inner(def));
    case 'pipe':
      return leafOf(def.in as Schema);
    case 'union': {
      const kinds = (def.options as Schema[]).map(leafOf);
      return kinds.find((k) => k.kind === 'text') ?? kinds[0] ?? { kind: 'other', maxLength: null };
    }
    default:
      return { kind: 'other', maxLength: null };
  }
}

export const NUL_TEXT = 'abc\u0000def';
/** Line breaks and other control characters: data in a multi-line text, a command to another protocol in a single-line one. */
export const CONTROL_TEXTS = [
  ['CR/LF', 'abc\r\nSET k v\r\nQUIT\r\ndef'],
  ['escape sequence', 'abc\u001b[2Jdef'],
  ['C1 control', 'abc\u0085def']
] as const;
/**
 * Where a URL the server connects to must not lead (ldap/address-rules.ts): loopback however it is
 * written, private and shared ranges, link-local (cloud metadata), unique-local, unspecified.
 */
export const NON_PUBLIC_HOSTS = [
  '127.0.0.1',
  'localhost',
  '[::1]',
  '[::ffff:127.0.0.1]',
  '2130706433',
  '0.0.0.0',
  '[::]',
  '10.0.0.1',
  '172.16.0.1',
  '192.168.1.1',
  '100.64.0.1',
  '169.254.169.254',
  '[fc00::1]',
  '[fe80::1]'
];
export const HUGE_TEXT = 'x'.repeat(100_000);
export const INJECTION = "1' or '1'='1'; drop table users; --";
export const OUT_OF_RANGE = [INT4_MAX + 1, Number.MAX_SAFE_INTEGER] as const;

/**
 * A hostile value: `must` ones (NUL, 100k characters where the field allows less, integers beyond
 * int4, a wrong type) are refused by every contract; the others (negative, fractional, injection
 * text, control characters) only where the field's own rules say so — where the schema refuses them
 * the route must answer a 4xx and write nothing; where it accepts them they are data, and a write
 * route is not sent them (it would write). `byRoute` ones are refused by the route whatever the
 * schema says (a URL the server connects to, pointed at a non-public address): always sent, always
 * a 4xx, nothing written.
 */
export interface Variant {
  label: string;
  value: unknown;
  must: boolean;
  byRoute?: boolean;
}

/** Whether `schema` (through its wrappers) is a URL the server connects to (serverReachedUrls). */
function reachedByServer(schema: Schema): boolean {
  if (serverReachedUrls.has(schema)) return true;
  const def = defOf(schema);
  if (['optional', 'nullable', 'default', 'prefault', 'readonly', 'nonoptional', 'catch'].includes(def.type)) return reachedByServer(inner(def));
  if (def.type === 'pipe') return reachedByServer(def.in as Schema);
  return false;
}

/** How the variants are made: `listenerPort`, the port the URLs point at (a listener the suite watches: none may reach it). */
export interface VariantOptions {
  listenerPort?: number;
}

/**
 * The field's valid URL with its host replaced by each non-public one (and its port by the
 * listener's); a field that is a host alone (an SMTP server's) is each non-public host itself.
 */
function nonPublicUrls(schema: Schema, { listenerPort }: VariantOptions): Variant[] {
  const sample = sampleOf(schema);
  if (typeof sample !== 'string') return [];
  if (!sample.includes('://')) return NON_PUBLIC_HOSTS.map((host) => ({ label: `address ${host}`, value: host, must: false, byRoute: true }));
  return NON_PUBLIC_HOSTS.map((host) => {
    const url = new URL(sample);
    url.hostname = host;
    if (listenerPort !== undefined) url.port = String(listenerPort);
    return { label: `address ${host}`, value: url.toString(), must: false, byRoute: true };
  });
}

function leafVariants(schema: Schema, asText: boolean, options: VariantOptions): Variant[] {
  const { kind, maxLength } = leafOf(schema);
  const t = (v: number | string): unknown => (asText ? String(v) : v);
  const out: Variant[] = [];
  if (kind === 'text' || kind === 'choice') {
    out.push({ label: 'NUL', value: NUL_TEXT, must: true });
    out.push({ label: '100k characters', value: HUGE_TEXT, must: maxLength === null || maxLength < HUGE_TEXT.length });
    out.push({ label: 'injection', value: INJECTION, must: false });
    for (const [label, value] of CONTROL_TEXTS) out.push({ label, value, must: false });
    if (reachedByServer(schema)) out.push(...nonPublicUrls(schema, options));
    if (!asText) out.push({ label: 'wrong type (number)', value: 12345, must: kind === 'choice' });
  }
  if (kind === 'number') {
    for (const n of OUT_OF_RANGE) out.push({ label: `integer ${n}`, value: t(n), must: true });
    out.push({ label: 'integer -1', value: t(-1), must: false });
    out.push({ label: 'fraction', value: t(1.5), must: false });
    out.push({ label: 'not a number', value: asText ? 'uno' : 'uno', must: true });
    if (!asText) out.push({ label: 'numeric text', value: '7', must: false });
  }
  if (kind === 'boolean') out.push({ label: 'not a boolean', value: asText ? 'quizas' : 'quizas', must: true });
  if (kind === 'list' && !asText) out.push({ label: 'not a list', value: 'x', must: true });
  if (kind === 'object' && !asText) out.push({ label: 'not an object', value: 'x', must: true });
  if (!asText) out.push({ label: 'deeply nested', value: nested(50), must: kind !== 'other' });
  return out;
}

function nested(depth: number): unknown {
  let value: unknown = 'x';
  for (let i = 0; i < depth; i++) value = { a: value };
  return value;
}

/** The top-level fields of an object schema (through optional/default/pipe wrappers), or null. */
export function objectShape(schema: Schema | undefined): Record<string, Schema> | null {
  if (!schema) return null;
  const def = defOf(schema);
  if (def.type === 'object') return def.shape as Record<string, Schema>;
  if (def.type === 'pipe') return objectShape(def.in as Schema);
  if (['optional', 'nullable', 'default', 'prefault', 'readonly'].includes(def.type)) return objectShape(inner(def));
  return null;
}

/** The element of a list, the value of a record (through wrappers), or null. */
function containerOf(schema: Schema): { kind: 'array' | 'record'; item: Schema } | null {
  const def = defOf(schema);
  if (def.type === 'array') return { kind: 'array', item: def.element as Schema };
  if (def.type === 'record') return { kind: 'record', item: def.valueType as Schema };
  if (['optional', 'nullable', 'default', 'prefault', 'readonly'].includes(def.type)) return containerOf(inner(def));
  return null;
}

/** A field's hostile values: its own, and (two levels down) those of the fields of its objects, list items and record values. */
function valueVariants(schema: Schema, asText: boolean, depth: number, options: VariantOptions): { path: string; variant: Variant }[] {
  const out = leafVariants(schema, asText, options).map((variant) => ({ path: '', variant }));
  if (asText || depth >= 2) return out;
  const nestedShape = objectShape(schema);
  if (nestedShape) {
    const base = (sampleOf(schema) ?? {}) as Record<string, unknown>;
    for (const [key, sub] of Object.entries(nestedShape)) {
      for (const { path, variant } of valueVariants(sub, false, depth + 1, options)) {
        out.push({ path: `.${key}${path}`, variant: { ...variant, value: { ...base, [key]: variant.value } } });
      }
    }
  }
  const container = containerOf(schema);
  if (container) {
    for (const { path, variant } of valueVariants(container.item, false, depth + 1, options)) {
      const value = container.kind === 'array' ? [variant.value] : { '1': variant.value };
      out.push({ path: `${container.kind === 'array' ? '[0]' : "['1']"}${path}`, variant: { ...variant, value } });
    }
  }
  return out;
}

/** Every field of `schema` set, one at a time, to each of its hostile values (the rest of `base` kept). */
export function fieldVariants(
  schema: Schema,
  base: Record<string, unknown>,
  asText: boolean,
  options: VariantOptions = {}
): { field: string; variant: Variant; input: Record<string, unknown> }[] {
  const shape = objectShape(schema);
  if (!shape) return [];
  const out: { field: string; variant: Variant; input: Record<string, unknown> }[] = [];
  for (const [key, fieldSchema] of Object.entries(shape)) {
    for (const { path, variant } of valueVariants(fieldSchema, asText, 0, options)) out.push({ field: `${key}${path}`, variant, input: { ...base, [key]: variant.value } });
  }
  return out;
}

/** Query strings carry text: the sample's values as the client would send them. */
export function asQuery(value: unknown): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  if (!value || typeof value !== 'object') return out;
  for (const [key, v] of Object.entries(value)) {
    if (v === undefined || v === null) continue;
    if (Array.isArray(v)) out[key] = v.map(String);
    else if (typeof v !== 'object') out[key] = String(v);
  }
  return out;
}

/* ───────────── the catalogue's routes and callers ───────────── */

export interface CatalogueRoute {
  name: EndpointName;
  def: EndpointDef;
}

/** Every catalogue entry the app serves (an entry without a handler answers 404 and is not a route yet). */
export function servedRoutes(app: FastifyInstance): CatalogueRoute[] {
  return (Object.entries(endpoints) as [EndpointName, EndpointDef][])
    .filter(([, def]) => app.hasRoute({ method: def.method, url: def.path.replace(/\{([A-Za-z_][A-Za-z0-9_]*)\}/g, ':$1') }))
    .map(([name, def]) => ({ name, def }));
}

/** The demo accounts of each role (organisation 100), and of organisation 200. */
export const ROLE_EMAILS: Record<RoleId, string> = {
  1: 'superadmin@demo.co',
  2: 'supervisualizador@demo.co',
  3: 'admin@demo.co',
  4: 'visualizador@demo.co',
  5: 'asesor@demo.co',
  6: 'supervisor@demo.co'
};
export const OTHER_ORG_EMAILS = { 3: 'admin@otra.co', 5: 'asesor@otra.co' } as const;
export const ALL_ROLES: readonly RoleId[] = [1, 2, 3, 4, 5, 6];
export const HOME_ORG = 100;
export const OTHER_ORG = 200;

export function allowedRoles(def: EndpointDef): readonly RoleId[] {
  if (def.access === 'public') return [];
  if (def.access === 'any') return ALL_ROLES;
  return def.access;
}

/** The role a route is tried as: the top role when allowed (it reaches every organisation), else the first allowed. */
export function callerRole(def: EndpointDef): RoleId | null {
  const allowed = allowedRoles(def);
  if (allowed.length === 0) return null;
  return allowed.includes(1) ? 1 : (allowed[0] ?? null);
}

/** Valid path parameters: the organisation named by the route's org rule is HOME_ORG, any other id 1. */
export function sampleParams(def: EndpointDef): Record<string, unknown> {
  const names = pathParamNames(def.path);
  const sample = (def.params ? sampleOf(def.params) : {}) as Record<string, unknown> | undefined;
  const out: Record<string, unknown> = {};
  for (const name of names) out[name] = sample?.[name] ?? 1;
  if (def.org?.in === 'path') out[def.org.name] = HOME_ORG;
  return out;
}

/**
 * A valid query or body of the route: its schema's sample, with the organisation its org rule names
 * there (when the sample holds it: a required key, as the notification templates' companyId) set to
 * HOME_ORG — the caller's own, as the client sends it — rather than a sample id no organisation has.
 */
export function sampleInput(def: EndpointDef, part: 'query' | 'body'): unknown {
  const schema = part === 'query' ? def.query : def.body;
  const sample = schema ? sampleOf(schema) : undefined;
  if (def.org?.in !== part || !sample || typeof sample !== 'object' || Array.isArray(sample) || !(def.org.name in sample)) return sample;
  return { ...sample, [def.org.name]: HOME_ORG };
}

export function urlOf(def: EndpointDef, params: Record<string, unknown>): string {
  return fillPath(def.path, params);
}

/** The hostile path parameters: each name in turn set to each value, the others valid. */
export const PATH_VALUES = [String(INT4_MAX + 1), String(Number.MAX_SAFE_INTEGER), '-1', 'abc', '%00', '1%00', encodeURIComponent(INJECTION), 'x'.repeat(300)];

/** Whole-query cases of the filter: impossible and enormous ranges, and page sizes. */
export const RANGE_CASES: Record<string, string>[] = [
  { start: '1000-01-01', end: '9999-12-31' },
  { start: '1900-01-01', end: '2999-12-31', resolution: 'hour' },
  { start: '2000-01-01', end: '2049-12-31', resolution: 'hour' },
  { start: '2026-01-01', end: '2026-03-01', resolution: 'hour' },
  { start: '2020-01-01', end: '2026-03-01' },
  { start: '2026-03-10', end: '2026-03-01' },
  { start: '2026-02-30', end: '2026-03-01' },
  { start: '99999-01-01', end: '99999-01-02' },
  { start: '2026-03-01', end: '2026-03-02', page: '2147483648' },
  { start: '2026-03-01', end: '2026-03-02', size: '100000' },
  { start: '2026-03-01', end: '2026-03-02', size: '0' }
];

/* ───────────── the database's digest ───────────── */

/**
 * Waits until the platform's notification worker has nothing due and nothing under way: notices an
 * earlier step raised (an account locked, say) are background work, sent and logged in their own
 * time — a digest taken meanwhile would see them land as if the request under test had written.
 */
async function notificationsSettled(app: FastifyInstance): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    await app.services.notify.idle();
    const [due] = rowsOf(
      await app.db.execute(sql`select count(*)::int as n from notification_outbox where status in ('PENDIENTE', 'ENVIANDO') and next_attempt_at <= now()`)
    ) as { n: number }[];
    if (Number(due?.n ?? 0) === 0) return;
    if (Date.now() > deadline) throw new Error(`tableDigest: ${due?.n} notifications still due after 30 s`);
    app.services.notify.kick();
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Each table's contents hashed (md5 of its rows as text, in text order): equal digests, nothing written. */
export async function tableDigest(app: FastifyInstance): Promise<Record<string, string>> {
  await notificationsSettled(app);
  const tables = rowsOf(
    await app.db.execute(sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`)
  ) as { name: string }[];
  const out: Record<string, string> = {};
  for (const { name } of tables) {
    const [row] = rowsOf(
      await app.db.execute(sql.raw(`select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as digest from "${name.replace(/"/g, '""')}" t`))
    ) as { digest: string }[];
    out[name] = row?.digest ?? '';
  }
  return out;
}

/** The names of the tables whose digest changed. */
export function changedTables(before: Record<string, string>, after: Record<string, string>): string[] {
  return [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((t) => before[t] !== after[t]);
}
