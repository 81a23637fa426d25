import { isIP } from 'node:net';
import { resolve } from 'node:path';
import { DEFAULT_REPORTS_POOL_SIZE, type DatabaseTarget } from './db/client';
import { NO_ALLOWED_HOSTS, type LdapAllowList, type Subnet } from './ldap/address-rules';
import { DEFAULT_NOTIFY_DELIVERY, type NotifyDeliveryOptions } from './notify/options';

export interface ServerConfig {
  port: number;
  host: string;
  database: DatabaseTarget;
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  /** Largest accepted request body, in bytes. */
  bodyLimit: number;
  /** Overrides the migrations shipped next to the db module (the Electron build copies them). */
  migrationsFolder?: string;
  /** false: silent; a pino level name otherwise. */
  logger: false | 'fatal' | 'error' | 'warn' | 'info' | 'debug';
  /** Check every JSON answer against the catalogue's response schema (a mismatch is a 500). */
  validateResponses: boolean;
  /** The platform's notion of "now" for stored dates, password expiry and every chat timer; tests fix it. */
  clock: () => Date;
  /** Redis shared by several server instances: socket.io rooms span all of them (REDIS_URL). */
  redisUrl?: string;
  /**
   * Put before every name this platform uses in Redis — the socket.io stream, its pub/sub channels,
   * the recovered sessions and the throttles' keys — so that platforms sharing one Redis stay apart
   * (REDIS_KEY_PREFIX; default none: today's names). Every instance of one platform uses the same.
   */
  redisKeyPrefix: string;
  /** How long an agent with no socket left still counts as connected before it is set Desconectado (ms). */
  agentDisconnectGraceMs: number;
  /** How often the chat sweeper checks the inactivity and queue timers (ms); 0 turns the timer off. */
  sweepIntervalMs: number;
  /**
   * How many conversations the demo data generator spreads over the last 90 days of the demo
   * organisation on the first start of an empty database (DEMO_CONVERSATIONS; 0: none).
   */
  demoConversations: number;
  /**
   * Fastify's trustProxy (TRUST_PROXY): false (the default) takes the client address from the
   * connection; behind a proxy (HAProxy) name the proxy's addresses or CIDRs, so request.ip — the
   * sign-in throttle's key and a lock's recorded origin — is the real client. Never "any peer".
   */
  trustProxy: false | string[];
  /** Sign-in attempts per client address per window (AUTH_RATE_LIMIT_MAX, AUTH_RATE_LIMIT_WINDOW_SECONDS; DEFAULT_AUTH_RATE_LIMIT). */
  authRateLimit: { max: number; windowSeconds: number };
  /**
   * Different accounts one address may fail to sign in to per sign-in window before its wrong
   * passwords answer 429 and count no more against accounts (AUTH_FAILED_ACCOUNTS_MAX; auth/failure-budget.ts).
   */
  signInFailedAccountsMax: number;
  /** Per-socket token buckets of the live chat (src/server/realtime/rate-limits.ts). */
  socketRateLimits: SocketRateLimits;
  /** New-chat handshakes of the widget namespace per client address per window (WIDGET_CONNECT_MAX, WIDGET_CONNECT_WINDOW_SECONDS). */
  widgetConnectLimit: { max: number; windowSeconds: number };
  /** With Redis: the prefix of the keys the shared throttles count under (src/server/rate-limiters.ts); tests give each run its own. */
  rateLimitKeyPrefix: string;
  /** PostgreSQL: connections of the pool statistics and report exports run on, apart from the chat's (REPORTS_POOL_SIZE). */
  reportsPoolSize: number;
  /**
   * Where the organisations' LDAP directories may be beyond the public Internet (LDAP_ALLOWED_HOSTS):
   * host names and addresses or CIDR ranges the operator allows (src/server/ldap/address-rules.ts).
   * Empty by default: a directory on a loopback, private, link-local or reserved address is refused.
   */
  ldapAllowedHosts: LdapAllowList;
  /** 'Probar' of the LDAP settings per organisation per window (LDAP_PROBE_MAX, LDAP_PROBE_WINDOW_SECONDS; DEFAULT_LDAP_PROBE_LIMIT). */
  ldapProbeLimit: { max: number; windowSeconds: number };
  /** A whole 'Probar' at most this long (ms), whatever the form's timeouts. */
  ldapProbeDeadlineMs: number;
  /**
   * Issue 39: where the organisations' SMTP servers and SMS providers may be beyond the public
   * Internet (NOTIFY_ALLOWED_HOSTS, same form as LDAP_ALLOWED_HOSTS). Empty by default.
   */
  notifyAllowedHosts: LdapAllowList;
  /**
   * Issue 39: the folder the .eml files of organisations without an SMTP server are written to
   * (NOTIFY_OUTBOX_DIR). Unset: beside the PGlite data directory ('outbox'), or a temporary folder.
   */
  notifyOutboxDir: string | undefined;
  /** Issue 39: the notification worker's tries, waits and concurrency (code only: src/server/notify/options.ts). */
  notifyDelivery: NotifyDeliveryOptions;
  /**
   * Issue 41: the folder whose latest*.yml and artifacts (as `electron-builder --publish` writes
   * them) the platform serves as the desktop app's update feed at /updates/ (UPDATES_DIR). Unset:
   * no feed (every /updates/ path answers 404).
   */
  updatesDir: string | undefined;
}

