import { boolean, integer, pgTable, text, unique } from 'drizzle-orm/pg-core';
import { organizations } from './organizations';

/**
 * SPEC §3 "End message": the client-facing text of each end-of-conversation type, per
 * organisation. id_end_type_conversation follows the SPEC §9 order, so ordering by it is that order.
 */
export const endMessages = pgTable(
  'end_messages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.idOrg, { onDelete: 'cascade' }),
    idEndTypeConversation: integer('id_end_type_conversation').notNull(),
    acronym: text('acronym').notNull(),
    clientMessage: text('client_message').notNull(),
    fin: boolean('fin').notNull().default(false)
  },
  (t) => [
    unique('end_messages_org_type_unique').on(t.organizationId, t.idEndTypeConversation),
    unique('end_messages_org_acronym_unique').on(t.organizationId, t.acronym)
  ]
);
