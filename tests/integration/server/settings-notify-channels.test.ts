import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { SMTPServer } from 'smtp-server';
import { NotifyChannelsView, NotifyProbeResult, type NotifyChannelsBody } from '../../../src/shared/domain/notify-channels';
import { ldapAllowedHosts } from '../../../src/server/config';
import { notificationChannels } from '../../../src/server/db/schema';
import { CHANNEL_TEXT, PLATFORM_FROM_ADDRESS } from '../../../src/server/notify/channel-settings';
import { outboxFolder as notifyOutboxFolder } from '../../../src/server/notify/channels/eml';
import { loadSecretKey, unseal } from '../../../src/server/notify/secrets';
import { BACKENDS } from '../../support/database';
import { bearer, createTestApp, signIn, type TestPlatform } from '../../support/app';
import { closedPort } from '../../support/slapd';
import { changedTables, tableDigest } from './hostile-input-cases';

/**
 * The organisation's notification channels (issue 39): its SMTP server and SMS provider, stored
 * with the password and token sealed and never answered; every host checked against the address
 * rules (NOTIFY_ALLOWED_HOSTS) when saved and when tried; 'Probar conexión' against a real SMTP
 * server (smtp-server) and a real HTTP server on loopback, allowed on one platform and refused on
 * another; the probe's budget per organisation. Every refusal is a Spanish 400 and stores nothing.
 */

const PASSWORD = 'Secreta-SMTP-2026';
const TOKEN = 'token-sms-2026';
const BASIC = `Basic ${Buffer.from(`atiende:${TOKEN}`).toString('base64')}`;

