/** How long to wait before reconnect attempt `attempt` (0-based): exponential, capped, with jitter. */
export interface BackoffOptions {
  baseMs: number;
  maxMs: number;
  /** A number in [0, 1): injected so tests are deterministic. */
  random: () => number;
}

export const DEFAULT_BACKOFF: Omit<BackoffOptions, 'random'> = { baseMs: 1000, maxMs: 30_000 };

/**
 * "Equal jitter": half of the capped exponential step is fixed, half random, so a platform restart
 * does not bring every agent back in the same instant while no attempt comes sooner than half its step.
 */
export function backoffDelay(attempt: number, { baseMs, maxMs, random }: BackoffOptions): number {
  const step = Math.min(maxMs, baseMs * 2 ** Math.min(attempt, 30));
  return Math.round(step / 2 + (step / 2) * random());
}
