import { createHash, randomBytes } from 'node:crypto';
import type { Socket } from 'node:net';
import { Client, Filter, FilterParser, InvalidCredentialsError, ResultCodeError, SizeLimitExceededError, type Entry } from 'ldapts';
import { USERNAME_PLACEHOLDER, normaliseDn, type LdapProbeStage } from '../../shared/domain/ldap';
import type { AddressRules } from './address-rules';
import { AddressRefused, connectionOptions, resolveEndpoint, type DirectoryEndpoint } from './endpoint';

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
 * How a verification reaches the directory: searches as the service account (or anonymously), and
 * binds as a person. Fresh connections (verifyPerson: 'Probar' tries the settings as they stand),
 * or the connections a DirectoryConnections keeps between sign-ins.
 */
interface Reach {
  /** Runs `operation` on a connection bound as the service account, naming its stage on failure. */
  search<T>(stage: LdapProbeStage, operation: (client: Client) => Promise<T>): Promise<T>;
  /** Whether the password is the entry's, by a bind on a connection that only ever binds. */
  bindAs(dn: string, password: string): Promise<boolean>;
  /** Done with the service connection (fresh: closed; kept: left open). */
  release(): Promise<void>;
}

export interface FreshOptions {
  /** Where the connections go: the URL's host resolved and checked by the caller (endpoint.ts). */
  endpoint: DirectoryEndpoint;
  /**
   * The whole verification's limit, whatever the settings' own timeouts (each operation's and the
   * connection's, which add up over its steps): past it the connections are destroyed and the
   * directory counts as unreachable.
   */
  deadlineMs?: number;
}

/**
 * Verifies a person's credentials against the directory on fresh connections (closed at the end):
 * service bind, the one entry the user filter finds, its groups, then a bind as that entry with the
 * password typed. Answers the verdict for the person; throws DirectoryError when the directory
 * itself cannot be used. The user's bind runs on a connection of its own, beside the group search
 * on the service account's.
 */
export async function verifyPerson(config: DirectoryConfig, username: string, password: string, { endpoint, deadlineMs }: FreshOptions): Promise<Verdict> {
  const sockets = new Set<Socket>();
  const work = verifyThrough(freshReach(config, endpoint, (socket) => sockets.add(socket)), config, username, password);
  if (deadlineMs === undefined) return work;
  return withDeadline(work, deadlineMs, () => {
    for (const socket of sockets) socket.destroy(new Error(`no answer within ${deadlineMs} ms`));
  });
}

