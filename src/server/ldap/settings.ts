import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import {
  LDAP_DEFAULTS,
  LDAP_TEXT,
  ldapSettingsProblem,
  type LdapSettingsBody,
  type LdapSettingsView,
  type LdapSignInOffer,
  type RoleMapping
} from '../../shared/domain/ldap';
import { ldapDirectories, organizations } from '../db/schema';
import type { Db } from '../db/types';
import { HttpError } from '../http/errors';
import { isValidUserFilter, type DirectoryConfig } from './directory';

/**
 * The SQL of the organisations' LDAP directories (one row per organisation, absent until first
 * saved). The service account's password leaves this module only inside a DirectoryConfig, to bind.
 */

type Row = typeof ldapDirectories.$inferSelect;

/** An organisation's directory as the server uses it: its settings and the password to bind with. */
export interface StoredDirectory {
  organizationId: number;
  enabled: boolean;
  config: DirectoryConfig;
  roleMappings: RoleMapping[];
  /**
   * The row's version: its xmin (the transaction that last wrote it, as text), which every write
   * changes whoever makes it — a save here, in another instance, or by hand — with no column to keep.
   */
  version: string;
}

/** The version column of ldap_directories (see StoredDirectory.version). */
const DIRECTORY_VERSION = sql<string>`${ldapDirectories}.xmin::text`;

function toConfig(row: Pick<Row, keyof DirectoryConfig>): DirectoryConfig {
  return {
    url: row.url,
    bindDn: row.bindDn,
    bindPassword: row.bindPassword,
    searchBase: row.searchBase,
    userFilter: row.userFilter,
    groupSearchBase: row.groupSearchBase,
    emailAttribute: row.emailAttribute,
    nameAttribute: row.nameAttribute,
    timeoutMs: row.timeoutMs,
    connectTimeoutMs: row.connectTimeoutMs
  };
}

function toView(idOrg: number, row: Row | undefined): LdapSettingsView {
  if (!row) {
    return {
      idOrg,
      configured: false,
      enabled: false,
      url: '',
      bindDn: '',
      hasBindPassword: false,
      searchBase: '',
      userFilter: LDAP_DEFAULTS.userFilter,
      groupSearchBase: '',
      emailAttribute: LDAP_DEFAULTS.emailAttribute,
      nameAttribute: LDAP_DEFAULTS.nameAttribute,
      roleMappings: [],
      timeoutMs: LDAP_DEFAULTS.timeoutMs,
      connectTimeoutMs: LDAP_DEFAULTS.connectTimeoutMs,
      dateUpdate: null
    };
  }
  const { bindPassword, organizationId: _org, dateCreate: _created, dateUpdate, ...fields } = row;
  return { idOrg, configured: true, ...fields, hasBindPassword: bindPassword !== null && bindPassword !== '', dateUpdate: dateUpdate.toISOString() };
}

async function rowOf(db: Db, idOrg: number): Promise<Row | undefined> {
  const [row] = await db.select().from(ldapDirectories).where(eq(ldapDirectories.organizationId, idOrg)).limit(1);
  return row;
}

export async function readLdapSettings(db: Db, idOrg: number): Promise<LdapSettingsView> {
  return toView(idOrg, await rowOf(db, idOrg));
}

/**
 * The password a form's settings bind with: the one typed, else the stored one — but only while the
 * URL and the bind DN are those it was stored for, so an edited address never receives the stored
 * secret (an administrator who points the directory elsewhere types the password again).
 */
function passwordFor(settings: LdapSettingsBody, stored: Row | undefined): string | null {
  if (settings.bindDn === '') return null;
  if (settings.bindPassword !== undefined) return settings.bindPassword;
  if (stored && stored.url === settings.url && stored.bindDn === settings.bindDn) return stored.bindPassword;
  return null;
}

/** 400 with a Spanish message when the settings cannot be saved or tried as they are. */
function checkSettings(settings: LdapSettingsBody, password: string | null): void {
  if (!isValidUserFilter(settings.userFilter)) throw new HttpError(400, LDAP_TEXT.filterInvalid);
  const problem = ldapSettingsProblem(settings, password !== null);
  if (problem) throw new HttpError(400, problem);
}

/** The directory a form describes (unsaved), for 'Probar'. */
export async function directoryFromForm(db: Db, idOrg: number, settings: LdapSettingsBody): Promise<DirectoryConfig> {
  const password = passwordFor(settings, await rowOf(db, idOrg));
  checkSettings({ ...settings, enabled: false }, password);
  if (settings.bindDn !== '' && password === null) throw new HttpError(400, LDAP_TEXT.bindPasswordRequired);
  return toConfig({ ...settings, bindPassword: password });
}

