import net from 'node:net';
import tls from 'node:tls';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ldapAllowedHosts } from '../../../src/server/config';
import { AddressRules, NO_ALLOWED_HOSTS } from '../../../src/server/ldap/address-rules';
import { DirectoryConnections, verifyPerson, type DirectoryConfig } from '../../../src/server/ldap/directory';
import { resolveEndpoint, type DirectoryEndpoint } from '../../../src/server/ldap/endpoint';
import { GROUPS, PEOPLE, SERVICE_DN, SLAPD_PATH, SLAPD_SKIP_REASON, groupDn, startSlapd, type RunningSlapd } from '../../support/slapd';

/**
 * The connections the LDAP sign-in keeps open to a directory between sign-ins (DirectoryConnections,
 * src/server/ldap/directory.ts), against a real slapd reached through a loopback TCP relay that
 * counts the connections and can cut them all, as a directory's idle timeout or a firewall does.
 * This slapd lets anonymous clients only bind: a search on a connection that lost its service
 * bind finds no one. The relay is on loopback, which these tests allow (LDAP_ALLOWED_HOSTS=127.0.0.1).
 */

const LOOPBACK = new AddressRules(ldapAllowedHosts('127.0.0.1'));
const connectionsTo = () => new DirectoryConnections({ rules: LOOPBACK });
/** 'Probar''s way: the URL's host resolved and checked once, the connections to that address. */
const fresh = async (config: DirectoryConfig, username: string, password: string, deadlineMs?: number) =>
  verifyPerson(config, username, password, { endpoint: await resolveEndpoint(config.url, LOOPBACK), deadlineMs });

const SERVICE_PASSWORD = 'Servicio-Conexiones-2026';
const ANA = { uid: 'ana', password: 'Clave-Ana-2026' };

if (!SLAPD_PATH) console.warn(SLAPD_SKIP_REASON);

/** A TCP relay to the directory: how many connections it was asked for, how many are open, and cutting them all. */
interface Relay {
  url: string;
  opened(): number;
  open(): number;
  cutAll(): void;
  close(): Promise<void>;
}

async function startRelay(port: number): Promise<Relay> {
  const pairs = new Set<[net.Socket, net.Socket]>();
  let opened = 0;
  const server = net.createServer((client) => {
    opened++;
    const upstream = net.connect(port, '127.0.0.1');
    const pair: [net.Socket, net.Socket] = [client, upstream];
    pairs.add(pair);
    const end = () => {
      pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    for (const socket of pair) {
      socket.on('error', end);
      socket.on('close', end);
    }
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const relayPort = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `ldap://127.0.0.1:${relayPort}`,
    opened: () => opened,
    open: () => pairs.size,
    cutAll: () => {
      for (const [client, upstream] of [...pairs]) {
        client.destroy();
        upstream.destroy();
      }
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const [client, upstream] of [...pairs]) {
          client.destroy();
          upstream.destroy();
        }
        server.close(() => resolve());
      })
  };
}

/** Resolves once `test` holds (a socket's close reaches the relay a moment later). */
async function eventually(test: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !test(); i++) await new Promise((done) => setTimeout(done, 10));
  expect(test()).toBe(true);
}

