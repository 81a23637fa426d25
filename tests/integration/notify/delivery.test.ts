import { randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationEmails } from '../../../src/server/db/schema';
import { PLATFORM_FROM_ADDRESS } from '../../../src/server/notify/channels/channel';
import { endpoints } from '../../../src/shared/api/catalogue';
import { bearer, createTestApp, signIn, type TestPlatform } from '../../support/app';
import { BACKENDS } from '../../support/database';
import { SmtpSink } from '../../support/smtp-sink';
import { addUser, callsOf, createNotifyOrg, logOf, notifyConfig, raise, settled, staffVariables } from './fixtures';

const STAFF_TEMPLATE = {
  event: 'CHAT_NO_ATENDIDO',
  subject: 'Atención: chat no atendido en «{{ chat.split }}» — {{ organizacion.nombre }}',
  body: 'Hola,\n\n{{ cliente.nombre }} esperó {{ chat.espera }} minutos en {{ chat.split }}: {{ chat.motivo }}.\nConversación {{ conversacion.id }}, ¿podría revisarla?\n'
} as const;

const SUMMARY_TEMPLATE = {
  event: 'RESUMEN_CONVERSACION',
  subject: 'Resumen de su conversación, {{ cliente.nombre }}',
  body: '{% for m in conversacion.mensajes %}{{ m.hora }} {{ m.autor }}: {{ m.texto }}\n{% endfor %}Atendió: {{ asesor.nombre }}',
  excludeCustomerContent: true
} as const;

