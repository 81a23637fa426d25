import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import type { FontChoice } from '../../../shared/domain/design';
import type { WidgetColors } from '../../../shared/domain/widget-design';
import { organizations } from './organizations';
import { virtualAgents } from './virtual-agents';

/** SPEC §3 "Entry form": the ordered fields the customer fills before the chat starts, per virtual agent. */
export const entryFormFields = pgTable(
  'entry_form_fields',
  {
    idField: integer('id_field').primaryKey().generatedByDefaultAsIdentity(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.idOrg, { onDelete: 'cascade' }),
    idVa: integer('id_va')
      .notNull()
      .references(() => virtualAgents.idVa, { onDelete: 'cascade' }),
    label: text('label').notNull(),
    /** One of ENTRY_FIELD_TYPES. The customer record reads 'document' (with a 'select' labelled like a document type), 'email', 'phone' and the first 'text' as the name. */
    fieldType: text('field_type').notNull(),
    required: boolean('required').notNull().default(false),
    position: integer('position').notNull(),
    active: boolean('active').notNull().default(true),
    options: text('options').array().notNull().default([])
  },
  (t) => [index('entry_form_fields_va_idx').on(t.idVa, t.position)]
);

/** SPEC §3 "Widget design" of one virtual agent; absent: the default theme. */
export const widgetDesigns = pgTable(
  'widget_designs',
  {
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.idOrg, { onDelete: 'cascade' }),
    idVa: integer('id_va')
      .notNull()
      .references(() => virtualAgents.idVa, { onDelete: 'cascade' }),
    colores: jsonb('colores').$type<WidgetColors>().notNull(),
    font: jsonb('font').$type<FontChoice>().notNull(),
    avatarUrl: text('avatar_url'),
    fechaActualizacion: timestamp('fecha_actualizacion', { withTimezone: true }).notNull().defaultNow()
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.idVa] })]
);
