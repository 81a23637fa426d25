import rateLimit, { type FastifyRateLimitStore, type FastifyRateLimitStoreCtor, type RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { ServerConfig } from '../config';
import { HttpError } from '../http/errors';
import type { RateLimiters } from '../rate-limiters';

/**
 * Per-address throttling of the credential routes (issue 18), with @fastify/rate-limit: counted in
 * its onRequest hook, so an address over its budget gets 429 (Spanish text, Retry-After) before
 * the body is read, before any argon2 work and before the per-user failure count — one address can
 * neither spray passwords nor lock other people's accounts at scale. The key is request.ip (the
 * plugin's default, an IPv6 client by its /64): the connection's address, or the client a trusted
 * proxy names (config.trustProxy). Without Redis, the plugin's own store in memory (per instance);
 * with REDIS_URL, counted in Redis through rate-limiter-flexible (rate-limiters.ts: one budget for
 * every instance, and the instance's memory while Redis is unreachable).
 */

export const THROTTLE_TEXT = {
  signIn: (wait: string) => `Demasiados intentos de inicio de sesión. Inténtelo de nuevo en ${wait}.`,
  other: (wait: string) => `Demasiadas solicitudes desde su conexión. Inténtelo de nuevo en ${wait}.`,
  /** The widget's handshake (realtime/rate-limits.ts): the customer reads it on the entry form. */
  newChats: (wait: string) => `Se han iniciado demasiados chats desde su conexión. Inténtelo de nuevo en ${wait}.`
} as const;

/** "45 segundos", "1 segundo", "14 minutos": what Retry-After says, in words. */
export function waitInWords(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  if (seconds < 120) return `${seconds} ${seconds === 1 ? 'segundo' : 'segundos'}`;
  return `${Math.ceil(seconds / 60)} minutos`;
}

/**
 * The throttled routes. Each counts on its own (the plugin's in-memory store keeps one counter per
 * route and address, whatever its groupId); the group names the route in the refusal's text.
 */
export type ThrottleGroup = 'sign-in' | 'sign-in-ldap' | 'refresh' | 'password' | 'ldap-probe';

/** Registers the plugin (no route is limited unless it asks for a group); before any route. */
export async function registerThrottle(app: FastifyInstance, limiters: RateLimiters): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    // In memory: one entry per address seen in the window; beyond this the least recent ones are forgotten.
    cache: 50_000,
    ...(limiters.store === 'redis' ? { store: sharedStore(limiters) } : {}),
    errorResponseBuilder: (request, context) => {
      const wait = waitInWords(context.ttl);
      const limit = request.routeOptions.config.rateLimit;
      const signIn = limit ? limit.groupId?.startsWith('sign-in') === true : false;
      // Thrown by the plugin: the platform's error handler answers it as { statusCode, error, message }.
      return new HttpError(429, signIn ? THROTTLE_TEXT.signIn(wait) : THROTTLE_TEXT.other(wait));
    }
  });
}

/**
 * A route's limit. Sign-in, LDAP sign-in, the own-password change (it verifies the current
 * password: a guessing oracle too) and the LDAP settings' 'Probar' (it binds with any password
 * typed: an oracle against the directory) have the configured budget each; the refresh four
 * times it — its tokens cannot be guessed, the cap only stops a flood.
 */
export function throttle(group: ThrottleGroup, config: Pick<ServerConfig, 'authRateLimit'>): RateLimitOptions {
  const { max, windowSeconds } = config.authRateLimit;
  return { groupId: group, max: group === 'refresh' ? max * 4 : max, timeWindow: windowSeconds * 1000 };
}

/**
 * @fastify/rate-limit's store interface over rate-limiter-flexible (its RedisStore wants ioredis;
 * the platform speaks node-redis). The plugin calls incr with the key (address + group) and the
 * route's budget; like its own stores, each route counts apart (child: one per route).
 */
function sharedStore(limiters: RateLimiters): FastifyRateLimitStoreCtor {
  class SharedStore implements FastifyRateLimitStore {
    private readonly budgets = new Map<string, RateLimiterAbstract>();

    constructor(
      _options: unknown,
      private readonly route = ''
    ) {}

    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number, max: number): void {
      const answer = (res: RateLimiterRes) => callback(null, { current: res.consumedPoints, ttl: res.msBeforeNext });
      this.budget(timeWindow, max)
        .consume(`${this.route}|${key}`)
        .then(answer, (error: unknown) => {
          // Over the budget is a rejection with the count, not an error.
          if (error instanceof RateLimiterRes) answer(error);
          else callback(error instanceof Error ? error : new Error(String(error)));
        });
    }

    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
      // The plugin passes the route's merged limit options, the route itself under routeInfo (its RedisStore keys by it too).
      const info = (routeOptions as unknown as { routeInfo?: { method?: unknown; url?: unknown } }).routeInfo;
      return new SharedStore(undefined, `${String(info?.method ?? '')} ${String(info?.url ?? '')}`);
    }

    private budget(timeWindow: number, max: number): RateLimiterAbstract {
      const name = `http:${max}/${timeWindow}`;
      let limiter = this.budgets.get(name);
      if (!limiter) {
        limiter = limiters.limiter(name, { points: max, durationSeconds: timeWindow / 1000 });
        this.budgets.set(name, limiter);
      }
      return limiter;
    }
  }
  return SharedStore;
}
