import { sql } from 'drizzle-orm';
import { organizations, platformSettings } from '../schema';
import type { Db } from '../types';
import { organizationsSeed } from './organizations.seed';
import { channelTypesSeed } from './channel-types.seed';
import { virtualAgentsSeed } from './virtual-agents.seed';
import { endMessagesSeed } from './end-messages.seed';
import { usersSeed } from './users.seed';
import type { SeedContext, SeedModule } from './types';

/** The demo data generator, one module per domain, in dependency order. Later issues append here. */
export const SEED_MODULES: readonly SeedModule[] = [organizationsSeed, channelTypesSeed, virtualAgentsSeed, endMessagesSeed, usersSeed];

/** Tables seeded with explicit ids: their identity sequences continue after the highest id. */
const EXPLICIT_ID_COLUMNS = [
  ['organizations', 'id_org'],
  ['virtual_agents', 'id_va'],
  ['users', 'id_user']
] as const;

const SEED_MARKER = 'demo_seed';

/**
 * Generates the demo data on the first start of an empty database. The marker row, inserted in
 * the same transaction, makes it run once even if the data is later emptied by hand.
 * Returns whether it ran.
 */
export async function seedDemoData(db: Db, ctx: SeedContext, modules: readonly SeedModule[] = SEED_MODULES): Promise<boolean> {
  return db.transaction(async (tx) => {
    const marked = await tx
      .insert(platformSettings)
      .values({ key: SEED_MARKER, value: ctx.now.toISOString(), createdAt: ctx.now })
      .onConflictDoNothing()
      .returning({ key: platformSettings.key });
    if (marked.length === 0) return false;
    const existing = await tx.select({ idOrg: organizations.idOrg }).from(organizations).limit(1);
    if (existing.length > 0) return false;
    for (const module of modules) await module.run(tx, ctx);
    for (const [table, column] of EXPLICIT_ID_COLUMNS) {
      await tx.execute(
        sql`select setval(pg_get_serial_sequence(${table}, ${column}), (select coalesce(max(${sql.identifier(column)}), 0) + 1 from ${sql.identifier(table)}), false)`
      );
    }
    return true;
  });
}
