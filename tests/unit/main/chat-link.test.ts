import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { THROTTLE_PAUSE_MS } from '../../../src/main/services/chat-link.service';
import { CHAT_TEXT } from '../../../src/main/services/chat-texts';
import { ATTEND_TEXT } from '../../../src/main/services/session.service';
import { MSG } from '../../../src/shared/messages';
import { createIpcHandlers } from '../../../src/main/ipc/register';
import { createMemoryTokenVault, silentLogger } from '../../../src/main/services/ports';
import { ACK_TIMEOUT, agentHarness, agentSettings, agentToken, agentTokens, REPEAT, until, type AgentHarness } from './agent-harness';
import { startFakeAgentPlatform, type FakeAgentPlatform } from './fake-agent-platform';
import { accessToken, json, refreshToken, T0, type Route } from './fakes';

// Real sockets on a shared machine: generous limits; nothing here asserts on time.
vi.setConfig({ testTimeout: 30_000 });

let platform: FakeAgentPlatform;
const open: AgentHarness[] = [];

async function start(options: Parameters<typeof agentHarness>[1] = {}): Promise<AgentHarness> {
  const h = await agentHarness(platform, options);
  open.push(h);
  return h;
}

const online = (h: AgentHarness) => h.services.chatLink.state().connection === 'online';
const chat = (h: AgentHarness, id: string) => h.services.chatLink.state().chats.find((c) => c.conversationId === id);
const texts = (h: AgentHarness, id: string) => (h.services.chatLink.messages(id) ?? []).map((m) => m.mensaje);
const sends = () => platform.received.filter((e) => e.event === 'chat:send');

/** Closes the agent's transport and brings the link back through its backoff (fake clock). */
async function dropAndReconnect(h: AgentHarness): Promise<void> {
  platform.drop();
  await until(() => h.services.chatLink.state().connection === 'offline', 'the link to notice the drop');
  await h.clock.advance(10_000);
  await until(() => online(h), 'the link to reconnect and resync');
}

beforeEach(async () => {
  platform = await startFakeAgentPlatform('/ha/socket.io');
});

afterEach(async () => {
  for (const h of open.splice(0)) {
    h.services.dispose();
    expect(h.invalidEvents).toEqual([]);
  }
  await platform.close();
});

