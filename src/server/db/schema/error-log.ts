import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { organizations } from './organizations';
import { users } from './users';

/** Client-side failures reported through POST /api/LogErrorSocket/{idOrg}. */
export const errorLog = pgTable(
  'error_log',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.idOrg, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.idUser, { onDelete: 'set null' }),
    name: text('name').notNull(),
    detail: text('detail').notNull(),
    path: text('path'),
    idAdviser: integer('id_adviser').notNull().default(0),
    application: text('application').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow()
  },
  (t) => [index('error_log_organization_idx').on(t.organizationId, t.createdAt)]
);
