import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createIpcHandlers, type IpcHandlers } from '../../../src/main/ipc/register';
import { GATEWAY_TEXT } from '../../../src/main/services/catalogue-gateway';
import { ENTITY_TEXT } from '../../../src/main/services/session.service';
import { silentLogger, type Tokens } from '../../../src/main/services/ports';
import { MSG } from '../../../src/shared/messages';
import { accessToken, harness, json, refreshToken, T0, type Harness, type Recorded, type Route } from './fakes';

/** SPEC §2's special action 'Administrar entidad' (issue 19): the main process keeps the organisation in view. */

const ORGANIZATIONS = [
  { idOrg: 100, name: 'Demo Contact Center', schemaName: 'demo', isActive: true, organizationType: 'Empresa' },
  { idOrg: 200, name: 'Otra Entidad S.A.S.', schemaName: 'otra', isActive: true, organizationType: 'Empresa' },
  { idOrg: 300, name: 'Cerrada', schemaName: 'cerrada', isActive: false, organizationType: 'Empresa' }
];
const USER = {
  idUser: 40,
  name: 'Ana',
  email: 'ana@otra.co',
  role: 5,
  roleLabel: 'Asesor humano',
  company: 200,
  nameCompany: 'Otra Entidad S.A.S.',
  isActive: true,
  isLocked: false,
  dateCreate: '2026-03-02T15:00:00.000Z',
  dateUpdate: '2026-03-02T15:00:00.000Z'
};

function tokensFor(role: number, company = 100): Tokens {
  return { access: accessToken({ role, company }), refresh: refreshToken(T0 + 86_400_000) };
}

let h: Harness;
let handlers: IpcHandlers;

/** Organisations for the choice, an empty list for any list, the user for a user write. */
const route: Route = (req) => {
  if (req.path === '/api/organizations') return json(200, ORGANIZATIONS);
  if (req.path === '/api/users' && req.method === 'POST') return json(200, USER);
  if (req.path.startsWith('/api/autoUnlockMinutes/byOrganization/')) return json(200, { idOrg: 200, organization: 'Otra Entidad S.A.S.', autoUnlockMinutes: 15 });
  if (req.path.endsWith('/api/descargarHistoricoConexionAsesores')) return new Response('\uFEFFAsesor\n', { status: 200, headers: { 'content-type': 'text/csv; charset=utf-8' } });
  if (req.path === '/api/auth') return json(200, { token: accessToken({ role: 1 }), refreshToken: refreshToken(T0 + 86_400_000, 'r2') });
  return json(200, []);
};

/** The folder the main process's dialog answers (a schedule may name only a folder picked there). */
let dialogFolder = tmpdir();

async function signIn(role: number): Promise<void> {
  const fileSaver = { choosePath: async () => null, chooseFolder: async () => dialogFolder, showInFolder: () => undefined };
  h = await harness(route, { tokens: tokensFor(role), fileSaver });
  handlers = createIpcHandlers(h.services, silentLogger);
}

const sent = (): Recorded[] => h.calls.filter((c) => !c.path.includes('LogErrorSocket'));
const relative = (c: Recorded) => `${c.method} ${c.url.replace('http://platform.test', '')}`;

afterEach(() => {
  h?.services.dispose();
});