describe.each(BACKENDS)('notification delivery on %s', (backend) => {
  let platform: TestPlatform;
  let sink: SmtpSink;
  let outboxDir: string;

  beforeAll(async () => {
    sink = await SmtpSink.start();
    const config = notifyConfig();
    outboxDir = config.notifyOutboxDir;
    platform = await createTestApp(backend, config);
  });
  afterAll(async () => {
    await platform?.close();
    await sink?.stop();
  });

  it("sends a staff event, rendered, to the organisation's supervisors and notification e-mails, accents intact", async () => {
    const { app } = platform;
    const org = await createNotifyOrg(app, [STAFF_TEMPLATE], { smtpPort: sink.port, fromAddress: 'avisos@senales.co' });
    await addUser(app, org.orgId, 'Supervisora.Uno@Senales.co', 6);
    await addUser(app, org.orgId, 'asesor.uno@senales.co', 5);
    await app.db.insert(notificationEmails).values({ organizationId: org.orgId, email: 'mesa@senales.co' });
    expect(await raise(app, { organizationId: org.orgId, eventType: 'CHAT_NO_ATENDIDO', variables: staffVariables(org.name), to: 'staff' })).toBe(2);

    const rows = await settled(app, org.orgId);
    expect(rows.map((r) => [r.recipient, r.status, r.attempts])).toEqual([
      ['supervisora.uno@senales.co', 'ENVIADA', 1],
      ['mesa@senales.co', 'ENVIADA', 1]
    ]);
    const subject = `Atención: chat no atendido en «Atención general» — ${org.name}`;
    const body = 'Hola,\n\nJosé Ñúñez esperó 7 minutos en Atención general: El cliente abandonó la cola.\nConversación c-prueba, ¿podría revisarla?\n';
    for (const address of ['supervisora.uno@senales.co', 'mesa@senales.co']) {
      const [mail, ...more] = sink.to(address);
      expect(more).toEqual([]);
      expect(mail?.from).toBe('avisos@senales.co');
      expect(mail?.parsed.subject).toBe(subject);
      expect(mail?.parsed.text).toBe(body);
      // The subject travels as RFC 2047 encoded words, not raw 8-bit bytes.
      const rawHeader = /^Subject: (.*(?:\r\n[ \t].*)*)/m.exec(mail?.raw.toString('latin1') ?? '')?.[1] ?? '';
      expect(rawHeader).toMatch(/=\?UTF-8\?[BQ]\?/i);
      expect(rawHeader).not.toMatch(/[^\x20-\x7e\r\n\t]/);
      expect(mail?.parsed.headers.get('auto-submitted')).toBe('auto-generated');
      expect(mail?.parsed.messageId).toMatch(/^<[0-9a-f]{32}@senales\.co>$/);
    }
    expect(sink.to('asesor.uno@senales.co')).toEqual([]);
  });

  it("leaves the customer's words out with 'No incluir contenido del cliente', and strips line breaks from the subject", async () => {
    const { app } = platform;
    const org = await createNotifyOrg(app, [SUMMARY_TEMPLATE], { smtpPort: sink.port });
    await raise(app, {
      organizationId: org.orgId,
      eventType: 'RESUMEN_CONVERSACION',
      variables: {
        'organizacion.nombre': org.name,
        fecha: '02/03/2026 10:30',
        'cliente.nombre': 'Ana\r\nBcc: intruso@example.com',
        'cliente.email': 'ana.gomez@example.com',
        'conversacion.id': 'c-1',
        'conversacion.inicio': '02/03/2026 10:02',
        'asesor.nombre': 'Laura Pérez',
        'conversacion.mensajes': [{ autor: 'Cliente', texto: 'Mi clave es 1234', hora: '10:02' }]
      },
      to: [{ email: 'Ana.Gomez@example.com', role: 'CLIENTE' }]
    });
    await settled(app, org.orgId);
    const [mail] = sink.to('ana.gomez@example.com');
    expect(mail?.from).toBe(PLATFORM_FROM_ADDRESS);
    // The customer's name is the customer's content: empty, and the transcript has no item.
    expect(mail?.parsed.subject).toBe('Resumen de su conversación,');
    expect(mail?.parsed.text?.trimEnd()).toBe('Atendió: Laura Pérez');
    expect(mail?.raw.toString('utf8')).not.toContain('1234');
    expect(mail?.to).toEqual(['ana.gomez@example.com']);
  });

  it('a subject cannot grow a header of its own', async () => {
    const { app } = platform;
    const org = await createNotifyOrg(app, [{ ...SUMMARY_TEMPLATE, excludeCustomerContent: false }], { smtpPort: sink.port });
    await raise(app, {
      organizationId: org.orgId,
      eventType: 'RESUMEN_CONVERSACION',
      variables: {
        'organizacion.nombre': org.name,
        fecha: '',
        'cliente.nombre': 'Ana\r\nBcc: intruso@example.com',
        'cliente.email': '',
        'conversacion.id': 'c-2',
        'conversacion.inicio': '',
        'asesor.nombre': '',
        'conversacion.mensajes': []
      },
      to: [{ email: 'ana.dos@example.com', role: 'CLIENTE' }]
    });
    await settled(app, org.orgId);
    const [mail] = sink.to('ana.dos@example.com');
    expect(mail?.parsed.subject).toBe('Resumen de su conversación, Ana Bcc: intruso@example.com');
    expect(mail?.parsed.headers.has('bcc')).toBe(false);
    expect(sink.to('intruso@example.com')).toEqual([]);
  });

  it('writes an .eml file to the outbox folder where the organisation has no SMTP server, and logs it', async () => {
    const { app } = platform;
    const org = await createNotifyOrg(app, [STAFF_TEMPLATE]);
    await raise(app, { organizationId: org.orgId, eventType: 'CHAT_NO_ATENDIDO', variables: staffVariables(org.name), to: [{ email: 'lector@senales.co', role: 'SUPERVISOR' }] });
    const [row] = await settled(app, org.orgId);
    expect(row?.status).toBe('ENVIADA');
    const files = (await readdir(outboxDir)).filter((f) => f.startsWith(String(row?.id).padStart(10, '0')));
    expect(files).toHaveLength(1);
    expect((await readdir(outboxDir)).filter((f) => f.endsWith('.tmp'))).toEqual([]);
    const parsed = await simpleParser(await readFile(join(outboxDir, files[0] ?? '')));
    expect(parsed.subject).toBe(`Atención: chat no atendido en «Atención general» — ${org.name}`);
    expect(parsed.text).toContain('José Ñúñez esperó 7 minutos');
    const [log] = await logOf(app, org.orgId);
    expect(log).toMatchObject({ status: 'ENVIADA', recipient: 'lector@senales.co', recipientRole: 'SUPERVISOR', eventType: 'CHAT_NO_ATENDIDO', typeNotificationId: 1, outboxId: row?.id });
    expect(log?.detail).toContain(files[0]);
    const [call] = await callsOf(app, org.orgId);
    expect(call).toMatchObject({ service: 'eml', status: 'success', idVa: null });
  });

  it('raising the same event id twice sends once', async () => {
    const { app } = platform;
    const org = await createNotifyOrg(app, [STAFF_TEMPLATE], { smtpPort: sink.port });
    const eventId = randomUUID();
    const event = { organizationId: org.orgId, eventType: 'CHAT_NO_ATENDIDO', variables: staffVariables(org.name), to: [{ email: 'una.vez@senales.co', role: 'SUPERVISOR' }], eventId } as const;
    expect(await raise(app, event)).toBe(1);
    expect(await raise(app, event)).toBe(0);
    await settled(app, org.orgId);
    expect(await raise(app, event)).toBe(0);
    await settled(app, org.orgId);
    expect(sink.to('una.vez@senales.co')).toHaveLength(1);
  });

  it('writes the log and integration rows, and the statistics count the live send', async () => {
    const { app } = platform;
    const org = await createNotifyOrg(app, [STAFF_TEMPLATE], { smtpPort: sink.port });
    await raise(app, {
      organizationId: org.orgId,
      eventType: 'CHAT_NO_ATENDIDO',
      variables: staffVariables(org.name),
      to: [
        { email: 'estadistica@senales.co', role: 'SUPERVISOR' },
        { email: 'admin.estadistica@senales.co', role: 'ADMINISTRADOR' }
      ]
    });
    const rows = await settled(app, org.orgId);
    // Sent concurrently: the log's order is the order the sends ended in.
    const log = (await logOf(app, org.orgId)).sort((a, b) => (a.outboxId ?? 0) - (b.outboxId ?? 0));
    expect(log.map((l) => [l.recipient, l.recipientRole, l.status, l.outboxId])).toEqual(rows.map((r) => [r.recipient, r.recipientRole, 'ENVIADA', r.id]));
    const calls = await callsOf(app, org.orgId);
    expect(calls).toHaveLength(2);
    for (const call of calls) {
      expect(call).toMatchObject({ service: 'smtp', status: 'success', idVa: null });
      expect(call.detail).toMatch(/^250 /);
      expect(call.durationMs).toBeGreaterThanOrEqual(0);
    }

    const { token } = await signIn(app, 'superadmin@demo.co');
    const get = async (path: string) => {
      const res = await app.inject({ method: 'GET', url: path.replace('{id}', String(org.orgId)).replace('{idOrg}', String(org.orgId)), headers: bearer(token) });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<unknown>();
    };
    expect(await get(endpoints.notificationsByStatus.path)).toEqual([
      { status: 'ENVIADA', total: 2 },
      { status: 'FALLIDA', total: 0 },
      { status: 'SUPRIMIDA', total: 0 }
    ]);
    expect(await get(endpoints.eventsByTypeEventRole.path)).toEqual([
      { eventType: 'CHAT_NO_ATENDIDO', role: 'ADMINISTRADOR', total: 1 },
      { eventType: 'CHAT_NO_ATENDIDO', role: 'SUPERVISOR', total: 1 }
    ]);
    // The integration log and its totals read the live calls, whose id_va is null.
    const integrations = await get(endpoints.consumerIntegrations.path);
    expect(integrations).toMatchObject({ totalSuccess: 2, totalFailed: 0 });
  });
});
