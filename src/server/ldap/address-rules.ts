import { BlockList, isIP } from 'node:net';

/**
 * Which network addresses the platform's LDAP connections may reach. An organisation's
 * administrator types the directory's URL, and the platform opens a TCP connection there and
 * writes what the form holds (a bind DN, a password) to it: without a rule that is a way to talk
 * to whatever the platform's own network reaches — its Redis and PostgreSQL, a cloud metadata
 * service, an intranet. So an address outside the public Internet is refused, unless the
 * platform's operator allows it (LDAP_ALLOWED_HOSTS: an on-premises directory on a private
 * network, the tests' slapd on loopback).
 *
 * Node's BlockList does the matching; it also matches an IPv4-mapped IPv6 address
 * (::ffff:127.0.0.1) against the IPv4 ranges, so those need no rule of their own.
 */

export interface Subnet {
  address: string;
  prefix: number;
  family: 'ipv4' | 'ipv6';
}

/** What the operator allows beyond the public Internet (config.ldapAllowedHosts). */
export interface LdapAllowList {
  /** Host names (lower case, no trailing dot) allowed whatever they resolve to, as the URL names them. */
  hosts: readonly string[];
  /** Addresses and ranges allowed whatever name leads to them. */
  subnets: readonly Subnet[];
}

export const NO_ALLOWED_HOSTS: LdapAllowList = { hosts: [], subnets: [] };

/**
 * Not the public Internet. The documentation ranges (192.0.2.0/24, 198.51.100.0/24,
 * 203.0.113.0/24, 2001:db8::/32) are left out on purpose: nothing routes them, so they reach no
 * one, and examples and tests can name a public-looking directory with them.
 */
const REFUSED: readonly (readonly [string, number, 'ipv4' | 'ipv6'])[] = [
  ['0.0.0.0', 8, 'ipv4'], // "this network": 0.0.0.0 connects to the host itself
  ['10.0.0.0', 8, 'ipv4'], // private
  ['100.64.0.0', 10, 'ipv4'], // carrier-grade NAT: the provider's side of the network
  ['127.0.0.0', 8, 'ipv4'], // loopback
  ['169.254.0.0', 16, 'ipv4'], // link-local, where cloud metadata services answer
  ['172.16.0.0', 12, 'ipv4'], // private
  ['192.0.0.0', 24, 'ipv4'], // IETF protocol assignments (DS-Lite, NAT64 discovery)
  ['192.88.99.0', 24, 'ipv4'], // 6to4 relay anycast
  ['192.168.0.0', 16, 'ipv4'], // private
  ['198.18.0.0', 15, 'ipv4'], // benchmarking, used inside networks
  ['224.0.0.0', 4, 'ipv4'], // multicast
  ['240.0.0.0', 4, 'ipv4'], // reserved, and the broadcast address
  ['::', 96, 'ipv6'], // unspecified (::), loopback (::1) and the IPv4-compatible addresses
  ['64:ff9b::', 96, 'ipv6'], // NAT64: an IPv4 address behind the translator, private ones too
  ['64:ff9b:1::', 48, 'ipv6'], // local NAT64
  ['100::', 64, 'ipv6'], // discard-only
  ['2001::', 23, 'ipv6'], // IETF protocol assignments, Teredo among them
  ['2002::', 16, 'ipv6'], // 6to4: an IPv4 address (private ones too) inside
  ['fc00::', 7, 'ipv6'], // unique local
  ['fe80::', 10, 'ipv6'], // link-local
  ['fec0::', 10, 'ipv6'], // site-local (deprecated)
  ['ff00::', 8, 'ipv6'] // multicast
];

const refused = new BlockList();
for (const [address, prefix, family] of REFUSED) refused.addSubnet(address, prefix, family);

/** The rules of one allow-list, built once (the platform's, from its config). */
export class AddressRules {
  private readonly hosts: ReadonlySet<string>;
  private readonly subnets = new BlockList();

  constructor(allowList: LdapAllowList) {
    this.hosts = new Set(allowList.hosts);
    for (const { address, prefix, family } of allowList.subnets) this.subnets.addSubnet(address, prefix, family);
  }

  /**
   * Whether the platform may connect to `address`, which `host` (the URL's host: a name or an IP
   * literal, lower case, no brackets) resolved to: a public address, or one the operator allows by
   * name or range.
   */
  allows(address: string, host: string): boolean {
    const family = familyOf(address);
    if (family === null) return false;
    if (this.hosts.has(host) || this.subnets.check(address, family)) return true;
    return !refused.check(address, family);
  }
}

function familyOf(address: string): 'ipv4' | 'ipv6' | null {
  const version = isIP(address);
  return version === 4 ? 'ipv4' : version === 6 ? 'ipv6' : null;
}
