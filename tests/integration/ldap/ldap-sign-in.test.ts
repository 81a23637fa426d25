import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { Change, Attribute, Client } from 'ldapts';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { endpoints } from '../../../src/shared/api/catalogue';
import { LDAP_TEXT, type LdapSettingsBody } from '../../../src/shared/domain/ldap';
import { MSG } from '../../../src/shared/messages';
import { DIRECTORY_ONLY_HASH } from '../../../src/server/auth/passwords';
import { ldapAllowedHosts } from '../../../src/server/config';
import { PROBE_TEXT } from '../../../src/server/ldap/probe-budget';
import { ldapAccounts, ldapDirectories, userAccessLog, users } from '../../../src/server/db/schema';
import { BACKENDS } from '../../support/database';
import { bearer, claimsOf, createTestApp, login, signIn, type TestPlatform } from '../../support/app';
import { changedTables, tableDigest } from '../server/hostile-input-cases';
import { GROUPS, PEOPLE, SERVICE_DN, SLAPD_PATH, SLAPD_SKIP_REASON, closedPort, groupDn, personDn, startSlapd, type RunningSlapd } from '../../support/slapd';

/**
 * LDAP sign-in (POST /api/auth/auth_ldap) and the directory settings with their 'Probar', against a
 * real OpenLDAP (Debian's slapd, started by tests/support/slapd.ts on a loopback port with the people below).
 * Loopback is refused unless the operator allows it: these platforms allow 127.0.0.1 as an operator
 * with an on-premises directory would (LDAP_ALLOWED_HOSTS); directory-address.test.ts covers the rule.
 */

const SERVICE_PASSWORD = 'Servicio-Secreto-2026';
const PASSWORDS = { ana: 'Clave-Ana-2026', carlos: 'Clave-Carlos-2026', otro: 'Clave-Otro-2026', nomail: 'Clave-Nomail-2026', choque: 'Clave-Choque-2026', ajeno: 'Clave-Ajeno-2026' };
const ALLOW_LOOPBACK = { ldapAllowedHosts: ldapAllowedHosts('127.0.0.1') };
const DEMO = 'Demo Contact Center';
const OTHER = 'Otra Entidad S.A.S.';

if (!SLAPD_PATH) console.warn(SLAPD_SKIP_REASON);

