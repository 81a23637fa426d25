import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { NotificationTemplate } from '../../../src/shared/domain/notification';
import { TemplatePreview } from '../../../src/shared/domain/notify-channels';
import { NOTIFICATION_EVENT_CODES, NOTIFICATION_EVENTS, notificationEvent } from '../../../src/shared/notifications/events';
import { templateProblem } from '../../../src/shared/notifications/liquid';
import { conversations, messages, notificationChannels, notificationOutbox, notificationTemplates, organizations, users } from '../../../src/server/db/schema';
import { DEFAULT_NOTIFICATION_TEMPLATES } from '../../../src/server/notify/default-templates';
import { TEMPLATE_TEXT } from '../../../src/server/notify/templates';
import { SEND_TEST_TEXT } from '../../../src/server/routes/notification-templates';
import { BACKENDS } from '../../support/database';
import { createTestApp, type TestPlatform } from '../../support/app';
import { caller, signInAll } from './chat-fixtures';
import { changedTables, tableDigest } from './hostile-input-cases';

/**
 * notificaciones/eventos (SPEC §7 "Notification templates", issue 39): every organisation starts
 * with a Spanish e-mail template of each event; templates are created and replaced per company,
 * event and notification type, checked on every save (the event, the type and its sender, the texts
 * of its channel, every Liquid variable, the SMS part limit), previewed, deleted with SPEC's answer,
 * and tried with 'Enviar prueba' through the outbox. Another organisation is refused; a refusal
 * stores nothing.
 */

const EMAILS = ['admin@demo.co', 'admin@otra.co', 'superadmin@demo.co', 'supervisor@demo.co', 'asesor@demo.co', 'visualizador@demo.co', 'supervisualizador@demo.co'];
const Templates = z.array(NotificationTemplate);
const UPSERT = '/config/upsertTemplatesByCompanyAndEventType';
const PREVIEW = '/config/previewTemplate';

