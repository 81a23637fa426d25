import { eq, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { platformSettings } from '../../db/schema';
import { rowsOf } from '../../db/statements';
import type { Db } from '../../db/types';
import { GENERATED_ID_PATTERN, generatedConversationsSql } from './write';

/**
 * What a run of the generator wrote besides the conversations (which carry version-8 ids): kept
 * in platform_settings under demo_activity:<org>, in the same transaction as the data, so the
 * next run can replace it exactly and leave everything the live platform wrote untouched.
 */
export const ActivityRecord = z.object({
  version: z.literal(1),
  count: z.number().int(),
  days: z.number().int(),
  now: z.string(),
  /** The customers' ids: [first, last], or null when none. */
  customers: z.tuple([z.number().int(), z.number().int()]).nullable(),
  /** Ids of agent_status_changes and of notifications_log rows without a conversation, as [first, last] runs. */
  statusChanges: z.array(z.tuple([z.number().int(), z.number().int()])),
  notifications: z.array(z.tuple([z.number().int(), z.number().int()]))
});
export type ActivityRecord = z.infer<typeof ActivityRecord>;

export const recordKey = (org: number) => `demo_activity:${org}`;

/** Sorted ids as [first, last] runs of consecutive ids. */
export function idRuns(ids: readonly number[]): [number, number][] {
  const sorted = [...ids].sort((a, b) => a - b);
  const runs: [number, number][] = [];
  for (const id of sorted) {
    const last = runs[runs.length - 1];
    if (last && id === last[1] + 1) last[1] = id;
    else runs.push([id, id]);
  }
  return runs;
}

const inRuns = (runs: readonly [number, number][]): SQL => sql.join(
  runs.map(([a, b]) => sql`id between ${a} and ${b}`),
  sql` or `
);

export async function readRecord(db: Db, org: number): Promise<ActivityRecord | null> {
  const [row] = await db.select({ value: platformSettings.value }).from(platformSettings).where(eq(platformSettings.key, recordKey(org)));
  if (!row) return null;
  const parsed = ActivityRecord.safeParse(JSON.parse(row.value));
  return parsed.success ? parsed.data : null;
}

export async function writeRecord(db: Db, org: number, record: ActivityRecord, now: Date): Promise<void> {
  await db
    .insert(platformSettings)
    .values({ key: recordKey(org), value: JSON.stringify(record), createdAt: now })
    .onConflictDoUpdate({ target: platformSettings.key, set: { value: JSON.stringify(record), createdAt: now } });
}

/**
 * Removes what earlier runs generated for the organisation: its version-8 conversations with
 * everything hanging from them, and the recorded customers, connection history and account
 * notifications (a live conversation of a recorded customer keeps its row, without the customer).
 * Children go first, by set, so it stays fast with the foreign-key triggers off. Returns how many
 * conversations it removed.
 */
export async function removeActivity(db: Db, org: number): Promise<number> {
  const record = await readRecord(db, org);
  const generated = generatedConversationsSql(org);
  const Found = z.object({ generated: z.boolean(), other: z.boolean() });
  const found = Found.parse(
    rowsOf(
      await db.execute(sql`select exists (${generated}) as generated,
        exists (select 1 from conversations where not (organization_id = ${org} and id_conv like ${GENERATED_ID_PATTERN})) as other`)
    )[0]
  );
  if (!found.generated && !record) return 0;
  // Tables that hold only conversations' rows are emptied at once when every conversation is a generated one.
  const owned = ['messages', 'bot_interactions', 'conversation_assignments', 'conversation_business_reasons', 'conversation_final_reasons'];
  if (!found.other) await db.execute(sql.raw(`truncate table ${owned.join(', ')}`));
  for (const table of [...(found.other ? owned : []), 'notifications_log', 'integration_calls', 'files']) {
    await db.execute(sql`delete from ${sql.identifier(table)} where conversation_id in (${generated})`);
  }
  if (record?.customers) {
    const [lo, hi] = record.customers;
    await db.execute(sql`update conversations set customer_id = null where customer_id between ${lo} and ${hi} and id_conv not in (${generated})`);
  }
  const deleted = await db.execute(sql`with d as (delete from conversations where id_conv in (${generated}) returning 1) select count(*)::int as n from d`);
  const removed = z.object({ n: z.coerce.number() }).parse(rowsOf(deleted)[0]).n;
  if (record) {
    if (record.customers) await db.execute(sql`delete from customers where organization_id = ${org} and id between ${record.customers[0]} and ${record.customers[1]}`);
    if (record.statusChanges.length) await db.execute(sql`delete from agent_status_changes where organization_id = ${org} and (${inRuns(record.statusChanges)})`);
    if (record.notifications.length) {
      await db.execute(sql`delete from notifications_log where organization_id = ${org} and conversation_id is null and (${inRuns(record.notifications)})`);
    }
    await db.delete(platformSettings).where(eq(platformSettings.key, recordKey(org)));
  }
  return removed;
}
