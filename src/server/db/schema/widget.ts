import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, unique } from 'drizzle-orm/pg-core';
import type { FontChoice } from '../../../shared/domain/design';
import type { WidgetColors } from '../../../shared/domain/widget-design';
import { organizations } from './organizations';
import { virtualAgents } from './virtual-agents';

/**
 * The consent texts of a virtual agent's entry form, one row per version (Ley 1581: proof of what
 * each customer accepted). Never edited: a changed text is a new version; conversations point at
 * the version their customer accepted, with the time (conversations.consent_*).
 */
export const consentTexts = pgTable(
  'consent_texts',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.idOrg, { onDelete: 'cascade' }),
    idVa: integer('id_va')
      .notNull()
      .references(() => virtualAgents.idVa, { onDelete: 'cascade' }),
    /** 1, 2, … per virtual agent. */
    version: integer('version').notNull(),
    /** The exact text shown to the customer. */
    text: text('text').notNull(),
    /** sha256 (hex) of the text's UTF-8 bytes. */
    sha256: text('sha256').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow()
  },
  (t) => [unique('consent_texts_va_version_unique').on(t.organizationId, t.idVa, t.version)]
);

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
    /** One of ENTRY_FIELD_TYPES. The customer record reads 'document' (with a 'select' labelled like a document type), 'email', 'phone' and the first 'text' as the name; 'city' gives conversations.city_id. */
    fieldType: text('field_type').notNull(),
    required: boolean('required').notNull().default(false),
    position: integer('position').notNull(),
    active: boolean('active').notNull().default(true),
    options: text('options').array().notNull().default([]),
    /** A regular expression the whole answer must match (src/shared/domain/safe-pattern.ts checked it), or null. */
    pattern: text('pattern'),
    /** A 'consent' field's current text version. */
    consentTextId: integer('consent_text_id').references(() => consentTexts.id)
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
