import { expect } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../../src/server/db/statements';
import type { Db } from '../../../src/server/db/types';

/** The daily totals' rows that count something, in key order (triggers may leave rows at zero; a rebuild does not). */
async function totalsTables(db: Db): Promise<unknown[]> {
  const read = async (query: ReturnType<typeof sql>) => rowsOf(await db.execute(query));
  return [
    await read(sql`select * from conversation_day_totals where conversations <> 0 order by 1, 2, 3, 4, 5, 6, 7`),
    await read(sql`select * from customer_day_totals where conversations <> 0 order by 1, 2, 3`),
    await read(sql`select * from bot_day_totals where turns <> 0 order by organization_id, day, id_va, response_node_id, answered, intent`),
    await read(sql`select * from conversation_intent_totals order by conversation_id, intent`),
    await read(sql`select * from customer_channel_day_totals order by 1, 2, 3, 4`),
    await read(sql`select * from channel_day_customers where customers <> 0 or unidentified <> 0 order by 1, 2, 3`),
    await read(sql`select * from conversation_hour_totals where conversations <> 0 or attended <> 0 or not_attended <> 0 order by 1, 2, 3, 4`)
  ];
}

class Undo extends Error {}

/**
 * The statistics totals the triggers kept (migration 0005) are the totals a rebuild from the rows
 * computes: both read in one repeatable-read transaction, which is then rolled back (nothing changes).
 */
export async function expectTotalsMatchRows(db: Db): Promise<void> {
  let kept: unknown[] = [];
  let rebuilt: unknown[] = [];
  try {
    await db.transaction(
      async (tx) => {
        kept = await totalsTables(tx);
        await tx.execute(sql`select stats_totals_rebuild(null)`);
        rebuilt = await totalsTables(tx);
        throw new Undo();
      },
      { isolationLevel: 'repeatable read' }
    );
  } catch (error) {
    if (!(error instanceof Undo)) throw error;
  }
  expect(kept.flat().length).toBeGreaterThan(0);
  expect(kept).toEqual(rebuilt);
}
