import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../../src/shared/messages';
import { endpoints } from '../../../src/shared/api/catalogue';
import { connectNotifyKick } from '../../../src/server/notify/kick';
import { BACKENDS } from '../../support/database';
import { bearer, createTestApp, signIn, type TestPlatform } from '../../support/app';
import { MONDAY_10AM, TestClock } from '../../support/platform';
import { createChatFixture, type ChatFixture } from '../realtime/fixtures';
import { addTemplates, addUser, outboxOf } from './notify-events-fixtures';

const URL: string = endpoints.reportScheduledExportFailed.path;
const FAILURE = { report: 'Histórico de asesores', error: 'La carpeta seleccionada no existe' };

/** Issue 39: the desktop app reports a failed scheduled export; the platform queues EXPORTACION_FALLIDA to the administrator who scheduled it. */
describe.each(BACKENDS)('reportScheduledExportFailed (%s)', (backend) => {
  let platform: TestPlatform;
  let one: ChatFixture;
  let two: ChatFixture;
  const clock = new TestClock(MONDAY_10AM);
  const tokens: Record<string, string> = {};
  let kicks = 0;
  let disconnect: () => void = () => undefined;
  const db = () => platform.app.db;
  const post = (token: string | null, payload: unknown, url = URL) =>
    platform.app.inject({ method: 'POST', url, payload: payload as object, headers: token === null ? {} : bearer(token) });

  beforeAll(async () => {
    disconnect = connectNotifyKick(() => {
      kicks++;
    });
    platform = await createTestApp(backend, { clock: clock.read });
    one = await createChatFixture(platform.app, { agentsA: 1 });
    two = await createChatFixture(platform.app, { agentsA: 0 });
    for (const fx of [one, two]) await addTemplates(db(), fx.orgId, 'EXPORTACION_FALLIDA', { sms: true });
    const people = {
      admin1: { org: one.orgId, role: 3 },
      viewer1: { org: one.orgId, role: 4 },
      admin2: { org: two.orgId, role: 3 }
    };
    for (const [key, p] of Object.entries(people)) {
      const email = `${key}.${p.org}@pruebas.co`;
      await addUser(db(), p.org, { role: p.role, email, name: `Persona ${key}` });
      tokens[key] = (await signIn(platform.app, email)).token;
    }
    const agent = one.agents[0];
    if (!agent) throw new Error('an agent expected');
    tokens.agent1 = agent.token;
  });
  afterAll(async () => {
    disconnect();
    await platform?.close();
  });

  it("queues the notice to the signed-in administrator, by e-mail, in their own organisation, and wakes the worker", async () => {
    const before = kicks;
    const res = await post(tokens.admin1 ?? '', FAILURE);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ queued: 1 });
    const rows = await outboxOf(db(), one.orgId);
    expect(rows.map((r) => [r.eventType, r.recipient, r.recipientRole, r.typeNotificationId])).toEqual([
      ['EXPORTACION_FALLIDA', `admin1.${one.orgId}@pruebas.co`, 'ADMINISTRADOR', 1]
    ]);
    // The platform's worker, woken after the commit, may already have taken it.
    expect(['PENDIENTE', 'ENVIANDO', 'ENVIADA']).toContain(rows[0]?.status);
    expect(rows[0]?.variables).toEqual({
      'organizacion.nombre': one.orgName,
      fecha: '02/03/2026 10:00',
      'usuario.nombre': 'Persona admin1',
      'reporte.nombre': FAILURE.report,
      'reporte.error': FAILURE.error
    });
    expect(kicks).toBeGreaterThan(before);
    // Each report is an event of its own.
    expect((await post(tokens.admin1 ?? '', FAILURE)).json()).toEqual({ queued: 1 });
    expect(await outboxOf(db(), one.orgId)).toHaveLength(2);
  });

  it('refuses a bad body with a Spanish 400 and queues nothing', async () => {
    const before = (await outboxOf(db(), one.orgId)).length;
    const cases: [unknown, string][] = [
      [{}, 'report: El reporte es obligatorio'],
      [{ report: 'Chats' }, 'error: El error es obligatorio'],
      [{ report: '   ', error: 'x' }, 'report: El reporte es obligatorio'],
      [{ report: 'Chats', error: 'x'.repeat(501) }, 'error: El error no puede superar 500 caracteres'],
      [{ report: 5, error: 'x' }, 'report: El reporte es obligatorio'],
      [{ report: 'Chats\u0000', error: 'x' }, 'report: El reporte contiene caracteres no permitidos']
    ];
    for (const [payload, message] of cases) {
      const res = await post(tokens.admin1 ?? '', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect((await post(tokens.admin1 ?? '', ['lista'])).statusCode).toBe(400);
    expect(await outboxOf(db(), one.orgId)).toHaveLength(before);
  });

  it('refuses roles that schedule no exports (viewer, agent) and a call without a token; nothing queued', async () => {
    const before = (await outboxOf(db(), one.orgId)).length;
    for (const who of ['viewer1', 'agent1']) {
      const res = await post(tokens[who] ?? '', FAILURE);
      expect(res.statusCode, who).toBe(403);
      expect(res.json().message).toBe(MSG.generic.unauthorized);
    }
    expect((await post(null, FAILURE)).statusCode).toBe(401);
    expect(await outboxOf(db(), one.orgId)).toHaveLength(before);
  });

  it("another organisation's administrator cannot make it land in this one: the token's organisation is the only one", async () => {
    const before = (await outboxOf(db(), one.orgId)).length;
    const named = await post(tokens.admin2 ?? '', { ...FAILURE, idOrg: one.orgId, companyId: one.orgId });
    expect(named.statusCode).toBe(200);
    const queried = await post(tokens.admin2 ?? '', FAILURE, `${URL}?idOrg=${one.orgId}`);
    expect(queried.statusCode).toBe(200);
    expect(await outboxOf(db(), one.orgId)).toHaveLength(before);
    expect((await outboxOf(db(), two.orgId)).map((r) => r.recipient)).toEqual([`admin2.${two.orgId}@pruebas.co`, `admin2.${two.orgId}@pruebas.co`]);
  });

  it('an organisation that keeps no template for it: accepted, nothing queued', async () => {
    const bare = await createChatFixture(platform.app, { agentsA: 0 });
    const email = `admin.${bare.orgId}@pruebas.co`;
    await addUser(db(), bare.orgId, { role: 3, email, name: 'Admin sin plantillas' });
    const { token } = await signIn(platform.app, email);
    const res = await post(token, FAILURE);
    expect(res.json()).toEqual({ queued: 0 });
    expect(await outboxOf(db(), bare.orgId)).toEqual([]);
  });
});
