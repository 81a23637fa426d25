import { describe, expect, it } from 'vitest';
import { AddressRules, NO_ALLOWED_HOSTS } from '../../../src/server/ldap/address-rules';
import { AddressRefused, resolveEndpoint, type Lookup } from '../../../src/server/ldap/endpoint';
import { baseConfig, ConfigError, ldapAllowedHosts, USAGE } from '../../../src/server/config';

/**
 * Where the platform's LDAP connections may go (src/server/ldap/address-rules.ts, endpoint.ts) and
 * the operator's allow-list (LDAP_ALLOWED_HOSTS, src/server/config.ts).
 */

const NOT_PUBLIC = [
  '0.0.0.0',
  '0.1.2.3',
  '10.0.0.1',
  '10.255.255.255',
  '100.64.0.1',
  '100.127.255.254',
  '127.0.0.1',
  '127.1.2.3',
  '169.254.169.254',
  '172.16.0.1',
  '172.31.255.255',
  '192.0.0.8',
  '192.168.1.1',
  '198.18.0.1',
  '224.0.0.1',
  '239.255.255.250',
  '240.0.0.1',
  '255.255.255.255',
  '::',
  '::1',
  '::127.0.0.1',
  '::ffff:127.0.0.1',
  '::ffff:7f00:1',
  '::ffff:10.0.0.1',
  '::ffff:169.254.169.254',
  '64:ff9b::a00:1',
  '100::1',
  '2001::1',
  '2002:a00:1::1',
  'fc00::1',
  'fd12:3456::1',
  'fe80::1',
  'fec0::1',
  'ff02::1'
];
const PUBLIC = ['8.8.8.8', '1.1.1.1', '172.32.0.1', '100.128.0.1', '192.169.0.1', '203.0.113.10', '::ffff:8.8.8.8', '2001:4860:4860::8888', '2606:4700::1111', '2001:db8::1'];

describe('the LDAP address rules', () => {
  const rules = new AddressRules(NO_ALLOWED_HOSTS);

  it('refuse loopback, private, link-local, shared, multicast and reserved addresses, IPv4 and IPv6', () => {
    for (const address of NOT_PUBLIC) expect(rules.allows(address, address), address).toBe(false);
  });

  it('allow public addresses (and the documentation ranges, which reach no one)', () => {
    for (const address of PUBLIC) expect(rules.allows(address, address), address).toBe(true);
  });

  it('refuse what is not an address at all', () => {
    for (const address of ['', 'localhost', '127.1', '2130706433', '[::1]']) expect(rules.allows(address, address), address).toBe(false);
  });

  it("allow what the operator lists: a range, an address, a host name as the URL names it", () => {
    const allowed = new AddressRules(ldapAllowedHosts('127.0.0.1, 10.20.0.0/16, fd00::/8, ldap.interno.corp'));
    expect(allowed.allows('127.0.0.1', '127.0.0.1')).toBe(true);
    // An IPv4-mapped IPv6 form of an allowed address is that address.
    expect(allowed.allows('::ffff:127.0.0.1', '::ffff:7f00:1')).toBe(true);
    expect(allowed.allows('127.0.0.2', '127.0.0.2')).toBe(false);
    expect(allowed.allows('10.20.3.4', 'ldap.empresa.co')).toBe(true);
    expect(allowed.allows('10.21.0.1', 'ldap.empresa.co')).toBe(false);
    expect(allowed.allows('fd00::5', 'fd00::5')).toBe(true);
    // The name is allowed whatever it resolves to; another name to the same address is not.
    expect(allowed.allows('192.168.7.7', 'ldap.interno.corp')).toBe(true);
    expect(allowed.allows('192.168.7.7', 'otro.interno.corp')).toBe(false);
    expect(allowed.allows('8.8.8.8', 'ldap.publico.co')).toBe(true);
  });
});

