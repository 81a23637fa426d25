import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { NotificationEmail } from '../../../src/shared/domain/notification';
import { notificationChannels, notificationEmails } from '../../../src/server/db/schema';
import { DEMO_NOTIFICATION_EMAILS } from '../../../src/server/demo/notification-templates.seed';
import { NOTIFICATION_EMAIL_TEXT } from '../../../src/server/settings/repositories/notification-emails';
import { BACKENDS } from '../../support/database';
import { createTestApp, type TestPlatform } from '../../support/app';
import { caller, signInAll } from './chat-fixtures';
import { changedTables, tableDigest } from './hostile-input-cases';

/**
 * notificaciones/emails (SPEC §7 "Notification emails", issue 39): the addresses that receive an
 * organisation's staff notifications — listed newest first (SPEC §4: created are prepended),
 * validated and stored lower case, once per organisation (409), never the organisation's own sending
 * address (a loop: 400) — for roles 1 and 3, each organisation its own.
 */

const Emails = z.array(NotificationEmail);
const E = (org: number) => `/api/organization/${org}/emailsNotifications`;

describe.each(BACKENDS)('notification e-mails on %s', (backend) => {
  let platform: TestPlatform;
  let call: ReturnType<typeof caller>;

  beforeAll(async () => {
    platform = await createTestApp(backend);
    call = caller(platform.app, await signInAll(platform.app, ['admin@demo.co', 'admin@otra.co', 'superadmin@demo.co', 'supervisor@demo.co', 'visualizador@demo.co']));
  });
  afterAll(() => platform.close());

  const list = async (org = 100, as = 'admin@demo.co') => {
    const res = await call(as, 'GET', `${E(org)}/getEmailsNotifications`);
    expect(res.statusCode, res.body).toBe(200);
    return Emails.parse(res.json());
  };
  const create = (body: object, org = 100, as = 'admin@demo.co') => call(as, 'POST', `${E(org)}/createEmailNotifications`, body);
  const update = (body: object, org = 100, as = 'admin@demo.co') => call(as, 'PUT', `${E(org)}/updateEmailNotifications`, body);
  const remove = (idEmail: number, org = 100, as = 'admin@demo.co') => call(as, 'DELETE', `${E(org)}/deleteteEmailNotifications?idEmail=${idEmail}`);

  it("lists the demo organisation's notification e-mails, newest first; the other organisation has none", async () => {
    const emails = await list();
    expect(emails.map((e) => [e.email, e.descripcion, e.activo])).toEqual(DEMO_NOTIFICATION_EMAILS.map((e) => [e.email, e.descripcion, true]));
    expect(await list(200, 'admin@otra.co')).toEqual([]);
  });

  it('creates an address stored lower case and answers it; it heads the list', async () => {
    const res = await create({ email: '  Coordinacion.Turnos@Demo.CO ', descripcion: 'Turnos' });
    expect(res.statusCode, res.body).toBe(200);
    const created = NotificationEmail.parse(res.json());
    expect(created).toMatchObject({ email: 'coordinacion.turnos@demo.co', descripcion: 'Turnos', activo: true });
    expect((await list())[0]).toEqual(created);
  });

  it('refuses an invalid address, a duplicate in any case, and the sending address, storing nothing', async () => {
    const before = await tableDigest(platform.app);
    const invalid = await create({ email: 'no-es-un-correo' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().message).toBe('email: Ingrese un correo electrónico válido');
    for (const bad of ['ana@', 'ana@demo', 'ana demo@demo.co', 'ana@demo.co\r\nBcc: x@y.co', 'abc\u0000@demo.co', '']) expect((await create({ email: bad })).statusCode, bad).toBe(400);
    expect((await create({ descripcion: 'sin correo' })).statusCode).toBe(400);
    const duplicate = await create({ email: 'SUPERVISION@demo.co' });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().message).toBe(NOTIFICATION_EMAIL_TEXT.duplicate);
    // The platform's own From (no address of the organisation's is set yet).
    const loop = await create({ email: 'Notificaciones@Atiende.local' });
    expect(loop.statusCode).toBe(400);
    expect(loop.json().message).toBe(NOTIFICATION_EMAIL_TEXT.ownSender);
    expect(changedTables(before, await tableDigest(platform.app))).toEqual([]);
    // The organisation's own From, once it has one.
    await platform.app.db.insert(notificationChannels).values({ organizationId: 100, fromAddress: 'avisos@demo.co' });
    expect((await create({ email: 'avisos@demo.co' })).json().message).toBe(NOTIFICATION_EMAIL_TEXT.ownSender);
    // The platform's address is then an ordinary one for this organisation.
    expect((await create({ email: 'notificaciones@atiende.local' })).statusCode).toBe(200);
    await platform.app.db.delete(notificationEmails).where(eq(notificationEmails.email, 'notificaciones@atiende.local'));
  });

  it('updates an address of the organisation; a duplicate is a 409, the From a 400, another organisation’s a 404', async () => {
    const [first] = await list();
    if (!first) throw new Error('no e-mail');
    const res = await update({ idEmail: first.idEmail, email: 'Turnos@Demo.co', descripcion: 'Turnos de fin de semana', activo: false });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ idEmail: first.idEmail, email: 'turnos@demo.co', descripcion: 'Turnos de fin de semana', activo: false });
    expect((await list()).find((e) => e.idEmail === first.idEmail)?.activo).toBe(false);

    const before = await tableDigest(platform.app);
    const duplicate = await update({ idEmail: first.idEmail, email: 'seguridad@demo.co' });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().message).toBe(NOTIFICATION_EMAIL_TEXT.duplicate);
    expect((await update({ idEmail: first.idEmail, email: 'avisos@demo.co' })).statusCode).toBe(400);
    expect((await update({ idEmail: first.idEmail, email: 'x' })).statusCode).toBe(400);
    expect((await update({ email: 'otro@demo.co' })).statusCode).toBe(400);
    const foreign = await update({ idEmail: first.idEmail, email: 'otro@otra.co' }, 200, 'admin@otra.co');
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe(NOTIFICATION_EMAIL_TEXT.notFound);
    expect((await update({ idEmail: first.idEmail, email: 'otro@otra.co' }, 100, 'admin@otra.co')).statusCode).toBe(403);
    expect(changedTables(before, await tableDigest(platform.app))).toEqual([]);
  });

  it("deletes an address with { success: true }; again, or another organisation's, is a 404", async () => {
    const [first] = await list();
    if (!first) throw new Error('no e-mail');
    expect((await remove(first.idEmail, 200, 'admin@otra.co')).statusCode).toBe(404);
    expect((await remove(first.idEmail, 100, 'admin@otra.co')).statusCode).toBe(403);
    const res = await remove(first.idEmail);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true });
    expect((await list()).map((e) => e.idEmail)).not.toContain(first.idEmail);
    expect((await remove(first.idEmail)).statusCode).toBe(404);
    expect((await call('admin@demo.co', 'DELETE', `${E(100)}/deleteteEmailNotifications`)).statusCode).toBe(400);
  });

  it("lets the Superadministrador manage another organisation's addresses, and refuses the roles without the screen", async () => {
    const created = await create({ email: 'alertas@otra.co', descripcion: 'Alertas' }, 200, 'superadmin@demo.co');
    expect(created.statusCode, created.body).toBe(200);
    expect((await list(200, 'admin@otra.co')).map((e) => e.email)).toEqual(['alertas@otra.co']);
    // The same address may be registered by another organisation.
    expect((await create({ email: 'alertas@otra.co' })).statusCode).toBe(200);
    for (const as of ['supervisor@demo.co', 'visualizador@demo.co']) {
      expect((await call(as, 'GET', `${E(100)}/getEmailsNotifications`)).statusCode, as).toBe(403);
      expect((await create({ email: 'x@demo.co' }, 100, as)).statusCode, as).toBe(403);
    }
  });
});
