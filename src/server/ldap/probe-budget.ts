import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { waitInWords } from '../auth/throttle';
import type { ServerConfig } from '../config';
import { HttpError } from '../http/errors';
import type { RateLimiters } from '../rate-limiters';

/**
 * How much 'Probar' an organisation gets. Each probe makes the platform open connections and bind
 * with a typed password; the per-address throttle (auth/throttle.ts) does not bound an
 * administrator who asks from many addresses, so each organisation also has its own budget per
 * window (config.ldapProbeLimit) and one probe at a time. Both are counted by rate-limiter-flexible
 * through the platform's RateLimiters: in Redis with REDIS_URL, so a cluster's instances share them.
 * The one-at-a-time slot is a single point held while the probe runs and given back after; if an
 * instance dies holding it, it frees itself when its window (twice the probe's deadline) ends.
 */

export interface ProbeTexts {
  busy: string;
  tooMany: (wait: string) => string;
}

export const PROBE_TEXT: ProbeTexts = {
  busy: 'Ya hay una prueba del directorio LDAP en curso para esta entidad. Espere a que termine e inténtelo de nuevo.',
  tooMany: (wait: string) => `Se han hecho demasiadas pruebas del directorio LDAP para esta entidad. Inténtelo de nuevo en ${wait}.`
};

/**
 * What else has a budget of this kind, counted apart from the LDAP directory's under its own names
 * with the same numbers (config.ldapProbeLimit): the notification channels' 'Probar conexión'
 * (src/server/notify/channel-settings.ts), which also connects from the platform with a typed password.
 */
export interface ProbeKind {
  /** The limiters' names: `${name}-org` and `${name}-running`. */
  name: string;
  texts: ProbeTexts;
  /** How long one probe may take at most (ms). */
  deadlineMs: number;
}

export class ProbeBudget {
  constructor(
    private readonly attempts: RateLimiterAbstract,
    private readonly running: RateLimiterAbstract,
    private readonly texts: ProbeTexts = PROBE_TEXT
  ) {}

  static create(limiters: RateLimiters, config: Pick<ServerConfig, 'ldapProbeLimit' | 'ldapProbeDeadlineMs'>, kind?: ProbeKind): ProbeBudget {
    const { max, windowSeconds } = config.ldapProbeLimit;
    const { name, texts, deadlineMs } = kind ?? { name: 'ldap-probe', texts: PROBE_TEXT, deadlineMs: config.ldapProbeDeadlineMs };
    return new ProbeBudget(
      limiters.limiter(`${name}-org`, { points: max, durationSeconds: windowSeconds }),
      // Twice the deadline: the probe's work before it (the settings' read, the host's resolution) is not under it.
      limiters.limiter(`${name}-running`, { points: 1, durationSeconds: (2 * deadlineMs) / 1000 }),
      texts
    );
  }

  /** Runs `probe` as organisation `idOrg`'s probe: 429 (Spanish, Retry-After) while another runs or the window's budget is spent. */
  async run<T>(idOrg: number, probe: () => Promise<T>): Promise<T> {
    const key = String(idOrg);
    await take(this.running, key, () => this.texts.busy);
    try {
      await take(this.attempts, key, (wait) => this.texts.tooMany(wait));
      return await probe();
    } finally {
      await this.running.delete(key).catch(() => undefined);
    }
  }
}

async function take(limiter: RateLimiterAbstract, key: string, text: (wait: string) => string): Promise<void> {
  try {
    await limiter.consume(key);
  } catch (error) {
    if (!(error instanceof RateLimiterRes)) throw error;
    const seconds = Math.max(1, Math.ceil(error.msBeforeNext / 1000));
    throw new HttpError(429, text(waitInWords(error.msBeforeNext)), { 'retry-after': String(seconds) });
  }
}
