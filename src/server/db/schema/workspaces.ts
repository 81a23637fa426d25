import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, real, smallint, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { organizations } from './organizations';
import { virtualAgents } from './virtual-agents';
import { splits } from './chat-config';
import { bytea } from './bytea';

/** A virtual agent's workspace: the intents it recognises and the answers it gives. */
export const workspaces = pgTable(
  'workspaces',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.idOrg, { onDelete: 'cascade' }),
    idVa: integer('id_va')
      .notNull()
      .references(() => virtualAgents.idVa, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    /** Where a conversation goes when the assistant escalates it without a more specific split. */
    defaultSplitId: integer('default_split_id').references(() => splits.idSplit, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The assistant's confidence (0…1) from which a node answers; from options_threshold up to it the
     * assistant offers the closest nodes as options; below it, it did not understand (src/server/bot/understand.ts).
     */
    answerThreshold: real('answer_threshold').notNull().default(0.6),
    optionsThreshold: real('options_threshold').notNull().default(0.3),
    /**
     * Bumped by the database itself (triggers of migration 0027) in the transaction of any statement
     * that inserts, updates or deletes this workspace's response nodes or answer elements: the
     * assistant keeps a workspace's nodes in memory for as long as its revision stays the same
     * (src/server/bot/workspace.ts), whoever wrote them.
     */
    revision: integer('revision').notNull().default(0)
  },
  (t) => [
    index('workspaces_va_idx').on(t.idVa),
    check('workspaces_thresholds_check', sql`0 <= ${t.optionsThreshold} and ${t.optionsThreshold} <= ${t.answerThreshold} and ${t.answerThreshold} <= 1`)
  ]
);

/**
 * A response node of a workspace: an intent the assistant recognises from its example phrases.
 * An escalation node hands the conversation to a human (escalate_split_id, or the workspace's
 * default split when null and escalates is 1).
 */
export const responseNodes = pgTable(
  'response_nodes',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    workspaceId: integer('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    nodeId: text('node_id').notNull(),
    nodeName: text('node_name').notNull(),
    /** The intent recorded on each interaction this node answers. */
    intent: text('intent').notNull(),
    examples: text('examples').array().notNull().default([]),
    /** 1: matching this node escalates to a human. */
    escalates: smallint('escalates').notNull().default(0),
    escalateSplitId: integer('escalate_split_id').references(() => splits.idSplit, { onDelete: 'set null' })
  },
  (t) => [unique('response_nodes_workspace_node_unique').on(t.workspaceId, t.nodeId)]
);

/**
 * SPEC §3 "Answer detail": the elements of a node's answer, shown in elementOrderPos order.
 * element_type: 1 Texto, 2 Link, 3 Imagen, 4 Documento, 5 Video, 9 Opciones (value: JSON list).
 */
export const answerElements = pgTable(
  'answer_elements',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    responseNodeId: integer('response_node_id')
      .notNull()
      .references(() => responseNodes.id, { onDelete: 'cascade' }),
    elementTypesIdType: smallint('element_types_id_type').notNull(),
    elementOrderPos: integer('element_order_pos').notNull(),
    elementValue: text('element_value').notNull(),
    /** The plain text sent instead of this element to a channel that cannot show it (src/server/bot/channels.ts); empty: the element's own text form. */
    fallbackText: text('fallback_text').notNull().default('')
  },
  (t) => [unique('answer_elements_node_pos_unique').on(t.responseNodeId, t.elementOrderPos)]
);

/**
 * A workspace's trained intent model (NLP.js, exported as JSON, gzipped: a 2,000-node workspace's
 * 13 MB of JSON is 2 MB, and an embedded database holds on to the memory it took to write a value
 * for as long as it runs), so a restart loads it instead of
 * training again. training_key names what it was trained from (the nodes' names and examples and the
 * training settings, src/server/bot/training.ts): a model whose key no longer matches the workspace
 * is stale and replaced by the next training.
 */
export const botModels = pgTable('bot_models', {
  workspaceId: integer('workspace_id')
    .primaryKey()
    .references(() => workspaces.id, { onDelete: 'cascade' }),
  trainingKey: text('training_key').notNull(),
  model: bytea('model').notNull(),
  trainedAt: timestamp('trained_at', { withTimezone: true }).notNull(),
  trainingMs: integer('training_ms').notNull()
});
