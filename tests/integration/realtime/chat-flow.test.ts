import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { MSG } from '../../../src/shared/messages';
import { and, asc, eq } from 'drizzle-orm';
import {
  AGENT_NAMESPACE,
  MONITOR_NAMESPACE,
  AgentChatSnapshot,
  AgentStatusView,
  AttachmentRef,
  LiveMessage,
  WIDGET_NAMESPACE,
  WidgetState
} from '../../../src/shared/realtime';
import {
  agentPresence,
  agentStatusChanges,
  conversationAssignments,
  conversationBusinessReasons,
  conversationFinalReasons,
  conversations,
  customers,
  files,
  messages,
  users
} from '../../../src/server/db/schema';
import { expectTotalsMatchRows } from '../server/stats-totals-check';
import { issueSession } from '../../../src/server/auth/session-tokens';
import { BACKENDS } from '../../support/database';
import { connectAgent, connectWidget, handshakeRefusal, ReliableSender, type TestClient } from '../../support/clients';
import { createChatFixture, entryAnswers } from './fixtures';
import { MONDAY_10AM, platformForBlock } from '../../support/platform';
import { agentOnline, ConversationViews, newClientId, Removed, startCustomer, startEscalated, SyncAck, type Customer } from './scenario';

const AgentSync = z.object({ chats: z.array(AgentChatSnapshot), status: AgentStatusView });
const QueueSize = z.object({ waiting: z.number() });

const StartAck = z.object({ conversationId: z.string(), token: z.string(), state: WidgetState, messages: z.array(LiveMessage) });
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f2a0000000049454e44ae426082', 'hex');
const clientId = () => randomBytes(9).toString('base64url');

