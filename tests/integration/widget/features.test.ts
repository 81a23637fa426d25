import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { AttachmentRef, LiveMessage, WidgetConfig, WidgetState } from '../../../src/shared/realtime';
import { FEATURE_ID, type FeatureKey } from '../../../src/shared/domain/feature';
import { conversations } from '../../../src/server/db/schema';
import { FALLBACK_NO_ESCALATION_TEXT, NO_ESCALATION_TEXT } from '../../../src/server/bot/assistant';
import { featureRepository } from '../../../src/server/settings/repositories/features';
import { connectWidget } from '../../support/clients';
import { BACKENDS } from '../../support/database';
import { platformForBlock } from '../../support/platform';
import { createChatFixture, entryAnswers, type ChatFixture } from '../realtime/fixtures';
import { newClientId, StartAck, startCustomer, SyncAck, type Customer } from '../realtime/scenario';

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f2a0000000049454e44ae426082', 'hex');
const upload = { data: PNG.toString('base64'), format_type: 'base64', content_type: 'image/png', name: 'factura.png' };

/**
 * Issue 38: each feature toggle of a virtual agent, switched off, stops its behaviour at the next
 * event (no restart, nothing cached), whatever the client sends; switched on again, it is back.
 */
describe.each(BACKENDS)('feature toggles in the engine and the widget routes (%s)', (backend) => {
  const live = platformForBlock(backend);
  const { clients } = live;
  let fx: ChatFixture;
  let n = 0;

  const setFeature = async (key: FeatureKey, status: boolean) => {
    fx ??= await createChatFixture(live.platform.app, { agentsA: 1 });
    await featureRepository.update(live.platform.app.db, fx.orgId, fx.vaId, { idFeature: FEATURE_ID[key], status });
  };
  const customer = async (): Promise<Customer> => {
    const c = await startCustomer(live.platform.url, fx, ++n);
    clients.push(c.client);
    return c;
  };
  const config = async () => WidgetConfig.parse((await live.platform.app.inject({ method: 'GET', url: `/widget/config?org=${fx.orgId}&va=${fx.vaId}` })).json());
  const say = (c: Customer, text: string) => c.client.ok('widget:message', { clientId: newClientId(), text }, LiveMessage);
  const transcript = (token: string) => live.platform.app.inject({ method: 'GET', url: `/widget/transcript?token=${encodeURIComponent(token)}` });
  const statusOf = async (id: string) => (await live.platform.app.db.select({ status: conversations.status }).from(conversations).where(eq(conversations.idConv, id)))[0]?.status;

  it('entry form: off, the widget gets no form and a start without answers is accepted; on, it is refused', async () => {
    await setFeature('entryForm', true);
    const widget = await connectWidget(live.platform.url, { org: fx.orgId, va: fx.vaId });
    clients.push(widget);
    expect((await config()).entryForm.length).toBeGreaterThan(0);
    expect(await widget.refused('widget:start', { fields: {} })).toMatchObject({ status: 400 });

    await setFeature('entryForm', false);
    const off = await config();
    expect(off.features.entryForm).toBe(false);
    expect(off.entryForm).toEqual([]);
    const started = await widget.ok('widget:start', { fields: {} }, StartAck);
    expect(started.state.state).toBe('BOT');
    // Answers a stale page still sends are not kept.
    const other = await connectWidget(live.platform.url, { org: fx.orgId, va: fx.vaId });
    clients.push(other);
    const second = await other.ok('widget:start', { fields: entryAnswers(fx, 99) }, StartAck);
    const [row] = await live.platform.app.db.select({ data: conversations.customerData }).from(conversations).where(eq(conversations.idConv, second.conversationId));
    expect(row?.data).toEqual({});
    await setFeature('entryForm', true);
  });

  it('escalation: off, the assistant tells the customer in Spanish that no agent can take the chat and it stays with the assistant; on, it queues', async () => {
    await setFeature('escalation', false);
    const c = await customer();
    await say(c, 'Quiero hablar con un asesor');
    const reply = await c.client.waitFor('widget:message', LiveMessage, (m) => m.tipoUsuario === 'BOT' && m.seq > 1);
    expect(reply.mensaje).toBe(NO_ESCALATION_TEXT);
    // Two turns it cannot answer would hand over: not now.
    await say(c, 'zxqw plorf');
    await say(c, 'zxqw plorf');
    await c.client.waitFor('widget:message', LiveMessage, (m) => m.tipoUsuario === 'BOT' && m.mensaje === FALLBACK_NO_ESCALATION_TEXT);
    expect(await statusOf(c.conversationId)).toBe('BOT');

    await setFeature('escalation', true);
    await say(c, 'Quiero hablar con un asesor');
    await c.client.waitFor('widget:state', WidgetState, (s) => s.state !== 'BOT');
    expect(await statusOf(c.conversationId)).not.toBe('BOT');
  });

  it('attachments: off, the widget is told and an upload or a message with an attachment is refused with 403; on, accepted', async () => {
    await setFeature('attachments', true);
    const c = await customer();
    const ref = await c.client.ok('widget:upload', upload, AttachmentRef);
    await setFeature('attachments', false);
    expect((await config()).features.attachments).toBe(false);
    expect(await c.client.refused('widget:upload', upload)).toMatchObject({ status: 403 });
    expect(await c.client.refused('widget:message', { clientId: newClientId(), text: 'mi factura', attachment: ref })).toMatchObject({ status: 403 });
    await setFeature('attachments', true);
    expect((await c.client.ok('widget:upload', upload, AttachmentRef)).name).toBe('factura.png');
  });

  it('survey: off, a finished chat asks nothing and an answer is refused; on, it is asked and accepted', async () => {
    await setFeature('survey', false);
    const c = await customer();
    const ended = await c.client.ok('widget:leave', {}, WidgetState);
    expect(ended).toMatchObject({ state: 'FINALIZADA', surveyPending: false });
    expect(await c.client.refused('widget:survey', { satisfaction: 5, nps: 10 })).toMatchObject({ status: 403 });
    await setFeature('survey', true);
    // Switched on again, the same finished chat asks it (read at once, nothing cached).
    expect((await c.client.ok('widget:sync', { afterSeq: 0 }, SyncAck)).state.surveyPending).toBe(true);
    const answered = await c.client.ok('widget:survey', { satisfaction: 4, nps: 9 }, WidgetState);
    expect(answered.surveyPending).toBe(false);
    const [row] = await live.platform.app.db.select({ satisfaction: conversations.satisfaction }).from(conversations).where(eq(conversations.idConv, c.conversationId));
    expect(row?.satisfaction).toBe(4);
  });

  it('transcript: on, the token downloads its own conversation only; off, refused; an unknown token, not found', async () => {
    await setFeature('transcript', true);
    const mine = await customer();
    const theirs = await customer();
    await say(mine, 'Mi pedido 4711 no llegó');
    await say(theirs, 'Otro cliente, pedido 9999');
    await mine.client.ok('widget:leave', {}, WidgetState);
    const res = await transcript(mine.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="conversacion-/);
    expect(res.body).toContain('Tú: Mi pedido 4711 no llegó');
    expect(res.body).not.toContain('9999');
    await setFeature('transcript', false);
    expect((await config()).features.transcript).toBe(false);
    expect((await transcript(mine.token)).statusCode).toBe(403);
    expect((await transcript('no-such-token')).statusCode).toBe(404);
    expect((await live.platform.app.inject({ method: 'GET', url: '/widget/transcript' })).statusCode).toBe(400);
  });
});