describe.each(BACKENDS)('notification templates on %s', (backend) => {
  let platform: TestPlatform;
  let call: ReturnType<typeof caller>;

  beforeAll(async () => {
    platform = await createTestApp(backend);
    call = caller(platform.app, await signInAll(platform.app, EMAILS));
  });
  afterAll(() => platform.close());

  const list = async (companyId: number, as = 'admin@demo.co', type?: number) => {
    const res = await call(as, 'GET', `/config/getTemplatesByCompany?companyId=${companyId}${type === undefined ? '' : `&TypeNotification=${type}`}`);
    expect(res.statusCode, res.body).toBe(200);
    return Templates.parse(res.json());
  };
  const stored = () => platform.app.db.select().from(notificationTemplates).orderBy(notificationTemplates.id);
  const sms = (over: Record<string, unknown> = {}) => ({
    companyId: 100,
    eventType: 'CHAT_NO_ATENDIDO',
    TypeNotification: 2,
    codeTemplate: 'sms-chat-no-atendido',
    BodySms: 'Chat no atendido en {{ chat.split }}: {{ cliente.nombre }} esperó {{ chat.espera }} min.',
    ...over
  });
  const email = (over: Record<string, unknown> = {}) => ({
    companyId: 100,
    eventType: 'BLOQUEO_USUARIO',
    TypeNotification: 1,
    codeTemplate: 'bloqueo',
    subject: 'Cuenta bloqueada: {{ usuario.nombre }}',
    body: 'La cuenta {{ usuario.email }} se bloqueó desde {{ bloqueo.ip }}.',
    ...over
  });

  it("gives every organisation a Spanish e-mail template of each event, in the catalogue's order, in SPEC §3's shape", async () => {
    for (const org of [100, 200]) {
      const templates = await list(org, 'superadmin@demo.co');
      expect(templates.map((t) => [t.companyId, t.eventType, t.TypeNotification])).toEqual(NOTIFICATION_EVENT_CODES.map((code) => [org, code, 1]));
      for (const t of templates) {
        // BodySms only when there is one (SPEC §5); id always, for a stored template.
        expect(Object.keys(t)).not.toContain('BodySms');
        expect(t.id).toBeGreaterThan(0);
        expect(t.version).toBe(1);
        expect(t.subject).not.toBe('');
      }
    }
    expect(await list(100, 'admin@demo.co', 2)).toEqual([]);
    expect((await list(100, 'admin@demo.co', 1)).length).toBe(NOTIFICATION_EVENTS.length);
    // Each default reads only its event's variables (the same check a save makes).
    for (const t of DEFAULT_NOTIFICATION_TEMPLATES) {
      const event = notificationEvent(t.eventType);
      if (!event) throw new Error(t.eventType);
      expect(templateProblem(t.subject, event, 'subject'), t.eventType).toBeNull();
      expect(templateProblem(t.body, event, 'body'), t.eventType).toBeNull();
    }
  });

  it('creates an SMS template, replaces it by company, event and type, edits it by id, and bumps the version on each save', async () => {
    const created = await call('admin@demo.co', 'POST', UPSERT, sms());
    expect(created.statusCode, created.body).toBe(200);
    const first = NotificationTemplate.parse(created.json());
    expect(first).toMatchObject({ companyId: 100, eventType: 'CHAT_NO_ATENDIDO', TypeNotification: 2, codeTemplate: 'sms-chat-no-atendido', subject: '', body: '', excludeCustomerContent: false, version: 1 });
    expect(first.BodySms).toBe(sms().BodySms);

    const replaced = NotificationTemplate.parse((await call('admin@demo.co', 'POST', UPSERT, sms({ codeTemplate: 'sms-v2', excludeCustomerContent: true }))).json());
    expect(replaced).toMatchObject({ id: first.id, codeTemplate: 'sms-v2', excludeCustomerContent: true, version: 2 });

    const edited = await call('admin@demo.co', 'POST', UPSERT, sms({ id: first.id, BodySms: 'Chat sin atender en {{ chat.split }}' }));
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ id: first.id, BodySms: 'Chat sin atender en {{ chat.split }}', version: 3 });
    const listed = await list(100, 'admin@demo.co', 2);
    expect(listed).toEqual([edited.json()]);

    // The default e-mail template of the event is a template of its own, untouched.
    const mails = await list(100);
    expect(mails.find((t) => t.eventType === 'CHAT_NO_ATENDIDO' && t.TypeNotification === 1)?.version).toBe(1);
  });

  it('refuses what cannot be sent with a Spanish 400 naming the field, storing nothing', async () => {
    const before = await tableDigest(platform.app);
    const cases: [string, object, string | RegExp][] = [
      ['an unknown variable', email({ subject: 'Hola {{ usuario.nombr }}' }), 'subject: El asunto usa variables que el evento no tiene: «usuario.nombr»'],
      ['another event’s variable', email({ body: '{{ cliente.nombre }}' }), 'body: El cuerpo del correo usa variables que el evento no tiene: «cliente.nombre»'],
      ['bad Liquid', email({ body: '{% if %}x{% endif %}' }), /^body: El cuerpo del correo no es una plantilla válida: /],
      ['an include', email({ body: "{% include 'secreto' %}" }), /^body: El cuerpo del correo no es una plantilla válida: /],
      ['an unknown filter', sms({ BodySms: '{{ chat.split | ejecutar }}' }), /^BodySms: El cuerpo del SMS no es una plantilla válida: /],
      ['an unknown event', email({ eventType: 'NO_EXISTE' }), 'eventType: El evento «NO_EXISTE» no existe'],
      ['an unknown type', email({ TypeNotification: 9 }), 'TypeNotification: El tipo de notificación 9 no existe'],
      ['WhatsApp', email({ TypeNotification: 3 }), 'TypeNotification: Esta plataforma no envía notificaciones por WhatsApp; use Correo electrónico o SMS'],
      ['no type', { ...email(), TypeNotification: undefined }, /^TypeNotification: /],
      ['an e-mail without subject', email({ subject: '' }), TEMPLATE_TEXT.subjectRequired],
      ['an e-mail without body', email({ body: '   ' }), TEMPLATE_TEXT.bodyRequired],
      ['an e-mail with BodySms', email({ BodySms: 'Hola' }), TEMPLATE_TEXT.noSmsInEmail],
      ['an SMS without BodySms', sms({ BodySms: undefined }), TEMPLATE_TEXT.smsRequired],
      ['an SMS with a subject', sms({ subject: 'Asunto' }), TEMPLATE_TEXT.noEmailInSms('subject')],
      // 3 parts of GSM-7 hold 459 characters; 467 need 4.
      ['an SMS over 3 parts (GSM-7)', sms({ BodySms: `${'x'.repeat(460)} {{ chat.split }}` }), 'BodySms: El SMS, con los datos de ejemplo del evento, ocupa 4 partes (467 caracteres, GSM-7); el máximo de la entidad es 3 partes'],
      // á forces UCS-2: 67 characters a part.
      ['an SMS over 3 parts (UCS-2)', sms({ BodySms: 'á'.repeat(202) }), /^BodySms: El SMS, con los datos de ejemplo del evento, ocupa 4 partes \(202 caracteres, UCS-2\)/],
      ['CR/LF in the subject', email({ subject: 'Hola\r\nBcc: otro@ejemplo.co' }), 'subject: El asunto no puede tener saltos de línea'],
      ['NUL in the body', email({ body: 'abc\u0000def' }), 'body: El cuerpo del correo contiene caracteres no permitidos'],
      ['an event with spaces', email({ eventType: 'BLOQUEO USUARIO' }), /^eventType: El tipo de evento solo admite/],
      ['no code', { ...email(), codeTemplate: '' }, 'codeTemplate: El código de la plantilla es obligatorio']
    ];
    for (const [name, body, message] of cases) {
      const res = await call('admin@demo.co', 'POST', UPSERT, body);
      expect(res.statusCode, `${name}: ${res.body}`).toBe(400);
      if (typeof message === 'string') expect(res.json().message, name).toBe(message);
      else expect(res.json().message, name).toMatch(message);
      // The preview refuses it the same way.
      const preview = await call('admin@demo.co', 'POST', PREVIEW, body);
      expect(preview.statusCode, `preview ${name}`).toBe(400);
    }
    expect(changedTables(before, await tableDigest(platform.app))).toEqual([]);
  });

  it("counts the SMS against the organisation's own part limit", async () => {
    await platform.app.db.insert(notificationChannels).values({ organizationId: 200, smsMaxParts: 1 });
    const two = await call('admin@otra.co', 'POST', UPSERT, sms({ companyId: 200, BodySms: `${'y'.repeat(161)}` }));
    expect(two.statusCode).toBe(400);
    expect(two.json().message).toBe('BodySms: El SMS, con los datos de ejemplo del evento, ocupa 2 partes (161 caracteres, GSM-7); el máximo de la entidad es 1 parte');
    // ñ, é and ¿ are GSM-7: 160 of them fit one part.
    const one = await call('admin@otra.co', 'POST', UPSERT, sms({ companyId: 200, BodySms: `¿Señal é${'n'.repeat(152)}` }));
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json()).toMatchObject({ companyId: 200, TypeNotification: 2 });
  });

  it('refuses another organisation: its template by id (404), its company (403), and the roles without the screen', async () => {
    const before = await tableDigest(platform.app);
    const [other] = await platform.app.db
      .select({ id: notificationTemplates.id })
      .from(notificationTemplates)
      .where(and(eq(notificationTemplates.organizationId, 200), eq(notificationTemplates.eventType, 'BLOQUEO_USUARIO')));
    const id = other?.id ?? 0;
    const byId = await call('admin@demo.co', 'POST', UPSERT, email({ id }));
    expect(byId.statusCode).toBe(404);
    expect(byId.json().message).toBe(TEMPLATE_TEXT.notFound);
    expect((await call('admin@otra.co', 'POST', UPSERT, email())).statusCode).toBe(403);
    expect((await call('admin@otra.co', 'POST', PREVIEW, email())).statusCode).toBe(403);
    expect((await call('admin@otra.co', 'GET', '/config/getTemplatesByCompany?companyId=100')).statusCode).toBe(403);
    expect((await call('admin@demo.co', 'DELETE', `/config/deleteTemplate/${id}`)).statusCode).toBe(404);
    expect((await call('admin@demo.co', 'POST', `/config/sendTestTemplate/${id}`, {})).statusCode).toBe(404);
    for (const as of ['supervisor@demo.co', 'asesor@demo.co', 'visualizador@demo.co', 'supervisualizador@demo.co']) {
      expect((await call(as, 'GET', '/config/getTemplatesByCompany?companyId=100')).statusCode, as).toBe(403);
      expect((await call(as, 'POST', UPSERT, email())).statusCode, as).toBe(403);
      expect((await call(as, 'DELETE', `/config/deleteTemplate/${id}`)).statusCode, as).toBe(403);
    }
    expect(changedTables(before, await tableDigest(platform.app))).toEqual([]);
    // The Superadministrador edits organisation 200's template.
    const chosen = await call('superadmin@demo.co', 'POST', UPSERT, email({ companyId: 200, id }));
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(chosen.json()).toMatchObject({ companyId: 200, id, version: 2 });
  });

  it('previews the typed template with the catalogue’s examples while the organisation has no record of the event, leaving out the customer’s words when asked, and stores nothing', async () => {
    const before = await tableDigest(platform.app);
    const res = await call('admin@demo.co', 'POST', PREVIEW, email());
    expect(res.statusCode, res.body).toBe(200);
    const preview = TemplatePreview.parse(res.json());
    expect(preview).toEqual({ subject: 'Cuenta bloqueada: Carlos Ruiz', body: 'La cuenta carlos@example.com se bloqueó desde 10.0.0.8.', sms: null, source: null });
    const smsPreview = TemplatePreview.parse((await call('admin@demo.co', 'POST', PREVIEW, sms({ BodySms: 'Cliente: {{ cliente.nombre }}.' }))).json());
    expect(smsPreview).toMatchObject({ subject: '', body: '', sms: 'Cliente: Ana Gómez.' });
    const hidden = TemplatePreview.parse((await call('admin@demo.co', 'POST', PREVIEW, sms({ BodySms: 'Cliente: {{ cliente.nombre }}.', excludeCustomerContent: true }))).json());
    expect(hidden.sms).toBe('Cliente: .');
    expect(changedTables(before, await tableDigest(platform.app))).toEqual([]);
  });

  it("previews with the organisation's latest real record of the event: a finished conversation with its messages, a locked account", async () => {
    const ended = new Date(Date.now() + 60_000);
    const idConv = `conv-preview-${Date.now()}`;
    await platform.app.db.insert(conversations).values({
      idConv,
      organizationId: 100,
      idVa: 1,
      channelId: 3,
      customerData: { 'Nombre completo': 'Marta Ríos', 'Correo electrónico': 'marta@ejemplo.co' },
      status: 'FINALIZADA',
      startedAt: new Date(ended.getTime() - 10 * 60_000),
      endedAt: ended,
      lastCustomerActivityAt: ended,
      lastSeq: 3,
      widgetTokenHash: randomBytes(16).toString('hex')
    });
    await platform.app.db.insert(messages).values([
      { conversationId: idConv, seq: 1, tipoMensaje: 'TEXTO', tipoUsuario: 'CLIENTE', mensaje: 'Necesito el duplicado de mi factura', fechaMensaje: ended },
      { conversationId: idConv, seq: 2, tipoMensaje: 'TEXTO', tipoUsuario: 'BOT', mensaje: 'Con gusto, se la enviamos por correo', fechaMensaje: ended },
      { conversationId: idConv, seq: 3, tipoMensaje: 'COMMAND', tipoUsuario: 'SISTEMA', mensaje: 'FCCC', fechaMensaje: ended }
    ]);
    const summary = DEFAULT_NOTIFICATION_TEMPLATES.find((t) => t.eventType === 'RESUMEN_CONVERSACION');
    const body = { companyId: 100, eventType: 'RESUMEN_CONVERSACION', TypeNotification: 1, codeTemplate: 'resumen', subject: summary?.subject ?? '', body: summary?.body ?? '' };
    const res = await call('admin@demo.co', 'POST', PREVIEW, body);
    expect(res.statusCode, res.body).toBe(200);
    const preview = TemplatePreview.parse(res.json());
    expect(preview.subject).toBe('Resumen de su conversación con Demo Contact Center');
    expect(preview.body).toContain('Hola Marta Ríos:');
    expect(preview.body).toContain(`conversación ${idConv}`);
    expect(preview.body).toMatch(/\] Cliente: Necesito el duplicado de mi factura\n\[\d\d:\d\d\] Asistente: Con gusto, se la enviamos por correo\n/);
    expect(preview.body).not.toContain('FCCC');
    expect(preview.source).toMatch(/^Conversación finalizada el \d\d\/\d\d\/\d{4} \d\d:\d\d \(Marta Ríos\)$/);
    // 'No incluir contenido del cliente': the customer's name and words left out.
    const hidden = TemplatePreview.parse((await call('admin@demo.co', 'POST', PREVIEW, { ...body, excludeCustomerContent: true })).json());
    expect(hidden.body).not.toContain('Marta');
    expect(hidden.body).not.toContain('factura');

    // A locked account of the organisation: the preview and 'Enviar prueba' use it.
    await platform.app.db.update(users).set({ lockedAt: ended, lockedFromIp: '198.51.100.7' }).where(eq(users.email, 'asesor@demo.co'));
    const locked = TemplatePreview.parse((await call('admin@demo.co', 'POST', PREVIEW, email())).json());
    expect(locked).toMatchObject({ subject: 'Cuenta bloqueada: Valentina López', body: 'La cuenta asesor@demo.co se bloqueó desde 198.51.100.7.' });
    expect(locked.source).toMatch(/^Bloqueo de Valentina López el /);
  });

  it("'Enviar prueba' queues the saved template to the editor's own address (an SMS one to the phone given) through the outbox", async () => {
    const [mail] = (await list(100)).filter((t) => t.eventType === 'BLOQUEO_USUARIO');
    const sent = await call('admin@demo.co', 'POST', `/config/sendTestTemplate/${mail?.id ?? 0}`, {});
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toEqual({ queued: true, recipient: 'admin@demo.co' });
    const [row] = await platform.app.db.select().from(notificationOutbox).where(eq(notificationOutbox.templateId, mail?.id ?? 0));
    expect(row).toMatchObject({ organizationId: 100, eventType: 'BLOQUEO_USUARIO', typeNotificationId: 1, recipient: 'admin@demo.co', recipientRole: 'ADMINISTRADOR', templateVersion: mail?.version });
    // Queued, and the worker woken after the commit may already have taken it.
    expect(['PENDIENTE', 'ENVIANDO', 'ENVIADA']).toContain(row?.status);
    // Rendered as its preview: with the organisation's latest locked account.
    expect(row?.variables).toMatchObject({ 'usuario.nombre': 'Valentina López', 'usuario.email': 'asesor@demo.co', 'bloqueo.ip': '198.51.100.7' });

    const [text] = await list(100, 'admin@demo.co', 2);
    const noPhone = await call('admin@demo.co', 'POST', `/config/sendTestTemplate/${text?.id ?? 0}`, {});
    expect(noPhone.statusCode).toBe(400);
    expect(noPhone.json().message).toBe(SEND_TEST_TEXT.phoneRequired);
    expect((await call('admin@demo.co', 'POST', `/config/sendTestTemplate/${text?.id ?? 0}`, { phone: '12ab' })).statusCode).toBe(400);
    const toPhone = await call('admin@demo.co', 'POST', `/config/sendTestTemplate/${text?.id ?? 0}`, { phone: '+57 300 123 4567'.replace(/ /g, '') });
    expect(toPhone.json()).toEqual({ queued: true, recipient: '+573001234567' });
    const queued = await platform.app.db.select().from(notificationOutbox).where(eq(notificationOutbox.templateId, text?.id ?? 0));
    expect(queued.map((r) => [r.recipient, r.typeNotificationId])).toEqual([['+573001234567', 2]]);
    // Each test is a new event: a second one queues again.
    expect((await call('admin@demo.co', 'POST', `/config/sendTestTemplate/${mail?.id ?? 0}`, {})).json()).toEqual({ queued: true, recipient: 'admin@demo.co' });
    expect((await platform.app.db.select().from(notificationOutbox).where(eq(notificationOutbox.templateId, mail?.id ?? 0))).length).toBe(2);
  });

  it("deletes a template with SPEC's answer; again, or another organisation's, is a 404", async () => {
    const [text] = await list(100, 'admin@demo.co', 2);
    const id = text?.id ?? 0;
    const res = await call('admin@demo.co', 'DELETE', `/config/deleteTemplate/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true });
    expect(await list(100, 'admin@demo.co', 2)).toEqual([]);
    expect((await call('admin@demo.co', 'DELETE', `/config/deleteTemplate/${id}`)).statusCode).toBe(404);
    // Organisation 200's template: not reachable by organisation 100's administrator, deleted by the Superadministrador.
    const [theirs] = await list(200, 'admin@otra.co', 2);
    expect((await call('admin@demo.co', 'DELETE', `/config/deleteTemplate/${theirs?.id ?? 0}`)).statusCode).toBe(404);
    expect((await list(200, 'admin@otra.co', 2)).length).toBe(1);
    expect((await call('superadmin@demo.co', 'DELETE', `/config/deleteTemplate/${theirs?.id ?? 0}`)).json()).toEqual({ success: true });
    expect(await list(200, 'admin@otra.co', 2)).toEqual([]);
    expect((await stored()).every((t) => t.typeNotificationId === 1)).toBe(true);
  });

  it('gives a new organisation the default templates too', async () => {
    const res = await call('superadmin@demo.co', 'POST', '/api/organizations', { name: 'Nueva Entidad', schemaName: 'nueva_entidad', organizationType: 'Entidad', isActive: true });
    expect(res.statusCode, res.body).toBe(200);
    const [created] = await platform.app.db.select({ idOrg: organizations.idOrg }).from(organizations).where(eq(organizations.schemaName, 'nueva_entidad'));
    const templates = await list(created?.idOrg ?? 0, 'superadmin@demo.co');
    expect(templates.map((t) => t.eventType)).toEqual(NOTIFICATION_EVENT_CODES);
    expect(templates.map((t) => t.subject)).toEqual(DEFAULT_NOTIFICATION_TEMPLATES.map((t) => t.subject));
  });
});
