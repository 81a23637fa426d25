import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { Feature, FEATURES } from '../../../src/shared/domain/feature';
import { organizations, virtualAgentFeatures, virtualAgents } from '../../../src/server/db/schema';
import { BACKENDS, createTestDatabase, type TestDatabase } from '../../support/database';
import { listenPlatform, MONDAY_10AM, TestClock, type Running } from '../../support/platform';
import { caller, signInAll } from './chat-fixtures';

const EMAILS = ['admin@demo.co', 'admin@otra.co', 'asesor@demo.co', 'superadmin@demo.co'];
const path = (org: number, va: number, what: 'getFeatures' | 'updateFeatureStatus') => `/api/${org}/features/${va}/${what}`;
const Features = z.array(Feature);

/** personalizacion/funcionalidades (issue 38): the feature toggles of a virtual agent. */
describe.each(BACKENDS)('features (funcionalidades) on %s', (backend) => {
  let database: TestDatabase;
  let platform: Running;
  let call: ReturnType<typeof caller>;

  beforeAll(async () => {
    database = await createTestDatabase(backend);
    platform = await listenPlatform(database.target, new TestClock(MONDAY_10AM));
    call = caller(platform.app, await signInAll(platform.app, EMAILS));
  });
  afterAll(async () => {
    await platform.close();
    await database.drop();
  });

  const list = async (va = 1, as = 'admin@demo.co') => Features.parse((await call(as, 'GET', path(100, va, 'getFeatures'))).json());
  const stored = async (va: number) =>
    platform.app.db.select({ idFeature: virtualAgentFeatures.idFeature, status: virtualAgentFeatures.status }).from(virtualAgentFeatures).where(eq(virtualAgentFeatures.idVa, va));

  it('lists every feature of the catalogue, seeded on, with its Spanish name, to any role of the organisation', async () => {
    const features = await list();
    expect(features).toEqual(FEATURES.map((f) => ({ idFeature: f.idFeature, name: f.name, status: true })));
    expect(features.map((f) => f.name)).toContain('Formulario de entrada');
    // The demo data seeds a row per feature.
    expect((await stored(1)).length).toBe(FEATURES.length);
    expect(await list(1, 'asesor@demo.co')).toEqual(features);
  });

  it('switches one feature and answers it; the next read, another virtual agent and the widget see the change', async () => {
    const res = await call('admin@demo.co', 'PUT', path(100, 1, 'updateFeatureStatus'), { idFeature: 3, status: false });
    expect(res.statusCode).toBe(200);
    expect(Feature.parse(res.json())).toEqual({ idFeature: 3, name: 'Adjuntos del cliente', status: false });
    expect((await list()).find((f) => f.idFeature === 3)?.status).toBe(false);
    expect((await list(2)).every((f) => f.status)).toBe(true);
    const config = (await platform.app.inject({ method: 'GET', url: '/widget/config?org=100&va=1' })).json<{ features: Record<string, boolean> }>();
    expect(config.features).toMatchObject({ attachments: false, entryForm: true });
    // Back on.
    expect((await call('superadmin@demo.co', 'PUT', path(100, 1, 'updateFeatureStatus'), { idFeature: 3, status: true })).statusCode).toBe(200);
    expect((await list()).every((f) => f.status)).toBe(true);
  });

  it('refuses an unknown feature, a status that is not a boolean and a missing one, changing nothing', async () => {
    const before = await stored(1);
    const cases: [string, unknown, number][] = [
      ['unknown feature', { idFeature: 99, status: false }, 400],
      ['feature 0', { idFeature: 0, status: false }, 400],
      ['status as text', { idFeature: 1, status: 'no' }, 400],
      ['no status', { idFeature: 1 }, 400],
      ['no feature', { status: false }, 400]
    ];
    for (const [name, body, status] of cases) {
      const res = await call('admin@demo.co', 'PUT', path(100, 1, 'updateFeatureStatus'), body as object);
      expect(res.statusCode, name).toBe(status);
      expect(res.json<{ message: string }>().message, name).toMatch(/[a-záéíóú]/i);
    }
    expect(await stored(1)).toEqual(before);
  });

  it('refuses another organisation’s virtual agent (404), another organisation in the path (403) and a role without the screen', async () => {
    // Org 200's admin names its own organisation but org 100's virtual agent: not found, nothing changed.
    expect((await call('admin@otra.co', 'GET', path(200, 1, 'getFeatures'))).statusCode).toBe(404);
    expect((await call('admin@otra.co', 'PUT', path(200, 1, 'updateFeatureStatus'), { idFeature: 1, status: false })).statusCode).toBe(404);
    expect((await call('admin@otra.co', 'GET', path(100, 1, 'getFeatures'))).statusCode).toBe(403);
    expect((await call('asesor@demo.co', 'PUT', path(100, 1, 'updateFeatureStatus'), { idFeature: 1, status: false })).statusCode).toBe(403);
    expect((await stored(1)).every((r) => r.status)).toBe(true);
    // Its own virtual agent answers.
    expect((await call('admin@otra.co', 'GET', path(200, 3, 'getFeatures'))).statusCode).toBe(200);
  });

  it('gives a new organisation’s first virtual agent every feature on', async () => {
    const res = await call('superadmin@demo.co', 'POST', '/api/organizations', { name: 'Funcionalidades SAS', schemaName: 'funcionalidades_sas', organizationType: 'Servicios', isActive: true });
    expect(res.statusCode, res.body).toBeLessThan(300);
    const [org] = await platform.app.db.select({ idOrg: organizations.idOrg }).from(organizations).where(eq(organizations.name, 'Funcionalidades SAS'));
    const [va] = await platform.app.db.select({ idVa: virtualAgents.idVa }).from(virtualAgents).where(eq(virtualAgents.organizationId, org!.idOrg));
    const rows = await stored(va!.idVa);
    expect(rows.map((r) => r.idFeature).sort()).toEqual(FEATURES.map((f) => f.idFeature));
    expect(rows.every((r) => r.status)).toBe(true);
  });
});
