import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Db } from '../../../src/server/db/types';
import { callsOnTheirWay, expectCall, runShared } from '../../../src/server/stats/executor';

/**
 * A page's calls share their statements without a fixed wait (executor.ts): a call alone starts at
 * once; a statement waits while other announced calls are on their way, and the identical ones
 * among them run it once. No wall-clock assertion: "at once" is before the event loop's next turn.
 */
function fakeDb() {
  const executed: string[] = [];
  const engine = {
    async execute(statement: unknown) {
      const text = JSON.stringify(statement);
      // The planner-statistics check fails harmlessly (it only leaves older statistics).
      if (!text.includes('figure')) throw new Error('no catalogue here');
      executed.push(text);
      return { rows: [{ n: executed.length }] };
    }
  };
  const db = { execute: engine.execute } as unknown as Db;
  return { db, executed };
}

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('gathering a page\'s statistics calls', () => {
  it('starts a call alone at once, with no wait before its statement', async () => {
    const { db, executed } = fakeDb();
    const answer = runShared(db, sql`select 'figure', ${1}`);
    await nextTurn();
    expect(executed).toHaveLength(1);
    expect(await answer).toEqual([{ n: 1 }]);
  });

  it('holds a statement while the page\'s other announced calls are on their way; identical ones run once', async () => {
    const { db, executed } = fakeDb();
    const first = expectCall(db);
    const second = expectCall(db);
    const third = expectCall(db);
    expect(callsOnTheirWay(db)).toBe(3);

    first();
    const a = runShared(db, sql`select 'figure', ${'summary'}`);
    await nextTurn();
    expect(executed).toHaveLength(0);

    second();
    const b = runShared(db, sql`select 'figure', ${'summary'}`);
    await nextTurn();
    expect(executed).toHaveLength(0);

    // The last one ends without a statement (a refused request): the others go on.
    third();
    third();
    expect(callsOnTheirWay(db)).toBe(0);
    expect(await Promise.all([a, b])).toEqual([[{ n: 1 }], [{ n: 1 }]]);
    expect(executed).toHaveLength(1);

    // Once answered nothing is kept: a later call reads afresh.
    expect(await runShared(db, sql`select 'figure', ${'summary'}`)).toEqual([{ n: 2 }]);
  });

  it('does not wait for ever for a call that never arrives', async () => {
    const { db, executed } = fakeDb();
    const lost = expectCall(db);
    expect(await runShared(db, sql`select 'figure', ${2}`)).toEqual([{ n: 1 }]);
    expect(executed).toHaveLength(1);
    lost();
    expect(callsOnTheirWay(db)).toBe(0);
  });
});
