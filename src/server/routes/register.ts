import { and, eq, isNull } from 'drizzle-orm';
import type { RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { toRoutePattern, type BodyOf, type EndpointDef, type ParamsOf, type QueryOf } from '../../shared/api/endpoint';
import type { TokenClaims } from '../../shared/domain/session';
import { choosesOrganisation } from '../../shared/roles';
import { organizations } from '../db/schema';
import type { Db } from '../db/types';
import { forbidden, HttpError, unauthenticated } from '../http/errors';
import { parseInput } from '../http/validation';
import { MSG } from '../../shared/messages';
import type { PlatformServices } from '../services';

type Signed<D extends EndpointDef, T> = D['access'] extends 'public' ? undefined : T;

export interface RouteContext<D extends EndpointDef> {
  params: ParamsOf<D>;
  query: QueryOf<D>;
  body: BodyOf<D>;
  /** The access token's claims (absent on public routes). */
  user: Signed<D, TokenClaims>;
  /** The organisation the call is scoped to, already authorised (absent on public routes). */
  orgId: Signed<D, number>;
  db: Db;
  services: PlatformServices;
  request: FastifyRequest;
  reply: FastifyReply;
}

type HandlerResult<D extends EndpointDef> = D['response'] extends z.ZodType ? z.input<D['response']> : unknown;
export type RouteHandler<D extends EndpointDef> = (ctx: RouteContext<D>) => Promise<HandlerResult<D>>;

export interface RouteOptions {
  /** A larger request body than the platform's default (uploads). */
  bodyLimit?: number;
  /** A per-address limit (@fastify/rate-limit, registered by the app builder): the credential routes. */
  rateLimit?: RateLimitOptions;
}

/**
 * Registers the handler of one catalogue entry. Before the handler runs: the bearer token is
 * verified (unless the entry is public), a session that must change its password is refused
 * (403) unless the entry is flagged `beforePasswordChange`, the role is checked against `access`,
 * params, query and body are parsed with the entry's schemas, and the organisation is resolved
 * from `org`.
 * The JSON answer is checked against the entry's response schema.
 */
export function implement<const D extends EndpointDef>(app: FastifyInstance, def: D, handler: RouteHandler<D>, options: RouteOptions = {}): void {
  app.route({
    method: def.method,
    url: toRoutePattern(def.path),
    ...(options.bodyLimit === undefined ? {} : { bodyLimit: options.bodyLimit }),
    ...(options.rateLimit === undefined ? {} : { config: { rateLimit: options.rateLimit } }),
    handler: async (request, reply) => {
      const user = def.access === 'public' ? undefined : await authenticate(request, app.services);
      // A session that must change its password first reaches only the check and the change (TokenClaims.mustChangePassword).
      if (user?.mustChangePassword && !def.beforePasswordChange) throw forbidden();
      if (user && def.access !== 'any' && def.access !== 'public' && !def.access.includes(user.role)) throw forbidden();
      const params = parseInput(def.params, request.params);
      const query = parseInput(def.query, request.query);
      const body = parseInput(def.body, request.body);
      const orgId = user ? await resolveOrganisation(app.db, def, user, { path: params, query, body }) : undefined;
      const ctx = { params, query, body, user, orgId, db: app.db, services: app.services, request, reply } as RouteContext<D>;
      const result = await handler(ctx);
      if (typeof def.response === 'string') return result;
      if (!app.services.config.validateResponses) return result;
      const checked = def.response.safeParse(result);
      if (!checked.success) throw new Error(`Response of ${def.method} ${def.path} does not match the catalogue: ${checked.error.message}`);
      return checked.data;
    }
  });
}

async function authenticate(request: FastifyRequest, services: PlatformServices): Promise<TokenClaims> {
  const header = request.headers.authorization;
  const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  if (!match?.[1]) throw unauthenticated();
  const claims = await services.tokens.verifyAccess(match[1]);
  if (!claims) throw unauthenticated();
  return claims;
}

/**
 * Roles 1 and 2 may name any existing organisation not deleted (their own when they name none); every other
 * role is pinned to its own and naming another answers 403.
 */
async function resolveOrganisation(
  db: Db,
  def: EndpointDef,
  user: TokenClaims,
  input: Record<'path' | 'query' | 'body', unknown>
): Promise<number> {
  if (!def.org) return user.company;
  const source = input[def.org.in];
  const named = source && typeof source === 'object' ? (source as Record<string, unknown>)[def.org.name] : undefined;
  if (named === undefined || named === null) return user.company;
  if (typeof named !== 'number' || !Number.isInteger(named)) throw new HttpError(400, `${def.org.name}: ${MSG.generic.invalidInput}`);
  if (named === user.company) return named;
  if (!choosesOrganisation(user.role)) throw forbidden();
  // A deleted organisation (logical) is no longer one to choose.
  const [exists] = await db
    .select({ idOrg: organizations.idOrg })
    .from(organizations)
    .where(and(eq(organizations.idOrg, named), isNull(organizations.deletedAt)))
    .limit(1);
  if (!exists) throw new HttpError(404, MSG.generic.notFound);
  return named;
}
