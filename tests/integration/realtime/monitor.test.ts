import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { io } from 'socket.io-client';
import { MONITOR_NAMESPACE, monitorServerEvents, SOCKET_PATH } from '../../../src/shared/realtime';
import { BACKENDS, createTestDatabase, signIn, type TestDatabase } from '../server/helpers';
import { connected, handshakeRefusal, TestClient } from './clients';
import { createChatFixture, type ChatFixture } from './fixtures';
import { eventually, listenPlatform, MONDAY_10AM, TestClock, type Running } from './harness';
import { agentOnline, startEscalated } from './scenario';
import { issueSession } from '../../../src/server/auth/session-tokens';

const Changed = monitorServerEvents['monitor:changed'];
type Changed = z.infer<typeof Changed>;

async function connectMonitor(url: string, token: string): Promise<TestClient> {
  const client = new TestClient(io(`${url}${MONITOR_NAMESPACE}`, { path: SOCKET_PATH, auth: { token }, transports: ['websocket'], forceNew: true, reconnection: false }));
  await connected(client.socket);
  return client;
}

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

  it('refuses a handshake without a valid token (401) or from a role that reads no statistics (403)', async () => {
    expect(await handshakeRefusal(platform.url, MONITOR_NAMESPACE, { token: 'not-a-token' })).toMatchObject({ status: 401 });
    expect(await handshakeRefusal(platform.url, MONITOR_NAMESPACE, {})).toMatchObject({ status: 401 });
    const agent = fx.agents[0];
    if (!agent) throw new Error('one agent expected');
    expect(await handshakeRefusal(platform.url, MONITOR_NAMESPACE, { token: agent.token })).toMatchObject({ status: 403, message: 'Usuario no autorizado' });
  });
});
