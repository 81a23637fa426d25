// The closing summary of `npm test` (scripts/test-all.mjs), kept apart from the runner so that its
// lines can be tested without running any suite (tests/unit/test-all-summary.test.ts).

/** Width of the suite's name column. */
const NAME = 28;
/** Width of the counts column (`1234 passed, 12 failed, 123 skipped` fits). */
const COUNTS = 36;

/** A duration as a person reads it: `0.8 s`, `42.0 s`, `7 min 05 s`, `1 h 02 min`. */
export function formatDuration(ms) {
  if (!Number.isFinite(ms) || ms < 0) return '?';
  if (ms < 59_950) return `${(ms / 1000).toFixed(1)} s`;
  const seconds = Math.round(ms / 1000);
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min ${String(seconds % 60).padStart(2, '0')} s`;
  return `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')} min`;
}

/** What one suite counts: a check that either passes or fails (`failedOnly`) counts 1 passed or 1 failed. */
function counted(result) {
  if (result.timeOnly) return { passed: 0, failed: 0, skipped: 0 };
  const failed = result.failedOnly ? (result.passed ? 0 : 1) : (result.failed ?? 0);
  return { passed: result.passed, failed, skipped: result.skipped ?? 0 };
}

/**
 * The summary's lines: one per suite with its counts and its time (a `timeOnly` step, such as the
 * provisioning, shows its time alone), the whole run's time, the notes, and last the line CI reads,
 * exactly `N passed, N failed, N skipped`, summing every suite.
 *
 * @param {readonly import('./test-summary.d.mts').SuiteResult[]} results
 * @param {{ notes?: readonly string[]; totalMs?: number }} [options]
 */
export function summaryLines(results, { notes = [], totalMs } = {}) {
  const total = { passed: 0, failed: 0, skipped: 0 };
  const lines = ['━━ Summary'];
  for (const result of results) {
    const c = counted(result);
    total.passed += c.passed;
    total.failed += c.failed;
    total.skipped += c.skipped;
    const counts = result.timeOnly ? '' : `${c.passed} passed, ${c.failed} failed${c.skipped ? `, ${c.skipped} skipped` : ''}`;
    const time = result.ms === undefined ? '' : formatDuration(result.ms);
    lines.push(`  ${result.suite.padEnd(NAME)} ${counts.padEnd(COUNTS)} ${time}`.trimEnd());
  }
  if (totalMs !== undefined) lines.push(`  ${'total'.padEnd(NAME)} ${''.padEnd(COUNTS)} ${formatDuration(totalMs)}`);
  lines.push(...notes);
  lines.push(`${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
  return { lines, ...total };
}
