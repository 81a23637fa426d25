import { boolean, integer, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { virtualAgents } from './virtual-agents';

/**
 * Issue 38: the feature toggles of a virtual agent (ids of FEATURES, src/shared/domain/feature.ts),
 * one row per feature. A feature without a row is on (FEATURE_DEFAULT_STATUS); new virtual agents
 * get every row at creation, and the migration gave every existing one its rows.
 */
export const virtualAgentFeatures = pgTable(
  'virtual_agent_features',
  {
    idVa: integer('id_va')
      .notNull()
      .references(() => virtualAgents.idVa, { onDelete: 'cascade' }),
    idFeature: integer('id_feature').notNull(),
    status: boolean('status').notNull().default(true)
  },
  (t) => [primaryKey({ columns: [t.idVa, t.idFeature] })]
);
