import { sql } from 'drizzle-orm';
import { boolean, check, integer, jsonb, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import type { RoleMapping } from '../../../shared/domain/ldap';
import { organizations } from './organizations';
import { users } from './users';

/**
 * An organisation's LDAP directory (issue 19): at most one per organisation, absent until an
 * administrator first saves it. bind_password is the service account's, kept so the server can
 * bind; no route ever answers it (src/server/ldap/settings.ts reads it only to bind).
 */
export const ldapDirectories = pgTable(
  'ldap_directories',
  {
    organizationId: integer('organization_id')
      .primaryKey()
      .references(() => organizations.idOrg, { onDelete: 'cascade' }),
    enabled: boolean('enabled').notNull().default(false),
    url: text('url').notNull(),
    /** '' for an anonymous search. */
    bindDn: text('bind_dn').notNull().default(''),
    bindPassword: text('bind_password'),
    searchBase: text('search_base').notNull(),
    /** Holds {{username}}, replaced by the escaped login name. */
    userFilter: text('user_filter').notNull(),
    /** '' : the search base. */
    groupSearchBase: text('group_search_base').notNull().default(''),
    emailAttribute: text('email_attribute').notNull().default('mail'),
    nameAttribute: text('name_attribute').notNull().default('cn'),
    /** Group DN → role (3–6), in order: the first group the person is in gives the role. */
    roleMappings: jsonb('role_mappings').$type<RoleMapping[]>().notNull().default([]),
    timeoutMs: integer('timeout_ms').notNull().default(5000),
    connectTimeoutMs: integer('connect_timeout_ms').notNull().default(5000),
    dateCreate: timestamp('date_create', { withTimezone: true }).notNull().defaultNow(),
    dateUpdate: timestamp('date_update', { withTimezone: true }).notNull().defaultNow()
  },
  (t) => [
    check('ldap_directories_timeout_check', sql`${t.timeoutMs} between 500 and 60000 and ${t.connectTimeoutMs} between 500 and 60000`),
    check('ldap_directories_url_check', sql`${t.url} ~ '^ldaps?://'`)
  ]
);

/**
 * The users a directory created (or keeps up to date): which directory entry each one is. Found by
 * the entry's DN (dn_key: normalised, unique within the organisation); their password_hash is a
 * value no password verifies — the directory password is never stored.
 */
export const ldapAccounts = pgTable(
  'ldap_accounts',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.idUser, { onDelete: 'cascade' }),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.idOrg, { onDelete: 'cascade' }),
    dn: text('dn').notNull(),
    dnKey: text('dn_key').notNull(),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }).notNull()
  },
  (t) => [unique('ldap_accounts_org_dn_unique').on(t.organizationId, t.dnKey)]
);
