import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { ServerConfig } from '../config';
import { HttpError } from '../http/errors';
import type { RateLimiters } from '../rate-limiters';
import { THROTTLE_TEXT, waitInWords } from './throttle';

/**
 * How many different accounts one address may fail to sign in to per window (issue 36 L1). The
 * per-account lock (the organisation's loginAttemptsAllowed) stays; this stops one address from
 * locking many accounts — every agent at shift start — with a few wrong passwords each. Past the
 * budget, a wrong password from that address answers 429 and counts nothing against the account;
 * a right one still signs in (many agents behind one NAT, a few of whom mistype, keep working).
 * Counted with the per-address limiters (rate-limiters.ts: in Redis with REDIS_URL, one budget for
 * every instance), over the sign-in throttle's window; accounts by the e-mail's key, known or not.
 */
export class SignInFailureBudget {
  constructor(
    /** One point per (address, account) per window: the first failure on an account is its only charge. */
    private readonly pairs: RateLimiterAbstract,
    /** The different accounts an address failed on in the window. */
    private readonly accounts: RateLimiterAbstract,
    private readonly max: number
  ) {}

  static create(limiters: RateLimiters, config: Pick<ServerConfig, 'authRateLimit' | 'signInFailedAccountsMax'>): SignInFailureBudget {
    const durationSeconds = config.authRateLimit.windowSeconds;
    const max = config.signInFailedAccountsMax;
    return new SignInFailureBudget(limiters.limiter('sign-in-failed-pair', { points: 1, durationSeconds }), limiters.limiter('sign-in-failed-accounts', { points: max, durationSeconds }), max);
  }

  /**
   * A wrong password of `account` (the e-mail's key) from `ip`, before it is counted against the
   * account: null to count it, or the 429 that refuses it (the address is over its budget).
   */
  async admit(ip: string, account: string): Promise<HttpError | null> {
    // Over once a failure on one account more than the budget was refused: from then on, every account.
    const spent = await this.accounts.get(ip);
    if (spent && spent.consumedPoints > this.max) return tooMany(spent.msBeforeNext);
    const first = await this.pairs.consume(`${ip}|${account}`).then(
      () => true,
      (error: unknown) => {
        if (error instanceof RateLimiterRes) return false;
        throw error;
      }
    );
    if (!first) return null;
    try {
      await this.accounts.consume(ip);
      return null;
    } catch (error) {
      if (error instanceof RateLimiterRes) return tooMany(error.msBeforeNext);
      throw error;
    }
  }
}

function tooMany(ms: number): HttpError {
  return new HttpError(429, THROTTLE_TEXT.signIn(waitInWords(ms)), { 'retry-after': String(Math.max(1, Math.ceil(ms / 1000))) });
}
