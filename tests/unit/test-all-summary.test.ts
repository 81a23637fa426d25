import { describe, expect, it } from 'vitest';
import { formatDuration, summaryLines, type SuiteResult } from '../../scripts/test-summary.mjs';

describe("npm test's closing summary (scripts/test-summary.mjs)", () => {
  const RUN: SuiteResult[] = [
    { suite: 'provision', passed: 0, timeOnly: true, ms: 1_234 },
    { suite: 'lint', passed: 1, failedOnly: true, ms: 45_600 },
    { suite: 'typecheck tsconfig.node.json', passed: 1, failedOnly: true, ms: 61_000 },
    { suite: 'typecheck tsconfig.web.json', passed: 0, failedOnly: true, ms: 30_000 },
    { suite: 'electronegativity', passed: 1, failedOnly: true, ms: 8_000 },
    { suite: 'vitest', passed: 2400, failed: 1, skipped: 12, ms: 16 * 60_000 + 7_400 },
    { suite: 'e2e', passed: 90, failed: 0, skipped: 1, ms: 6 * 60_000 + 59_600 }
  ];

  it("gives each suite its counts and its time, then the run's time, the notes, and last the line CI reads", () => {
    const { lines } = summaryLines(RUN, { notes: ['slapd: not found'], totalMs: 26 * 60_000 + 3_000 });
    expect(lines).toEqual([
      '━━ Summary',
      '  provision                                                         1.2 s',
      '  lint                         1 passed, 0 failed                   45.6 s',
      '  typecheck tsconfig.node.json 1 passed, 0 failed                   1 min 01 s',
      '  typecheck tsconfig.web.json  0 passed, 1 failed                   30.0 s',
      '  electronegativity            1 passed, 0 failed                   8.0 s',
      '  vitest                       2400 passed, 1 failed, 12 skipped    16 min 07 s',
      '  e2e                          90 passed, 0 failed, 1 skipped       7 min 00 s',
      '  total                                                             26 min 03 s',
      'slapd: not found',
      '2493 passed, 2 failed, 13 skipped'
    ]);
  });

  it('sums every suite into the last line, exactly `N passed, N failed, N skipped`, whatever else is shown', () => {
    const { lines, passed, failed, skipped } = summaryLines(RUN);
    expect([passed, failed, skipped]).toEqual([2493, 2, 13]);
    expect(lines.at(-1)).toBe('2493 passed, 2 failed, 13 skipped');
    expect(lines.at(-1)).toMatch(/^\d+ passed, \d+ failed, \d+ skipped$/);
    // Without a total time or notes, no line for them.
    expect(lines.filter((l) => l.includes('total'))).toEqual([]);
    expect(summaryLines([]).lines).toEqual(['━━ Summary', '0 passed, 0 failed, 0 skipped']);
  });

  it('counts a failed check without counts as one failure, and a suite without a time shows none', () => {
    const { lines, failed } = summaryLines([
      { suite: 'vitest', passed: 0, failed: 1 },
      { suite: 'e2e (no Chromium)', passed: 0, failed: 1 }
    ]);
    expect(failed).toBe(2);
    expect(lines.slice(1, 3)).toEqual(['  vitest                       0 passed, 1 failed', '  e2e (no Chromium)            0 passed, 1 failed']);
  });

  it('reads durations in seconds below a minute, then minutes and seconds, then hours and minutes', () => {
    expect([0, 840, 59_940, 59_950, 60_000, 65_400, 3_599_000, 3_600_000, 3_725_000].map(formatDuration)).toEqual([
      '0.0 s',
      '0.8 s',
      '59.9 s',
      '1 min 00 s',
      '1 min 00 s',
      '1 min 05 s',
      '59 min 59 s',
      '1 h 00 min',
      '1 h 02 min'
    ]);
    expect(formatDuration(Number.NaN)).toBe('?');
    expect(formatDuration(-1)).toBe('?');
  });
});
