import { lookup as dnsLookup } from 'node:dns/promises';
import { connect as tcpConnect, isIP, type Socket } from 'node:net';
import { connect as tlsConnect } from 'node:tls';
import type { ClientOptions } from 'ldapts';
import type { AddressRules } from './address-rules';

/**
 * Where a directory's connections go: its URL's host resolved once and checked against the
 * address rules (address-rules.ts), then every connection made to that very address — never
 * resolved again by the socket, so a name cannot answer a public address to the check and a
 * private one to the connection (DNS rebinding). On ldaps the URL's name stays the TLS server
 * name (SNI and the certificate's check), as if ldapts had connected by name.
 */

export interface DirectoryEndpoint {
  /** The URL's host as the rules saw it: a name, or an IP literal (lower case, no brackets, no trailing dot). */
  host: string;
  /** What it resolved to, checked: every connection goes here. */
  address: string;
  port: number;
}

/** The URL's host cannot be used: it resolves to nothing, or to an address the rules refuse. */
export class AddressRefused extends Error {
  constructor(
    readonly host: string,
    readonly reason: 'unresolved' | 'not-allowed',
    detail: string,
    /** The address the rules refused ('not-allowed'). */
    readonly address?: string
  ) {
    super(detail);
    this.name = 'AddressRefused';
  }
}

/** A resolver's answer, as dns.promises.lookup gives it with { all: true }. */
export type Lookup = (host: string) => Promise<readonly { address: string }[]>;

const systemLookup: Lookup = (host) => dnsLookup(host, { all: true, verbatim: true });

/** The URL's host, as the rules compare it. */
function hostOf(url: URL): string {
  let host = url.hostname.toLowerCase();
  if (host.startsWith('[') && host.endsWith(']')) host = host.slice(1, -1);
  return host.endsWith('.') ? host.slice(0, -1) : host;
}

/**
 * The endpoint of an ldap:// or ldaps:// URL (the shared schema checked its shape). Every address
 * the host resolves to must be allowed, not only the first: a name answering one public and one
 * private address is refused. AddressRefused otherwise.
 */
export async function resolveEndpoint(url: string, rules: AddressRules, lookup: Lookup = systemLookup): Promise<DirectoryEndpoint> {
  const parsed = new URL(url);
  const port = parsed.port === '' ? (parsed.protocol === 'ldaps:' ? 636 : 389) : Number(parsed.port);
  return { ...(await resolveHost(hostOf(parsed), rules, lookup)), port };
}

/**
 * A host (a name or an IP literal, lower case, no brackets, no trailing dot) resolved once and
 * checked as resolveEndpoint checks a URL's: every address it resolves to allowed, the first one
 * answered. Also the notification channels' (an SMTP server, an SMS provider: src/server/notify/channels/endpoint.ts).
 */
export async function resolveHost(host: string, rules: AddressRules, lookup: Lookup = systemLookup): Promise<Omit<DirectoryEndpoint, 'port'>> {
  let addresses: readonly { address: string }[];
  try {
    addresses = await lookup(host);
  } catch (error) {
    throw new AddressRefused(host, 'unresolved', `${host} does not resolve: ${error instanceof Error ? error.message : String(error)}`);
  }
  const first = addresses[0];
  if (!first) throw new AddressRefused(host, 'unresolved', `${host} resolves to no address`);
  const refused = addresses.find(({ address }) => !rules.allows(address, host));
  if (refused) throw new AddressRefused(host, 'not-allowed', `${host} resolves to ${refused.address}, outside the allowed addresses`, refused.address);
  return { host, address: first.address };
}

/**
 * ldapts' connection factories for `endpoint`: whatever host ldapts parsed from the URL, the socket
 * goes to the checked address. `opened` is told of each socket (a caller with a deadline destroys
 * them). Only for connections opened as ldap:// or ldaps:// — never used for StartTLS, which the
 * platform does not do.
 */
export function connectionOptions(endpoint: DirectoryEndpoint, opened?: (socket: Socket) => void): Pick<ClientOptions, 'createConnection' | 'createSecureConnection'> {
  const { address, port, host } = endpoint;
  const told = <S extends Socket>(socket: S): S => {
    opened?.(socket);
    return socket;
  };
  return {
    createConnection: () => told(tcpConnect({ host: address, port })),
    // An IP literal is not a TLS server name (RFC 6066): then the certificate is checked against the address.
    createSecureConnection: () => told(tlsConnect({ host: address, port, ...(isIP(host) === 0 ? { servername: host } : {}) }))
  };
}
