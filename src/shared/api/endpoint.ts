import type { z } from 'zod';
import type { RoleId } from '../roles';

/** The three service bases of SPEC §7. By default one platform process serves all three at its root. */
export type Service = 'virtualAgent' | 'humanAgent' | 'notifications';
export const SERVICES: readonly Service[] = ['virtualAgent', 'humanAgent', 'notifications'];

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Who may call an endpoint:
 * - 'public': no token (sign-in, refresh);
 * - 'any': any signed-in role;
 * - a role list: only those roles (everyone else gets 403 'Usuario no autorizado').
 */
export type Access = 'public' | 'any' | readonly RoleId[];

/**
 * Where the organisation a call is about comes from. The server's authorization layer reads it:
 * roles 1 and 2 may name any organisation; every other role is pinned to its own, and naming
 * another answers 403. When the caller names none, its own organisation is used.
 */
export interface OrgSource {
  in: 'path' | 'query' | 'body';
  name: string;
}

/**
 * The IPC channels through which the renderer may reach an entry (the main process calls it on the
 * page's behalf): 'settings' → 'settings:call' (src/shared/settings-calls.ts), 'analytics' →
 * 'analytics:query' (src/shared/analytics-calls.ts). Those allow-lists are derived from this flag.
 */
export type IpcArea = 'settings' | 'analytics';

/** The response kinds: a JSON document validated by a schema, or a streamed file. */
export type ResponseKind = z.ZodType | 'csv' | 'binary';

export interface EndpointDef {
  service: Service;
  method: Method;
  /** Always starts with '/'. Path parameters are written `{name}` as in SPEC §7. */
  path: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  response: ResponseKind;
  access: Access;
  org?: OrgSource;
  /** Which renderer channels may call it (absent: none; the app's other services call it themselves). */
  ipc?: readonly IpcArea[];
  /**
   * Callable by a session that must change its password first (TokenClaims.mustChangePassword):
   * only the expiry check and the change itself. Every other entry answers such a session 403.
   */
  beforePasswordChange?: true;
  /** Why a shape was chosen where SPEC §7 says it is "not shown", or any other decision. */
  note?: string;
  /** The largest request body the route takes, where it is more than the platform's default (the Watson import's file). */
  maxBodyBytes?: number;
}

/** Keeps the literal types of a definition so handlers and the client infer their shapes. */
export function endpoint<const D extends EndpointDef>(def: D): D {
  return def;
}

type Infer<T> = T extends z.ZodType ? z.infer<T> : undefined;
export type ParamsOf<D extends EndpointDef> = Infer<D['params']>;
export type QueryOf<D extends EndpointDef> = Infer<D['query']>;
export type BodyOf<D extends EndpointDef> = Infer<D['body']>;
export type ResponseOf<D extends EndpointDef> = D['response'] extends z.ZodType ? z.infer<D['response']> : ReadableStream<Uint8Array>;

/** The names of the `{name}` parameters of a path, in order. */
export function pathParamNames(path: string): string[] {
  return [...path.matchAll(/\{([A-Za-z_][A-Za-z0-9_]*)\}/g)].map((m) => m[1] as string);
}

/** '/api/x/{idOrg}' → '/api/x/:idOrg' (Fastify's syntax). */
export function toRoutePattern(path: string): string {
  return path.replace(/\{([A-Za-z_][A-Za-z0-9_]*)\}/g, ':$1');
}

/** Substitutes the path parameters, URL-encoding each value. Throws if one is missing. */
export function fillPath(path: string, params: Record<string, unknown> | undefined): string {
  return path.replace(/\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null || value === '') throw new Error(`Missing path parameter ${name} for ${path}`);
    return encodeURIComponent(String(value));
  });
}
