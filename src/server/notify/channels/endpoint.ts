import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import type { AddressRules } from '../../ldap/address-rules';

/**
 * Where a notification channel's connection goes: the organisation's SMTP host or SMS provider's
 * host resolved once and every address it answers checked against the platform's rules
 * (src/server/ldap/address-rules.ts, from NOTIFY_ALLOWED_HOSTS) — an administrator types the host,
 * and the platform then writes a password and the customers' data to it, so without the check it
 * could be made to talk to the platform's own network. The connection is then made to the checked
 * address itself, never resolved again, so DNS cannot answer one address to the check and another
 * to the socket; the host name stays the TLS server name.
 */
export interface ChannelEndpoint {
  /** The host as typed (lower case, no brackets, no trailing dot). */
  host: string;
  /** What it resolved to, checked: the connection goes here. */
  address: string;
  family: 4 | 6;
}

/** Why a host cannot be reached: it resolves to nothing (perhaps for now), or to an address the rules refuse (until an operator allows it). */
export class EndpointRefused extends Error {
  constructor(
    readonly host: string,
    readonly reason: 'unresolved' | 'not-allowed',
    detail: string
  ) {
    super(detail);
    this.name = 'EndpointRefused';
  }
}

export type Lookup = (host: string) => Promise<readonly { address: string; family: number }[]>;

const systemLookup: Lookup = (host) => dnsLookup(host, { all: true, verbatim: true });

export function normaliseHost(host: string): string {
  let name = host.trim().toLowerCase();
  if (name.startsWith('[') && name.endsWith(']')) name = name.slice(1, -1);
  return name.endsWith('.') ? name.slice(0, -1) : name;
}

/** The checked endpoint of `rawHost`, or EndpointRefused (every address it resolves to must be allowed, not only the first). */
export async function resolveChannelHost(rawHost: string, rules: AddressRules, lookup: Lookup = systemLookup): Promise<ChannelEndpoint> {
  const host = normaliseHost(rawHost);
  let addresses: readonly { address: string; family: number }[];
  if (isIP(host) !== 0) addresses = [{ address: host, family: isIP(host) }];
  else {
    try {
      addresses = await lookup(host);
    } catch (error) {
      throw new EndpointRefused(host, 'unresolved', `${host} no se pudo resolver: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  const first = addresses[0];
  if (!first) throw new EndpointRefused(host, 'unresolved', `${host} no resuelve a ninguna dirección`);
  const refused = addresses.find(({ address }) => !rules.allows(address, host));
  if (refused) {
    throw new EndpointRefused(host, 'not-allowed', `${host} resuelve a ${refused.address}, fuera de las direcciones permitidas (NOTIFY_ALLOWED_HOSTS)`);
  }
  return { host, address: first.address, family: first.family === 6 ? 6 : 4 };
}