/** A token bucket: `burst` at once, then `perSecond` more each second. */
export interface BucketSpec {
  burst: number;
  perSecond: number;
}

export interface SocketRateLimits {
  /** What stores a message or calls the assistant (CHAT_MESSAGE_BURST, CHAT_MESSAGES_PER_SECOND). */
  messages: BucketSpec;
  /** Every event a socket sends, messages included: a flood cap far above any person's pace. */
  events: BucketSpec;
}

export const DEFAULT_PORT = 3100;
export const DEFAULT_HOST = '127.0.0.1';
export const DEFAULT_DATA_DIR = './.data/platform';
export const DEFAULT_BODY_LIMIT = 1024 * 1024;
export const DEFAULT_AGENT_DISCONNECT_GRACE_MS = 60_000;
export const DEFAULT_SWEEP_INTERVAL_MS = 5_000;
export const DEFAULT_DEMO_CONVERSATIONS = 15_000;
/**
 * Sign-in throttling per client address, counted before the per-user failure count (issue 18):
 * 300 attempts per 15 minutes. A long window with a large budget fits how the two cases differ:
 * a contact centre behind one NAT signs in as a burst at shift start (about 250 agents at once,
 * with room for typos and retries), while spraying or locking accounts is sustained, and is held
 * to 20 attempts a minute per address on average (4 accounts locked a minute at 5 failures each,
 * where one address managed ~90 attempts a second before). Over the budget: 429 with Retry-After.
 */
export const DEFAULT_AUTH_RATE_LIMIT = { max: 300, windowSeconds: 15 * 60 } as const;
/**
 * Different accounts one address may get wrong passwords on per sign-in window (issue 36 L1): a
 * few agents behind one NAT mistype at shift start; an address that fails on many accounts is
 * locking them. Past it, that address's wrong passwords answer 429 and lock nobody.
 */
export const DEFAULT_SIGN_IN_FAILED_ACCOUNTS_MAX = 5;
/**
 * A person types at most about one message a second for long; 10 at once covers a pasted list,
 * quick templates across three chats, or an outbox flushed after a reconnect. Any event (typing
 * notices, syncs, status) has its own flood cap of 100 at once and 20 a second.
 */
export const DEFAULT_SOCKET_RATE_LIMITS: SocketRateLimits = { messages: { burst: 10, perSecond: 1 }, events: { burst: 100, perSecond: 20 } };
/**
 * Widget handshakes that may start a chat ({ org, va }) per client address: 60 a minute. Many
 * customers behind one carrier NAT or office proxy open a chat each now and then (a contact centre
 * gets a few hundred chats an hour in all, far under 3,600 from one address); one address opening
 * sockets in a loop gets one a second on average. Resuming a conversation (its token) is not counted.
 */
export const DEFAULT_WIDGET_CONNECT_LIMIT = { max: 60, windowSeconds: 60 } as const;
export const DEFAULT_RATE_LIMIT_KEY_PREFIX = 'atiende:limits:';
/**
 * 'Probar' per organisation: 20 in 10 minutes. An administrator setting a directory up tries a
 * handful of times; each probe opens connections from the platform and binds with a typed password,
 * so an organisation (one administrator's token, from any number of addresses) cannot use it as a
 * scanner or a password oracle at speed. One probe at a time per organisation besides.
 */
export const DEFAULT_LDAP_PROBE_LIMIT = { max: 20, windowSeconds: 10 * 60 } as const;
/** A probe's whole run: the form allows up to 60 s per operation, which over its five steps would hold a request for minutes. */
export const DEFAULT_LDAP_PROBE_DEADLINE_MS = 15_000;

export class ConfigError extends Error {}

