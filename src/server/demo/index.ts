import { sql } from 'drizzle-orm';
import { organizations, platformSettings } from '../db/schema';
import type { Db } from '../db/types';
import { organizationsSeed } from './organizations.seed';
import { channelTypesSeed } from './channel-types.seed';
import { virtualAgentsSeed } from './virtual-agents.seed';
import { endMessagesSeed } from './end-messages.seed';
import { usersSeed } from './users.seed';
import { locationsSeed } from './locations.seed';
import { chatCataloguesSeed } from './chat-catalogues.seed';
import { splitsSeed } from './splits.seed';
import { chatParametersSeed } from './chat-parameters.seed';
import { sessionExpirySeed } from './session-expiry.seed';
import { agentsSeed } from './agents.seed';
import { pauseEventsSeed } from './pause-events.seed';
import { reasonsSeed } from './reasons.seed';
import { responseTemplatesSeed } from './response-templates.seed';
import { directorySeed } from './directory.seed';
import { widgetSeed } from './widget.seed';
import { filesSeed } from './files.seed';
import { workspacesSeed } from './workspaces.seed';
import { notificationTypesSeed } from './notification-types.seed';
import { notificationTemplatesSeed } from './notification-templates.seed';
import { conversationsSeed } from './conversations.seed';
import type { SeedContext, SeedModule } from './types';

/** The demo data generator, one module per domain, in dependency order. Later issues append here. */
export const SEED_MODULES: readonly SeedModule[] = [
  organizationsSeed,
  channelTypesSeed,
  virtualAgentsSeed,
  endMessagesSeed,
  usersSeed,
  locationsSeed,
  chatCataloguesSeed,
  splitsSeed,
  chatParametersSeed,
  sessionExpirySeed,
  agentsSeed,
  pauseEventsSeed,
  reasonsSeed,
  responseTemplatesSeed,
  directorySeed,
  widgetSeed,
  filesSeed,
  workspacesSeed,
  notificationTypesSeed,
  notificationTemplatesSeed,
  conversationsSeed
];

/** Identity columns seeded with explicit ids: their sequences continue after the highest id. */
export const EXPLICIT_ID_COLUMNS = [
  ['organizations', 'id_org'],
  ['virtual_agents', 'id_va'],
  ['users', 'id_user'],
  ['regions', 'id'],
  ['splits', 'id_split'],
  ['split_schedules', 'id_hours_by_splits'],
  ['split_derives', 'id_splits_derive'],
  ['agent_splits', 'id_split_usuario'],
  ['pause_events', 'id'],
  ['business_reasons', 'id_causal'],
  ['final_reasons', 'id_causal'],
  ['response_templates', 'id_template'],
  ['directory_contacts', 'id_contact'],
  ['entry_form_fields', 'id_field'],
  ['workspaces', 'id'],
  ['response_nodes', 'id'],
  ['answer_elements', 'id']
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
