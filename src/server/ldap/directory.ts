import { Client, Filter, FilterParser, InvalidCredentialsError, ResultCodeError, SizeLimitExceededError, type Entry } from 'ldapts';
import { USERNAME_PLACEHOLDER, normaliseDn, type LdapProbeStage } from '../../shared/domain/ldap';

/**
 * One organisation's LDAP directory, through ldapts: find a person by the user filter with the
 * service account, read their groups, and check their password by binding as them. Nothing here
 * touches the platform's database (src/server/auth/ldap-login.ts does, with what this answers).
 */

export interface DirectoryConfig {
  url: string;
  /** '' : an anonymous search. */
  bindDn: string;
  bindPassword: string | null;
  searchBase: string;
  userFilter: string;
  /** '' : the search base. */
  groupSearchBase: string;
  emailAttribute: string;
  nameAttribute: string;
  timeoutMs: number;
  connectTimeoutMs: number;
}

/** A person the directory vouched for. */
export interface DirectoryPerson {
  dn: string;
  /** The first value of the e-mail attribute, or null. */
  email: string | null;
  name: string | null;
  /** The DNs of the groups the person is in: memberOf, and the groups whose member/uniqueMember is the person. */
  groups: string[];
}

export type Verdict =
  | { ok: true; person: DirectoryPerson }
  | { ok: false; reason: 'no-user' | 'ambiguous' }
  | { ok: false; reason: 'bad-password'; dn: string };

/**
 * The directory could not answer: 'unreachable' (no connection, TLS, timeouts) or 'refused' (it
 * answered with an error: the service account's bind, a search base that does not exist…).
 */
export class DirectoryError extends Error {
  constructor(
    readonly stage: LdapProbeStage,
    readonly kind: 'unreachable' | 'refused',
    detail: string
  ) {
    super(detail);
    this.name = 'DirectoryError';
  }
}

/** The user filter with the login name put in its place, escaped (RFC 4515): the name is data, never filter syntax. */
export function userFilterFor(template: string, username: string): string {
  return template.split(USERNAME_PLACEHOLDER).join(Filter.escape(username));
}

/** Whether a user filter parses as an LDAP filter once a name is put in it (the shared schema checks only its shape). */
export function isValidUserFilter(template: string): boolean {
  if (!template.includes(USERNAME_PLACEHOLDER)) return false;
  try {
    FilterParser.parseString(userFilterFor(template, 'nombre'));
    return true;
  } catch {
    return false;
  }
}

const GROUP_LIMIT = 500;

/**
 * Verifies a person's credentials against the directory: service bind, the one entry the user
 * filter finds, its groups, then a bind as that entry with the password typed. Answers the verdict
 * for the person; throws DirectoryError when the directory itself cannot be used. The user's bind
 * runs on a connection of its own, beside the group search on the service account's.
 */
export async function verifyPerson(config: DirectoryConfig, username: string, password: string): Promise<Verdict> {
  // An empty password would make the bind an anonymous one, which directories let through.
  if (password === '') return { ok: false, reason: 'no-user' };
  const service = newClient(config);
  try {
    await bindService(service, config);
    const filter = userFilterFor(config.userFilter, username);
    let entries: Entry[];
    try {
      ({ searchEntries: entries } = await run(service, 'search', () =>
        service.search(config.searchBase, { scope: 'sub', filter, sizeLimit: 2, attributes: [config.emailAttribute, config.nameAttribute, 'memberOf'] })
      ));
    } catch (error) {
      if (error instanceof DirectoryError && error.cause instanceof SizeLimitExceededError) return { ok: false, reason: 'ambiguous' };
      throw error;
    }
    if (entries.length === 0) return { ok: false, reason: 'no-user' };
    if (entries.length > 1) return { ok: false, reason: 'ambiguous' };
    const entry = entries[0] as Entry;

    const [groups, passwordOk] = await Promise.all([groupsOf(service, config, entry), bindAs(config, entry.dn, password)]);
    if (!passwordOk) return { ok: false, reason: 'bad-password', dn: entry.dn };
    return {
      ok: true,
      person: { dn: entry.dn, email: firstValue(entry, config.emailAttribute), name: firstValue(entry, config.nameAttribute), groups }
    };
  } finally {
    await service.unbind().catch(() => undefined);
  }
}

function newClient(config: DirectoryConfig): Client {
  return new Client({ url: config.url, timeout: config.timeoutMs, connectTimeout: config.connectTimeoutMs });
}

async function bindService(client: Client, config: DirectoryConfig): Promise<void> {
  if (config.bindDn === '') return;
  // A bind DN without its password would be an unauthenticated bind: refused here, not sent.
  if (!config.bindPassword) throw new DirectoryError('service-bind', 'refused', 'no password for the service account');
  await run(client, 'service-bind', () => client.bind(config.bindDn, config.bindPassword ?? ''));
}

/** The person's groups: the entry's memberOf values, and the groups listing the entry's DN as member or uniqueMember. */
async function groupsOf(client: Client, config: DirectoryConfig, entry: Entry): Promise<string[]> {
  const dn = Filter.escape(entry.dn);
  const { searchEntries } = await run(client, 'groups', () =>
    client.search(config.groupSearchBase || config.searchBase, {
      scope: 'sub',
      filter: `(|(member=${dn})(uniqueMember=${dn}))`,
      sizeLimit: GROUP_LIMIT,
      attributes: ['1.1']
    })
  );
  const found = new Map<string, string>();
  for (const group of [...values(entry, 'memberOf'), ...searchEntries.map((e) => e.dn)]) found.set(normaliseDn(group), group);
  return [...found.values()];
}

/** Whether the password is the entry's, by a bind on a connection of its own (closed at once). */
async function bindAs(config: DirectoryConfig, dn: string, password: string): Promise<boolean> {
  const client = newClient(config);
  try {
    await run(client, 'user-bind', () => client.bind(dn, password));
    return true;
  } catch (error) {
    if (error instanceof DirectoryError && error.cause instanceof InvalidCredentialsError) return false;
    throw error;
  } finally {
    await client.unbind().catch(() => undefined);
  }
}

/**
 * Runs one directory operation, naming the stage it failed at: an answer of the directory (a
 * result code) is 'refused'; anything else — refused connection, TLS, a timeout — is 'unreachable',
 * at 'connect' when the connection never opened.
 */
async function run<T>(client: Client, stage: LdapProbeStage, operation: () => Promise<T>): Promise<T> {
  const wasConnected = client.isConnected;
  try {
    return await operation();
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    const failure =
      error instanceof ResultCodeError
        ? new DirectoryError(stage, 'refused', detail)
        : new DirectoryError(wasConnected || client.isConnected ? stage : 'connect', 'unreachable', detail);
    failure.cause = error;
    throw failure;
  }
}

function values(entry: Entry, attribute: string): string[] {
  const key = Object.keys(entry).find((k) => k.toLowerCase() === attribute.toLowerCase());
  const value = key === undefined ? undefined : entry[key];
  if (value === undefined) return [];
  const list = Array.isArray(value) ? value : [value];
  return list.map((v) => (Buffer.isBuffer(v) ? v.toString('utf8') : v)).filter((v) => v.trim() !== '');
}

function firstValue(entry: Entry, attribute: string): string | null {
  return values(entry, attribute)[0]?.trim() ?? null;
}
