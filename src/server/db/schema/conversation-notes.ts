import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { organizations } from './organizations';
import { users } from './users';
import { conversations } from './conversations';

/**
 * Internal notes on a conversation (issue 17): written by the agent holding it or a supervisor of
 * its organisation, read by the same people, never sent to the customer — nothing in the chat
 * engine reads this table. organization_id is the conversation's, repeated so every read is
 * scoped to one organisation by its own column.
 */
export const conversationNotes = pgTable(
  'conversation_notes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.idOrg, { onDelete: 'cascade' }),
    conversationId: text('conversation_id')
      .notNull()
      .references(() => conversations.idConv, { onDelete: 'cascade' }),
    authorId: integer('author_id').references(() => users.idUser, { onDelete: 'set null' }),
    /** The author's name when written: the note keeps its signature if the user is later removed. */
    authorName: text('author_name').notNull(),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull()
  },
  (t) => [
    check('conversation_notes_text_check', sql`char_length(${t.text}) between 1 and 2000`),
    index('conversation_notes_conv_idx').on(t.conversationId, t.createdAt)
  ]
);