describe.skipIf(!SLAPD_PATH).each(BACKENDS)('LDAP sign-in against a real slapd, on %s', (backend) => {
  let slapd: RunningSlapd;
  let platform: TestPlatform;
  let app: FastifyInstance;
  let superadmin: string;
  let admin: string;

  const settings = (over: Partial<LdapSettingsBody> = {}): LdapSettingsBody => ({
    enabled: true,
    url: slapd.url,
    bindDn: SERVICE_DN,
    bindPassword: SERVICE_PASSWORD,
    searchBase: PEOPLE,
    userFilter: '(uid={{username}})',
    groupSearchBase: GROUPS,
    emailAttribute: 'mail',
    nameAttribute: 'cn',
    roleMappings: [
      { groupDn: groupDn('supervisores'), role: 6 },
      { groupDn: groupDn('asesores'), role: 5 }
    ],
    timeoutMs: 3000,
    connectTimeoutMs: 3000,
    ...over
  });
  const save = (token: string, idOrg: number, body: unknown) =>
    app.inject({ method: 'PUT', url: `/api/ldap/configuracion/${idOrg}`, headers: bearer(token), payload: body as object });
  const read = (token: string, idOrg: number) => app.inject({ method: 'GET', url: `/api/ldap/configuracion/${idOrg}`, headers: bearer(token) });
  const probe = (token: string, idOrg: number, body: unknown) => app.inject({ method: 'POST', url: `/api/ldap/probar/${idOrg}`, headers: bearer(token), payload: body as object });
  /** The sign-in, with the organisation's name as the person types it (left out: the only directory). */
  const ldapLogin = (username: string, password: string, organization?: string) =>
    app.inject({ method: 'POST', url: endpoints.loginLdap.path, payload: { username, password, ...(organization === undefined ? {} : { organization }) } });
  const offer = async () => (await app.inject({ method: 'GET', url: '/api/auth/ldap_directories' })).json();
  const userCount = async () => (await app.db.select({ n: count() }).from(users))[0]?.n ?? 0;
  const byEmail = async (email: string) => (await app.db.select().from(users).where(eq(users.email, email)))[0];
  const expectInvalid = (res: LightMyRequestResponse) => {
    expect(res.statusCode, res.body).toBe(401);
    expect(res.json().message).toBe(MSG.session.invalidCredentials);
  };

  beforeAll(async () => {
    slapd = await startSlapd({
      servicePassword: SERVICE_PASSWORD,
      people: [
        { uid: 'ana', cn: 'Ana Gómez', sn: 'Gómez', mail: 'Ana.Gomez@Atiende.test', password: PASSWORDS.ana },
        { uid: 'carlos', cn: 'Carlos Pérez', sn: 'Pérez', mail: 'carlos.perez@atiende.test', password: PASSWORDS.carlos },
        { uid: 'otro', cn: 'Otro Pérez', sn: 'Pérez', mail: 'otro@atiende.test', password: PASSWORDS.otro },
        { uid: 'nomail', cn: 'Sin Correo', sn: 'Correo', password: PASSWORDS.nomail },
        { uid: 'choque', cn: 'Choque de Correo', sn: 'Choque', mail: 'admin@demo.co', password: PASSWORDS.choque },
        // Its e-mail is an account of another organisation's (Otra Entidad's administrator).
        { uid: 'ajeno', cn: 'Correo Ajeno', sn: 'Ajeno', mail: 'admin@otra.co', password: PASSWORDS.ajeno }
      ],
      groups: [
        { cn: 'asesores', members: ['ana', 'carlos', 'nomail', 'choque', 'ajeno'] },
        { cn: 'supervisores', members: ['carlos'] },
        { cn: 'otros', members: ['otro'] }
      ]
    });
    platform = await createTestApp(backend, ALLOW_LOOPBACK);
    app = platform.app;
    superadmin = (await signIn(app, 'superadmin@demo.co')).token;
    admin = (await signIn(app, 'admin@demo.co')).token;
  });
  afterAll(async () => {
    await platform?.close();
    await slapd?.stop();
  });

  it('answers the defaults before anything is saved, and lists no directory', async () => {
    const res = await read(admin, 100);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ idOrg: 100, configured: false, enabled: false, hasBindPassword: false, userFilter: '(uid={{username}})' });
    expect(await offer()).toEqual({ offered: false, organisationRequired: false });
  });

  it("keeps the settings to roles 1 (any organisation) and 3 (its own)", async () => {
    for (const email of ['visualizador@demo.co', 'supervisualizador@demo.co', 'asesor@demo.co', 'supervisor@demo.co']) {
      const { token } = await signIn(app, email);
      expect((await read(token, 100)).statusCode, email).toBe(403);
      expect((await save(token, 100, settings())).statusCode, email).toBe(403);
      expect((await probe(token, 100, { settings: settings(), username: 'ana', password: PASSWORDS.ana })).statusCode, email).toBe(403);
    }
    const other = (await signIn(app, 'admin@otra.co')).token;
    expect((await read(other, 100)).statusCode).toBe(403);
    expect((await save(other, 100, settings())).statusCode).toBe(403);
    expect((await probe(other, 100, { settings: settings(), username: 'ana', password: PASSWORDS.ana })).statusCode).toBe(403);
    expect((await read(other, 200)).statusCode).toBe(200);
    expect((await read(superadmin, 200)).statusCode).toBe(200);
    expect(await app.db.select().from(ldapDirectories)).toEqual([]);
  });

  it('refuses bad settings with a Spanish 400 and writes nothing', async () => {
    const before = await tableDigest(app);
    const cases: [unknown, string | RegExp][] = [
      [settings({ url: 'http://127.0.0.1:389' }), LDAP_TEXT.urlScheme],
      [settings({ url: 'ldap://usuario:clave@127.0.0.1:389' }), LDAP_TEXT.urlScheme],
      [settings({ url: `${slapd.url}/dc=x??sub` }), LDAP_TEXT.urlScheme],
      [settings({ userFilter: '(uid=ana)' }), LDAP_TEXT.filterPlaceholder],
      [settings({ userFilter: '(uid={{username}}' }), LDAP_TEXT.filterShape],
      [settings({ userFilter: '(uid={{username}})(mail=x)' }), LDAP_TEXT.filterShape],
      [settings({ userFilter: '(&(uid={{username}})(=x))' }), LDAP_TEXT.filterInvalid],
      [settings({ roleMappings: [{ groupDn: groupDn('asesores'), role: 1 }] }), LDAP_TEXT.role],
      [settings({ roleMappings: [{ groupDn: groupDn('asesores'), role: 2 }] }), LDAP_TEXT.role],
      [settings({ roleMappings: [] }), LDAP_TEXT.mappingRequired],
      [settings({ roleMappings: [{ groupDn: groupDn('asesores'), role: 5 }, { groupDn: ` CN=Asesores , ${GROUPS}`, role: 4 }] }), LDAP_TEXT.duplicateGroup],
      [settings({ bindPassword: undefined }), LDAP_TEXT.bindPasswordRequired],
      [settings({ searchBase: '' }), /obligatori/],
      [settings({ bindDn: 'servicio' }), /DN/],
      [settings({ emailAttribute: 'mail; drop' }), /atributo/],
      [settings({ timeoutMs: 10 }), /al menos 500/],
      [settings({ connectTimeoutMs: 600_000 }), /no puede superar/],
      [settings({ bindPassword: 'a\u0000b' }), /no permitidos/],
      [settings({ bindPassword: 'x\r\nSET k v\r\nQUIT\r\n' }), /contraseña de la cuenta de servicio contiene caracteres no permitidos/],
      [settings({ bindDn: `${SERVICE_DN}\r\nSET k v` }), /DN de la cuenta de servicio contiene caracteres no permitidos/],
      [settings({ searchBase: `${PEOPLE}\n` + 'x' }), /base de búsqueda contiene caracteres no permitidos/],
      [settings({ userFilter: '(uid={{username}}\r\n)' }), /filtro de usuarios contiene caracteres no permitidos/],
      [settings({ url: `${slapd.url.slice(0, -1)}\r\n${slapd.url.slice(-1)}` }), /URL del directorio contiene caracteres no permitidos/],
      [settings({ roleMappings: [{ groupDn: `${groupDn('asesores')}\u001b`, role: 5 }] }), /DN del grupo contiene caracteres no permitidos/],
      [settings({ url: 'ldap://10.0.0.1:389' }), `url: ${LDAP_TEXT.addressRefused}`],
      [{ ...settings(), url: 'x'.repeat(5000) }, /no puede superar/]
    ];
    for (const [body, message] of cases) {
      const res = await save(superadmin, 100, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 200)).toBe(400);
      if (typeof message === 'string') expect(res.json().message).toContain(message);
      else expect(res.json().message).toMatch(message);
    }
    expect(changedTables(before, await tableDigest(app))).toEqual([]);
  });

  it('saves the directory, never answering the service password to anyone', async () => {
    const res = await save(admin, 100, settings());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ idOrg: 100, configured: true, enabled: true, url: slapd.url, bindDn: SERVICE_DN, hasBindPassword: true });
    expect(res.body).not.toContain(SERVICE_PASSWORD);
    expect(Object.keys(res.json())).not.toContain('bindPassword');
    for (const token of [admin, superadmin]) {
      const again = await read(token, 100);
      expect(again.statusCode).toBe(200);
      expect(again.body).not.toContain(SERVICE_PASSWORD);
      expect(again.json().hasBindPassword).toBe(true);
    }
    // Stored so the server can bind.
    expect((await app.db.select({ p: ldapDirectories.bindPassword }).from(ldapDirectories))[0]?.p).toBe(SERVICE_PASSWORD);
    // Saved again without it: the stored one stays (same URL and bind DN).
    const kept = await save(admin, 100, settings({ bindPassword: undefined }));
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().hasBindPassword).toBe(true);
    // The login page is told that directory sign-in is offered, not by whom.
    const listed = await app.inject({ method: 'GET', url: '/api/auth/ldap_directories' });
    expect(listed.json()).toEqual({ offered: true, organisationRequired: false });
    for (const secret of [SERVICE_PASSWORD, DEMO, '100']) expect(listed.body).not.toContain(secret);
  });

  it("'Probar' answers the DN, the groups and the role of unsaved settings, and saves nothing", async () => {
    const before = await tableDigest(app);
    // Unsaved: only the supervisors' group is mapped, to role 4.
    const unsaved = settings({ bindPassword: undefined, roleMappings: [{ groupDn: groupDn('supervisores'), role: 4 }] });
    const res = await probe(admin, 100, { settings: unsaved, username: 'carlos', password: PASSWORDS.carlos });
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json();
    expect(answer).toMatchObject({ ok: true, dn: personDn('carlos'), email: 'carlos.perez@atiende.test', name: 'Carlos Pérez', role: 4, message: LDAP_TEXT.probeOk });
    expect([...answer.groups].sort()).toEqual([groupDn('asesores'), groupDn('supervisores')].sort());
    expect(res.body).not.toContain(SERVICE_PASSWORD);

    const noRole = await probe(admin, 100, { settings: unsaved, username: 'ana', password: PASSWORDS.ana });
    expect(noRole.json()).toMatchObject({ ok: true, dn: personDn('ana'), role: null, message: LDAP_TEXT.probeNoRole });
    expect((await probe(admin, 100, { settings: unsaved, username: 'ana', password: 'mala' })).json()).toMatchObject({ ok: false, stage: 'user-bind', message: LDAP_TEXT.probeBadPassword });
    expect((await probe(admin, 100, { settings: unsaved, username: 'nadie', password: 'x' })).json()).toMatchObject({ ok: false, stage: 'search', message: LDAP_TEXT.probeNoUser });
    const bySurname = { ...unsaved, userFilter: '(sn={{username}})' };
    expect((await probe(admin, 100, { settings: bySurname, username: 'Pérez', password: 'x' })).json()).toMatchObject({ ok: false, stage: 'search', message: LDAP_TEXT.probeManyUsers });
    const wrongService = await probe(admin, 100, { settings: { ...unsaved, bindPassword: 'equivocada' }, username: 'ana', password: PASSWORDS.ana });
    expect(wrongService.json()).toMatchObject({ ok: false, stage: 'service-bind', message: LDAP_TEXT.probeServiceBind });
    const down = await probe(admin, 100, { settings: { ...unsaved, url: `ldap://127.0.0.1:${await closedPort()}`, bindPassword: SERVICE_PASSWORD }, username: 'ana', password: PASSWORDS.ana });
    // Nothing of what the socket said (ECONNREFUSED) is answered.
    expect(down.json()).toEqual({ ok: false, stage: 'connect', message: LDAP_TEXT.probeUnreachable, detail: '' });
    // Another address never receives the stored password: it must be typed again.
    const elsewhere = await probe(admin, 100, { settings: { ...unsaved, url: `ldap://127.0.0.1:${await closedPort()}` }, username: 'ana', password: PASSWORDS.ana });
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().message).toBe(LDAP_TEXT.bindPasswordRequired);
    expect(changedTables(before, await tableDigest(app))).toEqual([]);
  });

  it('creates the user on the first sign-in with the mapped role, the directory name and e-mail, and no usable password', async () => {
    const usersBefore = await userCount();
    const res = await ldapLogin('ana', PASSWORDS.ana, DEMO);
    expect(res.statusCode, res.body).toBe(200);
    const { token, refreshToken } = res.json<{ token: string; refreshToken: string }>();
    expect(claimsOf(token)).toMatchObject({ company: 100, role: 5, email: 'ana.gomez@atiende.test', nameCompany: 'Demo Contact Center' });
    expect(refreshToken).toEqual(expect.any(String));
    expect(await userCount()).toBe(usersBefore + 1);
    const row = await byEmail('ana.gomez@atiende.test');
    expect(row).toMatchObject({ organizationId: 100, name: 'Ana Gómez', role: 5, isActive: true, mustChangePassword: false, passwordHash: DIRECTORY_ONLY_HASH });
    // The directory password is stored nowhere: the normal sign-in cannot use it.
    expect((await login(app, 'ana.gomez@atiende.test', PASSWORDS.ana)).statusCode).toBe(401);
    await app.db.update(users).set({ failedAttempts: 0 }).where(eq(users.email, 'ana.gomez@atiende.test'));
    // A signed-in session like any other; its sign-in is in the access log.
    expect((await app.inject({ method: 'GET', url: endpoints.changePasswordByExpiration.path, headers: bearer(token) })).json()).toEqual({ changePassword: false });
    const log = await app.db.select().from(userAccessLog).where(eq(userAccessLog.userId, row?.idUser ?? 0));
    expect(log.map((e) => e.event)).toEqual(['signIn']);
    // With one directory enabled the organisation may be left out.
    expect((await ldapLogin('ana', PASSWORDS.ana)).statusCode).toBe(200);
    expect(await userCount()).toBe(usersBefore + 1);
  });

  it('updates the role and the name from the directory on a later sign-in, ending the sessions with the old role', async () => {
    const first = (await ldapLogin('carlos', PASSWORDS.carlos, DEMO)).json<{ token: string }>().token;
    expect(claimsOf(first).role).toBe(6);
    // The directory changes: Carlos is renamed; the organisation maps the supervisors to role 4 now.
    const client = new Client({ url: slapd.url });
    await client.bind(slapd.admin.dn, slapd.admin.password);
    await client.modify(personDn('carlos'), new Change({ operation: 'replace', modification: new Attribute({ type: 'cn', values: ['Carlos A. Pérez'] }) }));
    await client.unbind();
    expect((await save(admin, 100, settings({ bindPassword: undefined, roleMappings: [{ groupDn: groupDn('supervisores'), role: 4 }, { groupDn: groupDn('asesores'), role: 5 }] }))).statusCode).toBe(200);

    const usersBefore = await userCount();
    const second = await ldapLogin('carlos', PASSWORDS.carlos, DEMO);
    expect(second.statusCode, second.body).toBe(200);
    expect(claimsOf(second.json<{ token: string }>().token).role).toBe(4);
    expect(await userCount()).toBe(usersBefore);
    expect(await byEmail('carlos.perez@atiende.test')).toMatchObject({ role: 4, name: 'Carlos A. Pérez' });
    // The session that carried role 6 is over.
    expect((await app.inject({ method: 'GET', url: endpoints.changePasswordByExpiration.path, headers: bearer(first) })).statusCode).toBe(401);
    await save(admin, 100, settings({ bindPassword: undefined }));
  });

  it('follows settings changed behind its back (as by another instance) at the next sign-in', async () => {
    const roleOf = async () => {
      const res = await ldapLogin('carlos', PASSWORDS.carlos, DEMO);
      expect(res.statusCode, res.body).toBe(200);
      return claimsOf(res.json<{ token: string }>().token).role;
    };
    const change = (values: Partial<typeof ldapDirectories.$inferInsert>) => app.db.update(ldapDirectories).set(values).where(eq(ldapDirectories.organizationId, 100));
    // Written straight to the table, not through this instance's save: only the row's version tells.
    expect(await roleOf()).toBe(6);
    await change({ roleMappings: [{ groupDn: groupDn('supervisores'), role: 4 }, { groupDn: groupDn('asesores'), role: 5 }] });
    expect(await roleOf()).toBe(4);
    await change({ enabled: false });
    // Named, a disabled directory answers as a wrong password does; unnamed, that none is enabled.
    expectInvalid(await ldapLogin('carlos', PASSWORDS.carlos, DEMO));
    const disabled = await ldapLogin('carlos', PASSWORDS.carlos);
    expect(disabled.statusCode).toBe(400);
    expect(disabled.json().message).toBe(LDAP_TEXT.notEnabled);
    await change({ enabled: true, url: `ldap://127.0.0.1:${await closedPort()}` });
    expect((await ldapLogin('carlos', PASSWORDS.carlos, DEMO)).statusCode).toBe(503);
    // Back to the running directory: the sign-in that finds the kept settings unreachable reads them again.
    await change({ url: slapd.url, roleMappings: settings().roleMappings });
    expect(await roleOf()).toBe(6);
  });

  it('answers the invalid-credentials 401 to a wrong password, an unknown person and a person in no mapped group, creating no one', async () => {
    const usersBefore = await userCount();
    expectInvalid(await ldapLogin('ana', 'equivocada', DEMO));
    expectInvalid(await ldapLogin('nadie', 'Cualquiera-1', DEMO));
    expectInvalid(await ldapLogin('otro', PASSWORDS.otro, DEMO));
    expect(await userCount()).toBe(usersBefore);
    expect(await byEmail('otro@atiende.test')).toBeUndefined();
  });

  it('treats filter syntax in the name as data: injection attempts find no one', async () => {
    const usersBefore = await userCount();
    for (const username of ['*', '*)(uid=*', 'ana)(|(uid=*', '*)(objectClass=*', 'an*', 'ana\\29', '(uid=ana)', 'ana)(uid=ana']) {
      expectInvalid(await ldapLogin(username, PASSWORDS.ana, DEMO));
      const tried = await probe(admin, 100, { settings: settings(), username, password: PASSWORDS.ana });
      expect(tried.json(), username).toMatchObject({ ok: false, stage: 'search', message: LDAP_TEXT.probeNoUser });
    }
    expect(await userCount()).toBe(usersBefore);
  });

  it('answers a locked or inactive account 403 as the normal sign-in does, whatever the password', async () => {
    await app.db.update(users).set({ isLocked: true }).where(eq(users.email, 'ana.gomez@atiende.test'));
    for (const password of [PASSWORDS.ana, 'equivocada']) {
      const res = await ldapLogin('ana', password, DEMO);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(MSG.session.userLocked);
    }
    await app.db.update(users).set({ isLocked: false, isActive: false }).where(eq(users.email, 'ana.gomez@atiende.test'));
    expect((await ldapLogin('ana', PASSWORDS.ana, DEMO)).statusCode).toBe(403);
    await app.db.update(users).set({ isActive: true }).where(eq(users.email, 'ana.gomez@atiende.test'));
    expect((await ldapLogin('ana', PASSWORDS.ana, DEMO)).statusCode).toBe(200);
  });

  it("answers an e-mail of another organisation's account exactly as an entry without e-mail, creating nothing", async () => {
    const usersBefore = await userCount();
    const otherOrganisation = await ldapLogin('ajeno', PASSWORDS.ajeno, DEMO);
    const sameOrganisation = await ldapLogin('choque', PASSWORDS.choque, DEMO);
    const noMail = await ldapLogin('nomail', PASSWORDS.nomail, DEMO);
    // One status and one body for all three: nothing tells that admin@otra.co exists, nor where.
    for (const res of [otherOrganisation, sameOrganisation, noMail]) {
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json()).toEqual({ statusCode: 409, error: 'Conflict', message: LDAP_TEXT.accountUnavailable });
    }
    expect(otherOrganisation.body).toBe(noMail.body);
    expect(otherOrganisation.headers['content-length']).toBe(noMail.headers['content-length']);
    for (const leak of ['otra', 'Otra', 'admin@', '200', 'pertenece']) expect(otherOrganisation.body).not.toContain(leak);
    expect(await byEmail('admin@demo.co')).toMatchObject({ role: 3, name: expect.not.stringContaining('Choque') });
    expect(await byEmail('admin@otra.co')).toMatchObject({ organizationId: 200, role: 3, name: expect.not.stringContaining('Ajeno') });
    expect(await userCount()).toBe(usersBefore);
    for (const uid of ['choque', 'ajeno', 'nomail']) expect(await app.db.select().from(ldapAccounts).where(eq(ldapAccounts.dn, personDn(uid)))).toEqual([]);
  });

  it('answers a clear 503 when the directory is down or hung, and creates nothing', async () => {
    const other = (await signIn(app, 'admin@otra.co')).token;
    const down = await save(other, 200, settings({ url: `ldap://127.0.0.1:${await closedPort()}`, roleMappings: [{ groupDn: groupDn('asesores'), role: 5 }] }));
    expect(down.statusCode, down.body).toBe(200);
    const usersBefore = await userCount();
    const refused = await ldapLogin('ana', PASSWORDS.ana, OTHER);
    expect(refused.statusCode).toBe(503);
    expect(refused.json().message).toBe(LDAP_TEXT.unreachable);
    // Two directories enabled: the organisation must be named (the login page is told so, and nothing more).
    expect(await offer()).toEqual({ offered: true, organisationRequired: true });
    const unnamed = await ldapLogin('ana', PASSWORDS.ana);
    expect(unnamed.statusCode).toBe(400);
    expect(unnamed.json().message).toBe(LDAP_TEXT.organisationRequired);
    // Named as people type it: case, accents and spaces aside. A name that is no organisation's with
    // a directory answers as a wrong password: it tells neither that the organisation exists nor that it has one.
    expect((await ldapLogin('ana', PASSWORDS.ana, '  demo   contact CENTER ')).statusCode).toBe(200);
    expect((await ldapLogin('ana', PASSWORDS.ana, 'Démo Contact Center')).statusCode).toBe(200);
    for (const name of ['Demo', 'Entidad Inventada', 'Demo Contact Center S.A.S.', '100']) expectInvalid(await ldapLogin('ana', PASSWORDS.ana, name));

    expect((await save(other, 200, settings({ timeoutMs: 800, connectTimeoutMs: 800, roleMappings: [{ groupDn: groupDn('asesores'), role: 5 }] }))).statusCode).toBe(200);
    slapd.freeze();
    try {
      const started = Date.now();
      const hung = await ldapLogin('carlos', PASSWORDS.carlos, OTHER);
      expect(hung.statusCode).toBe(503);
      expect(hung.json().message).toBe(LDAP_TEXT.unreachable);
      expect(Date.now() - started).toBeLessThan(10_000);
    } finally {
      slapd.thaw();
    }
    // The service account refused: 502.
    expect((await save(other, 200, settings({ bindPassword: 'equivocada', roleMappings: [{ groupDn: groupDn('asesores'), role: 5 }] }))).statusCode).toBe(200);
    const refusedService = await ldapLogin('carlos', PASSWORDS.carlos, OTHER);
    expect(refusedService.statusCode).toBe(502);
    expect(refusedService.json().message).toBe(LDAP_TEXT.refused);
    expect(await userCount()).toBe(usersBefore);
    // Organisation 200 without LDAP again: named, it answers as a wrong password does.
    expect((await save(other, 200, { ...settings({ bindPassword: 'equivocada' }), enabled: false })).statusCode).toBe(200);
    expectInvalid(await ldapLogin('ana', PASSWORDS.ana, OTHER));
    expect(await offer()).toEqual({ offered: true, organisationRequired: false });
  });

  it("throttles 'Probar' per address like a sign-in: it binds with whatever password is typed", async () => {
    const limited = await createTestApp(backend, { ...ALLOW_LOOPBACK, authRateLimit: { max: 2, windowSeconds: 600 } });
    try {
      const token = (await signIn(limited.app, 'admin@demo.co')).token;
      const body = { settings: settings(), username: 'ana', password: 'adivinanza' };
      const tryOnce = () => limited.app.inject({ method: 'POST', url: '/api/ldap/probar/100', headers: bearer(token), payload: body, remoteAddress: '198.51.100.7' });
      for (let i = 0; i < 2; i++) expect((await tryOnce()).json()).toMatchObject({ ok: false, stage: 'user-bind' });
      const refused = await tryOnce();
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toBeDefined();
      expect(refused.json().message).toMatch(/^Demasiadas solicitudes/);
    } finally {
      await limited.close();
    }
  });

  it("limits 'Probar' per organisation whatever the address: a budget per window, one at a time, and a deadline", async () => {
    const limited = await createTestApp(backend, { ...ALLOW_LOOPBACK, ldapProbeLimit: { max: 3, windowSeconds: 600 }, ldapProbeDeadlineMs: 1000 });
    try {
      const token = (await signIn(limited.app, 'admin@demo.co')).token;
      const tryFrom = (remoteAddress: string, body: object = { settings: settings(), username: 'ana', password: 'adivinanza' }) =>
        limited.app.inject({ method: 'POST', url: '/api/ldap/probar/100', headers: bearer(token), payload: body, remoteAddress });
      const expectTooMany = (res: LightMyRequestResponse, text: RegExp | string) => {
        expect(res.statusCode, res.body).toBe(429);
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
        if (typeof text === 'string') expect(res.json().message).toBe(text);
        else expect(res.json().message).toMatch(text);
      };

      // One at a time: while a directory that never answers holds the first probe, a second one is refused.
      const hung = net.createServer((socket) => socket.resume());
      await new Promise<void>((resolve) => hung.listen(0, '127.0.0.1', resolve));
      const address = hung.address();
      const hungUrl = `ldap://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
      let first: LightMyRequestResponse;
      try {
        const started = Date.now();
        const firstProbe = tryFrom('198.51.100.1', { settings: settings({ url: hungUrl, timeoutMs: 60_000, connectTimeoutMs: 60_000 }), username: 'ana', password: 'adivinanza' });
        await new Promise((resolve) => setTimeout(resolve, 200));
        expectTooMany(await tryFrom('198.51.100.2'), PROBE_TEXT.busy);
        // Its deadline ends it, however long the form's timeouts: one generic answer.
        first = await firstProbe;
        expect(Date.now() - started).toBeLessThan(5_000);
      } finally {
        await new Promise<void>((resolve) => hung.close(() => resolve()));
      }
      expect(first.json()).toEqual({ ok: false, stage: 'connect', message: LDAP_TEXT.probeUnreachable, detail: '' });
      // The budget: 3 a window per organisation, counted from any address (the refused-as-busy one was not counted).
      for (const address of ['198.51.100.3', '198.51.100.4']) expect((await tryFrom(address)).json()).toMatchObject({ ok: false, stage: 'user-bind' });
      expectTooMany(await tryFrom('198.51.100.5'), /^Se han hecho demasiadas pruebas del directorio LDAP para esta entidad\. Inténtelo de nuevo en/);
      // Another organisation has its own.
      const anyOrganisation = (await signIn(limited.app, 'superadmin@demo.co')).token;
      const elsewhere = await limited.app.inject({ method: 'POST', url: '/api/ldap/probar/200', headers: bearer(anyOrganisation), payload: { settings: settings(), username: 'ana', password: 'adivinanza' } });
      expect(elsewhere.json()).toMatchObject({ ok: false, stage: 'user-bind' });
    } finally {
      await limited.close();
    }
  });

  it('refuses bad sign-in input with a 400', async () => {
    for (const payload of [
      {},
      { username: '', password: 'x' },
      { username: 'ana', password: '' },
      { username: 'ana\u0000', password: 'x' },
      { username: 'ana\r\nx', password: 'x' },
      { username: 'ana', password: 'x\r\nSET k v\r\nQUIT\r\n' },
      { username: 'x'.repeat(300), password: 'x' },
      { username: 'ana', password: 'x', organization: '' },
      { username: 'ana', password: 'x', organization: 'Demo\nContact' },
      { username: 'ana', password: 'x', organization: 'x'.repeat(200) },
      { username: 'ana', password: 'x', organization: 100 }
    ]) {
      const res = await app.inject({ method: 'POST', url: endpoints.loginLdap.path, payload });
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(res.json().message).toEqual(expect.any(String));
    }
  });
});
