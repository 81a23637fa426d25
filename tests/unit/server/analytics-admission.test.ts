import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Db } from '../../../src/server/db/types';
import { ANALYTICS_CONCURRENCY, concurrencyFrom, runShared } from '../../../src/server/stats/executor';

describe('analytics admission: heavy statements cannot take every core', () => {
  it('defaults to one fewer than the cores (at least one) and takes a sane ANALYTICS_CONCURRENCY', () => {
    expect(concurrencyFrom(undefined, 8)).toBe(7);
    expect(concurrencyFrom(undefined, 2)).toBe(1);
    expect(concurrencyFrom(undefined, 1)).toBe(1);
    expect(concurrencyFrom('3', 2)).toBe(3);
    expect(concurrencyFrom('', 4)).toBe(3);
    for (const bad of ['0', '-1', '2.5', 'x', '1001']) expect(concurrencyFrom(bad, 4)).toBe(3);
  });

  it(`runs at most ANALYTICS_CONCURRENCY statements at once on one database; the rest wait their turn and all answer`, async () => {
    let running = 0;
    let most = 0;
    const releases: (() => void)[] = [];
    const engine = {
      async execute(statement: unknown) {
        const text = JSON.stringify(statement);
        // The planner-statistics check fails harmlessly (it only leaves older statistics).
      if (!text.includes('heavy')) throw new Error('no catalogue here');
        running++;
        most = Math.max(most, running);
        await new Promise<void>((resolve) => releases.push(resolve));
        running--;
        return { rows: [{ n: 1 }] };
      }
    };
    const db = { execute: engine.execute } as unknown as Db;

    const count = ANALYTICS_CONCURRENCY + 3;
    const answers = Array.from({ length: count }, (_, i) => runShared(db, sql`select 'heavy', ${i}`));
    const settle = () => new Promise((resolve) => setTimeout(resolve, 30));
    await settle();
    expect(running).toBe(ANALYTICS_CONCURRENCY);
    while (releases.length > 0 || running > 0) {
      releases.splice(0).forEach((release) => release());
      await settle();
    }
    expect(await Promise.all(answers)).toEqual(Array.from({ length: count }, () => [{ n: 1 }]));
    expect(most).toBe(ANALYTICS_CONCURRENCY);
  });
});
