import { integer, pgTable, text } from 'drizzle-orm/pg-core';

/** The channel types map of GET /api/types/channels: key 'channelN' → label. */
export const channelTypes = pgTable('channel_types', {
  idChannel: integer('id_channel').primaryKey(),
  key: text('key').notNull().unique(),
  label: text('label').notNull()
});
