import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { createClient } from 'redis';
import { LDAP_TEXT, type LdapSettingsBody } from '../../../src/shared/domain/ldap';
import { ldapAllowedHosts } from '../../../src/server/config';
import { ldapDirectories } from '../../../src/server/db/schema';
import { BACKENDS } from '../../support/database';
import { bearer, createTestApp, signIn, type TestPlatform } from '../../support/app';
import { changedTables, tableDigest } from '../server/hostile-input-cases';
import { OwnRedis, redisServerAvailable } from '../../support/redis';
import { closedPort } from '../../support/slapd';

/**
 * Where an organisation's LDAP directory may point (H1): 'Probar' and saving refuse, before any
 * connection, a URL whose host is (or resolves to) a loopback, private, link-local or reserved
 * address — unless the operator allows it (LDAP_ALLOWED_HOSTS) — and a CR/LF anywhere in the
 * settings; a connection that fails answers one generic text whatever the socket did. A real Redis
 * of the test's own stands for what a platform's network holds, and a TCP listener that counts its
 * connections proves that a refused address is never connected to.
 */

const REDIS_SMUGGLING = 'x\r\nSET k v\r\nQUIT\r\n';
const ORG = 100;

/** A TCP listener on loopback (IPv4 and IPv6) that counts the connections it is asked for. */
async function countingListener(): Promise<{ port: number; connections(): number; close(): Promise<void> }> {
  let connections = 0;
  const server = net.createServer((socket) => {
    connections++;
    socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen({ port: 0, host: '::', ipv6Only: false }, resolve));
  const address = server.address();
  return {
    port: typeof address === 'object' && address ? address.port : 0,
    connections: () => connections,
    close: () => new Promise<void>((resolve) => server.close(() => resolve()))
  };
}

/** Redis's own count of the connections it accepted (INFO stats). */
async function redisConnections(client: ReturnType<typeof createClient>): Promise<number> {
  const info = await client.info('stats');
  const match = /total_connections_received:(\d+)/.exec(info);
  if (!match?.[1]) throw new Error('INFO stats without total_connections_received');
  return Number(match[1]);
}

describe.each(BACKENDS)('where an LDAP directory may point, on %s', (backend) => {
  let strict: TestPlatform;
  let loopbackAllowed: TestPlatform;
  let redis: OwnRedis | null = null;
  let redisClient: ReturnType<typeof createClient> | null = null;
  let listener: Awaited<ReturnType<typeof countingListener>>;
  const tokens = new Map<FastifyInstance, string>();

  const settings = (url: string, over: Partial<LdapSettingsBody> = {}): LdapSettingsBody => ({
    enabled: false,
    url,
    bindDn: 'cn=servicio,dc=atiende,dc=test',
    bindPassword: 'Servicio-2026',
    searchBase: 'ou=people,dc=atiende,dc=test',
    userFilter: '(uid={{username}})',
    groupSearchBase: '',
    emailAttribute: 'mail',
    nameAttribute: 'cn',
    roleMappings: [{ groupDn: 'cn=asesores,dc=atiende,dc=test', role: 5 }],
    timeoutMs: 1000,
    connectTimeoutMs: 1000,
    ...over
  });
  const probe = (app: FastifyInstance, body: LdapSettingsBody) =>
    app.inject({ method: 'POST', url: `/api/ldap/probar/${ORG}`, headers: bearer(tokens.get(app) ?? ''), payload: { settings: body, username: 'ana', password: 'Clave-Ana-2026' } });
  const save = (app: FastifyInstance, body: LdapSettingsBody) =>
    app.inject({ method: 'PUT', url: `/api/ldap/configuracion/${ORG}`, headers: bearer(tokens.get(app) ?? ''), payload: body });
  /** The one refusal of an address; when saving, said of the settings' URL (the form shows it under that field). */
  const expectRefusedAddress = (res: LightMyRequestResponse, what: string, saving = false) => {
    expect(res.statusCode, `${what}: ${res.body}`).toBe(400);
    expect(res.json().message, what).toBe(saving ? `url: ${LDAP_TEXT.addressRefused}` : LDAP_TEXT.addressRefused);
  };

  beforeAll(async () => {
    strict = await createTestApp(backend);
    loopbackAllowed = await createTestApp(backend, { ldapAllowedHosts: ldapAllowedHosts('127.0.0.1') });
    for (const platform of [strict, loopbackAllowed]) tokens.set(platform.app, (await signIn(platform.app, 'admin@demo.co')).token);
    listener = await countingListener();
    if (redisServerAvailable) {
      redis = await OwnRedis.start();
      redisClient = createClient({ url: redis.url });
      await redisClient.connect();
    }
  });
  afterAll(async () => {
    await redisClient?.close();
    await redis?.down();
    await listener?.close();
    await strict?.close();
    await loopbackAllowed?.close();
  });

  it.skipIf(!redisServerAvailable)("refuses the CR/LF password aimed at a Redis, allow-listed or not, and that Redis is never touched", async () => {
    if (!redis || !redisClient) throw new Error('no redis');
    const before = await redisConnections(redisClient);
    const aimed = settings(`ldap://127.0.0.1:${redis.port}`, { bindPassword: REDIS_SMUGGLING });
    for (const platform of [strict, loopbackAllowed]) {
      const res = await probe(platform.app, aimed);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toMatch(/La contraseña de la cuenta de servicio contiene caracteres no permitidos/);
      expect((await save(platform.app, aimed)).statusCode).toBe(400);
    }
    // Without the CR/LF, on the platform that allows nothing beyond the Internet: the address is refused.
    expectRefusedAddress(await probe(strict.app, settings(`ldap://127.0.0.1:${redis.port}`)), 'probe with a clean password');
    expect(await redisClient.dbSize()).toBe(0);
    expect(await redisClient.get('k')).toBeNull();
    expect(await redisConnections(redisClient)).toBe(before);
  });

  it.skipIf(!redisServerAvailable)('answers a connection that fails one way, whether the port is closed or something else listens there', async () => {
    if (!redis || !redisClient) throw new Error('no redis');
    // Loopback allowed: the platform connects to the Redis port, and what it finds there is not told.
    const open = await probe(loopbackAllowed.app, settings(`ldap://127.0.0.1:${redis.port}`));
    const closed = await probe(loopbackAllowed.app, settings(`ldap://127.0.0.1:${await closedPort()}`));
    for (const res of [open, closed]) {
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ ok: false, stage: 'connect', message: LDAP_TEXT.probeUnreachable, detail: '' });
    }
    expect(open.body).toBe(closed.body);
    expect(await redisClient.dbSize()).toBe(0);
  });

  it('refuses loopback, private, link-local and reserved addresses before connecting, when probing and when saving', async () => {
    const before = await tableDigest(strict.app);
    const local = ['127.0.0.1', 'localhost', 'LOCALHOST.', '[::1]', '[::ffff:127.0.0.1]', '2130706433', '127.1', '0.0.0.0', '[::]'].map((host) => `ldap://${host}:${listener.port}`);
    const elsewhere = ['10.0.0.1', '172.16.5.4', '192.168.1.1', '169.254.169.254', '100.64.0.1', '[fc00::1]', '[fe80::1]', '224.0.0.1', '[64:ff9b::a00:1]'].map((host) => `ldaps://${host}:636`);
    for (const url of [...local, ...elsewhere]) {
      expectRefusedAddress(await probe(strict.app, settings(url)), `probe ${url}`);
      expectRefusedAddress(await save(strict.app, settings(url)), `save ${url}`, true);
    }
    // The loopback listener (which answers IPv4 and IPv6) was never asked for a connection.
    expect(listener.connections()).toBe(0);
    expect(changedTables(before, await tableDigest(strict.app))).toEqual([]);
    // A name that resolves to nothing gets the same answer: the refusal tells nothing of the platform's network.
    expectRefusedAddress(await probe(strict.app, settings('ldap://nadie.invalid:389')), 'probe of an unresolvable name');
  });

  it('lets the operator allow an address: loopback allowed, it is saved, and only it', async () => {
    const url = `ldap://127.0.0.1:${listener.port}`;
    const saved = await save(loopbackAllowed.app, settings(url));
    expect(saved.statusCode, saved.body).toBe(200);
    expectRefusedAddress(await save(loopbackAllowed.app, settings(`ldap://[::1]:${listener.port}`)), 'IPv6 loopback is not 127.0.0.1', true);
    expectRefusedAddress(await save(loopbackAllowed.app, settings('ldap://10.0.0.1:389')), 'a private address', true);
    expect(listener.connections()).toBe(0);
    // 'Probar' does connect where allowed (to the checked address): the listener hangs up, one generic answer.
    const tried = await probe(loopbackAllowed.app, settings(url));
    expect(tried.json()).toEqual({ ok: false, stage: 'connect', message: LDAP_TEXT.probeUnreachable, detail: '' });
    expect(listener.connections()).toBeGreaterThan(0);
  });

  it('never reaches a directory saved before the rules that points at a refused address: the sign-in answers 503', async () => {
    const before = listener.connections();
    // As a directory saved by an earlier version would be: written straight to the table.
    await strict.app.db
      .insert(ldapDirectories)
      .values({ organizationId: ORG, ...settings(`ldap://127.0.0.1:${listener.port}`), enabled: true, bindPassword: 'Servicio-2026' })
      .onConflictDoUpdate({ target: ldapDirectories.organizationId, set: { url: `ldap://127.0.0.1:${listener.port}`, enabled: true } });
    for (let i = 0; i < 2; i++) {
      const res = await strict.app.inject({ method: 'POST', url: '/api/auth/auth_ldap', payload: { username: 'ana', password: 'Clave-Ana-2026' } });
      expect(res.statusCode, res.body).toBe(503);
      expect(res.json().message).toBe(LDAP_TEXT.unreachable);
    }
    expect(listener.connections()).toBe(before);
  });
});