describe('chat link: connecting and following the session', () => {
  it('connects at start-up with a stored agent session, syncs the open chats and restores the saved status', async () => {
    platform.assign('conv-1', { history: ['Hola', 'Necesito ayuda'] });
    platform.chats.get('conv-1')!.status = 'ACTIVO';
    const h = await start({ settings: agentSettings(platform, { agentStatus: 'CONECTADO' }) });
    await until(() => online(h) && platform.status.status === 'CONECTADO', 'sync and status restore');

    const state = h.services.chatLink.state();
    expect(state.chats).toHaveLength(1);
    expect(state.chats[0]).toMatchObject({ conversationId: 'conv-1', status: 'ACTIVO', messageCount: 2, unreadMessages: 0, recover: false });
    expect(platform.handshakes).toEqual([agentToken('a1')]);
    expect(platform.received.map((e) => e.event)).toEqual(['chat:sync', 'agent:status']);
    expect(platform.received[0]?.payload).toEqual({ known: [] });
    expect(platform.received[1]?.payload).toEqual({ status: 'CONECTADO', pauseEventId: null });
    await until(() => h.services.chatLink.state().agentStatus?.status === 'CONECTADO', 'the restored status in the console');
    // The renderer gets the whole state pushed; the last push is the state as it stands.
    await until(() => h.events['chat:changed'].at(-1)?.agentStatus?.status === 'CONECTADO', 'the push');
    expect(h.events['chat:changed'].at(-1)).toEqual(h.services.chatLink.state());
  });

  it('stays away for other roles, connects once an agent signs in, and on sign-out tells the platform and forgets everything', async () => {
    const admin = { access: accessToken({ role: 3, jti: 'adm' }), refresh: refreshToken(T0 + 86_400_000) };
    platform.validTokens.add(admin.access);
    const agent = agentTokens('login');
    const route: Route = (req) => (req.path === '/api/auth' ? json(200, { token: agent.access, refreshToken: agent.refresh }) : json(404, { message: 'no' }));
    const h = await start({ tokens: admin, route });
    expect(h.services.chatLink.active()).toBe(false);
    expect(h.services.chatLink.state()).toEqual({ connection: 'unauthorized', agentStatus: null, chats: [], waiting: 0 });
    expect(platform.handshakes).toEqual([]);

    await h.services.session.logout();
    platform.validTokens.add(agent.access);
    platform.assign('conv-9');
    const login = await h.services.session.login({ email: 'asesor@demo.co', password: 'Atiende2026!' });
    expect(login.ok).toBe(true);
    await until(() => online(h) && chat(h, 'conv-9') !== undefined, 'the agent link');
    const status = await h.services.chat.setStatus({ status: 'CONECTADO', pauseEventId: null });
    expect(status.ok).toBe(true);
    expect(h.settings.get('agentStatus')).toBe('CONECTADO');

    await h.services.session.logout();
    await until(() => platform.connected() === 0, 'the socket to close');
    expect(platform.received.at(-1)).toEqual({ event: 'agent:status', payload: { status: 'DESCONECTADO', pauseEventId: null } });
    expect(h.services.chatLink.state()).toEqual({ connection: 'unauthorized', agentStatus: null, chats: [], waiting: 0 });
    expect(h.settings.get('agentStatus')).toBeNull();
    expect(h.settings.get('pauseEventId')).toBeNull();
  });

  it("serves a supervisor only while he attends chats ('Atender chats'), and his Volver is refused while he holds one", async () => {
    const supervisor = { access: accessToken({ role: 6, sub: '6', email: 'supervisor@demo.co', jti: 'sup' }), refresh: refreshToken(T0 + 86_400_000) };
    platform.validTokens.add(supervisor.access);
    const h = await start({ tokens: supervisor });
    expect(h.services.chatLink.active()).toBe(false);
    expect(platform.handshakes).toEqual([]);
    // Nobody else may enter the chat-only tree.
    const refused = await start({ tokens: { access: accessToken({ role: 4, jti: 'vis' }), refresh: refreshToken(T0 + 86_400_000) } });
    expect(await refused.services.session.attendChats()).toEqual({ ok: false, error: { status: 403, message: MSG.generic.unauthorized } });
    expect(refused.services.chatLink.active()).toBe(false);

    platform.assign('conv-7');
    const entered = await h.services.session.attendChats();
    expect(entered.ok && entered.data.attendingChats).toBe(true);
    expect(h.services.chatLink.active()).toBe(true);
    await until(() => online(h) && chat(h, 'conv-7') !== undefined, 'the supervisor link');
    expect(platform.handshakes).toEqual([supervisor.access]);
    expect((await h.services.chat.setStatus({ status: 'CONECTADO', pauseEventId: null })).ok).toBe(true);

    // Holding an open chat, he cannot leave; once it ends, he leaves Desconectado and the link forgets him.
    expect(await h.services.session.leaveChats()).toEqual({ ok: false, error: { status: 409, message: ATTEND_TEXT.openChats(1) } });
    expect(h.services.chatLink.active()).toBe(true);
    platform.end('conv-7');
    await until(() => chat(h, 'conv-7')?.status === 'FINALIZADO', 'the chat to end');
    const left = await h.services.session.leaveChats();
    expect(left.ok && left.data.attendingChats).toBeUndefined();
    await until(() => platform.connected() === 0, 'the socket to close');
    expect(platform.received.at(-1)).toEqual({ event: 'agent:status', payload: { status: 'DESCONECTADO', pauseEventId: null } });
    expect(h.services.chatLink.state()).toEqual({ connection: 'unauthorized', agentStatus: null, chats: [], waiting: 0 });
    expect(h.settings.get('agentStatus')).toBeNull();
  });

  it('refreshes the token once when the handshake is refused for it, and reconnects with the new one', async () => {
    const renewed = agentTokens('a2');
    const route: Route = (req) => {
      if (req.path !== '/api/auth/refreshSesion') return json(404, { message: 'no' });
      platform.validTokens.add(renewed.access);
      return json(200, { token: renewed.access, refreshToken: renewed.refresh });
    };
    const h = await start({ route });
    await until(() => online(h), 'first connect');
    platform.validTokens.clear();
    await dropAndReconnect(h);

    expect(platform.handshakes).toEqual([agentToken('a1'), agentToken('a1'), renewed.access]);
    expect(h.calls.filter((c) => c.path === '/api/auth/refreshSesion')).toHaveLength(1);
    expect(await h.vault.get()).toEqual(renewed);
    expect(h.events['session:ended']).toEqual([]);
  });

  it('a refused refresh ends the session and the link with it', async () => {
    const h = await start({ route: () => json(401, { statusCode: 401, message: 'Token de refresco inválido' }) });
    await until(() => online(h), 'first connect');
    platform.validTokens.clear();
    platform.drop();
    await until(() => h.services.chatLink.state().connection === 'offline', 'the drop');
    await h.clock.advance(10_000);
    await until(() => h.events['session:ended'].length === 1, 'the session to end');
    expect(h.events['session:ended']).toEqual([{ reason: 'refresh-failed' }]);
    expect(h.services.chatLink.state().connection).toBe('unauthorized');
    expect(h.services.chatLink.active()).toBe(false);
    expect(await h.vault.get()).toBeNull();
    // Nothing retries behind the agent's back.
    const handshakes = platform.handshakes.length;
    await h.clock.advance(60_000);
    expect(platform.handshakes).toHaveLength(handshakes);
  });

  it('a session the platform ended (the user deactivated, locked, deleted or their password changed elsewhere) signs the agent out', async () => {
    const h = await start({ route: (req) => json(req.path === '/api/auth/refreshSesion' ? 401 : 404, { statusCode: 401, message: 'La sesión ha expirado, inicie sesión nuevamente' }) });
    await until(() => online(h), 'first connect');
    // The server closes the socket itself ('io server disconnect': socket.io would not reconnect by itself).
    platform.endSessions();
    await until(() => h.services.chatLink.state().connection === 'offline', 'the link to notice');
    await h.clock.advance(10_000);
    await until(() => h.events['session:ended'].length === 1, 'the session to end');
    // One handshake with the refused token, one refused refresh, and the session is over.
    expect(platform.handshakes).toEqual([agentToken('a1'), agentToken('a1')]);
    expect(h.calls.filter((c) => c.path === '/api/auth/refreshSesion')).toHaveLength(1);
    expect(h.events['session:ended']).toEqual([{ reason: 'refresh-failed' }]);
    expect(h.services.chatLink.active()).toBe(false);
    expect(await h.vault.get()).toBeNull();
  });

  it('stops, without refreshing, when the platform refuses the user as an agent', async () => {
    const tokens = agentTokens('nope');
    platform.forbiddenTokens.add(tokens.access);
    const h = await start({ tokens });
    await until(() => platform.handshakes.length === 1 && h.services.chatLink.state().connection === 'unauthorized', 'the refusal');
    await h.clock.advance(60_000);
    expect(platform.handshakes).toHaveLength(1);
    expect(h.calls).toEqual([]);
  });

  it('retries an unreachable platform with growing, capped delays', async () => {
    await platform.close();
    const h = await start();
    const attempts = () => h.events['chat:changed'].filter((s) => s.connection === 'connecting').length;
    const offline = () => h.services.chatLink.state().connection === 'offline';
    await until(offline, 'the first failure');
    const first = attempts();
    // random() = 0: half of each step — 500, 1000, 2000, 4000, then the 8000 cap → 4000.
    for (const [i, wait] of [500, 1000, 2000, 4000, 4000].entries()) {
      await h.clock.advance(wait - 1);
      expect(attempts()).toBe(first + i);
      await h.clock.advance(1);
      await until(() => attempts() === first + i + 1 && offline(), `attempt ${i + 2} to fail`);
    }
  });
});

