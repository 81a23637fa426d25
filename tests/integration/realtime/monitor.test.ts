import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { MONITOR_NAMESPACE, monitorServerEvents } from '../../../src/shared/realtime';
import { BACKENDS, createTestDatabase, type TestDatabase } from '../../support/database';
import { signIn } from '../../support/app';
import { connectMonitor, handshakeRefusal, type TestClient } from '../../support/clients';
import { createChatFixture, type ChatFixture } from './fixtures';
import { eventually, listenPlatform, MONDAY_10AM, TestClock, type Running } from '../../support/platform';
import { agentOnline, startEscalated } from './scenario';
import { issueSession } from '../../../src/server/auth/session-tokens';

const Changed = monitorServerEvents['monitor:changed'];
type Changed = z.infer<typeof Changed>;

const topicsHeard = (client: TestClient): Set<string> =>
  new Set(client.received('monitor:changed').flatMap((p) => Changed.parse(p).topics));

describe.each(BACKENDS)('monitor namespace (%s)', (backend) => {
  let database: TestDatabase;
  let platform: Running;
  let fx: ChatFixture;
  let supervisorToken: string;
  const clock = new TestClock(MONDAY_10AM);
  const clients: TestClient[] = [];

  beforeAll(async () => {
    database = await createTestDatabase(backend);
    platform = await listenPlatform(database.target, clock);
    fx = await createChatFixture(platform.app, { agentsA: 1 });
    const agent = fx.agents[0];
    if (!agent) throw new Error('one agent expected');
    // A supervisor (role 6) of the fixture's organisation.
    ({ token: supervisorToken } = await issueSession(platform.app.db, platform.app.services.tokens, { idUser: agent.userId, email: 'supervisor@pruebas.co', role: 6, organizationId: fx.orgId, organizationName: fx.orgName }));
  });

  afterAll(async () => {
    for (const c of clients) c.close();
    await platform?.close();
    await database?.drop();
  });

  it('tells the organisation’s statistics readers that agents and chats changed, and nobody else', async () => {
    const monitor = await connectMonitor(platform.url, supervisorToken);
    clients.push(monitor);
    // A reader of another organisation (the demo supervisor, organisation 100) hears nothing of it.
    const other = await connectMonitor(platform.url, (await signIn(platform.app, 'supervisor@demo.co')).token);
    clients.push(other);

    const agent = fx.agents[0];
    if (!agent) throw new Error('one agent expected');
    clients.push(await agentOnline(platform.url, agent));
    await monitor.waitFor('monitor:changed', Changed, (p: Changed) => p.topics.includes('agents'));

    const customer = await startEscalated(platform.url, fx, 1);
    clients.push(customer.client);
    await monitor.waitFor('monitor:changed', Changed, (p: Changed) => p.topics.includes('chats'));
    await eventually(async () => expect(topicsHeard(monitor)).toEqual(new Set(['agents', 'chats'])));

    // Bursts are coalesced: far fewer notices than state changes (status, queue, assignment…).
    expect(monitor.received('monitor:changed').length).toBeLessThanOrEqual(4);
    expect(other.received('monitor:changed')).toEqual([]);
  });

  it('moves a platform-wide reader (roles 1, 2) to the organisation it follows, and refuses another organisation to roles 3 and 4', async () => {
    const Followed = z.object({ idOrg: z.number() });
    // The demo users are of organisation 100; the fixture's organisation is another one.
    const superadmin = await connectMonitor(platform.url, (await signIn(platform.app, 'superadmin@demo.co')).token);
    const viewer = await connectMonitor(platform.url, (await signIn(platform.app, 'supervisualizador@demo.co')).token);
    const admin = await connectMonitor(platform.url, (await signIn(platform.app, 'admin@demo.co')).token);
    const reader = await connectMonitor(platform.url, (await signIn(platform.app, 'visualizador@demo.co')).token);
    const own = await connectMonitor(platform.url, supervisorToken);
    clients.push(superadmin, viewer, admin, reader, own);

    expect(await superadmin.ok('monitor:follow', { idOrg: fx.orgId }, Followed)).toEqual({ idOrg: fx.orgId });
    expect(await viewer.ok('monitor:follow', { idOrg: fx.orgId }, Followed)).toEqual({ idOrg: fx.orgId });
    expect(await admin.refused('monitor:follow', { idOrg: fx.orgId })).toEqual({ status: 403, message: 'Usuario no autorizado' });
    expect(await reader.refused('monitor:follow', { idOrg: fx.orgId })).toEqual({ status: 403, message: 'Usuario no autorizado' });
    expect(await admin.refused('monitor:follow', { idOrg: 'otra' })).toMatchObject({ status: 400 });
    expect(await admin.refused('monitor:follow', { idOrg: 0 })).toMatchObject({ status: 400 });
    // Its own organisation is every reader's to follow.
    expect(await own.ok('monitor:follow', { idOrg: fx.orgId }, Followed)).toEqual({ idOrg: fx.orgId });
    expect(await admin.ok('monitor:follow', { idOrg: 100 }, Followed)).toEqual({ idOrg: 100 });

    const customer = await startEscalated(platform.url, fx, 2);
    clients.push(customer.client);
    await own.waitFor('monitor:changed', Changed, (p: Changed) => p.topics.includes('chats'));
    await superadmin.waitFor('monitor:changed', Changed, (p: Changed) => p.topics.includes('chats'));
    await viewer.waitFor('monitor:changed', Changed, (p: Changed) => p.topics.includes('chats'));
    // A refused follow changed nothing: the fixture organisation's notices never reach them.
    await new Promise((done) => setTimeout(done, 200));
    expect(admin.received('monitor:changed')).toEqual([]);
    expect(reader.received('monitor:changed')).toEqual([]);

    // Back to its own organisation: the fixture's notices stop for the Superadministrador.
    expect(await superadmin.ok('monitor:follow', { idOrg: 100 }, Followed)).toEqual({ idOrg: 100 });
    const heard = superadmin.received('monitor:changed').length;
    const before = own.received('monitor:changed').length;
    const next = await startEscalated(platform.url, fx, 3);
    clients.push(next.client);
    await eventually(async () => expect(own.received('monitor:changed').length).toBeGreaterThan(before));
    await new Promise((done) => setTimeout(done, 200));
    expect(superadmin.received('monitor:changed').length).toBe(heard);
  });

  it('refuses a handshake without a valid token (401) or from a role that reads no statistics (403)', async () => {
    expect(await handshakeRefusal(platform.url, MONITOR_NAMESPACE, { token: 'not-a-token' })).toMatchObject({ status: 401 });
    expect(await handshakeRefusal(platform.url, MONITOR_NAMESPACE, {})).toMatchObject({ status: 401 });
    const agent = fx.agents[0];
    if (!agent) throw new Error('one agent expected');
    expect(await handshakeRefusal(platform.url, MONITOR_NAMESPACE, { token: agent.token })).toMatchObject({ status: 403, message: 'Usuario no autorizado' });
  });
});