export const USAGE = `Uso: npm run server -- [--port N] [--host H] [--memory | --data-dir D]
  --port N       puerto (por defecto ${DEFAULT_PORT}; 0 = cualquiera libre)
  --host H       interfaz (por defecto ${DEFAULT_HOST})
  --memory       base de datos en memoria (se pierde al cerrar)
  --data-dir D   carpeta de datos PGlite (por defecto ${DEFAULT_DATA_DIR})
Variables: DATABASE_URL (PostgreSQL), REDIS_URL (varias instancias), REDIS_KEY_PREFIX (vacío), ACCESS_TOKEN_TTL_SECONDS (3600),
           REFRESH_TOKEN_TTL_SECONDS (86400), AGENT_DISCONNECT_GRACE_MS (${DEFAULT_AGENT_DISCONNECT_GRACE_MS}),
           SWEEP_INTERVAL_MS (${DEFAULT_SWEEP_INTERVAL_MS}), DEMO_CONVERSATIONS (${DEFAULT_DEMO_CONVERSATIONS}),
           AUTH_RATE_LIMIT_MAX (${DEFAULT_AUTH_RATE_LIMIT.max}), AUTH_RATE_LIMIT_WINDOW_SECONDS (${DEFAULT_AUTH_RATE_LIMIT.windowSeconds}),
           AUTH_FAILED_ACCOUNTS_MAX (${DEFAULT_SIGN_IN_FAILED_ACCOUNTS_MAX}),
           CHAT_MESSAGE_BURST (${DEFAULT_SOCKET_RATE_LIMITS.messages.burst}), CHAT_MESSAGES_PER_SECOND (${DEFAULT_SOCKET_RATE_LIMITS.messages.perSecond}), TRUST_PROXY (false),
           WIDGET_CONNECT_MAX (${DEFAULT_WIDGET_CONNECT_LIMIT.max}), WIDGET_CONNECT_WINDOW_SECONDS (${DEFAULT_WIDGET_CONNECT_LIMIT.windowSeconds}),
           REPORTS_POOL_SIZE (${DEFAULT_REPORTS_POOL_SIZE}), LDAP_ALLOWED_HOSTS (vacío: solo directorios en direcciones públicas),
           NOTIFY_ALLOWED_HOSTS (vacío: solo servidores SMTP y de SMS en direcciones públicas), NOTIFY_OUTBOX_DIR,
           LDAP_PROBE_MAX (${DEFAULT_LDAP_PROBE_LIMIT.max}), LDAP_PROBE_WINDOW_SECONDS (${DEFAULT_LDAP_PROBE_LIMIT.windowSeconds}),
           ATIENDE_MIGRATIONS_DIR, LOG_LEVEL (warn)`;

type Env = Record<string, string | undefined>;

