/**
 * Issue 39: how the notification worker (worker.ts) paces itself. Code only (the defaults suit a
 * platform; tests shorten the waits so a retried notification fails for good in seconds).
 */
export interface NotifyDeliveryOptions {
  /** Tries before a notification is 'FALLIDA' for good (the first send counts). */
  maxAttempts: number;
  /** The wait after the first failed try; each further one doubles it (plus up to a quarter more, at random), up to retryMaxMs. */
  retryBaseMs: number;
  retryMaxMs: number;
  /** How often an idle worker looks for due rows (a kick wakes it at once). 0: only kicks and its own sends wake it. */
  pollMs: number;
  /** Sends under way at once in one process (while the chat is active: one, and batches of this many rows). */
  concurrency: number;
  /** Rows claimed at once while the chat is quiet: one claim, one read of what they need, one reservation under the cap. */
  batchSize: number;
  /** While the chat is active, the share of the time sending may take: after a send of d ms the next waits d × (1 / share − 1). */
  busyShare: number;
  /**
   * How long a claimed row stays the claimer's: past it another process may take it (the claimer
   * crashed). Longer than any send can take (the channels' timeouts below are far shorter).
   */
  leaseMs: number;
  /** SMTP: connecting, the greeting, then any silence in the conversation (ms). */
  smtpTimeoutMs: number;
  /** The SMS provider's whole answer (ms). */
  smsTimeoutMs: number;
}

export const DEFAULT_NOTIFY_DELIVERY: NotifyDeliveryOptions = {
  maxAttempts: 5,
  retryBaseMs: 30_000,
  retryMaxMs: 3_600_000,
  pollMs: 1_000,
  concurrency: 4,
  batchSize: 32,
  busyShare: 0.25,
  leaseMs: 120_000,
  smtpTimeoutMs: 20_000,
  smsTimeoutMs: 10_000
};
