import { RateLimiterMemory, RateLimiterRedis, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { createClient } from 'redis';

/**
 * The per-address budgets every instance shares (issue 18): the credential routes' throttle
 * (auth/throttle.ts) and the widget's new-chat handshakes (realtime/rate-limits.ts), counted with
 * rate-limiter-flexible — a fixed window per key, like @fastify/rate-limit's own stores.
 *
 * With REDIS_URL the counters live in Redis (one atomic INCR + expiry per attempt), so behind a
 * load balancer an address has one budget, not one per instance. The connection is this module's
 * own (node-redis, the platform's client library), apart from the socket.io adapter's.
 *
 * If Redis cannot be reached mid-run, each limiter falls back to an in-memory one of the same
 * budget (rate-limiter-flexible's insurance limiter): the instance goes on counting by itself — an
 * address gets at most the budget per instance, as before Redis — rather than refusing every
 * sign-in and every customer (fail closed) or counting nothing (fail open). The fallback is
 * immediate (no offline queue: a command is never held waiting for a reconnect), a warning is
 * logged once per outage and the return is logged too. Without REDIS_URL every limiter is in memory.
 */

export interface Budget {
  points: number;
  durationSeconds: number;
}

export interface RateLimiters {
  /** 'redis': one count for every instance on that Redis; 'memory': this instance counts alone. */
  readonly store: 'redis' | 'memory';
  /** A fixed-window counter: `points` per `durationSeconds` per key; `name` keeps its keys apart from other limiters'. */
  limiter(name: string, budget: Budget): RateLimiterAbstract;
  close(): Promise<void>;
}

export interface RateLimitersOptions {
  redisUrl?: string;
  /** Prefix of every key in Redis (config.rateLimitKeyPrefix). */
  keyPrefix: string;
  warn: (message: string, error?: unknown) => void;
  info: (message: string) => void;
}

/** In Redis, a window shorter than a second would never expire: budgets are in whole seconds, at least one. */
const seconds = (value: number): number => Math.max(1, Math.ceil(value));

export async function openRateLimiters(options: RateLimitersOptions): Promise<RateLimiters> {
  if (!options.redisUrl) {
    return {
      store: 'memory',
      limiter: (name, budget) => new RateLimiterMemory({ keyPrefix: name, points: budget.points, duration: seconds(budget.durationSeconds) }),
      close: async () => undefined
    };
  }
  // No offline queue: while the connection is down a command fails at once (and the insurance limiter answers).
  const client = createClient({ url: options.redisUrl, disableOfflineQueue: true });
  let down = false;
  let closing = false;
  client.on('error', (error: unknown) => {
    if (down || closing) return;
    down = true;
    options.warn('rate limits: Redis unreachable; each instance counts the per-address budgets by itself until it is back', error);
  });
  client.on('ready', () => {
    if (!down) return;
    down = false;
    options.info('rate limits: Redis is back; the per-address budgets are shared again');
  });
  await client.connect();
  return {
    store: 'redis',
    limiter: (name, budget) => {
      const points = budget.points;
      const duration = seconds(budget.durationSeconds);
      return new RateLimiterRedis({
        storeClient: client,
        useRedisPackage: true,
        // Not ready (reconnecting): straight to the insurance limiter, without trying the command.
        rejectIfRedisNotReady: true,
        keyPrefix: `${options.keyPrefix}${name}`,
        points,
        duration,
        insuranceLimiter: new RateLimiterMemory({ keyPrefix: name, points, duration })
      });
    },
    close: async () => {
      closing = true;
      await client.close().catch(() => client.destroy());
    }
  };
}