/** Everything but the database and listening address, from the environment. */
export function baseConfig(env: Env): Omit<ServerConfig, 'port' | 'host' | 'database'> {
  return {
    accessTokenTtlSeconds: positiveInt(env.ACCESS_TOKEN_TTL_SECONDS, 3600, 'ACCESS_TOKEN_TTL_SECONDS'),
    refreshTokenTtlSeconds: positiveInt(env.REFRESH_TOKEN_TTL_SECONDS, 86400, 'REFRESH_TOKEN_TTL_SECONDS'),
    bodyLimit: DEFAULT_BODY_LIMIT,
    migrationsFolder: env.ATIENDE_MIGRATIONS_DIR || undefined,
    logger: false,
    validateResponses: true,
    clock: () => new Date(),
    redisUrl: env.REDIS_URL || undefined,
    redisKeyPrefix: redisKeyPrefix(env.REDIS_KEY_PREFIX),
    agentDisconnectGraceMs: nonNegativeInt(env.AGENT_DISCONNECT_GRACE_MS, DEFAULT_AGENT_DISCONNECT_GRACE_MS, 'AGENT_DISCONNECT_GRACE_MS'),
    sweepIntervalMs: nonNegativeInt(env.SWEEP_INTERVAL_MS, DEFAULT_SWEEP_INTERVAL_MS, 'SWEEP_INTERVAL_MS'),
    demoConversations: nonNegativeInt(env.DEMO_CONVERSATIONS, DEFAULT_DEMO_CONVERSATIONS, 'DEMO_CONVERSATIONS'),
    trustProxy: trustProxy(env.TRUST_PROXY),
    authRateLimit: {
      max: positiveInt(env.AUTH_RATE_LIMIT_MAX, DEFAULT_AUTH_RATE_LIMIT.max, 'AUTH_RATE_LIMIT_MAX'),
      windowSeconds: positiveInt(env.AUTH_RATE_LIMIT_WINDOW_SECONDS, DEFAULT_AUTH_RATE_LIMIT.windowSeconds, 'AUTH_RATE_LIMIT_WINDOW_SECONDS')
    },
    signInFailedAccountsMax: positiveInt(env.AUTH_FAILED_ACCOUNTS_MAX, DEFAULT_SIGN_IN_FAILED_ACCOUNTS_MAX, 'AUTH_FAILED_ACCOUNTS_MAX'),
    socketRateLimits: {
      messages: {
        burst: positiveInt(env.CHAT_MESSAGE_BURST, DEFAULT_SOCKET_RATE_LIMITS.messages.burst, 'CHAT_MESSAGE_BURST'),
        perSecond: positiveInt(env.CHAT_MESSAGES_PER_SECOND, DEFAULT_SOCKET_RATE_LIMITS.messages.perSecond, 'CHAT_MESSAGES_PER_SECOND')
      },
      events: DEFAULT_SOCKET_RATE_LIMITS.events
    },
    widgetConnectLimit: {
      max: positiveInt(env.WIDGET_CONNECT_MAX, DEFAULT_WIDGET_CONNECT_LIMIT.max, 'WIDGET_CONNECT_MAX'),
      windowSeconds: positiveInt(env.WIDGET_CONNECT_WINDOW_SECONDS, DEFAULT_WIDGET_CONNECT_LIMIT.windowSeconds, 'WIDGET_CONNECT_WINDOW_SECONDS')
    },
    rateLimitKeyPrefix: DEFAULT_RATE_LIMIT_KEY_PREFIX,
    reportsPoolSize: positiveInt(env.REPORTS_POOL_SIZE, DEFAULT_REPORTS_POOL_SIZE, 'REPORTS_POOL_SIZE'),
    ldapAllowedHosts: ldapAllowedHosts(env.LDAP_ALLOWED_HOSTS),
    ldapProbeLimit: {
      max: positiveInt(env.LDAP_PROBE_MAX, DEFAULT_LDAP_PROBE_LIMIT.max, 'LDAP_PROBE_MAX'),
      windowSeconds: positiveInt(env.LDAP_PROBE_WINDOW_SECONDS, DEFAULT_LDAP_PROBE_LIMIT.windowSeconds, 'LDAP_PROBE_WINDOW_SECONDS')
    },
    ldapProbeDeadlineMs: DEFAULT_LDAP_PROBE_DEADLINE_MS,
    notifyAllowedHosts: ldapAllowedHosts(env.NOTIFY_ALLOWED_HOSTS, 'NOTIFY_ALLOWED_HOSTS'),
    notifyOutboxDir: env.NOTIFY_OUTBOX_DIR || undefined,
    notifyDelivery: DEFAULT_NOTIFY_DELIVERY,
    updatesDir: env.UPDATES_DIR || undefined
  };
}

/**
 * The CLI configuration. An explicit --memory or --data-dir wins over DATABASE_URL; without
 * either, DATABASE_URL selects PostgreSQL, and otherwise PGlite in the default data directory.
 */
export function parseConfig(argv: readonly string[], env: Env): ServerConfig {
  let port = DEFAULT_PORT;
  let host = DEFAULT_HOST;
  let memory = false;
  let dataDir: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const value = (): string => {
      const next = argv[++i];
      if (next === undefined || next.startsWith('--')) throw new ConfigError(`Falta el valor de ${arg}`);
      return next;
    };
    if (arg === '--port') port = portNumber(value());
    else if (arg === '--host') host = value();
    else if (arg === '--memory') memory = true;
    else if (arg === '--data-dir') dataDir = value();
    else throw new ConfigError(`Opción desconocida: ${arg}`);
  }
  if (memory && dataDir) throw new ConfigError('Use --memory o --data-dir, no ambos');
  const database: DatabaseTarget =
    memory ? { kind: 'pglite', dataDir: null }
    : dataDir ? { kind: 'pglite', dataDir: resolve(dataDir) }
    : env.DATABASE_URL ? { kind: 'postgres', url: env.DATABASE_URL }
    : { kind: 'pglite', dataDir: resolve(DEFAULT_DATA_DIR) };
  return { ...baseConfig(env), port, host, database, logger: logLevel(env.LOG_LEVEL) };
}

function portNumber(raw: string): number {
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0 || n > 65535) throw new ConfigError(`Puerto inválido: ${raw}`);
  return n;
}

/** Letters, digits and `: _ . -`, up to 64: a Redis key's start that reads the same in every client. */
const REDIS_KEY_PREFIX = /^[A-Za-z0-9:_.-]{0,64}$/;

