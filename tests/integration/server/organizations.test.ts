import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MSG } from '../../../src/shared/messages';
import { END_MESSAGE_ORDER } from '../../../src/shared/domain/end-message';
import { errorLog, organizations } from '../../../src/server/db/schema';
import { BACKENDS } from '../../support/database';
import { bearer, createTestApp, signIn, userRow, type TestPlatform } from '../../support/app';

const FORBIDDEN = { statusCode: 403, error: 'Forbidden', message: MSG.generic.unauthorized };

describe.each(BACKENDS)('organisations, channels and scoping on %s', (backend) => {
  let platform: TestPlatform;
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    platform = await createTestApp(backend);
    for (const email of ['superadmin@demo.co', 'supervisualizador@demo.co', 'admin@demo.co', 'visualizador@demo.co', 'asesor@demo.co', 'admin@otra.co']) {
      tokens[email] = (await signIn(platform.app, email)).token;
    }
  });
  afterAll(() => platform.close());

  const get = (email: string, url: string) => platform.app.inject({ method: 'GET', url, headers: bearer(tokens[email]!) });

  it('answers the channel types map to any signed-in role', async () => {
    const res = await get('asesor@demo.co', '/api/types/channels');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ channel1: 'Facebook', channel2: 'Whatsapp', channel3: 'Web' });
    expect((await platform.app.inject({ method: 'GET', url: '/api/types/channels' })).statusCode).toBe(401);
  });

  it('lists organisations to roles 1 and 2 only', async () => {
    for (const email of ['superadmin@demo.co', 'supervisualizador@demo.co']) {
      const res = await get(email, '/api/organizations');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual([
        { idOrg: 100, name: 'Demo Contact Center', schemaName: 'demo_contact_center', isActive: true, organizationType: 'Contact center' },
        { idOrg: 200, name: 'Otra Entidad S.A.S.', schemaName: 'otra_entidad', isActive: true, organizationType: 'Entidad' }
      ]);
    }
    for (const email of ['admin@demo.co', 'visualizador@demo.co', 'asesor@demo.co']) {
      for (const url of ['/api/organizations', '/api/organizations/actives']) {
        const res = await get(email, url);
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual(FORBIDDEN);
      }
    }
  });

  it('lists only active organisations on /actives', async () => {
    const [inactive] = await platform.app.db
      .insert(organizations)
      .values({ name: 'Entidad Inactiva', schemaName: 'entidad_inactiva', organizationType: 'Entidad', isActive: false })
      .returning({ idOrg: organizations.idOrg });
    const all = (await get('superadmin@demo.co', '/api/organizations')).json<{ idOrg: number }[]>();
    const actives = (await get('superadmin@demo.co', '/api/organizations/actives')).json<{ idOrg: number }[]>();
    expect(all.map((o) => o.idOrg)).toEqual([100, 200, inactive!.idOrg]);
    expect(actives.map((o) => o.idOrg)).toEqual([100, 200]);
  });

  it('scopes virtual agents: company roles see their own organisation only, roles 1 and 2 choose', async () => {
    const own = await get('admin@demo.co', '/api/organization/100/virtualAgents');
    expect(own.statusCode).toBe(200);
    expect(own.json()).toEqual([
      { idVa: 1, name: 'Asistente Demo' },
      { idVa: 2, name: 'Asistente Ventas' }
    ]);
    const crossing = await get('admin@otra.co', '/api/organization/100/virtualAgents');
    expect(crossing.statusCode).toBe(403);
    expect(crossing.json()).toEqual(FORBIDDEN);
    expect((await get('admin@demo.co', '/api/organization/200/virtualAgents')).statusCode).toBe(403);
    expect((await get('admin@otra.co', '/api/organization/200/virtualAgents')).json()).toEqual([{ idVa: 3, name: 'Asistente Otra' }]);
    for (const email of ['superadmin@demo.co', 'supervisualizador@demo.co']) {
      expect((await get(email, '/api/organization/200/virtualAgents')).json()).toEqual([{ idVa: 3, name: 'Asistente Otra' }]);
      expect((await get(email, '/api/organization/100/virtualAgents')).json()).toHaveLength(2);
    }
  });

  it('validates the organisation id and answers 404 for one that does not exist', async () => {
    const bad = await get('superadmin@demo.co', '/api/organization/abc/virtualAgents');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('idOrg: Debe ser un número');
    expect((await get('superadmin@demo.co', '/api/organization/-4/virtualAgents')).statusCode).toBe(400);
    const missing = await get('superadmin@demo.co', '/api/organization/999/virtualAgents');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(MSG.generic.notFound);
    // A company role is refused before anything about the other organisation is revealed.
    expect((await get('admin@demo.co', '/api/organization/999/virtualAgents')).statusCode).toBe(403);
  });

  it('answers the end messages in SPEC §9 order, the last flagged fin, scoped by idOrg', async () => {
    for (const url of ['/api/mensajesFinConv/obtenerMensajesFinConvCliente', '/api/mensajesFinConv/obtenerMensajesFinConversacion']) {
      const res = await get('asesor@demo.co', url);
      expect(res.statusCode).toBe(200);
      const messages = res.json<{ acronym: string; fin: boolean; clientMessage: string; idEndTypeConversation: number }[]>();
      expect(messages.map((m) => m.acronym)).toEqual([...END_MESSAGE_ORDER]);
      expect(messages.map((m) => m.fin)).toEqual([false, false, false, false, false, true]);
      expect(messages.every((m) => m.clientMessage.length > 0)).toBe(true);
      expect((await get('asesor@demo.co', `${url}?idOrg=100`)).json()).toEqual(messages);
      expect((await get('asesor@demo.co', `${url}?idOrg=200`)).statusCode).toBe(403);
      const other = await get('superadmin@demo.co', `${url}?idOrg=200`);
      expect(other.statusCode).toBe(200);
      expect(other.json<{ clientMessage: string }[]>().some((m) => m.clientMessage.includes('Otra Entidad S.A.S.'))).toBe(true);
      expect((await get('asesor@demo.co', `${url}?idOrg=cien`)).statusCode).toBe(400);
    }
  });

  it('stores error reports in the caller organisation, with the caller', async () => {
    const asesor = await userRow(platform.app, 'asesor@demo.co');
    const report = { name: 'errorBoundary', detail: 'TypeError: x is undefined', idadviser: 0, application: 'Dashboard' };
    const res = await platform.app.inject({ method: 'POST', url: '/api/LogErrorSocket/100', headers: bearer(tokens['asesor@demo.co']!), payload: report });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    const rows = await platform.app.db.select().from(errorLog);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ organizationId: 100, userId: asesor.idUser, name: 'errorBoundary', detail: report.detail, idAdviser: 0, application: 'Dashboard', path: null });

    const crossing = await platform.app.inject({ method: 'POST', url: '/api/LogErrorSocket/200', headers: bearer(tokens['asesor@demo.co']!), payload: report });
    expect(crossing.statusCode).toBe(403);
    const invalid = await platform.app.inject({ method: 'POST', url: '/api/LogErrorSocket/100', headers: bearer(tokens['asesor@demo.co']!), payload: { detail: 'sin nombre' } });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().message).toMatch(/^name: /);
    const anonymous = await platform.app.inject({ method: 'POST', url: '/api/LogErrorSocket/100', payload: report });
    expect(anonymous.statusCode).toBe(401);
    expect(await platform.app.db.select().from(errorLog).where(eq(errorLog.organizationId, 200))).toHaveLength(0);
    expect(await platform.app.db.select().from(errorLog)).toHaveLength(1);
  });
});