describe('chat link: recovery (SPEC §4)', () => {
  it('after a drop, appends what it missed in seq order without duplicates, finishes what the platform no longer lists, and takes new chats', async () => {
    platform.assign('A', { history: ['hola'], customer: 'Ana' });
    platform.assign('B', { customer: 'Beto' });
    const h = await start();
    await until(() => online(h), 'connect');
    await h.services.chat.view({ conversationId: null, visible: true });
    platform.customerSays('A', 'uno');
    await until(() => texts(h, 'A').length === 2, 'the live message');

    platform.drop();
    await until(() => h.services.chatLink.state().connection === 'offline', 'the drop');
    platform.customerSays('A', 'dos');
    platform.customerSays('A', 'tres');
    platform.end('B', { silently: true });
    platform.assign('C', { customer: 'Carla' });
    const shown = h.notifier.shown.length;
    await h.clock.advance(10_000);
    await until(() => online(h) && chat(h, 'C') !== undefined, 'the resync');

    expect(platform.received.filter((e) => e.event === 'chat:sync').at(-1)?.payload).toEqual({
      known: [
        { conversationId: 'A', lastSeq: 2 },
        { conversationId: 'B', lastSeq: 0 }
      ]
    });
    expect(texts(h, 'A')).toEqual(['hola', 'uno', 'dos', 'tres']);
    expect(h.services.chatLink.messages('A')!.map((m) => m.seq)).toEqual([1, 2, 3, 4]);
    expect(chat(h, 'A')).toMatchObject({ status: 'ENTRANTE', unreadMessages: 3, recover: false });
    expect(chat(h, 'B')).toMatchObject({ status: 'FINALIZADO', recover: true });
    expect(chat(h, 'C')).toMatchObject({ status: 'ENTRANTE', recover: false });
    // Open chats first; then newest last message first.
    expect(h.services.chatLink.state().chats.map((c) => c.conversationId)).toEqual(['A', 'C', 'B']);
    expect(h.notifier.shown.slice(shown)).toEqual([
      { title: 'Nuevo mensaje de Ana', body: 'tres', conversationId: 'A' },
      { title: 'Nuevo chat entrante', body: 'Carla · Atención general', conversationId: 'C' }
    ]);

    // A second resync with nothing new changes nothing.
    await dropAndReconnect(h);
    expect(texts(h, 'A')).toEqual(['hola', 'uno', 'dos', 'tres']);
  });

  it('a chat:ended that overtakes a sync answer does not bring the chat back', async () => {
    platform.assign('A');
    const h = await start();
    await until(() => online(h), 'connect');
    platform.emit('chat:ended', { conversationId: 'A', endAcronym: 'FCCC', endedBy: 'CLIENTE', endedAt: new Date(T0).toISOString() });
    await until(() => chat(h, 'A')?.status === 'FINALIZADO', 'the end');
    await dropAndReconnect(h);
    expect(chat(h, 'A')).toMatchObject({ status: 'FINALIZADO', recover: false, endAcronym: 'FCCC' });
  });

  it("passes the customer's typing of held chats to the renderer and the agent's to the platform", async () => {
    platform.assign('A');
    const h = await start();
    await until(() => online(h), 'connect');
    platform.emit('chat:typing', { conversationId: 'otro', typing: true });
    platform.emit('chat:typing', { conversationId: 'A', typing: 'sí' });
    platform.emit('chat:typing', { conversationId: 'A', typing: true });
    await until(() => h.events['chat:typing'].length > 0, 'the indicator');
    expect(h.events['chat:typing']).toEqual([{ conversationId: 'A', typing: true }]);

    expect(await h.services.chat.typing({ conversationId: 'A', typing: true })).toEqual({ ok: true, data: null });
    expect(platform.received.filter((e) => e.event === 'chat:typing').map((e) => e.payload)).toEqual([{ conversationId: 'A', typing: true }]);
    const notHeld = await h.services.chat.typing({ conversationId: 'B', typing: true });
    expect(notHeld).toEqual({ ok: false, error: { status: 404, message: CHAT_TEXT.chatNotHeld } });
    const handlers = createIpcHandlers(h.services, silentLogger);
    const refused = await handlers['chat:typing']({ conversationId: 'A', typing: 'sí' });
    expect(refused.ok).toBe(false);
    expect(platform.received.filter((e) => e.event === 'chat:typing')).toHaveLength(1);
  });

  it('drops server events that do not fit the contract', async () => {
    platform.assign('A');
    const h = await start();
    await until(() => online(h), 'connect');
    platform.emit('chat:message', { conversationId: 'A', seq: -1, mensaje: 42 });
    platform.emit('queue:size', { waiting: 'muchos' });
    platform.emit('queue:size', { waiting: 4 });
    await until(() => h.services.chatLink.state().waiting === 4, 'the valid event');
    expect(texts(h, 'A')).toEqual([]);
  });
});

