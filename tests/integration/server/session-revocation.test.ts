import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { decodeJwt, SignJWT } from 'jose';
import { io } from 'socket.io-client';
import { PASSWORD_UPDATED_REPLY } from '../../../src/shared/domain/session';
import { MSG } from '../../../src/shared/messages';
import { AgentChatSnapshot, AgentStatusView, AGENT_NAMESPACE, MONITOR_NAMESPACE, SOCKET_PATH, WidgetState } from '../../../src/shared/realtime';
import { hashPassword } from '../../../src/server/auth/passwords';
import { endOrganisationSessions, endUserSessions } from '../../../src/server/auth/revocation';
import { loadJwtSecret } from '../../../src/server/auth/secret';
import { agentPresence, conversations, organizations, users } from '../../../src/server/db/schema';
import { DEMO_PASSWORD } from '../../../src/server/demo/demo-data';
import { connectAgent, handshakeRefusal, TestClient } from '../../support/clients';
import { createChatFixture, type ChatFixture, type FixtureAgent } from '../realtime/fixtures';
import { eventually, listenPlatform, MONDAY_10AM, TestClock, twoInstances, twoInstancesReady, type Running } from '../../support/platform';
import { startEscalated, type Customer } from '../realtime/scenario';
import { BACKENDS, createTestDatabase, type TestDatabase } from '../../support/database';
import { bearer, login, signIn, type Session } from '../../support/app';

/**
 * Issue 19 "Ending a user's access ends it now": deactivating, locking (by an administrator or by
 * the last allowed wrong password), deleting a user or changing their password ends their other
 * sessions at once — the next call 401, the refresh 401, their agent sockets closed and their
 * chats back in the queue — while the session that changed its own password goes on.
 * Deactivate, lock and delete are driven as the users routes do them: the change committed, then
 * endUserSessions; the password change and the automatic lock over HTTP.
 */

const READ = '/api/types/channels';
const REFRESH = '/api/auth/refreshSesion';
const UPDATE_PASSWORD = '/api/users/UpdatePasswordByUserName';
const NEW_PASSWORD = 'OtraClave2027';

const read = (app: FastifyInstance, token: string) => app.inject({ method: 'GET', url: READ, headers: bearer(token) });
const refresh = (app: FastifyInstance, refreshToken: string) => app.inject({ method: 'POST', url: REFRESH, payload: { refreshToken } });

/** Resolves with the reason once the socket drops. */
function dropped(client: TestClient): Promise<string> {
  return new Promise((resolve) => client.socket.once('disconnect', (reason: string) => resolve(reason)));
}

/** The conversation state the customer heard last. */
function lastState(client: TestClient): string | undefined {
  return WidgetState.safeParse(client.received('widget:state').at(-1)).data?.state;
}

/** An agent signed in over HTTP with its socket online (no reconnection: a drop stays visible). */
interface OnlineAgent {
  session: Session;
  socket: TestClient;
  drop: Promise<string>;
}

async function online(url: string, app: FastifyInstance, agent: FixtureAgent): Promise<OnlineAgent> {
  const session = await signIn(app, agent.email);
  const socket = await connectAgent(url, session.token, false);
  await socket.ok('agent:status', { status: 'CONECTADO' }, AgentStatusView);
  return { session, socket, drop: dropped(socket) };
}