describe("'Administrar entidad' in the main process", () => {
  it('sends every organisation-scoped page call of a superadministrator to the organisation chosen, until Volver', async () => {
    await signIn(1);
    const entered = await handlers['session:administerEntity']({ idOrg: 200 });
    expect(entered.ok && entered.data.administering).toEqual({ idOrg: 200, name: 'Otra Entidad S.A.S.' });
    expect(entered.ok && entered.data.user.role).toBe(1);
    const restored = await handlers['session:get'](undefined);
    expect(restored.ok && restored.data?.administering).toEqual({ idOrg: 200, name: 'Otra Entidad S.A.S.' });
    h.calls.length = 0;

    // Query, path and body organisations; the analytics channel too; the post-login virtual agents.
    expect((await handlers['settings:call']({ call: 'splits' })).ok).toBe(true);
    expect((await handlers['settings:call']({ call: 'updateAutoUnlock', body: { autoUnlockMinutes: 15 } })).ok).toBe(true);
    const body = { name: 'Ana', email: 'ana@otra.co', role: 5, password: 'Inicial2026x' };
    expect(await handlers['settings:call']({ call: 'createUser', body })).toEqual({ ok: true, data: USER });
    expect((await handlers['analytics:query']({ call: 'agents', query: {} })).ok).toBe(true);
    expect((await handlers['platform:virtualAgents']({})).ok).toBe(true);
    // Naming the organisation administered is the same call; naming another is refused and sends nothing.
    expect((await handlers['settings:call']({ call: 'users', query: {}, idOrg: 200 })).ok).toBe(true);
    expect(await handlers['settings:call']({ call: 'users', query: {}, idOrg: 100 })).toEqual({ ok: false, error: { status: 400, message: GATEWAY_TEXT.orgFromSession } });
    expect(sent().map(relative)).toEqual([
      'GET /ha/api/obtenerSplits?idOrg=200',
      'POST /api/autoUnlockMinutes/byOrganization/200',
      'POST /api/users',
      'GET /api/users/agents?idOrg=200',
      'GET /api/organization/200/virtualAgents',
      'GET /api/users?idOrg=200'
    ]);
    expect(sent()[2]!.body).toEqual({ ...body, company: 200 });
    // The token is the superadministrator's own: the platform still sees role 1.
    expect(sent().every((c) => c.authorization === `Bearer ${tokensFor(1).access}`)).toBe(true);

    h.calls.length = 0;
    const left = await handlers['session:leaveEntity'](undefined);
    expect(left.ok && left.data.administering).toBeUndefined();
    expect((await handlers['settings:call']({ call: 'splits' })).ok).toBe(true);
    expect((await handlers['settings:call']({ call: 'users', query: {}, idOrg: 300 })).ok).toBe(true);
    expect(sent().map(relative)).toEqual(['GET /ha/api/obtenerSplits?idOrg=100', 'GET /api/users?idOrg=300']);
  });

  it('is refused for every other role, and sends nothing', async () => {
    for (const role of [2, 3, 4, 5, 6]) {
      await signIn(role);
      expect(await handlers['session:administerEntity']({ idOrg: 200 })).toEqual({ ok: false, error: { status: 403, message: MSG.generic.unauthorized } });
      expect(sent()).toEqual([]);
      h.services.dispose();
    }
  });

  it('refuses an organisation that does not exist or is inactive, and keeps the own one', async () => {
    await signIn(1);
    expect(await handlers['session:administerEntity']({ idOrg: 999 })).toEqual({ ok: false, error: { status: 404, message: ENTITY_TEXT.notFound } });
    expect(await handlers['session:administerEntity']({ idOrg: 300 })).toEqual({ ok: false, error: { status: 409, message: ENTITY_TEXT.inactive } });
    expect(await handlers['session:administerEntity']({ idOrg: 0 } as never)).toMatchObject({ ok: false, error: { status: 400 } });
    h.calls.length = 0;
    await handlers['settings:call']({ call: 'splits' });
    expect(sent().map(relative)).toEqual(['GET /ha/api/obtenerSplits?idOrg=100']);
  });

  it('ends with the session: after sign-out and a new sign-in the own organisation is in view', async () => {
    await signIn(1);
    expect((await handlers['session:administerEntity']({ idOrg: 200 })).ok).toBe(true);
    await handlers['session:logout'](undefined);
    expect(await handlers['session:leaveEntity'](undefined)).toMatchObject({ ok: false, error: { status: 401 } });
    const again = await handlers['session:login']({ email: 'superadmin@demo.co', password: 'Atiende2026!' });
    expect(again.ok && again.data.administering).toBeUndefined();
    h.calls.length = 0;
    await handlers['settings:call']({ call: 'splits' });
    expect(sent().map(relative)).toEqual(['GET /ha/api/obtenerSplits?idOrg=100']);
  });
});

describe("scheduled exports and 'Administrar entidad'", () => {
  it('a schedule made while administering exports that organisation; one made before keeps the own one, whatever the window shows', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'atiende-entidad-'));
    dialogFolder = dir;
    try {
      await signIn(1);
      expect(await handlers['reports:chooseFolder'](undefined)).toEqual({ ok: true, data: { path: dir } });
      const input = { report: 'agentHistory' as const, query: { agents: [5] }, frequency: 'daily' as const, hour: 6, folder: dir, weekday: null, delimiter: ';' as const, idOrg: null };
      const own = await handlers['reports:saveSchedule']({ schedule: input });
      expect((await handlers['session:administerEntity']({ idOrg: 200 })).ok).toBe(true);
      const there = await handlers['reports:saveSchedule']({ schedule: input });
      expect(own.ok && own.data.idOrg).toBeNull();
      expect(there.ok && there.data.idOrg).toBe(200);
      h.calls.length = 0;
      if (!own.ok || !there.ok) throw new Error('not saved');
      await handlers['reports:runSchedule']({ id: own.data.id });
      await handlers['reports:runSchedule']({ id: there.data.id });
      const orgs = sent().map((c) => new URL(c.url).searchParams.get('idOrg'));
      expect(orgs).toEqual(['100', '200']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
