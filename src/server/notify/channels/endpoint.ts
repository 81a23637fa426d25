import { isIP } from 'node:net';
import type { AddressRules } from '../../ldap/address-rules';
import { AddressRefused, resolveHost, type Lookup } from '../../ldap/endpoint';

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

export type { Lookup };

/** A host as the address rules compare it: lower case, no brackets, no trailing dot, numeric forms normalised (2130706433 → 127.0.0.1). */
export function normaliseHost(host: string): string {
  const trimmed = host.trim();
  const bracketed = trimmed.includes(':') && !trimmed.startsWith('[') ? `[${trimmed}]` : trimmed;
  let name: string;
  try {
    name = new URL(`http://${bracketed}/`).hostname.toLowerCase();
  } catch {
    name = trimmed.toLowerCase();
  }
  if (name.startsWith('[') && name.endsWith(']')) name = name.slice(1, -1);
  return name.endsWith('.') ? name.slice(0, -1) : name;
}

/**
 * The checked endpoint of `rawHost`, or EndpointRefused with the reason in Spanish: the one host
 * check of the platform (resolveHost, src/server/ldap/endpoint.ts — every address the name
 * resolves to must be allowed, not only the first) under NOTIFY_ALLOWED_HOSTS' rules.
 */
export async function resolveChannelHost(rawHost: string, rules: AddressRules, lookup?: Lookup): Promise<ChannelEndpoint> {
  const host = normaliseHost(rawHost);
  try {
    const { address } = await resolveHost(host, rules, lookup ?? (isIP(host) !== 0 ? async () => [{ address: host }] : undefined));
    return { host, address, family: isIP(address) === 6 ? 6 : 4 };
  } catch (error) {
    if (!(error instanceof AddressRefused)) throw error;
    const detail =
      error.reason === 'unresolved' ? `${host} no se pudo resolver a ninguna dirección` : `${host} resuelve a ${error.address ?? 'una dirección'}, fuera de las direcciones permitidas (NOTIFY_ALLOWED_HOSTS)`;
    throw new EndpointRefused(host, error.reason, detail);
  }
}