describe.skipIf(!SLAPD_PATH)('the connections kept to a directory between LDAP sign-ins (real slapd)', () => {
  let slapd: RunningSlapd;
  let relay: Relay;
  let connections: DirectoryConnections;
  const config = (over: Partial<DirectoryConfig> = {}): DirectoryConfig => ({
    url: relay.url,
    bindDn: SERVICE_DN,
    bindPassword: SERVICE_PASSWORD,
    searchBase: PEOPLE,
    userFilter: '(uid={{username}})',
    groupSearchBase: GROUPS,
    emailAttribute: 'mail',
    nameAttribute: 'cn',
    timeoutMs: 3000,
    connectTimeoutMs: 3000,
    ...over
  });

  beforeAll(async () => {
    slapd = await startSlapd({
      servicePassword: SERVICE_PASSWORD,
      people: [{ uid: ANA.uid, cn: 'Ana Gómez', sn: 'Gómez', mail: 'ana@atiende.test', password: ANA.password }],
      groups: [{ cn: 'asesores', members: [ANA.uid] }]
    });
  });
  afterAll(async () => {
    await slapd?.stop();
  });
  beforeAll(async () => {
    relay = await startRelay(slapd.port);
  });
  afterAll(async () => {
    await relay?.close();
  });
  afterEach(async () => {
    await connections?.close();
  });

  it('verifies people on the same two connections sign-in after sign-in, several at once', async () => {
    connections = connectionsTo();
    const before = relay.opened();
    const first = await connections.verifyPerson(100, config(), ANA.uid, ANA.password);
    expect(first).toMatchObject({ ok: true, person: { dn: slapd.personDn(ANA.uid), email: 'ana@atiende.test', groups: [groupDn('asesores')] } });
    // The service account's connection and one for the person's bind.
    expect(relay.opened() - before).toBe(2);
    for (let i = 0; i < 5; i++) expect((await connections.verifyPerson(100, config(), ANA.uid, ANA.password)).ok).toBe(true);
    expect(await connections.verifyPerson(100, config(), ANA.uid, 'equivocada')).toEqual({ ok: false, reason: 'bad-password', dn: slapd.personDn(ANA.uid) });
    expect(relay.opened() - before).toBe(2);
    // At once: the searches share the service connection; each bind takes a connection of its own.
    const verdicts = await Promise.all(Array.from({ length: 6 }, (_, i) => connections.verifyPerson(100, config(), ANA.uid, i % 2 === 0 ? ANA.password : 'equivocada')));
    expect(verdicts.map((v) => v.ok)).toEqual([true, false, true, false, true, false]);
    await connections.close();
    await eventually(() => relay.open() === 0);
  });

  it('opens new connections, bound as the service account again, when the directory closed the kept ones', async () => {
    connections = connectionsTo();
    expect((await connections.verifyPerson(100, config(), ANA.uid, ANA.password)).ok).toBe(true);
    relay.cutAll();
    await eventually(() => relay.open() === 0);
    // Reconnected anonymously, the search would find no one ('no-user'): the person is found, so the service bound again.
    expect((await connections.verifyPerson(100, config(), ANA.uid, ANA.password)).ok).toBe(true);
    expect(await connections.verifyPerson(100, config(), ANA.uid, 'equivocada')).toMatchObject({ ok: false, reason: 'bad-password' });
    expect(await connections.verifyPerson(100, config(), 'nadie', ANA.password)).toEqual({ ok: false, reason: 'no-user' });
  });

  it('closes the connections of settings that changed, and refuses a service password that is no longer right', async () => {
    connections = connectionsTo();
    expect((await connections.verifyPerson(100, config(), ANA.uid, ANA.password)).ok).toBe(true);
    expect(relay.open()).toBe(2);
    // A sign-in under way on the old settings' connections (the directory holds its answer) finishes on them.
    slapd.freeze();
    const underWay = connections.verifyPerson(100, config(), ANA.uid, ANA.password);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const changed = connections.verifyPerson(100, config({ bindPassword: 'equivocada' }), ANA.uid, ANA.password);
    await new Promise((resolve) => setTimeout(resolve, 50));
    slapd.thaw();
    await expect(changed).rejects.toMatchObject({ name: 'DirectoryError', stage: 'service-bind', kind: 'refused' });
    expect((await underWay).ok).toBe(true);
    // The old settings' connections closed once it finished; the refused service connection was not kept.
    await eventually(() => relay.open() === 0);
  });

  it('asks the directory for a bind when no one has the name, as for a wrong password', async () => {
    // Fresh connections (as 'Probar' uses them): an unknown name opens the service connection and a bind's, as a known name does.
    const before = relay.opened();
    expect(await fresh(config(), 'nadie', 'Cualquiera-2026')).toEqual({ ok: false, reason: 'no-user' });
    expect(relay.opened() - before).toBe(2);
    expect(await fresh(config(), ANA.uid, 'equivocada')).toMatchObject({ ok: false, reason: 'bad-password' });
    expect(relay.opened() - before).toBe(4);
  });

  it('connects to the address that was checked, never resolving the URL again', async () => {
    // A name no resolver knows: were the socket to look it up, the verification would fail.
    const port = Number(new URL(relay.url).port);
    const endpoint: DirectoryEndpoint = { host: 'ldap.atiende.invalid', address: '127.0.0.1', port };
    const before = relay.opened();
    expect(await verifyPerson(config({ url: `ldap://ldap.atiende.invalid:${port}` }), ANA.uid, ANA.password, { endpoint })).toMatchObject({ ok: true });
    expect(relay.opened() - before).toBe(2);
  });

  it('keeps the URL\'s name as the TLS server name on ldaps, while connecting to the checked address', async () => {
    const names: string[] = [];
    // No certificate is needed to read the server name the client sends in its hello.
    const server = tls.createServer({
      SNICallback: (servername, done) => {
        names.push(servername);
        done(new Error('no certificate here'), undefined);
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    try {
      const endpoint: DirectoryEndpoint = { host: 'ldap.atiende.invalid', address: '127.0.0.1', port };
      await expect(verifyPerson(config({ url: `ldaps://ldap.atiende.invalid:${port}` }), ANA.uid, ANA.password, { endpoint })).rejects.toMatchObject({ kind: 'unreachable' });
      expect(names[0]).toBe('ldap.atiende.invalid');
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it("ends a probe at its deadline whatever the settings' timeouts, closing its connections", async () => {
    // A directory that accepts connections, reads what it is sent (so it sees them close) and never answers.
    const hung = net.createServer((socket) => socket.resume());
    await new Promise<void>((resolve) => hung.listen(0, '127.0.0.1', resolve));
    const address = hung.address();
    const url = `ldap://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const open = () => new Promise<number>((resolve) => hung.getConnections((_, n) => resolve(n)));
    try {
      const started = Date.now();
      await expect(fresh(config({ url, timeoutMs: 60_000, connectTimeoutMs: 60_000 }), ANA.uid, ANA.password, 500)).rejects.toMatchObject({
        name: 'DirectoryError',
        kind: 'unreachable',
        stage: 'connect',
        message: 'the directory did not answer within 500 ms'
      });
      expect(Date.now() - started).toBeLessThan(5_000);
      // Its connections were destroyed, not left to the settings' 60 s.
      for (let i = 0; i < 200 && (await open()) > 0; i++) await new Promise((done) => setTimeout(done, 10));
      expect(await open()).toBe(0);
    } finally {
      await new Promise<void>((resolve) => hung.close(() => resolve()));
    }
  });

  it('opens no kept connection to an address the rules refuse', async () => {
    connections = new DirectoryConnections({ rules: new AddressRules(NO_ALLOWED_HOSTS) });
    const before = relay.opened();
    await expect(connections.verifyPerson(100, config(), ANA.uid, ANA.password)).rejects.toMatchObject({ name: 'DirectoryError', stage: 'connect', kind: 'unreachable' });
    expect(relay.opened()).toBe(before);
  });
});