describe('chat link: outbox', () => {
  it('delivers every message exactly once, in order, across lost acks, lost sends and 10 forced disconnects', async () => {
    platform.assign('A');
    const h = await start();
    await until(() => online(h), 'connect');
    expect((await h.services.chat.accept({ conversationId: 'A' })).ok).toBe(true);

    // An ack lost while connected: the same clientId goes again after the ack timeout; the platform keeps one.
    platform.swallowAcks = 1;
    const first = await h.services.chat.send({ conversationId: 'A', text: 'uno', attachment: null });
    expect(first.ok).toBe(true);
    await until(() => sends().length === 1, 'the first send');
    expect(h.services.chatLink.messages('A')).toMatchObject([{ mensaje: 'uno', pending: true, seq: 0 }]);
    expect(chat(h, 'A')?.sendingMessage).toBe(true);
    await h.clock.advance(ACK_TIMEOUT);
    await until(() => h.services.chatLink.messages('A')?.[0]?.pending === false, 'the retried ack');
    const clientId = first.ok ? first.data.clientId : '';
    expect(sends().map((e) => (e.payload as { clientId: string }).clientId)).toEqual([clientId, clientId]);
    expect(h.events['chat:message'].map((e) => [e.message.clientId, e.message.pending])).toEqual([
      [clientId, true],
      [clientId, false]
    ]);

    for (let i = 0; i < 10; i++) {
      if (i % 3 === 0) platform.swallowAcks = 1; // stored, ack lost, then the drop: the resync confirms it
      else if (i % 3 === 1) platform.loseSends = 1; // never arrived: re-sent after the reconnect
      else {
        // written while offline: sent after the reconnect
        platform.drop();
        await until(() => h.services.chatLink.state().connection === 'offline', 'the drop');
      }
      const before = sends().length;
      await h.services.chat.send({ conversationId: 'A', text: `m${i}`, attachment: null });
      if (i % 3 !== 2) {
        await until(() => sends().length > before, 'the send');
        await dropAndReconnect(h);
      } else {
        await h.clock.advance(10_000);
        await until(() => online(h), 'the reconnect');
      }
      await until(() => h.services.chatLink.messages('A')!.every((m) => !m.pending), `message m${i} stored`);
    }
    const expected = ['uno', ...Array.from({ length: 10 }, (_, i) => `m${i}`)];
    expect(platform.chats.get('A')!.messages.map((m) => m.mensaje)).toEqual(expected);
    expect(texts(h, 'A')).toEqual(expected);
    expect(h.services.chatLink.messages('A')!.map((m) => m.seq)).toEqual(expected.map((_, i) => i + 1));
    expect(chat(h, 'A')?.sendingMessage).toBe(false);
  });

  it('drops a message the platform refuses (the chat ended) instead of retrying it forever', async () => {
    platform.assign('A');
    const h = await start();
    await until(() => online(h), 'connect');
    platform.end('A', { silently: true });
    await h.services.chat.send({ conversationId: 'A', text: 'hola', attachment: null });
    await until(() => chat(h, 'A')?.sendingMessage === false, 'the refusal');
    expect(texts(h, 'A')).toEqual([]);
    await h.clock.advance(ACK_TIMEOUT * 3);
    expect(sends()).toHaveLength(1);
  });
});