describe.each(BACKENDS)('live chat (%s)', (backend) => {
  const live = platformForBlock(backend);
  const { clock, clients } = live;

  it('takes a customer from the assistant to two agents, a transfer, the end message and one survey', async () => {
    const fx = await createChatFixture(live.platform.app, { agentsA: 1, agentsB: 1 });
    const db = live.platform.app.db;
    const [agentA, agentB] = fx.agents;
    if (!agentA || !agentB) throw new Error('two agents expected');

    // The customer fills the entry form: the assistant greets.
    const customer = await connectWidget(live.platform.url, { org: fx.orgId, va: fx.vaId });
    clients.push(customer);
    const started = await customer.ok('widget:start', { fields: entryAnswers(fx, 1) }, StartAck);
    expect(started.state).toMatchObject({ state: 'BOT', agentName: null, endMessage: null, surveyPending: false });
    expect(started.messages).toHaveLength(1);
    expect(started.messages[0]).toMatchObject({ seq: 1, tipoUsuario: 'BOT', mensaje: '¡Hola! Soy el asistente de pruebas.' });
    const conversationId = started.conversationId;
    const [customerRow] = await db.select().from(customers).where(eq(customers.organizationId, fx.orgId));
    expect(customerRow).toMatchObject({ documentType: 'CÉDULA CIUDADANIA', identification: '10000001', name: 'Cliente 1', email: 'cliente1@correo.co' });

    // A question the assistant answers, then the request for a human: the conversation is queued.
    const q = await customer.ok('widget:message', { clientId: clientId(), text: '¿Cuál es el horario de atención?' }, LiveMessage);
    expect(q).toMatchObject({ seq: 2, tipoUsuario: 'CLIENTE' });
    await customer.waitFor('widget:message', LiveMessage, (m) => m.seq === 3 && m.tipoUsuario === 'BOT' && m.mensaje === 'Atendemos todos los días.');
    await customer.ok('widget:message', { clientId: clientId(), text: 'Quiero hablar con un asesor' }, LiveMessage);
    await customer.waitFor('widget:state', WidgetState, (s) => s.state === 'EN_COLA');
    const [queued] = await db.select().from(conversations).where(eq(conversations.idConv, conversationId));
    expect(queued).toMatchObject({ status: 'EN_COLA', splitId: fx.splitA, channelId: 3 });
    expect(queued?.queuedAt?.toISOString()).toBe(MONDAY_10AM.toISOString());

    // The agent of GENERAL connects (its presence starts Desconectado) and goes Conectado: the chat comes in, with the assistant's part.
    const a = await connectAgent(live.platform.url, agentA.token);
    clients.push(a);
    const synced = await a.ok('chat:sync', { known: [] }, z.object({ chats: z.array(AgentChatSnapshot), status: AgentStatusView }));
    expect(synced).toMatchObject({ chats: [], status: { status: 'DESCONECTADO', pauseEventId: null } });
    await a.ok('agent:status', { status: 'CONECTADO' }, AgentStatusView);
    const incoming = await a.waitFor('chat:incoming', AgentChatSnapshot, (s) => s.conversationId === conversationId);
    expect(incoming).toMatchObject({
      state: 'ASIGNADA',
      status: 'ENTRANTE',
      canal: 'Web',
      transfer: false,
      split: { idSplit: fx.splitA, nombre: 'Atención general' },
      customer: { nombre: 'Cliente 1', tipoIdentificacion: 'CÉDULA CIUDADANIA', identificacion: '10000001', email: 'cliente1@correo.co' }
    });
    expect(incoming.messages.map((m) => m.tipoUsuario)).toEqual(['BOT', 'CLIENTE', 'BOT', 'CLIENTE', 'BOT']);
    await customer.waitFor('widget:state', WidgetState, (s) => s.state === 'ASIGNADA' && s.agentName === 'Asesora1');

    const accepted = await a.ok('chat:accept', { conversationId }, AgentChatSnapshot);
    expect(accepted).toMatchObject({ state: 'ACTIVA', status: 'ACTIVO' });
    await customer.waitFor('widget:state', WidgetState, (s) => s.state === 'ACTIVA');

    // Messages both ways, each with an attachment.
    const hello = await a.ok('chat:send', { conversationId, clientId: clientId(), text: 'Hola, ¿en qué le ayudo?' }, LiveMessage);
    await customer.waitFor('widget:message', LiveMessage, (m) => m.seq === hello.seq && m.tipoUsuario === 'ASESOR');
    const ref = await customer.ok('widget:upload', { data: PNG.toString('base64'), format_type: 'base64', content_type: 'image/png', name: 'factura.png' }, AttachmentRef);
    expect(ref.url).toMatch(/^\/widget\/files\//);
    // The customer's upload gets the same name rules as every upload: nothing invisible, its real type's extension.
    const disguised = await customer.ok('widget:upload', { data: Buffer.from('@echo off').toString('base64'), format_type: 'base64', content_type: 'text/plain', name: 'factura\u202Efdp.bat' }, AttachmentRef);
    expect(disguised.name).toBe('facturafdp.bat.txt');
    // And the same sniffing: a PNG's bytes are no PDF.
    expect(await customer.refused('widget:upload', { data: PNG.toString('base64'), format_type: 'base64', content_type: 'application/pdf', name: 'x.pdf' })).toEqual({ status: 400, message: MSG.chat.fileContentMismatch });
    const withFile = await customer.ok('widget:message', { clientId: clientId(), text: 'Adjunto la factura', attachment: ref }, LiveMessage);
    expect(withFile).toMatchObject({ tipoMensaje: 'ARCHIVO', adjunto: { name: 'factura.png', contentType: 'image/png' } });
    const seenByAgent = await a.waitFor('chat:message', LiveMessage, (m) => m.seq === withFile.seq);
    const customerFileId = ref.url.split('/').pop() ?? '';
    expect(seenByAgent.adjunto?.url).toBe(`/api/multimedia/descargar/${customerFileId}`);

    const agentFileId = randomBytes(8).toString('base64url');
    await db.insert(files).values({ id: agentFileId, organizationId: fx.orgId, name: 'guia.pdf', contentType: 'application/pdf', size: 4, data: Buffer.from('%PDF'), createdAt: clock.now });
    const guide = await a.ok(
      'chat:send',
      { conversationId, clientId: clientId(), text: '', attachment: { contentType: 'application/pdf', name: 'guia.pdf', url: `/api/multimedia/descargar/${agentFileId}` } },
      LiveMessage
    );
    const guideForCustomer = await customer.waitFor('widget:message', LiveMessage, (m) => m.seq === guide.seq);
    expect(guideForCustomer.adjunto).toEqual({ contentType: 'application/pdf', name: 'guia.pdf', url: `/widget/files/${agentFileId}` });
    const [linked] = await db.select({ conversationId: files.conversationId }).from(files).where(eq(files.id, agentFileId));
    expect(linked?.conversationId).toBe(conversationId);

    // Transfer to VENTAS (a derivation of GENERAL): the second agent gets it, marked as a transfer.
    const b = await connectAgent(live.platform.url, agentB.token);
    clients.push(b);
    await b.ok('agent:status', { status: 'CONECTADO' }, AgentStatusView);
    const notDerived = await a.refused('chat:transfer', { conversationId, idSplit: fx.splitC });
    expect(notDerived).toEqual({ status: 409, message: 'El split seleccionado no es una derivación del split actual' });
    await a.ok('chat:transfer', { conversationId, idSplit: fx.splitB }, z.object({ conversationId: z.string() }));
    await a.waitFor('chat:removed', z.object({ conversationId: z.string(), reason: z.string() }), (r) => r.conversationId === conversationId && r.reason === 'TRASLADO');
    const transferred = await b.waitFor('chat:incoming', AgentChatSnapshot, (s) => s.conversationId === conversationId);
    expect(transferred).toMatchObject({ transfer: true, split: { idSplit: fx.splitB }, state: 'ASIGNADA' });
    expect(transferred.messages.length).toBe(guide.seq);
    await b.ok('chat:accept', { conversationId }, AgentChatSnapshot);
    const late = await a.refused('chat:send', { conversationId, clientId: clientId(), text: 'sigo aquí' });
    expect(late.status).toBe(409);

    // Finishing needs the reasons first.
    const refused = await b.refused('chat:finish', { conversationId });
    expect(refused.status).toBe(409);
    expect(refused.message).toMatch(/^Seleccione las causales/);
    await db.insert(conversationBusinessReasons).values({ conversationId, reasonId: fx.businessReasonId, agentId: agentB.userId, splitId: fx.splitB, createdAt: clock.now });
    await db.insert(conversationFinalReasons).values({ conversationId, reasonId: fx.finalReasonId, agentId: agentB.userId, createdAt: clock.now });
    const finished = await b.ok('chat:finish', { conversationId }, z.object({ conversationId: z.string(), endAcronym: z.string() }));
    expect(finished.endAcronym).toBe('FCCA');
    const ended = await customer.waitFor('widget:state', WidgetState, (s) => s.state === 'FINALIZADA');
    expect(ended).toMatchObject({ endMessage: fx.endText.FCCA, surveyPending: true, agentName: null });
    await customer.waitFor('widget:message', LiveMessage, (m) => m.tipoMensaje === 'COMMAND' && m.mensaje === 'FCCA');

    // The survey: once.
    const surveyed = await customer.ok('widget:survey', { satisfaction: 5, nps: 9 }, WidgetState);
    expect(surveyed.surveyPending).toBe(false);
    // A retry of the same answers (its first ack lost) is acknowledged again; different answers are refused.
    const retried = await customer.ok('widget:survey', { satisfaction: 5, nps: 9 }, WidgetState);
    expect(retried.surveyPending).toBe(false);
    const again = await customer.refused('widget:survey', { satisfaction: 1, nps: 0 });
    expect(again.status).toBe(409);

    // What the database kept.
    const [row] = await db.select().from(conversations).where(eq(conversations.idConv, conversationId));
    expect(row).toMatchObject({ status: 'FINALIZADA', endedBy: 'ASESOR', endAcronym: 'FCCA', transferCount: 1, agentId: agentB.userId, satisfaction: 5, nps: 9 });
    const stored = await db.select().from(messages).where(eq(messages.conversationId, conversationId)).orderBy(asc(messages.seq));
    expect(stored.map((m) => m.seq)).toEqual(stored.map((_, i) => i + 1));
    expect(row?.lastSeq).toBe(stored.length);
    expect(stored.at(-1)).toMatchObject({ tipoMensaje: 'COMMAND', tipoUsuario: 'SISTEMA', mensaje: 'FCCA' });
    const assignments = await db.select().from(conversationAssignments).where(eq(conversationAssignments.conversationId, conversationId)).orderBy(asc(conversationAssignments.id));
    expect(assignments.map((x) => [x.agentId, x.releaseReason])).toEqual([
      [agentA.userId, 'TRASLADO'],
      [agentB.userId, 'FINALIZADA']
    ]);
    const [presence] = await db.select().from(agentPresence).where(eq(agentPresence.userId, agentA.userId));
    expect(presence?.status).toBe('Activo');
    const history = await db.select().from(agentStatusChanges).where(and(eq(agentStatusChanges.userId, agentA.userId))).orderBy(asc(agentStatusChanges.id));
    expect(history.map((h) => [h.status, h.endedAt === null])).toEqual([
      ['Desconectado', false],
      ['Activo', true]
    ]);
  });

  it('loses and duplicates nothing across 10 forced disconnects of the agent and of the customer', async () => {
    const fx = await createChatFixture(live.platform.app, { agentsA: 1 });
    const db = live.platform.app.db;
    const [agentSpec] = fx.agents;
    if (!agentSpec) throw new Error('one agent expected');
    const agent = await agentOnline(live.platform.url, agentSpec);
    clients.push(agent);
    const customer = await startEscalated(live.platform.url, fx, 7);
    clients.push(customer.client);
    const conversationId = customer.conversationId;
    const incoming = await agent.waitFor('chat:incoming', AgentChatSnapshot, (s) => s.conversationId === conversationId);
    await agent.ok('chat:accept', { conversationId }, AgentChatSnapshot);

    // What each side has seen, by seq, from events and from the resyncs it runs on every reconnect.
    const views = new ConversationViews(agent, customer.client, conversationId, incoming.messages);
    await views.resyncCustomer();

    // Half the drops cut the transport (the socket recovers its session), half disconnect and connect again (a new session).
    const drop = (client: TestClient, round: number) => {
      if (round % 2 === 0) client.socket.io.engine.close();
      else {
        client.socket.disconnect();
        client.socket.connect();
      }
    };
    const ROUNDS = 10;
    const PER_ROUND = 3;
    const customerSender = new ReliableSender(customer.client, 'widget:message', LiveMessage);
    const agentSender = new ReliableSender(agent, 'chat:send', LiveMessage);
    await Promise.all([
      (async () => {
        for (let r = 0; r < ROUNDS; r++)
          for (let k = 0; k < PER_ROUND; k++)
            await customerSender.send({ clientId: newClientId(), text: `cliente ${r}.${k}` }, k === 1 ? () => drop(customer.client, r) : undefined);
      })(),
      (async () => {
        for (let r = 0; r < ROUNDS; r++)
          for (let k = 0; k < PER_ROUND; k++)
            await agentSender.send({ conversationId, clientId: newClientId(), text: `asesor ${r}.${k}` }, k === 2 ? () => drop(agent, r) : undefined);
      })()
    ]);
    await views.settle();

    // The database holds each message exactly once, in each sender's order, with gap-free seqs.
    const stored = await db.select().from(messages).where(eq(messages.conversationId, conversationId)).orderBy(asc(messages.seq));
    expect(stored.map((m) => m.seq)).toEqual(stored.map((_, i) => i + 1));
    const sentByCustomer = new Set(customerSender.sent);
    expect(stored.filter((m) => m.clientId !== null && sentByCustomer.has(m.clientId)).map((m) => m.clientId)).toEqual(customerSender.sent);
    expect(stored.filter((m) => m.tipoUsuario === 'ASESOR').map((m) => m.clientId)).toEqual(agentSender.sent);
    expect(stored.filter((m) => m.tipoUsuario === 'CLIENTE')).toHaveLength(ROUNDS * PER_ROUND + 1);
    expect(customerSender.attempts + agentSender.attempts).toBeGreaterThan(2 * ROUNDS * PER_ROUND);

    // Both sides ended up with exactly that sequence.
    const expected = stored.map((m) => [m.seq, m.clientId, m.mensaje]);
    expect(views.conflicts).toEqual([]);
    expect(ConversationViews.rows(views.agentView)).toEqual(expected);
    expect(ConversationViews.rows(views.customerView)).toEqual(expected);
    const [conv] = await db.select().from(conversations).where(eq(conversations.idConv, conversationId));
    expect(conv).toMatchObject({ status: 'ACTIVA', agentId: agentSpec.userId, lastSeq: stored.length });
  });

  it('answers copies of one message sent at once (a retry while the first is in flight) with the one stored row', async () => {
    const fx = await createChatFixture(live.platform.app, { agentsA: 1 });
    const db = live.platform.app.db;
    const [agentSpec] = fx.agents;
    if (!agentSpec) throw new Error('one agent expected');
    const agent = await agentOnline(live.platform.url, agentSpec);
    const agentWindow = await connectAgent(live.platform.url, agentSpec.token);
    const customer = await startEscalated(live.platform.url, fx, 9);
    const customerTab = await connectWidget(live.platform.url, { conversationId: customer.conversationId, token: customer.token });
    clients.push(agent, agentWindow, customer.client, customerTab);
    const conversationId = customer.conversationId;
    await agent.waitFor('chat:incoming', AgentChatSnapshot, (s) => s.conversationId === conversationId);
    await agent.ok('chat:accept', { conversationId }, AgentChatSnapshot);

    for (let round = 0; round < 5; round++) {
      const fromAgent = newClientId();
      const fromCustomer = newClientId();
      const acks = await Promise.all([
        ...[agent, agentWindow, agent, agentWindow].map((s) => s.ok('chat:send', { conversationId, clientId: fromAgent, text: `asesor ${round}` }, LiveMessage)),
        ...[customer.client, customerTab, customer.client, customerTab].map((s) =>
          s.ok('widget:message', { clientId: fromCustomer, text: `cliente ${round}`, attachment: null }, LiveMessage)
        )
      ]);
      const stored = await db.select().from(messages).where(and(eq(messages.conversationId, conversationId), eq(messages.clientId, fromAgent)));
      expect(stored).toHaveLength(1);
      expect(new Set(acks.slice(0, 4).map((a) => a.seq))).toEqual(new Set([stored[0]?.seq]));
      const storedCustomer = await db.select().from(messages).where(and(eq(messages.conversationId, conversationId), eq(messages.clientId, fromCustomer)));
      expect(storedCustomer).toHaveLength(1);
      expect(new Set(acks.slice(4).map((a) => a.seq))).toEqual(new Set([storedCustomer[0]?.seq]));
    }
    const all = await db.select({ seq: messages.seq }).from(messages).where(eq(messages.conversationId, conversationId)).orderBy(asc(messages.seq));
    expect(all.map((m) => m.seq)).toEqual(all.map((_, i) => i + 1));
  });

  it('sends a message to the other windows of both sides, and to its sending socket only as the ack', async () => {
    const fx = await createChatFixture(live.platform.app, { agentsA: 1 });
    const [agentSpec] = fx.agents;
    if (!agentSpec) throw new Error('one agent expected');
    const agent = await agentOnline(live.platform.url, agentSpec);
    const agentWindow = await connectAgent(live.platform.url, agentSpec.token);
    const customer = await startEscalated(live.platform.url, fx, 8);
    const customerTab = await connectWidget(live.platform.url, { conversationId: customer.conversationId, token: customer.token });
    clients.push(agent, agentWindow, customer.client, customerTab);
    const conversationId = customer.conversationId;
    await agent.waitFor('chat:incoming', AgentChatSnapshot, (s) => s.conversationId === conversationId);
    await agent.ok('chat:accept', { conversationId }, AgentChatSnapshot);

    const fromCustomer = newClientId();
    const acked = await customer.client.ok('widget:message', { clientId: fromCustomer, text: 'Hola desde una pestaña', attachment: null }, LiveMessage);
    const byClientId = (id: string) => (m: LiveMessage) => m.clientId === id;
    expect(await agent.waitFor('chat:message', LiveMessage, byClientId(fromCustomer))).toEqual(acked);
    await agentWindow.waitFor('chat:message', LiveMessage, byClientId(fromCustomer));
    expect(await customerTab.waitFor('widget:message', LiveMessage, byClientId(fromCustomer))).toEqual(acked);

    const fromAgent = newClientId();
    const sent = await agent.ok('chat:send', { conversationId, clientId: fromAgent, text: 'Hola, le atiende un asesor' }, LiveMessage);
    expect(await agentWindow.waitFor('chat:message', LiveMessage, byClientId(fromAgent))).toEqual(sent);
    await customer.client.waitFor('widget:message', LiveMessage, byClientId(fromAgent));
    await customerTab.waitFor('widget:message', LiveMessage, byClientId(fromAgent));

    // Everything the other sockets heard has been sent; the senders heard their own messages only in the acks.
    expect(customer.client.received('widget:message').filter((m) => LiveMessage.parse(m).clientId === fromCustomer)).toEqual([]);
    expect(agent.received('chat:message').filter((m) => LiveMessage.parse(m).clientId === fromAgent)).toEqual([]);
  });

  it('rejects every event whose payload does not fit (400, Spanish) and changes nothing', async () => {
    const fx = await createChatFixture(live.platform.app, { agentsA: 1 });
    const db = live.platform.app.db;
    const [agentSpec] = fx.agents;
    if (!agentSpec) throw new Error('one agent expected');
    const agent = await agentOnline(live.platform.url, agentSpec);
    clients.push(agent);
    const customer = await startEscalated(live.platform.url, fx, 3);
    clients.push(customer.client);
    const conversationId = customer.conversationId;
    await agent.waitFor('chat:incoming', AgentChatSnapshot, (s) => s.conversationId === conversationId);
    await agent.ok('chat:accept', { conversationId }, AgentChatSnapshot);
    const fresh = await connectWidget(live.platform.url, { org: fx.orgId, va: fx.vaId });
    clients.push(fresh);

    const counts = async () => ({
      conversations: await db.select().from(conversations).orderBy(asc(conversations.idConv)),
      messages: (await db.select({ id: messages.id }).from(messages)).length,
      files: (await db.select({ id: files.id }).from(files)).length,
      customers: (await db.select({ id: customers.id }).from(customers)).length,
      presence: await db.select().from(agentPresence).orderBy(asc(agentPresence.userId)),
      statusChanges: (await db.select({ id: agentStatusChanges.id }).from(agentStatusChanges)).length,
      assignments: await db.select().from(conversationAssignments).orderBy(asc(conversationAssignments.id))
    });
    const before = await counts();

    const id = newClientId();
    const attachment = (url: string) => ({ contentType: 'image/png', name: 'x.png', url });
    const agentBad: Record<string, unknown[]> = {
      'agent:status': [undefined, null, 'CONECTADO', {}, { status: 'ACTIVO' }, { status: 'PAUSA' }, { status: 'PAUSA', pauseEventId: 0 }, { status: 'PAUSA', pauseEventId: 'x' }, { status: 'PAUSA', pauseEventId: 999_999 }],
      'chat:sync': [null, 'x', { known: 'x' }, { known: [{ conversationId: '', lastSeq: 0 }] }, { known: [{ conversationId, lastSeq: -1 }] }, { known: Array.from({ length: 501 }, () => ({ conversationId, lastSeq: 0 })) }],
      'chat:accept': [undefined, {}, { conversationId: 5 }, { conversationId: 'a b' }, { conversationId: 'x'.repeat(101) }],
      'chat:send': [
        {},
        { conversationId, text: 'hola' },
        { conversationId, clientId: 'abc', text: 'hola' },
        { conversationId, clientId: id, text: '   ' },
        { conversationId, clientId: id, text: 'x'.repeat(4001) },
        { conversationId, clientId: id, text: 'hola', attachment: attachment('http://otro.sitio/x.png') },
        { conversationId, clientId: id, text: 'hola', attachment: attachment('/api/multimedia/descargar/noexiste') }
      ],
      'chat:transfer': [{ conversationId }, { conversationId, idSplit: 0 }, { conversationId, idSplit: 1.5 }, { conversationId, idSplit: '2' }, { conversationId, idSplit: 999_999 }],
      'chat:finish': [{}, { conversationId: '' }, 'x']
    };
    const customerBad: Record<string, unknown[]> = {
      'widget:message': [
        {},
        { clientId: 'abc', text: 'hola' },
        { clientId: id, text: '' },
        { clientId: id, text: 'x'.repeat(4001) },
        { clientId: id, text: 'hola', attachment: attachment('/widget/files/noexiste') }
      ],
      'widget:upload': [
        {},
        { data: '¡no!', format_type: 'base64', content_type: 'image/png' },
        { data: 'aGVsbG8=', format_type: 'hex', content_type: 'image/png' },
        { data: 'aGVsbG8=', format_type: 'base64', content_type: 'imagen' },
        { data: 'aGVsbG8=', format_type: 'base64', content_type: 'application/x-msdownload' },
        { data: 'aGVsbG8=', format_type: 'base64', content_type: 'image/png', conversationId: 'otra-conversacion' }
      ],
      'widget:sync': [{ afterSeq: -1 }, { afterSeq: 'x' }, 'x'],
      'widget:leave': ['x', 5],
      'widget:survey': [{}, { satisfaction: 0, nps: 5 }, { satisfaction: 6, nps: 5 }, { satisfaction: 3, nps: 11 }, { satisfaction: 2.5, nps: 3 }]
    };
    const f = fx.fields;
    const valid = entryAnswers(fx, 99);
    const startBad: unknown[] = [
      undefined,
      {},
      { fields: 'x' },
      { fields: { abc: 'x' } },
      { fields: { ...valid, [f.name]: 'x'.repeat(201) } },
      { fields: { [f.name]: 'Ana' } },
      { fields: { ...valid, [f.email]: 'no-es-correo' } },
      { fields: { ...valid, [f.docType]: 'LICENCIA' } },
      { fields: { ...valid, [f.document]: 'a' } },
      { fields: { ...valid, [f.phone]: '12' } },
      { fields: { ...valid, 999999: 'x' } }
    ];

    const problems: string[] = [];
    const expect400 = async (client: TestClient, event: string, payload: unknown) => {
      const error = await client.refused(event, payload);
      if (error.status !== 400 || !/[a-záéíóúñ]/i.test(error.message) || /invalid|expected|required/i.test(error.message)) {
        problems.push(`${event} ${JSON.stringify(payload)?.slice(0, 80)} → ${error.status} ${error.message}`);
      }
    };
    for (const [event, payloads] of Object.entries(agentBad)) for (const p of payloads) await expect400(agent, event, p);
    for (const [event, payloads] of Object.entries(customerBad)) for (const p of payloads) await expect400(customer.client, event, p);
    for (const p of startBad) await expect400(fresh, 'widget:start', p);
    expect(problems).toEqual([]);

    // The same without an ack callback, or with only a callback: nothing breaks.
    for (const [event, payloads] of Object.entries(agentBad)) for (const p of payloads) agent.socket.emit(event, p);
    for (const [event, payloads] of Object.entries(customerBad)) for (const p of payloads) customer.client.socket.emit(event, p);
    const onlyCallback = await agent.socket.timeout(5_000).emitWithAck('chat:accept');
    expect(onlyCallback).toMatchObject({ ok: false, error: { status: 400 } });
    await agent.ok('chat:sync', { known: [] }, AgentSync);
    await customer.client.ok('widget:sync', { afterSeq: 0 }, SyncAck);
    expect(agent.socket.connected && customer.client.socket.connected).toBe(true);

    expect(await counts()).toEqual(before);
  });

  it('pausing stops new chats; disconnecting re-queues the ENTRANTE ones and keeps the ACTIVO ones', async () => {
    const fx = await createChatFixture(live.platform.app, { agentsA: 2 });
    const db = live.platform.app.db;
    const [one, two] = fx.agents;
    if (!one || !two) throw new Error('two agents expected');
    const a1 = await connectAgent(live.platform.url, one.token);
    clients.push(a1);
    const paused = await a1.ok('agent:status', { status: 'PAUSA', pauseEventId: fx.pauseEventId }, AgentStatusView);
    expect(paused).toMatchObject({ status: 'PAUSA', pauseEventId: fx.pauseEventId });

    const first = await startEscalated(live.platform.url, fx, 1);
    clients.push(first.client);
    await live.platform.app.services.chat.assignQueued();
    const statusOf = async (id: string) => (await db.select({ status: conversations.status, agentId: conversations.agentId }).from(conversations).where(eq(conversations.idConv, id)))[0];
    expect(await statusOf(first.conversationId)).toEqual({ status: 'EN_COLA', agentId: null });
    expect(a1.received('chat:incoming')).toEqual([]);
    await a1.waitFor('queue:size', QueueSize, (q) => q.waiting === 1);

    await a1.ok('agent:status', { status: 'CONECTADO' }, AgentStatusView);
    await a1.waitFor('chat:incoming', AgentChatSnapshot, (s) => s.conversationId === first.conversationId);
    const second = await startEscalated(live.platform.url, fx, 2);
    clients.push(second.client);
    await a1.waitFor('chat:incoming', AgentChatSnapshot, (s) => s.conversationId === second.conversationId);
    await a1.ok('chat:accept', { conversationId: second.conversationId }, AgentChatSnapshot);

    const a2 = await connectAgent(live.platform.url, two.token);
    clients.push(a2);
    await a1.ok('agent:status', { status: 'DESCONECTADO' }, AgentStatusView);
    await a1.waitFor('chat:removed', Removed, (r) => r.conversationId === first.conversationId && r.reason === 'DESCONEXION');
    await first.client.waitFor('widget:state', WidgetState, (s) => s.state === 'EN_COLA');
    expect(await statusOf(first.conversationId)).toEqual({ status: 'EN_COLA', agentId: null });
    expect(await statusOf(second.conversationId)).toEqual({ status: 'ACTIVA', agentId: one.userId });

    await a2.ok('agent:status', { status: 'CONECTADO' }, AgentStatusView);
    await a2.waitFor('chat:incoming', AgentChatSnapshot, (s) => s.conversationId === first.conversationId);
    expect(await statusOf(first.conversationId)).toEqual({ status: 'ASIGNADA', agentId: two.userId });
    await a2.waitFor('queue:size', QueueSize, (q) => q.waiting === 0);
    // Writing to an ENTRANTE chat starts it.
    await a2.ok('chat:send', { conversationId: first.conversationId, clientId: newClientId(), text: 'Buenos días' }, LiveMessage);
    expect(await statusOf(first.conversationId)).toEqual({ status: 'ACTIVA', agentId: two.userId });
    await first.client.waitFor('widget:state', WidgetState, (s) => s.state === 'ACTIVA' && s.agentName === 'Asesora2');

    const history = await db.select().from(agentStatusChanges).where(eq(agentStatusChanges.userId, one.userId)).orderBy(asc(agentStatusChanges.id));
    expect(history.map((h) => [h.status, h.pauseEventId, h.endedAt === null])).toEqual([
      ['Desconectado', null, false],
      ['Pausa', fx.pauseEventId, false],
      ['Activo', null, false],
      ['Desconectado', null, true]
    ]);
    const assignments = await db.select().from(conversationAssignments).where(eq(conversationAssignments.conversationId, first.conversationId)).orderBy(asc(conversationAssignments.id));
    expect(assignments.map((x) => [x.agentId, x.releaseReason])).toEqual([
      [one.userId, 'DESCONEXION'],
      [two.userId, null]
    ]);
  });

  it('a burst of 200 customers on 10 agents (3 chats each) never puts an agent above its limit; every chat is assigned or queued', async () => {
    const CUSTOMERS = 200;
    const MAX = 3;
    const fx = await createChatFixture(live.platform.app, { agentsA: 10, maxChats: MAX });
    const db = live.platform.app.db;
    const agents = await Promise.all(fx.agents.map((a) => agentOnline(live.platform.url, a)));
    clients.push(...agents);
    const agentIds = fx.agents.map((a) => a.userId);

    const openPerAgent = async () => {
      const rows = await db
        .select({ agentId: conversations.agentId, status: conversations.status })
        .from(conversations)
        .where(eq(conversations.organizationId, fx.orgId));
      const open = new Map<number, number>();
      for (const r of rows) if (r.agentId !== null && (r.status === 'ASIGNADA' || r.status === 'ACTIVA')) open.set(r.agentId, (open.get(r.agentId) ?? 0) + 1);
      const byStatus: Record<string, number> = {};
      for (const r of rows) byStatus[r.status] = (byStatus[r.status] ?? 0) + 1;
      return { max: Math.max(0, ...open.values()), open, byStatus, total: rows.length };
    };
    const violations: string[] = [];
    let watching = true;
    const watcher = (async () => {
      while (watching) {
        const seen = await openPerAgent();
        if (seen.max > MAX) violations.push(JSON.stringify([...seen.open]));
        await new Promise((r) => setTimeout(r, 50));
      }
    })();

    const customers: Customer[] = [];
    const queue = Array.from({ length: CUSTOMERS }, (_, i) => i + 1);
    await Promise.all(
      Array.from({ length: 25 }, async () => {
        for (let n = queue.shift(); n !== undefined; n = queue.shift()) {
          const c = await startEscalated(live.platform.url, fx, 1000 + n);
          customers.push(c);
          clients.push(c.client);
        }
      })
    );
    const check = async () => {
      await live.platform.app.services.chat.assignQueued();
      const seen = await openPerAgent();
      expect(seen.max).toBeLessThanOrEqual(MAX);
      expect(seen.total).toBe(CUSTOMERS);
      expect((seen.byStatus.ASIGNADA ?? 0) + (seen.byStatus.ACTIVA ?? 0) + (seen.byStatus.EN_COLA ?? 0)).toBe(CUSTOMERS);
      expect((seen.byStatus.ASIGNADA ?? 0) + (seen.byStatus.ACTIVA ?? 0)).toBe(agentIds.length * MAX);
      return seen;
    };
    await check();
    // Each agent was told of exactly the chats it holds.
    for (const [i, client] of agents.entries()) {
      const held = await db.select({ id: conversations.idConv }).from(conversations).where(and(eq(conversations.agentId, agentIds[i] ?? 0), eq(conversations.status, 'ASIGNADA')));
      const told = client.received('chat:incoming').map((p) => AgentChatSnapshot.parse(p).conversationId);
      expect(told.sort()).toEqual(held.map((h) => h.id).sort());
    }

    // Rounds of churn: half the agents accept one chat and go Desconectado and back (their ENTRANTE chats return to the queue).
    for (let round = 0; round < 3; round++) {
      const movers = agents.filter((_, i) => i % 2 === round % 2);
      await Promise.all(
        movers.map(async (client, i) => {
          const agentId = agentIds[agents.indexOf(client)] ?? 0;
          const [one] = await db.select({ id: conversations.idConv }).from(conversations).where(and(eq(conversations.agentId, agentId), eq(conversations.status, 'ASIGNADA'))).limit(1);
          if (one && i % 2 === 0) await client.ok('chat:accept', { conversationId: one.id }, AgentChatSnapshot);
          await client.ok('agent:status', { status: 'DESCONECTADO' }, AgentStatusView);
          await client.ok('agent:status', { status: 'CONECTADO' }, AgentStatusView);
        })
      );
      await check();
    }
    watching = false;
    await watcher;
    expect(violations).toEqual([]);
  });

  it('refuses handshakes that do not identify an agent or a customer, also when an agent socket recovers its session', async () => {
    const fx = await createChatFixture(live.platform.app, { agentsA: 1 });
    const [agentSpec] = fx.agents;
    if (!agentSpec) throw new Error('one agent expected');
    const url = live.platform.url;
    expect(await handshakeRefusal(url, AGENT_NAMESPACE, {})).toEqual({ message: 'La sesión ha expirado, inicie sesión nuevamente', status: 401 });
    expect(await handshakeRefusal(url, AGENT_NAMESPACE, { token: 'no.es.token' })).toMatchObject({ status: 401 });
    const { token: admin } = await issueSession(live.platform.app.db, live.platform.app.services.tokens, { idUser: 3, email: 'admin@demo.co', role: 3, organizationId: 100, organizationName: 'Demo Contact Center' });
    expect(await handshakeRefusal(url, AGENT_NAMESPACE, { token: admin })).toEqual({ message: 'Solo los asesores humanos y sus supervisores pueden conectarse al chat', status: 403 });
    // A session that must change its password first reaches no namespace (TokenClaims.mustChangePassword).
    const subject = { idUser: agentSpec.userId, email: 'asesor@pruebas.co', role: 5 as const, organizationId: fx.orgId, organizationName: fx.orgName };
    const { token: mustChange } = await issueSession(live.platform.app.db, live.platform.app.services.tokens, { ...subject, mustChangePassword: true });
    expect(await handshakeRefusal(url, AGENT_NAMESPACE, { token: mustChange })).toEqual({ message: 'Usuario no autorizado', status: 403 });
    const { token: mustChangeReader } = await issueSession(live.platform.app.db, live.platform.app.services.tokens, { ...subject, role: 6, mustChangePassword: true });
    expect(await handshakeRefusal(url, MONITOR_NAMESPACE, { token: mustChangeReader })).toEqual({ message: 'Usuario no autorizado', status: 403 });
    expect(await handshakeRefusal(url, WIDGET_NAMESPACE, {})).toMatchObject({ status: 400 });
    expect(await handshakeRefusal(url, WIDGET_NAMESPACE, { org: 999_999, va: fx.vaId })).toEqual({ message: 'La organización no existe o no está activa', status: 400 });
    expect(await handshakeRefusal(url, WIDGET_NAMESPACE, { org: fx.orgId, va: 1 })).toEqual({ message: 'El asistente virtual no pertenece a la organización', status: 400 });
    const customer = await startCustomer(url, fx, 1);
    clients.push(customer.client);
    expect(await handshakeRefusal(url, WIDGET_NAMESPACE, { conversationId: customer.conversationId, token: 'x'.repeat(43) })).toMatchObject({ status: 401 });
    const resumed = await connectWidget(url, { conversationId: customer.conversationId, token: customer.token });
    clients.push(resumed);
    expect((await resumed.ok('widget:sync', { afterSeq: 0 }, SyncAck)).messages[0]?.tipoUsuario).toBe('BOT');

    // The agent's account is deactivated while its socket is up: after a transport drop, the recovering socket is refused.
    const agent = await connectAgent(url, agentSpec.token);
    clients.push(agent);
    await live.platform.app.db.update(users).set({ isActive: false }).where(eq(users.idUser, agentSpec.userId));
    const refused = new Promise<Error>((resolve) => agent.socket.once('connect_error', resolve));
    agent.socket.io.engine.close();
    expect((await refused).message).toBe('Usuario no autorizado');
    agent.close();
    await live.platform.app.db.update(users).set({ isActive: true }).where(eq(users.idUser, agentSpec.userId));
  });

  it('leaves the statistics totals as a rebuild from the rows computes them, after every flow above', async () => {
    await expectTotalsMatchRows(live.platform.app.db);
  });
});
