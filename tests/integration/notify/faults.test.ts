import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationChannels } from '../../../src/server/db/schema';
import { AgentChatSnapshot, LiveMessage } from '../../../src/shared/realtime';
import { endpoints } from '../../../src/shared/api/catalogue';
import { bearer, signIn } from '../../support/app';
import { BACKENDS } from '../../support/database';
import { platformForBlock } from '../../support/platform';
import { SmtpSink } from '../../support/smtp-sink';
import { createChatFixture } from '../realtime/fixtures';
import { agentOnline, newClientId, startEscalated } from '../realtime/scenario';
import { callsOf, createNotifyOrg, logOf, notifyConfig, outboxOf, raise, settled, staffVariables } from './fixtures';
import { SmsReceiver } from './sms-receiver';

const TEMPLATE = {
  event: 'CHAT_NO_ATENDIDO',
  subject: 'Chat no atendido en {{ chat.split }}',
  body: '{{ cliente.nombre }} esperó {{ chat.espera }} minutos.'
} as const;
const OTHER_TEMPLATE = { event: 'BLOQUEO_USUARIO', subject: 'Cuenta bloqueada: {{ usuario.nombre }}', body: 'Desde {{ bloqueo.ip }}' } as const;
const lockVariables = { 'organizacion.nombre': 'x', fecha: '', 'usuario.nombre': 'Carlos', 'usuario.email': 'c@x.co', 'bloqueo.ip': '10.0.0.8' };