describe('chat link: the platform says it sends too fast (429)', () => {
  it('keeps the messages owed, refuses new ones with the Spanish text meanwhile, and sends again once, in order, after the pause', async () => {
    platform.assign('A');
    const h = await start();
    await until(() => online(h), 'connect');
    expect((await h.services.chat.accept({ conversationId: 'A' })).ok).toBe(true);

    platform.throttleSends = 1;
    expect((await h.services.chat.send({ conversationId: 'A', text: 'uno', attachment: null })).ok).toBe(true);
    await until(() => sends().length === 1, 'the throttled send');
    // A request on the same socket: its ack comes after the 429's, so the link has read that one.
    expect((await h.services.chatLink.setStatus('CONECTADO', null)).ok).toBe(true);
    // Still shown as being sent, not dropped.
    expect(h.services.chatLink.messages('A')).toMatchObject([{ mensaje: 'uno', pending: true }]);

    // A new message during the pause is refused at once with the Spanish text: the composer keeps it.
    const refused = await h.services.chat.send({ conversationId: 'A', text: 'dos', attachment: null });
    expect(refused).toEqual({ ok: false, error: { status: 429, message: CHAT_TEXT.sendingTooFast } });
    expect(texts(h, 'A')).toEqual(['uno']);

    // No hot loop: nothing goes again before the pause ends, then the owed message goes once.
    await h.clock.advance(THROTTLE_PAUSE_MS - 1);
    expect(sends()).toHaveLength(1);
    await h.clock.advance(1);
    await until(() => h.services.chatLink.messages('A')?.[0]?.pending === false, 'the message stored after the pause');
    expect(sends()).toHaveLength(2);
    expect(platform.chats.get('A')!.messages.map((m) => m.mensaje)).toEqual(['uno']);

    // Sending works again.
    expect((await h.services.chat.send({ conversationId: 'A', text: 'dos', attachment: null })).ok).toBe(true);
    await until(() => h.services.chatLink.messages('A')!.every((m) => !m.pending) && texts(h, 'A').length === 2, 'the next message');
    expect(texts(h, 'A')).toEqual(['uno', 'dos']);
  });
});