describe('resolving a directory URL to the address its connections go to', () => {
  const rules = new AddressRules(NO_ALLOWED_HOSTS);
  const answering =
    (...addresses: string[]): Lookup =>
    async () =>
      addresses.map((address) => ({ address }));

  it('answers the checked address, the port (389 and 636 by default) and the host kept for TLS', async () => {
    expect(await resolveEndpoint('ldap://ldap.empresa.co', rules, answering('203.0.113.10'))).toEqual({ host: 'ldap.empresa.co', address: '203.0.113.10', port: 389 });
    expect(await resolveEndpoint('ldaps://LDAP.Empresa.co.:1636', rules, answering('2001:db8::10'))).toEqual({ host: 'ldap.empresa.co', address: '2001:db8::10', port: 1636 });
    expect(await resolveEndpoint('ldaps://[2001:db8::10]', rules, answering('2001:db8::10'))).toEqual({ host: '2001:db8::10', address: '2001:db8::10', port: 636 });
  });

  it('refuses a name with any refused address among its answers, and one that resolves to nothing', async () => {
    await expect(resolveEndpoint('ldap://ldap.empresa.co', rules, answering('203.0.113.10', '10.0.0.1'))).rejects.toMatchObject({ name: 'AddressRefused', reason: 'not-allowed' });
    await expect(resolveEndpoint('ldap://ldap.empresa.co', rules, answering())).rejects.toMatchObject({ reason: 'unresolved' });
    const failing: Lookup = async () => {
      throw Object.assign(new Error('getaddrinfo ENOTFOUND nadie.invalid'), { code: 'ENOTFOUND' });
    };
    await expect(resolveEndpoint('ldap://nadie.invalid', rules, failing)).rejects.toBeInstanceOf(AddressRefused);
  });

  it('refuses loopback however the URL writes it, through the system resolver', async () => {
    for (const url of ['ldap://127.0.0.1:389', 'ldap://localhost:389', 'ldap://LOCALHOST.:389', 'ldap://[::1]:389', 'ldap://[::ffff:127.0.0.1]:389', 'ldap://2130706433:389', 'ldap://127.1:389', 'ldap://0x7f.0.0.1:389', 'ldap://0.0.0.0:389', 'ldap://[::]:389']) {
      await expect(resolveEndpoint(url, rules), url).rejects.toBeInstanceOf(AddressRefused);
    }
  });
});

describe('LDAP_ALLOWED_HOSTS', () => {
  it('is empty by default, and documented', () => {
    expect(baseConfig({}).ldapAllowedHosts).toEqual({ hosts: [], subnets: [] });
    expect(baseConfig({ LDAP_ALLOWED_HOSTS: ' , ' }).ldapAllowedHosts).toEqual({ hosts: [], subnets: [] });
    expect(USAGE).toContain('LDAP_ALLOWED_HOSTS');
  });

  it('takes host names, addresses and CIDR ranges, separated by commas', () => {
    expect(baseConfig({ LDAP_ALLOWED_HOSTS: 'LDAP.Interno.Corp., 127.0.0.1, 10.20.0.0/16, [fd00::]/8, ::1, localhost' }).ldapAllowedHosts).toEqual({
      hosts: ['ldap.interno.corp', 'localhost'],
      subnets: [
        { address: '127.0.0.1', prefix: 32, family: 'ipv4' },
        { address: '10.20.0.0', prefix: 16, family: 'ipv4' },
        { address: 'fd00::', prefix: 8, family: 'ipv6' },
        { address: '::1', prefix: 128, family: 'ipv6' }
      ]
    });
  });

  it('refuses anything else with a Spanish ConfigError naming the entry', () => {
    for (const bad of ['ldap.corp:389', '*.corp', '10.0.0.0/33', '::/129', '10.0.0.0/', '127.1', '2130706433', 'ldap://ldap.corp', '[10.0.0.1]', 'host name', 'dominio_.co', '-ldap.corp']) {
      expect(() => baseConfig({ LDAP_ALLOWED_HOSTS: `ldap.bien.co,${bad}` }), bad).toThrow(ConfigError);
      expect(() => baseConfig({ LDAP_ALLOWED_HOSTS: bad }), bad).toThrow(`LDAP_ALLOWED_HOSTS: «${bad.toLowerCase()}» no es un nombre de servidor, una dirección IP ni un rango CIDR`);
    }
  });

  it("'Probar' has a per-organisation budget, configurable and refused in Spanish when not a positive integer", () => {
    expect(baseConfig({}).ldapProbeLimit).toEqual({ max: 20, windowSeconds: 600 });
    expect(baseConfig({ LDAP_PROBE_MAX: '5', LDAP_PROBE_WINDOW_SECONDS: '60' }).ldapProbeLimit).toEqual({ max: 5, windowSeconds: 60 });
    expect(() => baseConfig({ LDAP_PROBE_MAX: '0' })).toThrow('LDAP_PROBE_MAX debe ser un entero positivo');
    expect(() => baseConfig({ LDAP_PROBE_WINDOW_SECONDS: 'diez' })).toThrow('LDAP_PROBE_WINDOW_SECONDS debe ser un entero positivo');
  });
});
