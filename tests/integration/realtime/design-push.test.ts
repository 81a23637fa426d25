import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_DASHBOARD_DESIGN, type DashboardDesign } from '../../../src/shared/domain/dashboard-design';
import { DesignChanged } from '../../../src/shared/realtime';
import { bearer, signIn } from '../../support/app';
import { connectAgent, connectMonitor, type TestClient } from '../../support/clients';
import { BACKENDS, createTestDatabase, type TestDatabase } from '../../support/database';
import { eventually, listenPlatform, MONDAY_10AM, TestClock, type Running } from '../../support/platform';

const D = (org: number, call: string) => `/api/organization/${org}/dashboardDesign/${call}`;
const BRAND: DashboardDesign = {
  ...DEFAULT_DASHBOARD_DESIGN,
  colores: { ...DEFAULT_DASHBOARD_DESIGN.colores, principal: { background: '#2e7d32', color: '#ffffff' } }
};

/** Issue 40: a saved or restored dashboard design is pushed to every signed-in user of its organisation, and to nobody else. */
describe.each(BACKENDS)('the dashboard design push (%s)', (backend) => {
  let database: TestDatabase;
  let platform: Running;
  const clients: TestClient[] = [];

  beforeAll(async () => {
    database = await createTestDatabase(backend);
    platform = await listenPlatform(database.target, new TestClock(MONDAY_10AM));
  });

  afterAll(async () => {
    for (const c of clients) c.close();
    await platform?.close();
    await database?.drop();
  });

  it('reaches an agent (agent namespace) and a supervisor (monitor namespace) of the organisation, not another organisation’s user', async () => {
    const admin = await signIn(platform.app, 'admin@demo.co');
    const agent = await connectAgent(platform.url, (await signIn(platform.app, 'asesor@demo.co')).token);
    const supervisor = await connectMonitor(platform.url, (await signIn(platform.app, 'supervisor@demo.co')).token);
    const stranger = await connectMonitor(platform.url, (await signIn(platform.app, 'admin@otra.co')).token);
    clients.push(agent, supervisor, stranger);

    const saved = await platform.app.inject({ method: 'POST', url: D(100, 'updateDashboardDesign'), headers: bearer(admin.token), payload: BRAND });
    expect(saved.statusCode).toBe(200);
    const isBrand = (p: DesignChanged) => p.design.colores.principal.background === '#2e7d32';
    for (const client of [agent, supervisor]) expect(await client.waitFor('design:changed', DesignChanged, isBrand)).toEqual({ design: BRAND, logo: '' });

    // A restore pushes the restored design (version 1 is the brand one; saving the default first makes it a change).
    const plain = await platform.app.inject({ method: 'POST', url: D(100, 'updateDashboardDesign'), headers: bearer(admin.token), payload: DEFAULT_DASHBOARD_DESIGN });
    expect(plain.statusCode).toBe(200);
    const restored = await platform.app.inject({ method: 'POST', url: D(100, 'restoreVersion'), headers: bearer(admin.token), payload: { version: 1 } });
    expect(restored.statusCode).toBe(200);
    const principals = (client: TestClient) => client.received('design:changed').map((p) => DesignChanged.parse(p).design.colores.principal.background);
    const expected = ['#2e7d32', DEFAULT_DASHBOARD_DESIGN.colores.principal.background, '#2e7d32'];
    await eventually(async () => expect(principals(agent)).toEqual(expected));
    await eventually(async () => expect(principals(supervisor)).toEqual(expected));

    // A refused save pushes nothing.
    const bad = await platform.app.inject({ method: 'POST', url: D(100, 'updateDashboardDesign'), headers: bearer(admin.token), payload: { colores: { principal: { background: 'verde' } } } });
    expect(bad.statusCode).toBe(400);
    await new Promise((done) => setTimeout(done, 200));
    expect(supervisor.received('design:changed')).toHaveLength(3);
    expect(stranger.received('design:changed')).toEqual([]);
  });
});