describe('chat link: agent status', () => {
  it('persists the status the agent sets and gives it back to the platform after a restart', async () => {
    const h = await start();
    await until(() => online(h), 'connect');
    const paused = await h.services.chat.setStatus({ status: 'PAUSA', pauseEventId: 7 });
    expect(paused).toMatchObject({ ok: true, data: { status: 'PAUSA', pauseEventId: 7 } });
    expect([h.settings.get('agentStatus'), h.settings.get('pauseEventId')]).toEqual(['PAUSA', 7]);

    h.services.dispose();
    open.splice(open.indexOf(h), 1);
    expect(h.invalidEvents).toEqual([]);
    platform.status = { status: 'DESCONECTADO', pauseEventId: null, since: new Date(T0).toISOString() };
    const tokens = (await h.vault.get())!;
    const restarted = await start({ settings: h.settings, vault: createMemoryTokenVault(tokens), tokens });
    await until(() => platform.status.status === 'PAUSA', 'the restore');
    expect(platform.status.pauseEventId).toBe(7);
    await until(() => restarted.services.chatLink.state().agentStatus?.status === 'PAUSA', 'the console status');

    // A change the platform pushes (a supervisor, another device) is the agent's status from then on.
    platform.emit('agent:status', { status: 'CONECTADO', pauseEventId: null, since: new Date(T0).toISOString() });
    await until(() => restarted.settings.get('agentStatus') === 'CONECTADO', 'the pushed status');
    expect(restarted.settings.get('pauseEventId')).toBeNull();
  });

  it("keeps the platform's status when the saved one is refused (its pause event is gone)", async () => {
    platform.status = { status: 'CONECTADO', pauseEventId: null, since: new Date(T0).toISOString() };
    const h = await start({ settings: agentSettings(platform, { agentStatus: 'PAUSA', pauseEventId: 999 }) });
    await until(() => h.settings.get('agentStatus') === 'CONECTADO', 'the fallback');
    expect(h.settings.get('pauseEventId')).toBeNull();
    expect(platform.status.status).toBe('CONECTADO');
  });

  it('answers a Spanish error when offline and persists nothing', async () => {
    await platform.close();
    const h = await start();
    const result = await h.services.chat.setStatus({ status: 'CONECTADO', pauseEventId: null });
    expect(result).toEqual({ ok: false, error: { status: 0, message: 'No fue posible conectar con la plataforma. Verifique su conexión' } });
    expect(h.settings.get('agentStatus')).toBeNull();
  });
});