export function redisKeyPrefix(raw: string | undefined): string {
  const prefix = raw ?? '';
  if (!REDIS_KEY_PREFIX.test(prefix)) throw new ConfigError('REDIS_KEY_PREFIX admite solo letras, números y los signos : _ . - (hasta 64 caracteres)');
  return prefix;
}

function positiveInt(raw: string | undefined, fallback: number, name: string): number {
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n <= 0) throw new ConfigError(`${name} debe ser un entero positivo`);
  return n;
}

function nonNegativeInt(raw: string | undefined, fallback: number, name: string): number {
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0) throw new ConfigError(`${name} debe ser un entero mayor o igual a 0`);
  return n;
}

/**
 * TRUST_PROXY: unset or false, or a comma-separated list of the proxies' addresses and CIDRs. Not
 * `true` (trust any peer): then any client could name its own address in X-Forwarded-For and
 * rotate the throttles' key (issue 36 L2).
 */
function trustProxy(raw: string | undefined): ServerConfig['trustProxy'] {
  const value = raw?.trim() ?? '';
  if (value === '' || value === 'false') return false;
  if (value === 'true') {
    throw new ConfigError('TRUST_PROXY=true confiaría en cualquier cliente: indique las direcciones o redes (CIDR) de los proxies, separadas por comas (por ejemplo 127.0.0.1 o 10.0.0.0/8)');
  }
  const list = value.split(',').map((part) => part.trim());
  if (list.some((part) => !isAddressOrCidr(part))) {
    throw new ConfigError('TRUST_PROXY debe ser false o una lista de direcciones IP o redes (CIDR) de los proxies, separadas por comas');
  }
  return list;
}

/** An IPv4 or IPv6 address, optionally with a prefix length that fits it (no brackets: proxy-addr takes none). */
function isAddressOrCidr(value: string): boolean {
  return !value.startsWith('[') && subnetOf(value.toLowerCase()) !== null;
}

const HOST_NAME = /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;

/**
 * LDAP_ALLOWED_HOSTS: a comma-separated list of host names (as the directory's URL names them),
 * IP addresses and CIDR ranges (IPv6 ones with or without brackets). Blank entries are ignored;
 * anything else — a port, a wildcard, a range past its family's length — is refused.
 */
export function ldapAllowedHosts(raw: string | undefined, variable = 'LDAP_ALLOWED_HOSTS'): LdapAllowList {
  const entries = (raw ?? '').split(',').map((part) => part.trim().toLowerCase()).filter((part) => part !== '');
  if (entries.length === 0) return NO_ALLOWED_HOSTS;
  const hosts: string[] = [];
  const subnets: Subnet[] = [];
  for (const entry of entries) {
    const subnet = subnetOf(entry);
    const name = entry.endsWith('.') ? entry.slice(0, -1) : entry;
    if (subnet) subnets.push(subnet);
    // A last label of digits only is an address written another way (127.1, 2130706433), not a name.
    else if (HOST_NAME.test(name) && !/(^|\.)\d+$/.test(name)) hosts.push(name);
    else {
      throw new ConfigError(
        `${variable}: «${entry}» no es un nombre de servidor, una dirección IP ni un rango CIDR (por ejemplo ldap.empresa.co, 10.0.0.5, 10.20.0.0/16 o fd00::/8), separados por comas`
      );
    }
  }
  return { hosts, subnets };
}

/** An address or a CIDR range ('10.0.0.0/8', '[fd00::]/8', 'fd00::/8', '::1'), or null when the entry is neither. */
function subnetOf(entry: string): Subnet | null {
  const match = /^\[?([0-9a-f.:]+)\]?(?:\/(\d{1,3}))?$/.exec(entry);
  if (!match?.[1]) return null;
  const address = match[1];
  const version = isIP(address);
  if (version === 0 || (entry.startsWith('[') && version !== 6)) return null;
  const longest = version === 4 ? 32 : 128;
  const prefix = match[2] === undefined ? longest : Number(match[2]);
  if (prefix > longest) return null;
  return { address, prefix, family: version === 4 ? 'ipv4' : 'ipv6' };
}

function logLevel(raw: string | undefined): ServerConfig['logger'] {
  if (raw === undefined || raw === '') return 'warn';
  if (raw === 'silent') return false;
  if (raw === 'fatal' || raw === 'error' || raw === 'warn' || raw === 'info' || raw === 'debug') return raw;
  throw new ConfigError(`LOG_LEVEL inválido: ${raw}`);
}
