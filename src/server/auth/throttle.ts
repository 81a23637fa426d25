import rateLimit, { type RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from '../config';
import { HttpError } from '../http/errors';

/**
 * Per-address throttling of the credential routes (issue 18), with @fastify/rate-limit: counted in
 * its onRequest hook, so an address over its budget gets 429 (Spanish text, Retry-After) before
 * the body is read, before any argon2 work and before the per-user failure count — one address can
 * neither spray passwords nor lock other people's accounts at scale. The key is request.ip (the
 * plugin's default, an IPv6 client by its /64): the connection's address, or the client a trusted
 * proxy names (config.trustProxy). In memory, per instance: several instances each hold the budget.
 */

export const THROTTLE_TEXT = {
  signIn: (wait: string) => `Demasiados intentos de inicio de sesión. Inténtelo de nuevo en ${wait}.`,
  other: (wait: string) => `Demasiadas solicitudes desde su conexión. Inténtelo de nuevo en ${wait}.`
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
export async function registerThrottle(app: FastifyInstance): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    // One entry per address seen in the window; beyond this the least recent ones are forgotten.
    cache: 50_000,
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