/** `work`, or DirectoryError at 'connect' once `ms` have passed (then `abort` stops what is still under way). */
async function withDeadline<T>(work: Promise<T>, ms: number, abort: () => void): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      abort();
      reject(new DirectoryError('connect', 'unreachable', `the directory did not answer within ${ms} ms`));
    }, ms);
  });
  // Past the deadline its failure (the destroyed connections) is no one's to hear.
  work.catch(() => undefined);
  try {
    return await Promise.race([work, expired]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * An entry no directory holds, bound to (and its groups searched) when the user filter finds no one,
 * so that an unknown name costs the directory the work of a known name with a wrong password.
 */
const nobodyDn = (config: DirectoryConfig): string => [`cn=atiende-nadie-${NOBODY_TAG}`, config.searchBase].filter((part) => part !== '').join(',');
const NOBODY_TAG = randomBytes(6).toString('hex');

/**
 * Told what the person's search found — the entry's DN, or null for no one (or several) — as soon
 * as it is known, while the groups' search and the bind are still under way (a caller starts its
 * own lookup of that DN meanwhile). Not called when the search itself fails.
 */
export type OnFound = (dn: string | null) => void;

async function verifyThrough(reach: Reach, config: DirectoryConfig, username: string, password: string, onFound?: OnFound): Promise<Verdict> {
  try {
    // An empty password would make the bind an anonymous one, which directories let through.
    if (password === '') return { ok: false, reason: 'no-user' };
    const filter = userFilterFor(config.userFilter, username);
    let entries: Entry[];
    try {
      ({ searchEntries: entries } = await reach.search('search', (client) =>
        client.search(config.searchBase, { scope: 'sub', filter, sizeLimit: 2, attributes: [config.emailAttribute, config.nameAttribute, 'memberOf'] })
      ));
    } catch (error) {
      if (!(error instanceof DirectoryError && error.cause instanceof SizeLimitExceededError)) throw error;
      onFound?.(null);
      await asIfSomeone(reach, config, password);
      return { ok: false, reason: 'ambiguous' };
    }
    const entry = entries.length === 1 ? entries[0] : undefined;
    onFound?.(entry ? entry.dn : null);
    if (!entry) {
      await asIfSomeone(reach, config, password);
      return { ok: false, reason: entries.length === 0 ? 'no-user' : 'ambiguous' };
    }

    const [groups, passwordOk] = await Promise.all([groupsOf(reach, config, entry.dn, values(entry, 'memberOf')), reach.bindAs(entry.dn, password)]);
    if (!passwordOk) return { ok: false, reason: 'bad-password', dn: entry.dn };
    return {
      ok: true,
      person: { dn: entry.dn, email: firstValue(entry, config.emailAttribute), name: firstValue(entry, config.nameAttribute), groups }
    };
  } finally {
    await reach.release();
  }
}

/** No one (or several) found: the groups' search and a bind as nobodyDn, their answers unused — the directory's work for a wrong password. */
async function asIfSomeone(reach: Reach, config: DirectoryConfig, password: string): Promise<void> {
  const dn = nobodyDn(config);
  await Promise.all([groupsOf(reach, config, dn, []), reach.bindAs(dn, password).catch(() => false)]);
}

/** A client whose connections go to `endpoint`'s checked address (`opened` is told of each socket). */
function newClient(config: DirectoryConfig, endpoint: DirectoryEndpoint, opened?: (socket: Socket) => void): Client {
  return new Client({ url: config.url, timeout: config.timeoutMs, connectTimeout: config.connectTimeoutMs, ...connectionOptions(endpoint, opened) });
}

/** The endpoint of the settings' URL now, or DirectoryError at 'connect' (refused addresses are never connected to). */
async function endpointOf(config: DirectoryConfig, rules: AddressRules): Promise<DirectoryEndpoint> {
  try {
    return await resolveEndpoint(config.url, rules);
  } catch (error) {
    if (!(error instanceof AddressRefused)) throw error;
    const failure = new DirectoryError('connect', 'unreachable', error.message);
    failure.cause = error;
    throw failure;
  }
}

async function bindService(client: Client, config: DirectoryConfig): Promise<void> {
  if (config.bindDn === '') return;
  // A bind DN without its password would be an unauthenticated bind: refused here, not sent.
  if (!config.bindPassword) throw new DirectoryError('service-bind', 'refused', 'no password for the service account');
  await run(client, 'service-bind', () => client.bind(config.bindDn, config.bindPassword ?? ''));
}

/** The person's groups: the entry's memberOf values, and the groups listing the entry's DN as member or uniqueMember. */
async function groupsOf(reach: Reach, config: DirectoryConfig, entryDn: string, memberOf: readonly string[]): Promise<string[]> {
  const dn = Filter.escape(entryDn);
  const { searchEntries } = await reach.search('groups', (client) =>
    client.search(config.groupSearchBase || config.searchBase, {
      scope: 'sub',
      filter: `(|(member=${dn})(uniqueMember=${dn}))`,
      sizeLimit: GROUP_LIMIT,
      attributes: ['1.1']
    })
  );
  const found = new Map<string, string>();
  for (const group of [...memberOf, ...searchEntries.map((e) => e.dn)]) found.set(normaliseDn(group), group);
  return [...found.values()];
}

/** A bind as `dn` on `client`: true, false for wrong credentials (the connection stays usable), else DirectoryError. */
async function bindOn(client: Client, dn: string, password: string): Promise<boolean> {
  try {
    await run(client, 'user-bind', () => client.bind(dn, password));
    return true;
  } catch (error) {
    if (error instanceof DirectoryError && error.cause instanceof InvalidCredentialsError) return false;
    throw error;
  }
}

/** New connections for one verification, to `endpoint`, closed when it is done. */
function freshReach(config: DirectoryConfig, endpoint: DirectoryEndpoint, opened: (socket: Socket) => void): Reach {
  const service = newClient(config, endpoint, opened);
  let bound: Promise<void> | null = null;
  return {
    async search(stage, operation) {
      bound ??= bindService(service, config);
      await bound;
      return run(service, stage, () => operation(service));
    },
    async bindAs(dn, password) {
      const client = newClient(config, endpoint, opened);
      try {
        return await bindOn(client, dn, password);
      } finally {
        await client.unbind().catch(() => undefined);
      }
    },
    release: () => service.unbind().catch(() => undefined)
  };
}

/** Connections kept idle this long are closed (under common NAT and firewall idle timeouts). */
const IDLE_MS = 30_000;
/** Idle connections kept per directory for the people's binds (more are opened while sign-ins overlap, and closed after). */
const KEPT_BINDERS = 4;

/**
 * The connections kept open to the organisations' directories between sign-ins, so a sign-in does
 * not pay a new connection (and its TLS) and the service account's bind each time. Per
 * organisation's directory (its URL, service account and timeouts — new settings close the old
 * connections): one connection bound as the service account that every sign-in's searches share
 * (LDAP runs several operations at once on one connection), and a few connections that only ever
 * bind — each sign-in takes one for the person's bind and gives it back, so no search ever runs as
 * whoever bound last. A connection the directory closed is replaced; an operation that failed on a
 * kept connection (not a timeout) is tried once more on a new one. Connections idle for IDLE_MS are
 * closed. Each new connection resolves the URL's host again and goes to the address checked against
 * `rules` (endpoint.ts): a directory saved before a rule existed, or whose name now answers a
 * refused address, is never reached. One per platform (auth routes), closed with it.
 */
export class DirectoryConnections {
  private readonly pools = new Map<number, KeptConnections>();
  private sweeper: NodeJS.Timeout | null = null;
  private readonly idleMs: number;

  constructor(private readonly options: { rules: AddressRules; idleMs?: number }) {
    this.idleMs = options.idleMs ?? IDLE_MS;
  }

  /** verifyPerson, on the connections kept for organisation `owner`'s directory; `onFound` is told what the search found (OnFound). */
  async verifyPerson(owner: number, config: DirectoryConfig, username: string, password: string, onFound?: OnFound): Promise<Verdict> {
    return verifyThrough(this.poolFor(owner, config), config, username, password, onFound);
  }

  /** Closes every kept connection. */
  async close(): Promise<void> {
    if (this.sweeper) clearInterval(this.sweeper);
    this.sweeper = null;
    const pools = [...this.pools.values()];
    this.pools.clear();
    await Promise.all(pools.map((pool) => pool.close()));
  }

  private poolFor(owner: number, config: DirectoryConfig): Reach {
    const key = connectionKey(config);
    let pool = this.pools.get(owner);
    if (pool && pool.key !== key) {
      pool.retire();
      pool = undefined;
    }
    if (!pool) {
      pool = new KeptConnections(key, config, () => endpointOf(config, this.options.rules));
      this.pools.set(owner, pool);
    }
    this.sweeper ??= setInterval(() => this.sweep(), Math.max(1000, this.idleMs / 2)).unref();
    return pool.reach();
  }

  private sweep(): void {
    const now = Date.now();
    for (const [owner, pool] of this.pools) {
      if (pool.busy() || now - pool.lastUsed < this.idleMs) continue;
      this.pools.delete(owner);
      void pool.close();
    }
    if (this.pools.size === 0 && this.sweeper) {
      clearInterval(this.sweeper);
      this.sweeper = null;
    }
  }
}

/** What the kept connections depend on (the service password hashed: the key is only compared). */
function connectionKey(config: DirectoryConfig): string {
  const { url, bindDn, bindPassword, timeoutMs, connectTimeoutMs } = config;
  return createHash('sha256').update(JSON.stringify([url, bindDn, bindPassword, timeoutMs, connectTimeoutMs])).digest('hex');
}

const timedOut = (error: unknown): boolean => error instanceof DirectoryError && /timed? ?out/i.test(error.message);

/** One directory's kept connections (see DirectoryConnections). */
class KeptConnections {
  lastUsed = Date.now();
  /** The service account's connection, bound (the promise is shared while it opens). */
  private service: Promise<Client> | null = null;
  private readonly binders: Client[] = [];
  private inUse = 0;
  private retired = false;
  private closed = false;

  constructor(
    readonly key: string,
    private readonly config: DirectoryConfig,
    /** Where a new connection goes, resolved and checked at that moment. */
    private readonly endpoint: () => Promise<DirectoryEndpoint>
  ) {}

  private async newClient(): Promise<Client> {
    return newClient(this.config, await this.endpoint());
  }

  busy(): boolean {
    return this.inUse > 0;
  }

  reach(): Reach {
    this.inUse++;
    this.lastUsed = Date.now();
    let released = false;
    return {
      search: (stage, operation) => this.search(stage, operation),
      bindAs: (dn, password) => this.bindAs(dn, password),
      release: async () => {
        if (released) return;
        released = true;
        this.inUse--;
        this.lastUsed = Date.now();
        if (this.retired && this.inUse === 0) await this.close();
      }
    };
  }

  /** Settings changed: closes the connections once the verifications under way on them are done. */
  retire(): void {
    this.retired = true;
    if (this.inUse === 0) void this.close();
  }

  async close(): Promise<void> {
    this.closed = true;
    const binders = [...this.binders];
    const service = this.service;
    this.binders.length = 0;
    this.service = null;
    await Promise.all([
      ...binders.map((client) => client.unbind().catch(() => undefined)),
      service?.then((client) => client.unbind()).catch(() => undefined)
    ]);
  }

  /** The service connection, bound, opening a new one when the kept one closed (a reconnected one would be anonymous). */
  private async serviceConnection(): Promise<{ client: Client; reused: boolean; from: Promise<Client> }> {
    const kept = this.service;
    if (kept) {
      // Its opening failed (that sign-in was told): open another.
      const client = await kept.catch(() => null);
      if (client && (this.config.bindDn === '' || client.isBound)) return { client, reused: true, from: kept };
      this.dropService(kept, client);
    }
    const opening = this.openService();
    this.service = opening;
    try {
      return { client: await opening, reused: false, from: opening };
    } catch (error) {
      this.dropService(opening, null);
      throw error;
    }
  }

  /** A new connection bound as the service account (anonymous settings: nothing to bind — it opens with the first search, and again by itself when closed). */
  private async openService(): Promise<Client> {
    const client = await this.newClient();
    try {
      await bindService(client, this.config);
    } catch (error) {
      void client.unbind().catch(() => undefined);
      throw error;
    }
    return client;
  }

  private dropService(opening: Promise<Client>, client: Client | null): void {
    if (this.service === opening) this.service = null;
    void client?.unbind().catch(() => undefined);
  }

  private async search<T>(stage: LdapProbeStage, operation: (client: Client) => Promise<T>): Promise<T> {
    const { client, reused, from } = await this.serviceConnection();
    try {
      return await run(client, stage, () => operation(client));
    } catch (error) {
      if (!reused || !(error instanceof DirectoryError) || error.kind !== 'unreachable' || timedOut(error)) throw error;
      // The kept connection was closed under it (an idle timeout on the way): once more on a new one.
      this.dropService(from, client);
      const again = await this.serviceConnection();
      return run(again.client, stage, () => operation(again.client));
    }
  }

  private async bindAs(dn: string, password: string): Promise<boolean> {
    let client = this.binders.pop();
    while (client && !client.isConnected) {
      void client.unbind().catch(() => undefined);
      client = this.binders.pop();
    }
    const reused = client !== undefined;
    client ??= await this.newClient();
    try {
      const ok = await bindOn(client, dn, password);
      this.giveBack(client);
      return ok;
    } catch (error) {
      void client.unbind().catch(() => undefined);
      if (!reused || !(error instanceof DirectoryError) || error.kind !== 'unreachable' || timedOut(error)) throw error;
      const fresh = await this.newClient();
      try {
        const ok = await bindOn(fresh, dn, password);
        this.giveBack(fresh);
        return ok;
      } catch (again) {
        void fresh.unbind().catch(() => undefined);
        throw again;
      }
    }
  }

  private giveBack(client: Client): void {
    if (!this.closed && client.isConnected && this.binders.length < KEPT_BINDERS) this.binders.push(client);
    else void client.unbind().catch(() => undefined);
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