describe('chat link: unread counts, badge and notifications', () => {
  it('notifies every incoming and transferred chat and every unseen client message, repeating until the agent looks', async () => {
    const h = await start();
    await until(() => online(h), 'connect');
    await h.services.chat.view({ conversationId: null, visible: true });

    platform.assign('A', { customer: 'Carolina Méndez' });
    await until(() => h.notifier.shown.length === 1, 'the incoming notification');
    expect(h.notifier.shown[0]).toEqual({ title: 'Nuevo chat entrante', body: 'Carolina Méndez · Atención general', conversationId: 'A' });
    expect(h.events['chat:alert']).toEqual([{ kind: 'incoming', conversationId: 'A' }]);
    await until(() => h.badge() === 1, 'the badge');

    // Unseen: repeated every period.
    await h.clock.advance(REPEAT);
    expect(h.notifier.shown).toHaveLength(2);
    expect(h.notifier.shown[1]?.title).toBe('Nuevo chat entrante');
    expect(h.events['chat:alert']).toHaveLength(2);

    // The agent opens it: seen, the badge clears, the repeats stop.
    await h.services.chat.view({ conversationId: 'A', visible: true });
    await until(() => h.badge() === 0, 'the badge to clear');
    await h.clock.advance(REPEAT * 3);
    expect(h.notifier.shown).toHaveLength(2);

    // A message in the chat in view, window visible: nothing to tell.
    platform.customerSays('A', 'hola');
    await until(() => texts(h, 'A').length === 1, 'the message');
    expect(h.notifier.shown).toHaveLength(2);
    expect(chat(h, 'A')?.unreadMessages).toBe(0);

    // The window hidden: the same chat's messages are unseen.
    await h.services.chat.view({ conversationId: 'A', visible: false });
    platform.customerSays('A', '¿Sigue ahí?');
    await until(() => h.notifier.shown.length === 3, 'the message notification');
    expect(h.notifier.shown[2]).toEqual({ title: 'Nuevo mensaje de Carolina Méndez', body: '¿Sigue ahí?', conversationId: 'A' });
    expect(h.events['chat:alert'].at(-1)).toEqual({ kind: 'message', conversationId: 'A' });
    await until(() => chat(h, 'A')?.unreadMessages === 1 && h.badge() === 1, 'unread 1');

    // A transfer arrives while A is unread: 'Chat transferido'; badge = 1 unseen chat + 1 unread message.
    platform.assign('B', { customer: 'Pedro Ruiz', transfer: true });
    await until(() => h.notifier.shown.length === 4, 'the transfer notification');
    expect(h.notifier.shown[3]).toEqual({ title: 'Chat transferido', body: 'Pedro Ruiz · Atención general', conversationId: 'B' });
    await until(() => h.badge() === 2, 'badge 2');

    // Back to the window on A: A is seen; B is still waiting and is what the repeat raises.
    await h.services.chat.view({ conversationId: 'A', visible: true });
    await until(() => h.badge() === 1 && chat(h, 'A')?.unreadMessages === 0, 'A seen');
    await h.clock.advance(REPEAT);
    expect(h.notifier.shown.at(-1)).toEqual({ title: 'Chat transferido', body: 'Pedro Ruiz · Atención general', conversationId: 'B' });

    // Clicking a notification asks the renderer to show that chat.
    h.notifier.click('B');
    expect(h.events['chat:focus']).toEqual([{ conversationId: 'B' }]);

    // A client message in a chat not in view counts and notifies even with the window visible.
    platform.customerSays('B', 'Buenas tardes');
    await until(() => chat(h, 'B')?.unreadMessages === 1, 'B unread');
    expect(h.notifier.shown.at(-1)).toEqual({ title: 'Nuevo mensaje de Pedro Ruiz', body: 'Buenas tardes', conversationId: 'B' });

    await h.services.chat.view({ conversationId: 'B', visible: true });
    await until(() => h.badge() === 0, 'all seen');
    const count = h.notifier.shown.length;
    await h.clock.advance(REPEAT * 3);
    expect(h.notifier.shown).toHaveLength(count);
  });

  it("the host's window visibility counts too: hidden or unfocused, the chat in view is not seen", async () => {
    platform.assign('A', { customer: 'Ana' });
    const h = await start();
    await until(() => online(h) && chat(h, 'A') !== undefined, 'connect');
    await h.services.chat.view({ conversationId: 'A', visible: true });
    h.services.chatLink.setHostVisibility(false);
    platform.customerSays('A', 'hola');
    await until(() => chat(h, 'A')?.unreadMessages === 1, 'unread');
    expect(h.notifier.shown.at(-1)).toEqual({ title: 'Nuevo mensaje de Ana', body: 'hola', conversationId: 'A' });
    h.services.chatLink.setHostVisibility(true);
    await until(() => chat(h, 'A')?.unreadMessages === 0 && h.badge() === 0, 'seen once the window is back');
  });
});