describe.each(BACKENDS)('ending a user’s access on %s', (backend) => {
  let database: TestDatabase;
  let platform: Running;
  let fx: ChatFixture;
  let admin: Session;
  const clock = new TestClock(MONDAY_10AM);
  const clients: TestClient[] = [];
  const customers: Customer[] = [];
  let nextCustomer = 1;

  beforeAll(async () => {
    database = await createTestDatabase(backend);
    platform = await listenPlatform(database.target, clock);
    fx = await createChatFixture(platform.app, { agentsA: 6, maxChats: 3 });
    admin = await signIn(platform.app, 'admin@demo.co');
  });

  afterEach(async () => {
    // The test's customers leave, so the next test's agent starts with an empty queue.
    await Promise.all(customers.splice(0).map((c) => c.client.request('widget:leave', {}).catch(() => undefined)));
    for (const c of clients.splice(0)) c.close();
  });

  afterAll(async () => {
    await platform?.close();
    await database?.drop();
  });

  /** Two customers escalated to the agent (the only one online): one left ENTRANTE (ASIGNADA), one accepted (ACTIVA). */
  async function withChats(agent: OnlineAgent, fixture: ChatFixture = fx): Promise<string[]> {
    const ids: string[] = [];
    for (let i = 0; i < 2; i++) {
      const customer = await startEscalated(platform.url, fixture, nextCustomer++);
      customers.push(customer);
      clients.push(customer.client);
      await agent.socket.waitFor('chat:incoming', AgentChatSnapshot, (s) => s.conversationId === customer.conversationId);
      ids.push(customer.conversationId);
    }
    await agent.socket.ok('chat:accept', { conversationId: ids[1] }, AgentChatSnapshot);
    const rows = await platform.app.db.select().from(conversations).where(inArray(conversations.idConv, ids));
    expect(rows.map((r) => r.status).sort()).toEqual(['ACTIVA', 'ASIGNADA']);
    return ids;
  }

  /** Everything the ended session could do is refused, its socket is gone and its chats wait in the queue again. */
  async function expectEnded(agent: FixtureAgent, ended: OnlineAgent, chats: string[], fixture: ChatFixture = fx): Promise<void> {
    const { app } = platform;
    const call = await read(app, ended.session.token);
    expect(call.statusCode).toBe(401);
    expect(call.json()).toEqual({ statusCode: 401, error: 'Unauthorized', message: MSG.session.sessionExpired });
    expect((await refresh(app, ended.session.refreshToken)).statusCode).toBe(401);
    expect(await ended.drop).toBe('io server disconnect');
    expect(await handshakeRefusal(platform.url, AGENT_NAMESPACE, { token: ended.session.token })).toEqual({ message: MSG.session.sessionExpired, status: 401 });
    const rows = await app.db.select().from(conversations).where(inArray(conversations.idConv, chats));
    expect(rows.map((r) => ({ status: r.status, agentId: r.agentId, splitId: r.splitId }))).toEqual(chats.map(() => ({ status: 'EN_COLA', agentId: null, splitId: fixture.splitA })));
    const [presence] = await app.db.select().from(agentPresence).where(eq(agentPresence.userId, agent.userId));
    expect(presence?.status).toBe('Desconectado');
    // Customers hear they are waiting again.
    for (const c of customers.filter((x) => chats.includes(x.conversationId))) await eventually(async () => expect(lastState(c.client)).toBe('EN_COLA'), 3_000);
    // Whoever made the change is still signed in.
    expect((await read(app, admin.token)).statusCode).toBe(200);
  }

  const adminEvents: { event: string; agent: number; change: (db: FastifyInstance['db'], idUser: number) => Promise<unknown> }[] = [
    { event: 'deactivated', agent: 0, change: (db, idUser) => db.update(users).set({ isActive: false }).where(eq(users.idUser, idUser)) },
    { event: 'locked by an administrator', agent: 1, change: (db, idUser) => db.update(users).set({ isLocked: true, lockedAt: clock.read() }).where(eq(users.idUser, idUser)) },
    {
      event: 'deleted (logically)',
      agent: 2,
      change: (db, idUser) => db.update(users).set({ isActive: false, deletedAt: clock.read() }).where(eq(users.idUser, idUser))
    },
    {
      event: 'given a new password by an administrator',
      agent: 3,
      change: async (db, idUser) => db.update(users).set({ passwordHash: await hashPassword(NEW_PASSWORD) }).where(eq(users.idUser, idUser))
    }
  ];

  for (const { event, agent: index, change } of adminEvents) {
    it(`an agent ${event}: every session ends at once, its socket closes and its chats go back to the queue`, async () => {
      const agent = fx.agents[index];
      if (!agent) throw new Error('fixture agent missing');
      const { app } = platform;
      const ended = await online(platform.url, app, agent);
      clients.push(ended.socket);
      const chats = await withChats(ended);
      // A second session of the same user (another computer), never used on a socket.
      const other = await signIn(app, agent.email);
      expect((await read(app, ended.session.token)).statusCode).toBe(200);

      await change(app.db, agent.userId);
      const result = await endUserSessions(app.db, app.services, agent.userId);
      expect(result).toEqual({ sessionsEnded: 3, chatsRequeued: 2 });

      await expectEnded(agent, ended, chats);
      expect((await read(app, other.token)).statusCode).toBe(401);
      expect((await refresh(app, other.refreshToken)).statusCode).toBe(401);
      // Ending them again changes nothing.
      expect(await endUserSessions(app.db, app.services, agent.userId)).toEqual({ sessionsEnded: 0, chatsRequeued: 0 });
    });
  }

  it('an own password change ends the other sessions (socket and all) and keeps the one that changed it, with its socket and chats', async () => {
    const agent = fx.agents[4];
    if (!agent) throw new Error('fixture agent missing');
    const { app } = platform;
    const kept = await online(platform.url, app, agent);
    const other = await online(platform.url, app, agent);
    clients.push(kept.socket, other.socket);
    const chats = await withChats(kept);

    const changed = await app.inject({
      method: 'PUT',
      url: UPDATE_PASSWORD,
      headers: bearer(kept.session.token),
      payload: { oldPassword: DEMO_PASSWORD, newPassword: NEW_PASSWORD }
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toEqual({ message: PASSWORD_UPDATED_REPLY });

    // The other session: refused everywhere, its socket closed.
    expect((await read(app, other.session.token)).statusCode).toBe(401);
    expect((await refresh(app, other.session.refreshToken)).statusCode).toBe(401);
    expect(await other.drop).toBe('io server disconnect');
    // The session that changed it: its calls, its socket, its refresh and its chats go on.
    expect((await read(app, kept.session.token)).statusCode).toBe(200);
    expect(kept.socket.socket.connected).toBe(true);
    expect(await kept.socket.ok('agent:status', { status: 'CONECTADO' }, AgentStatusView)).toMatchObject({ status: 'CONECTADO' });
    const rows = await app.db.select().from(conversations).where(inArray(conversations.idConv, chats));
    expect(rows.map((r) => [r.status, r.agentId]).sort()).toEqual([
      ['ACTIVA', agent.userId],
      ['ASIGNADA', agent.userId]
    ]);
    const renewed = await refresh(app, kept.session.refreshToken);
    expect(renewed.statusCode).toBe(200);
    expect((await read(app, renewed.json<Session>().token)).statusCode).toBe(200);
    // The new password signs in, the old one no longer does.
    expect((await login(app, agent.email, NEW_PASSWORD)).statusCode).toBe(200);
    expect((await login(app, agent.email)).statusCode).toBe(401);
    // Signs out as the app does, so the next test's agent is the only one taking chats.
    await kept.socket.ok('agent:status', { status: 'DESCONECTADO' }, AgentStatusView);
  });

  it('the wrong password that locks an account ends the sessions already open (the fifth, by default)', async () => {
    const agent = fx.agents[5];
    if (!agent) throw new Error('fixture agent missing');
    const { app } = platform;
    const ended = await online(platform.url, app, agent);
    clients.push(ended.socket);
    const chats = await withChats(ended);

    for (let attempt = 1; attempt <= 4; attempt++) {
      expect((await login(app, agent.email, `Equivocada${attempt}`)).statusCode).toBe(401);
      // A wrong password that does not lock ends nothing.
      expect((await read(app, ended.session.token)).statusCode).toBe(200);
    }
    const locking = await login(app, agent.email, 'Equivocada5');
    expect(locking.statusCode).toBe(403);
    expect(locking.json().message).toBe(MSG.session.userLocked);

    await expectEnded(agent, ended, chats);
  });

  it('an organisation deactivated: every session of its users ends, agents’ chats back in the queue', async () => {
    const { app } = platform;
    const org = await createChatFixture(app, { agentsA: 1, maxChats: 3 });
    const agent = org.agents[0];
    if (!agent) throw new Error('fixture agent missing');
    const ended = await online(platform.url, app, agent);
    clients.push(ended.socket);
    const chats = await withChats(ended, org);
    await app.db.update(organizations).set({ isActive: false }).where(eq(organizations.idOrg, org.orgId));
    // The fixture's session and the one signed in above; the other organisation's users keep theirs.
    expect(await endOrganisationSessions(app.db, app.services, org.orgId)).toEqual({ sessionsEnded: 2, chatsRequeued: 2 });
    await expectEnded(agent, ended, chats, org);
  });

  it('a monitor socket of a user whose access ended closes too, and other users keep theirs', async () => {
    const { app } = platform;
    const supervisor = await signIn(app, 'supervisor@demo.co');
    const viewer = await signIn(app, 'visualizador@demo.co');
    const monitor = (token: string) =>
      new TestClient(io(`${platform.url}${MONITOR_NAMESPACE}`, { path: SOCKET_PATH, auth: { token }, transports: ['websocket'], forceNew: true, reconnection: false }));
    const supervisorSocket = monitor(supervisor.token);
    const viewerSocket = monitor(viewer.token);
    clients.push(supervisorSocket, viewerSocket);
    await Promise.all([supervisorSocket, viewerSocket].map((c) => new Promise<void>((resolve) => c.socket.once('connect', () => resolve()))));
    const drop = dropped(supervisorSocket);
    const [row] = await app.db.select({ idUser: users.idUser }).from(users).where(eq(users.email, 'supervisor@demo.co'));
    if (!row) throw new Error('supervisor@demo.co missing');
    await app.db.update(users).set({ isActive: false }).where(eq(users.idUser, row.idUser));
    expect(await endUserSessions(app.db, app.services, row.idUser)).toEqual({ sessionsEnded: 1, chatsRequeued: 0 });
    expect(await drop).toBe('io server disconnect');
    expect(viewerSocket.socket.connected).toBe(true);
    expect((await read(app, viewer.token)).statusCode).toBe(200);
    expect((await read(app, supervisor.token)).statusCode).toBe(401);
  });

  it('a replayed refresh token ends its session’s access tokens at once, not only its refresh', async () => {
    const { app } = platform;
    const first = await signIn(app, 'visualizador@demo.co');
    const second = await refresh(app, first.refreshToken);
    expect(second.statusCode).toBe(200);
    const renewed = second.json<Session>();
    expect((await read(app, renewed.token)).statusCode).toBe(200);
    // The used refresh token again: the family is revoked.
    expect((await refresh(app, first.refreshToken)).statusCode).toBe(401);
    expect((await read(app, renewed.token)).statusCode).toBe(401);
    expect((await refresh(app, renewed.refreshToken)).statusCode).toBe(401);
  });

  it('an access token without a session (signed before sessions were named) is refused; its refresh gives one that works', async () => {
    const { app } = platform;
    const session = await signIn(app, 'visualizador@demo.co');
    const claims = decodeJwt(session.token);
    expect(claims.sid).toEqual(expect.any(String));
    delete claims.sid;
    const legacy = await new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(await loadJwtSecret(app.db));
    expect((await read(app, legacy)).statusCode).toBe(401);
    const renewed = await refresh(app, session.refreshToken);
    expect(renewed.statusCode).toBe(200);
    expect((await read(app, renewed.json<Session>().token)).statusCode).toBe(200);
  });
});

describe.skipIf(!twoInstancesReady('two-instance session revocation test'))('ending a user’s access across two instances on one PostgreSQL and one Redis', () => {
  const live = twoInstances();
  let fx: ChatFixture;

  beforeAll(async () => {
    fx = await createChatFixture(live.one.app, { agentsA: 2, maxChats: 3 });
  });

  it('a deactivation on one instance ends the session the other instance had checked, closes the socket there and requeues its chats', async () => {
    const agent = fx.agents[0];
    if (!agent) throw new Error('fixture agent missing');
    // Signed in through the first, working on the second: the second has the session checked and kept.
    const ended = await online(live.two.url, live.one.app, agent);
    live.clients.push(ended.socket);
    expect((await read(live.two.app, ended.session.token)).statusCode).toBe(200);
    const customer = await startEscalated(live.two.url, fx, 1);
    live.clients.push(customer.client);
    await ended.socket.waitFor('chat:incoming', AgentChatSnapshot, (s) => s.conversationId === customer.conversationId);

    await live.one.app.db.update(users).set({ isActive: false }).where(eq(users.idUser, agent.userId));
    // The fixture's session and the one signed in above.
    expect(await endUserSessions(live.one.app.db, live.one.app.services, agent.userId)).toEqual({ sessionsEnded: 2, chatsRequeued: 1 });

    // The fan-out reaches the second instance within moments (its own bound would take 30 s).
    await eventually(async () => expect((await read(live.two.app, ended.session.token)).statusCode).toBe(401), 3_000);
    expect((await refresh(live.two.app, ended.session.refreshToken)).statusCode).toBe(401);
    expect(await ended.drop).toBe('io server disconnect');
    expect(await handshakeRefusal(live.two.url, AGENT_NAMESPACE, { token: ended.session.token })).toMatchObject({ status: 401 });
    const [row] = await live.one.app.db.select().from(conversations).where(eq(conversations.idConv, customer.conversationId));
    expect(row).toMatchObject({ status: 'EN_COLA', agentId: null });
    await eventually(async () => expect(lastState(customer.client)).toBe('EN_COLA'), 3_000);
  });
});
