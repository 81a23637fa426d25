// Types of scripts/test-summary.mjs (plain JavaScript, as the runner that uses it), for its unit test.

export interface SuiteResult {
  suite: string;
  passed: number;
  failed?: number;
  skipped?: number;
  /** One check: `passed` is 1 or 0, and a 0 counts one failure. */
  failedOnly?: boolean;
  /** A step with no counts of its own (the provisioning): only its time is shown. */
  timeOnly?: boolean;
  /** How long it took, in milliseconds. */
  ms?: number;
}

export declare function formatDuration(ms: number): string;

export declare function summaryLines(
  results: readonly SuiteResult[],
  options?: { notes?: readonly string[]; totalMs?: number }
): { lines: string[]; passed: number; failed: number; skipped: number };