/** A loopback SMTP server that wants user 'notificaciones' with PASSWORD, and counts what connects. */
async function smtpSink(): Promise<{ port: number; connections(): number; logins(): string[]; close(): Promise<void> }> {
  let connections = 0;
  const logins: string[] = [];
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    onConnect(_session, callback) {
      connections++;
      callback();
    },
    onAuth(auth, _session, callback) {
      logins.push(`${auth.username}:${auth.password ?? ''}`);
      if (auth.username === 'notificaciones' && auth.password === PASSWORD) callback(null, { user: auth.username });
      else callback(new Error('Invalid username or password'));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return { port, connections: () => connections, logins: () => logins, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** A loopback HTTP "SMS provider" that answers 200 to Basic atiende:TOKEN and 401 otherwise, and keeps what it was asked. */
async function smsProvider(): Promise<{ port: number; requests: IncomingMessage[]; close(): Promise<void> }> {
  const requests: IncomingMessage[] = [];
  const server: Server = createServer((req, res) => {
    requests.push(req);
    res.statusCode = req.headers.authorization === BASIC ? 200 : 401;
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return { port, requests, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe.each(BACKENDS)('the notification channels (SMTP and SMS) on %s', (backend) => {
  let strict: TestPlatform;
  let allowed: TestPlatform;
  let budgeted: TestPlatform;
  let smtp: Awaited<ReturnType<typeof smtpSink>>;
  let sms: Awaited<ReturnType<typeof smsProvider>>;
  const tokens = new Map<FastifyInstance, Record<string, string>>();

  const path = (org: number, probe = false) => `/api/organization/${org}/notificaciones/canales${probe ? '/probar' : ''}`;
  const as = (app: FastifyInstance, email: string) => bearer(tokens.get(app)?.[email] ?? '');
  const read = (app: FastifyInstance, org = 100, email = 'admin@demo.co') => app.inject({ method: 'GET', url: path(org), headers: as(app, email) });
  const save = (app: FastifyInstance, body: object, org = 100, email = 'admin@demo.co') => app.inject({ method: 'PUT', url: path(org), headers: as(app, email), payload: body });
  const probe = (app: FastifyInstance, body: object, org = 100, email = 'admin@demo.co') => app.inject({ method: 'POST', url: path(org, true), headers: as(app, email), payload: body });
  const row = async (app: FastifyInstance, org = 100) => (await app.db.select().from(notificationChannels).where(eq(notificationChannels.organizationId, org)))[0];

  const settings = (over: Partial<NotifyChannelsBody> = {}): NotifyChannelsBody => ({
    smtpHost: '127.0.0.1',
    smtpPort: smtp.port,
    smtpSecurity: 'none',
    smtpUser: 'notificaciones',
    smtpPassword: PASSWORD,
    fromAddress: 'avisos@demo.co',
    smsUrl: `http://127.0.0.1:${sms.port}/v1/sms`,
    smsUser: 'atiende',
    smsToken: TOKEN,
    smsMaxParts: 2,
    capCount: 5,
    capWindowMinutes: 10,
    ...over
  });

  beforeAll(async () => {
    smtp = await smtpSink();
    sms = await smsProvider();
    strict = await createTestApp(backend);
    allowed = await createTestApp(backend, { notifyAllowedHosts: ldapAllowedHosts('127.0.0.0/8', 'NOTIFY_ALLOWED_HOSTS') });
    budgeted = await createTestApp(backend, { notifyAllowedHosts: ldapAllowedHosts('127.0.0.1', 'NOTIFY_ALLOWED_HOSTS'), ldapProbeLimit: { max: 2, windowSeconds: 600 } });
    for (const platform of [strict, allowed, budgeted]) {
      const signed: Record<string, string> = {};
      for (const email of ['admin@demo.co', 'admin@otra.co', 'superadmin@demo.co', 'supervisor@demo.co']) signed[email] = (await signIn(platform.app, email)).token;
      tokens.set(platform.app, signed);
    }
  });
  afterAll(async () => {
    await strict?.close();
    await allowed?.close();
    await budgeted?.close();
    await smtp?.close();
    await sms?.close();
  });

  it('answers the defaults before the first save, with the outbox folder the .eml files go to', async () => {
    const res = await read(strict.app);
    expect(res.statusCode, res.body).toBe(200);
    expect(NotifyChannelsView.parse(res.json())).toEqual({
      idOrg: 100,
      configured: false,
      smtpHost: '',
      smtpPort: 587,
      smtpSecurity: 'starttls',
      smtpUser: '',
      hasSmtpPassword: false,
      fromAddress: '',
      smsUrl: '',
      smsUser: '',
      hasSmsToken: false,
      smsMaxParts: 3,
      capCount: 5,
      capWindowMinutes: 10,
      outboxFolder: notifyOutboxFolder(strict.app.services.config)
    });
    expect(res.json<NotifyChannelsView>().outboxFolder).toMatch(/outbox/);
  });

  it('refuses a loopback or private SMTP host and SMS URL without the allow-list, before connecting, storing nothing', async () => {
    const before = await tableDigest(strict.app);
    const connected = smtp.connections();
    for (const host of ['127.0.0.1', 'localhost', '::1', '[::1]', '2130706433', '10.0.0.1', '169.254.169.254', '0.0.0.0']) {
      const res = await save(strict.app, settings({ smtpHost: host }));
      expect(res.statusCode, `${host}: ${res.body}`).toBe(400);
      expect(res.json().message, host).toBe(CHANNEL_TEXT.smtpHostRefused);
      const tried = await probe(strict.app, { ...settings({ smtpHost: host }), channel: 'email' });
      expect(tried.statusCode, `probe ${host}`).toBe(400);
      expect(tried.json().message).toBe(CHANNEL_TEXT.smtpHostRefused);
    }
    for (const url of [`http://127.0.0.1:${sms.port}/v1/sms`, 'https://localhost/sms', 'http://[::1]/sms', 'http://192.168.1.1/sms']) {
      const res = await save(strict.app, settings({ smtpHost: '', smtpUser: '', smtpPassword: undefined, smsUrl: url }));
      expect(res.statusCode, `${url}: ${res.body}`).toBe(400);
      expect(res.json().message).toBe(CHANNEL_TEXT.smsUrlRefused);
      const tried = await probe(strict.app, { ...settings({ smtpHost: '', smtpUser: '', smtpPassword: undefined, smsUrl: url }), channel: 'sms' });
      expect(tried.json().message).toBe(CHANNEL_TEXT.smsUrlRefused);
    }
    expect(smtp.connections()).toBe(connected);
    expect(sms.requests).toHaveLength(0);
    expect(changedTables(before, await tableDigest(strict.app))).toEqual([]);
  });

  it('refuses a port out of range, control characters, a bad From and a missing channel with a Spanish 400, storing nothing', async () => {
    const before = await tableDigest(allowed.app);
    const cases: [string, object, RegExp][] = [
      ['port 65536', settings({ smtpPort: 65536 }), /^smtpPort: El puerto SMTP no puede superar 65535$/],
      ['port 0', settings({ smtpPort: 0 }), /^smtpPort: El puerto SMTP debe ser al menos 1$/],
      ['CR/LF in the user', settings({ smtpUser: 'notificaciones\r\nRCPT TO:<x@y.co>' }), /^smtpUser: El usuario SMTP contiene caracteres no permitidos/],
      ['NUL in the password', settings({ smtpPassword: 'abc\u0000def' }), /^smtpPassword: .*caracteres no permitidos/],
      ['CR/LF in the host', settings({ smtpHost: '127.0.0.1\r\nQUIT' }), /^smtpHost: /],
      ['a scheme in the host', settings({ smtpHost: 'smtp://127.0.0.1' }), /^smtpHost: El servidor SMTP debe ser un nombre de equipo o una dirección IP/],
      ['an SMS URL without http', settings({ smsUrl: 'ftp://127.0.0.1/sms' }), /^smsUrl: La URL del proveedor de SMS debe empezar por http/],
      ['an invalid From', settings({ fromAddress: 'no-es-correo' }), /^fromAddress: /],
      ['an unknown security', settings({ smtpSecurity: 'ssl3' as never }), /^smtpSecurity: Seleccione el cifrado/],
      ['11 SMS parts', settings({ smsMaxParts: 11 }), /^smsMaxParts: /],
      ['a user without a password', settings({ smtpPassword: undefined }), new RegExp(`^${CHANNEL_TEXT.smtpPasswordRequired}$`)]
    ];
    for (const [name, body, message] of cases) {
      const res = await save(allowed.app, body);
      expect(res.statusCode, `${name}: ${res.body}`).toBe(400);
      expect(res.json().message, name).toMatch(message);
    }
    const noChannel = await probe(allowed.app, settings());
    expect(noChannel.statusCode).toBe(400);
    expect(noChannel.json().message).toBe('channel: Seleccione el canal que desea probar');
    expect(changedTables(before, await tableDigest(allowed.app))).toEqual([]);
  });

  it('stores the password and token sealed, answers neither, keeps them when left out and forgets them when the user or URL is cleared', async () => {
    const res = await save(allowed.app, settings());
    expect(res.statusCode, res.body).toBe(200);
    const view = NotifyChannelsView.parse(res.json());
    expect(view).toMatchObject({ configured: true, smtpHost: '127.0.0.1', hasSmtpPassword: true, hasSmsToken: true, fromAddress: 'avisos@demo.co', smsMaxParts: 2, outboxFolder: null });
    expect(res.body).not.toContain(PASSWORD);
    expect(res.body).not.toContain(TOKEN);
    expect((await read(allowed.app)).body).not.toContain(PASSWORD);
    const stored = await row(allowed.app);
    expect(stored?.smtpPasswordEnc).toMatch(/^v1\./);
    expect(stored?.smtpPasswordEnc).not.toContain(PASSWORD);
    const key = await loadSecretKey(allowed.app.db);
    expect(unseal(key, stored?.smtpPasswordEnc ?? '')).toBe(PASSWORD);
    expect(unseal(key, stored?.smsTokenEnc ?? '')).toBe(TOKEN);

    // Saved again without the secrets: the stored ones stay.
    const again = await save(allowed.app, settings({ smtpPassword: undefined, smsToken: undefined, capCount: 7 }));
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ hasSmtpPassword: true, hasSmsToken: true, capCount: 7 });
    expect((await row(allowed.app))?.smtpPasswordEnc).toBe(stored?.smtpPasswordEnc);
    expect((await row(allowed.app))?.smsTokenEnc).toBe(stored?.smsTokenEnc);

    // Another server without the password typed again: refused, the stored one never goes there.
    const moved = await save(allowed.app, settings({ smtpHost: '127.0.0.2', smtpPassword: undefined }));
    expect(moved.statusCode).toBe(400);
    expect(moved.json().message).toBe(CHANNEL_TEXT.smtpPasswordAgain);

    // The user cleared: the password is forgotten; the URL cleared: the token too.
    const cleared = await save(allowed.app, settings({ smtpUser: '', smtpPassword: undefined, smsUrl: '', smsToken: undefined }));
    expect(cleared.json()).toMatchObject({ hasSmtpPassword: false, hasSmsToken: false, smtpUser: '', smsUrl: '' });
    expect(await row(allowed.app)).toMatchObject({ smtpPasswordEnc: null, smsTokenEnc: null });
    // Put back for the probes below.
    expect((await save(allowed.app, settings())).statusCode).toBe(200);
  });

  it("refuses a From address that is one of the organisation's notification e-mails (a loop)", async () => {
    const res = await save(allowed.app, settings({ fromAddress: 'Supervision@Demo.co' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(CHANNEL_TEXT.fromIsRecipient);
    expect((await row(allowed.app))?.fromAddress).toBe('avisos@demo.co');
    expect(PLATFORM_FROM_ADDRESS).toBe('notificaciones@atiende.local');
  });

  it("'Probar conexión' logs in to the real SMTP server with the typed settings, unsaved, and tells a wrong password and a closed port apart", async () => {
    const before = await tableDigest(allowed.app);
    const ok = await probe(allowed.app, { ...settings(), channel: 'email' });
    expect(ok.statusCode, ok.body).toBe(200);
    const answer = NotifyProbeResult.parse(ok.json());
    expect(answer).toMatchObject({ ok: true, detail: CHANNEL_TEXT.smtpOkWithLogin });
    expect(answer.latencyMs).toBeGreaterThanOrEqual(0);
    expect(smtp.logins().at(-1)).toBe(`notificaciones:${PASSWORD}`);

    // The password left out: the stored one is used (same server, same user).
    const stored = await probe(allowed.app, { ...settings({ smtpPassword: undefined }), channel: 'email' });
    expect(stored.json()).toMatchObject({ ok: true });
    expect(smtp.logins().at(-1)).toBe(`notificaciones:${PASSWORD}`);

    const wrong = await probe(allowed.app, { ...settings({ smtpPassword: 'otra-clave' }), channel: 'email' });
    expect(wrong.json()).toMatchObject({ ok: false, detail: CHANNEL_TEXT.smtpLoginRefused });

    // Another server with the password left out: the stored one is not sent there.
    const elsewhere = await probe(allowed.app, { ...settings({ smtpHost: '127.0.0.2', smtpPassword: undefined }), channel: 'email' });
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().message).toBe(CHANNEL_TEXT.smtpPasswordAgain);

    const closed = await probe(allowed.app, { ...settings({ smtpPort: await closedPort() }), channel: 'email' });
    expect(closed.statusCode).toBe(200);
    expect(closed.json()).toMatchObject({ ok: false, detail: CHANNEL_TEXT.smtpUnreachable });

    // The sink offers no STARTTLS: 'starttls' says so; 'tls' on a plain port is a connection that failed.
    const noStartTls = await probe(allowed.app, { ...settings({ smtpSecurity: 'starttls' }), channel: 'email' });
    expect(noStartTls.json()).toMatchObject({ ok: false, detail: CHANNEL_TEXT.smtpNoStartTls });
    const tlsOnPlain = await probe(allowed.app, { ...settings({ smtpSecurity: 'tls' }), channel: 'email' });
    expect(tlsOnPlain.json()).toMatchObject({ ok: false, detail: CHANNEL_TEXT.smtpUnreachable });

    const noLogin = await probe(allowed.app, { ...settings({ smtpUser: '', smtpPassword: undefined }), channel: 'email' });
    expect(noLogin.json()).toMatchObject({ ok: true, detail: CHANNEL_TEXT.smtpOk });

    const noHost = await probe(allowed.app, { ...settings({ smtpHost: '' }), channel: 'email' });
    expect(noHost.statusCode).toBe(400);
    expect(noHost.json().message).toBe(CHANNEL_TEXT.probeNoSmtpHost);
    // Nothing of it was stored.
    expect(changedTables(before, await tableDigest(allowed.app))).toEqual([]);
  });

  it("'Probar conexión' of the SMS provider makes one harmless request with the credentials and tells a refused token", async () => {
    const asked = sms.requests.length;
    const ok = await probe(allowed.app, { ...settings({ smsToken: undefined }), channel: 'sms' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ ok: true, detail: CHANNEL_TEXT.smsAnswered(200) });
    const request = sms.requests.at(-1);
    expect(request).toMatchObject({ method: 'HEAD', url: '/v1/sms' });
    expect(request?.headers.authorization).toBe(BASIC);
    const refused = await probe(allowed.app, { ...settings({ smsToken: 'otro-token' }), channel: 'sms' });
    expect(refused.json()).toMatchObject({ ok: false, detail: CHANNEL_TEXT.smsCredentialsRefused(401) });
    const down = await probe(allowed.app, { ...settings({ smsUrl: `http://127.0.0.1:${await closedPort()}/sms` }), channel: 'sms' });
    expect(down.json()).toMatchObject({ ok: false, detail: CHANNEL_TEXT.smsUnreachable });
    expect(sms.requests.length).toBe(asked + 2);
  });

  it("limits 'Probar conexión' per organisation (429, Spanish, Retry-After), apart from the others", async () => {
    const body = { ...settings({ smtpHost: '127.0.0.1' }), channel: 'email' };
    expect((await probe(budgeted.app, body)).statusCode).toBe(200);
    expect((await probe(budgeted.app, body)).statusCode).toBe(200);
    const third = await probe(budgeted.app, body);
    expect(third.statusCode).toBe(429);
    expect(third.json().message).toMatch(/^Se han hecho demasiadas pruebas de conexión de notificaciones para esta entidad/);
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
    // Another organisation has its own budget (the Superadministrador tries organisation 200's).
    expect((await probe(budgeted.app, body, 200, 'superadmin@demo.co')).statusCode).toBe(200);
  });

  it('refuses another organisation to an administrator (403), lets the Superadministrador choose it, and refuses other roles', async () => {
    expect((await read(allowed.app, 100, 'admin@otra.co')).statusCode).toBe(403);
    expect((await save(allowed.app, settings(), 100, 'admin@otra.co')).statusCode).toBe(403);
    expect((await probe(allowed.app, { ...settings(), channel: 'email' }, 100, 'admin@otra.co')).statusCode).toBe(403);
    expect((await read(allowed.app, 100, 'supervisor@demo.co')).statusCode).toBe(403);
    const other = await save(allowed.app, settings({ fromAddress: '' }), 200, 'superadmin@demo.co');
    expect(other.statusCode, other.body).toBe(200);
    expect(other.json()).toMatchObject({ idOrg: 200, configured: true });
    expect((await read(allowed.app, 200, 'admin@otra.co')).json()).toMatchObject({ idOrg: 200, hasSmtpPassword: true });
    // Organisation 100's settings did not change.
    expect((await row(allowed.app, 100))?.fromAddress).toBe('avisos@demo.co');
  });
});