/** Creates or replaces an organisation's directory; answers what every client may see of it. */
export async function saveLdapSettings(db: Db, idOrg: number, settings: LdapSettingsBody, now: Date): Promise<LdapSettingsView> {
  const view = await db.transaction(async (tx) => {
    const [stored] = await tx.select().from(ldapDirectories).where(eq(ldapDirectories.organizationId, idOrg)).for('update').limit(1);
    const password = passwordFor(settings, stored);
    checkSettings(settings, password);
    const { bindPassword: _typed, ...fields } = settings;
    const values = { ...fields, bindPassword: password, dateUpdate: now };
    const [row] = await tx
      .insert(ldapDirectories)
      .values({ organizationId: idOrg, ...values, dateCreate: now })
      .onConflictDoUpdate({ target: ldapDirectories.organizationId, set: values })
      .returning();
    return toView(idOrg, row);
  });
  forgetDirectory(db, idOrg);
  return view;
}

/** An organisation's directory when LDAP sign-in is enabled for it and the organisation is active; else null. Read now (and kept for cachedDirectory). */
export async function enabledDirectory(db: Db, idOrg: number): Promise<StoredDirectory | null> {
  const [row] = await db
    .select({ directory: ldapDirectories, version: DIRECTORY_VERSION })
    .from(ldapDirectories)
    .innerJoin(organizations, eq(organizations.idOrg, ldapDirectories.organizationId))
    .where(and(eq(ldapDirectories.organizationId, idOrg), eq(ldapDirectories.enabled, true), eq(organizations.isActive, true), isNull(organizations.deletedAt)))
    .limit(1);
  if (!row) {
    forgetDirectory(db, idOrg);
    return null;
  }
  const { directory, version } = row;
  const stored = { organizationId: directory.organizationId, enabled: directory.enabled, config: toConfig(directory), roleMappings: directory.roleMappings, version };
  kept(db).set(idOrg, { directory: stored, readAt: Date.now() });
  return stored;
}

/**
 * How long an enabled directory's settings are reused without reading them again. Whoever uses
 * them checks their version in the statement that reads the person's account (auth/ldap-login.ts),
 * so a change made by another instance is noticed at its next sign-in whatever this says; this
 * only bounds how long that instance may still reach the former directory first.
 */
const KEEP_MS = 5_000;

/** Per database handle (one per platform; tests run several in one process), the directories read lately. */
const keptDirectories = new WeakMap<Db, Map<number, { directory: StoredDirectory; readAt: number }>>();

function kept(db: Db): Map<number, { directory: StoredDirectory; readAt: number }> {
  let byOrg = keptDirectories.get(db);
  if (!byOrg) {
    byOrg = new Map();
    keptDirectories.set(db, byOrg);
  }
  return byOrg;
}

/**
 * enabledDirectory, reusing what was read in the last KEEP_MS: the sign-in's hot path. The caller
 * must confirm `version` against the database in a statement it runs anyway (and read again on a
 * mismatch); a save on this instance forgets the kept copy at once.
 */
export async function cachedDirectory(db: Db, idOrg: number): Promise<StoredDirectory | null> {
  const entry = keptDirectories.get(db)?.get(idOrg);
  if (entry && Date.now() - entry.readAt < KEEP_MS) return entry.directory;
  return enabledDirectory(db, idOrg);
}

function forgetDirectory(db: Db, idOrg: number): void {
  keptDirectories.get(db)?.delete(idOrg);
  keptOrganisations.delete(db);
}

type DirectoryOrganisation = { idOrg: number; name: string };

/** Per database handle, the organisations with a directory enabled as read lately (see cachedDirectoryOrganisations). */
const keptOrganisations = new WeakMap<Db, { organisations: DirectoryOrganisation[]; readAt: number }>();

/**
 * enabledDirectoryOrganisations, reusing what was read in the last KEEP_MS (unless `fresh`): the
 * sign-in picks its organisation with it on every sign-in. Safe to reuse: the directory of the
 * organisation picked is then read (cachedDirectory) and confirmed current in the account's lookup,
 * so a directory disabled meanwhile is not used; and a sign-in the kept list would refuse asks again
 * (auth/ldap-login.ts), so one enabled by another instance is found at once.
 */
export async function cachedDirectoryOrganisations(db: Db, { fresh = false } = {}): Promise<DirectoryOrganisation[]> {
  const entry = keptOrganisations.get(db);
  if (!fresh && entry && Date.now() - entry.readAt < KEEP_MS) return entry.organisations;
  const organisations = await enabledDirectoryOrganisations(db);
  keptOrganisations.set(db, { organisations, readAt: Date.now() });
  return organisations;
}

/** The active organisations whose people may sign in with their directory (for the server only: never answered as a list). */
export async function enabledDirectoryOrganisations(db: Db): Promise<DirectoryOrganisation[]> {
  return db
    .select({ idOrg: organizations.idOrg, name: organizations.name })
    .from(ldapDirectories)
    .innerJoin(organizations, eq(organizations.idOrg, ldapDirectories.organizationId))
    .where(and(eq(ldapDirectories.enabled, true), eq(organizations.isActive, true), isNull(organizations.deletedAt)))
    .orderBy(asc(organizations.idOrg));
}

/** What the login page is told: whether directory sign-in is offered, and whether the organisation must be named. */
export async function ldapSignInOffer(db: Db): Promise<LdapSignInOffer> {
  const enabled = (await cachedDirectoryOrganisations(db)).length;
  return { offered: enabled > 0, organisationRequired: enabled > 1 };
}