describe.each(BACKENDS)('notification faults and guards on %s', (backend) => {
  // Three tries 40 ms, then about 80 ms apart.
  const live = platformForBlock(backend, notifyConfig());
  let sink: SmtpSink;
  let sms: SmsReceiver;
  let token: string;

  beforeAll(async () => {
    sink = await SmtpSink.start();
    sms = await SmsReceiver.start();
    ({ token } = await signIn(live.platform.app, 'superadmin@demo.co'));
  });
  afterAll(async () => {
    await sink?.stop();
    await sms?.close();
  });

  const call = (method: 'GET' | 'POST' | 'DELETE', path: string, orgId: number, extra: Record<string, string> = {}, query = '') =>
    live.platform.app.inject({
      method,
      url: `${Object.entries({ idOrg: String(orgId), ...extra }).reduce((p, [k, v]) => p.replace(`{${k}}`, v), path)}${query}`,
      headers: bearer(token)
    });

  it("retries a server that answers 4xx, then marks it 'fallido', lists it, and 'Reintentar' sends it once", async () => {
    const { app } = live.platform;
    const org = await createNotifyOrg(app, [TEMPLATE], { smtpPort: sink.port });
    sink.behaviour = { rcpt: (a) => (a === 'ocupado@senales.co' ? 451 : null) };
    await raise(app, { organizationId: org.orgId, eventType: 'CHAT_NO_ATENDIDO', variables: staffVariables(org.name), to: [{ email: 'ocupado@senales.co', role: 'SUPERVISOR' }] });
    const [row] = await settled(app, org.orgId);
    expect(row).toMatchObject({ status: 'FALLIDA', attempts: 3 });
    expect(row?.lastError).toMatch(/451.*sin más intentos \(3 de 3\)/);
    const log = await logOf(app, org.orgId);
    expect(log.map((l) => l.status)).toEqual(['FALLIDA', 'FALLIDA', 'FALLIDA']);
    expect(log[0]?.detail).toMatch(/intento 1 de 3; se reintentará/);
    expect((await callsOf(app, org.orgId)).map((c) => [c.service, c.status])).toEqual([
      ['smtp', 'failed'],
      ['smtp', 'failed'],
      ['smtp', 'failed']
    ]);
    expect(sink.to('ocupado@senales.co')).toEqual([]);

    const listed = await call('GET', endpoints.outboxEntries.path, org.orgId);
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toEqual([expect.objectContaining({ id: row?.id, status: 'FALLIDA', attempts: 3, destinatario: 'ocupado@senales.co', TypeNotification: 1, eventType: 'CHAT_NO_ATENDIDO' })]);

    sink.behaviour = {};
    const retried = await call('POST', endpoints.retryOutboxEntry.path, org.orgId, { id: String(row?.id) });
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json()).toMatchObject({ id: row?.id, status: 'PENDIENTE', attempts: 0 });
    const [after] = await settled(app, org.orgId);
    expect(after).toMatchObject({ status: 'ENVIADA', attempts: 1, idempotencyKey: row?.idempotencyKey, lastError: '' });
    expect(sink.to('ocupado@senales.co')).toHaveLength(1);
    expect((await call('GET', endpoints.outboxEntries.path, org.orgId)).json()).toEqual([]);

    // A sent notification is never sent again; another organisation's is not there.
    const again = await call('POST', endpoints.retryOutboxEntry.path, org.orgId, { id: String(row?.id) });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: 'Solo se puede reintentar una notificación fallida' });
    expect((await call('POST', endpoints.retryOutboxEntry.path, 100, { id: String(row?.id) })).statusCode).toBe(404);
    expect(sink.to('ocupado@senales.co')).toHaveLength(1);
  });

  it("a server that disappears leaves the notification retried and finally 'fallido', while the chat goes on", async () => {
    const { app, url } = live.platform;
    const gone = await SmtpSink.start();
    const org = await createNotifyOrg(app, [TEMPLATE], { smtpPort: gone.port });
    await gone.stop();
    const fx = await createChatFixture(app, { agentsA: 1 });
    const [agentSpec] = fx.agents;
    if (!agentSpec) throw new Error('one agent expected');
    const agent = await agentOnline(url, agentSpec);
    const customer = await startEscalated(url, fx, 3);
    live.clients.push(agent, customer.client);
    await agent.waitFor('chat:incoming', AgentChatSnapshot, (s) => s.conversationId === customer.conversationId);
    await agent.ok('chat:accept', { conversationId: customer.conversationId }, AgentChatSnapshot);

    await raise(app, { organizationId: org.orgId, eventType: 'CHAT_NO_ATENDIDO', variables: staffVariables(org.name), to: [{ email: 'nadie@senales.co', role: 'SUPERVISOR' }] });
    // While the worker retries, a customer's messages reach the agent as usual.
    for (let i = 0; i < 5; i++) {
      const id = newClientId();
      const started = performance.now();
      await customer.client.ok('widget:message', { clientId: id, text: `Mensaje ${i}`, attachment: null }, LiveMessage);
      await agent.waitFor('chat:message', LiveMessage, (m) => m.clientId === id, 3_000);
      expect(performance.now() - started).toBeLessThan(2_000);
    }
    const [row] = await settled(app, org.orgId);
    expect(row).toMatchObject({ status: 'FALLIDA', attempts: 3 });
    expect(row?.lastError).toMatch(/ECONNREFUSED|conect/i);
    expect((await callsOf(app, org.orgId)).every((c) => c.status === 'failed')).toBe(true);
  });

  it('a permanent refusal of the recipient suppresses the address, with why and since when', async () => {
    const { app } = live.platform;
    const org = await createNotifyOrg(app, [TEMPLATE], { smtpPort: sink.port });
    sink.behaviour = { rcpt: (a) => (a === 'no.existe@senales.co' ? 550 : null) };
    const event = { organizationId: org.orgId, eventType: 'CHAT_NO_ATENDIDO', variables: staffVariables(org.name), to: [{ email: 'no.existe@senales.co', role: 'SUPERVISOR' }] } as const;
    await raise(app, event);
    const [bounced] = await settled(app, org.orgId);
    expect(bounced).toMatchObject({ status: 'FALLIDA', attempts: 1 });
    expect(bounced?.lastError).toMatch(/Rechazo permanente.*550/);
    const listed = await call('GET', endpoints.notificationSuppressions.path, org.orgId);
    expect(listed.json()).toEqual([{ address: 'no.existe@senales.co', reason: expect.stringMatching(/550/), since: expect.any(String) }]);

    sink.behaviour = {};
    await raise(app, event);
    const [, suppressed] = await settled(app, org.orgId);
    expect(suppressed?.status).toBe('SUPRIMIDA');
    expect(suppressed?.lastError).toMatch(/Dirección suprimida desde/);
    expect(sink.to('no.existe@senales.co')).toEqual([]);
    expect((await logOf(app, org.orgId)).map((l) => l.status)).toEqual(['FALLIDA', 'SUPRIMIDA']);
    // The suppressed notification called no provider.
    expect(await callsOf(app, org.orgId)).toHaveLength(1);

    const removed = await call('DELETE', endpoints.deleteNotificationSuppression.path, org.orgId, {}, '?address=No.Existe@senales.co');
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await call('DELETE', endpoints.deleteNotificationSuppression.path, org.orgId, {}, '?address=no.existe@senales.co')).statusCode).toBe(404);
    await raise(app, event);
    await settled(app, org.orgId);
    expect(sink.to('no.existe@senales.co')).toHaveLength(1);
  });

  it('the per-recipient cap of a template suppresses the sixth notification in the window', async () => {
    const { app } = live.platform;
    const org = await createNotifyOrg(app, [TEMPLATE, OTHER_TEMPLATE], { smtpPort: sink.port });
    const to = [{ email: 'inundado@senales.co', role: 'SUPERVISOR' }] as const;
    for (let i = 0; i < 6; i++) await raise(app, { organizationId: org.orgId, eventType: 'CHAT_NO_ATENDIDO', variables: staffVariables(org.name), to });
    await raise(app, { organizationId: org.orgId, eventType: 'BLOQUEO_USUARIO', variables: lockVariables, to: [{ email: 'inundado@senales.co', role: 'ADMINISTRADOR' }] });
    const rows = await settled(app, org.orgId);
    expect(rows.map((r) => r.status)).toEqual(['ENVIADA', 'ENVIADA', 'ENVIADA', 'ENVIADA', 'ENVIADA', 'SUPRIMIDA', 'ENVIADA']);
    expect(rows[5]?.lastError).toBe('Se alcanzó el máximo de 5 notificaciones en 10 minutos para este destinatario y esta plantilla');
    expect(sink.to('inundado@senales.co')).toHaveLength(6);
    expect((await logOf(app, org.orgId)).filter((l) => l.status === 'SUPRIMIDA')).toHaveLength(1);
  });

  it("the cap holds when the six are sent at once, and the organisation's own cap applies", async () => {
    const { app } = live.platform;
    const org = await createNotifyOrg(app, [TEMPLATE], { smtpPort: sink.port, capCount: 2, capWindowMinutes: 60 });
    await Promise.all(
      Array.from({ length: 6 }, () => raise(app, { organizationId: org.orgId, eventType: 'CHAT_NO_ATENDIDO', variables: staffVariables(org.name), to: [{ email: 'rafaga@senales.co', role: 'SUPERVISOR' }] }))
    );
    const rows = await settled(app, org.orgId);
    expect(rows.filter((r) => r.status === 'ENVIADA')).toHaveLength(2);
    expect(rows.filter((r) => r.status === 'SUPRIMIDA')).toHaveLength(4);
    expect(sink.to('rafaga@senales.co')).toHaveLength(2);
  });

  it("never sends to the organisation's own From address nor to the platform's", async () => {
    const { app } = live.platform;
    const org = await createNotifyOrg(app, [TEMPLATE], { smtpPort: sink.port, fromAddress: 'avisos@senales.co' });
    await raise(app, {
      organizationId: org.orgId,
      eventType: 'CHAT_NO_ATENDIDO',
      variables: staffVariables(org.name),
      to: [
        { email: 'Avisos@Senales.co', role: 'SUPERVISOR' },
        { email: 'notificaciones@atiende.local', role: 'SUPERVISOR' },
        { email: 'persona@senales.co', role: 'SUPERVISOR' }
      ]
    });
    const rows = await settled(app, org.orgId);
    expect(rows.map((r) => [r.recipient, r.status])).toEqual([
      ['avisos@senales.co', 'SUPRIMIDA'],
      ['notificaciones@atiende.local', 'SUPRIMIDA'],
      ['persona@senales.co', 'ENVIADA']
    ]);
    expect(rows[0]?.lastError).toMatch(/dirección remitente de la organización/);
    expect(rows[1]?.lastError).toMatch(/dirección propia de la plataforma/);
    expect(sink.to('avisos@senales.co')).toEqual([]);
    expect(sink.to('notificaciones@atiende.local')).toEqual([]);
  });

  it('sends an SMS through the HTTP provider, and fails one over the part limit without calling it', async () => {
    const { app } = live.platform;
    const org = await createNotifyOrg(app, [{ event: 'CHAT_NO_ATENDIDO', channel: 'sms', bodySms: '{{ cliente.nombre }} esperó {{ chat.espera }} min en {{ chat.split }}. {{ chat.motivo }}' }], {
      smsUrl: sms.url,
      smsUser: 'atiende',
      smsToken: 'secreto-sms',
      // The first text is 72 UCS-2 characters (ú, ó): 2 parts.
      smsMaxParts: 2
    });
    const to = [{ phone: '+57 300 123 4567', role: 'SUPERVISOR' }] as const;
    await raise(app, { organizationId: org.orgId, eventType: 'CHAT_NO_ATENDIDO', variables: staffVariables(org.name), to });
    await raise(app, { organizationId: org.orgId, eventType: 'CHAT_NO_ATENDIDO', variables: { ...staffVariables(org.name), 'chat.motivo': 'x'.repeat(200) }, to });
    const rows = await settled(app, org.orgId);
    expect(rows.map((r) => [r.recipient, r.status, r.attempts])).toEqual([
      ['+573001234567', 'ENVIADA', 1],
      ['+573001234567', 'FALLIDA', 1]
    ]);
    expect(rows[1]?.lastError).toBe('El SMS generado necesita 4 partes (245 caracteres, UCS-2) y el máximo de la organización es 2');
    expect(sms.requests).toHaveLength(1);
    const [request] = sms.requests;
    expect(request?.body).toEqual({ to: '+573001234567', text: 'José Ñúñez esperó 7 min en Atención general. El cliente abandonó la cola', reference: rows[0]?.idempotencyKey });
    expect(request?.headers.authorization).toBe(`Basic ${Buffer.from('atiende:secreto-sms').toString('base64')}`);
    expect((await callsOf(app, org.orgId)).map((c) => [c.service, c.status])).toEqual([['sms', 'success']]);
  });

  it("an SMS provider's 4xx fails at once, its 5xx is retried", async () => {
    const { app } = live.platform;
    const org = await createNotifyOrg(app, [{ event: 'CHAT_NO_ATENDIDO', channel: 'sms', bodySms: 'Chat no atendido' }], { smsUrl: sms.url });
    sms.status = 400;
    await raise(app, { organizationId: org.orgId, eventType: 'CHAT_NO_ATENDIDO', variables: staffVariables(org.name), to: [{ phone: '3001112233', role: 'SUPERVISOR' }] });
    const [refused] = await settled(app, org.orgId);
    expect(refused).toMatchObject({ status: 'FALLIDA', attempts: 1 });
    expect(refused?.lastError).toMatch(/HTTP 400/);
    sms.status = 503;
    await raise(app, { organizationId: org.orgId, eventType: 'CHAT_NO_ATENDIDO', variables: staffVariables(org.name), to: [{ phone: '3004445566', role: 'SUPERVISOR' }] });
    const [, retried] = await settled(app, org.orgId);
    expect(retried).toMatchObject({ status: 'FALLIDA', attempts: 3 });
    sms.status = 200;
    expect((await outboxOf(app, org.orgId)).map((r) => r.status)).toEqual(['FALLIDA', 'FALLIDA']);
  });

  it('refuses a server outside the allowed addresses without connecting', async () => {
    const { app } = live.platform;
    const org = await createNotifyOrg(app, [TEMPLATE], { smtpPort: sink.port });
    await app.db.update(notificationChannels).set({ smtpHost: '10.1.2.3' }).where(eq(notificationChannels.organizationId, org.orgId));
    await raise(app, { organizationId: org.orgId, eventType: 'CHAT_NO_ATENDIDO', variables: staffVariables(org.name), to: [{ email: 'privada@senales.co', role: 'SUPERVISOR' }] });
    const [row] = await settled(app, org.orgId);
    expect(row).toMatchObject({ status: 'FALLIDA', attempts: 1 });
    expect(row?.lastError).toMatch(/10\.1\.2\.3.*fuera de las direcciones permitidas/);
    expect(await callsOf(app, org.orgId)).toEqual([]);
  });
});
