import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { MSG } from '../../../src/shared/messages';
import { organizations, users } from '../../../src/server/db/schema';
import { connectNotifyKick } from '../../../src/server/notify/kick';
import { BACKENDS } from '../../support/database';
import { createTestApp, login, type TestPlatform } from '../../support/app';
import { MONDAY_10AM, TestClock } from '../../support/platform';
import { createChatFixture, type ChatFixture } from '../realtime/fixtures';
import { addNotificationEmail, addTemplates, addUser, outboxOf } from './notify-events-fixtures';

/**
 * Issue 39: the failed sign-in that locks an account raises BLOQUEO_USUARIO to the organisation's
 * administrators and notification e-mails, in the transaction of the lock: neither commits without the other.
 */
describe.each(BACKENDS)('BLOQUEO_USUARIO (%s)', (backend) => {
  let platform: TestPlatform;
  let fx: ChatFixture;
  const clock = new TestClock(MONDAY_10AM);
  const recipients: string[] = [];
  let kicks = 0;
  let disconnect: () => void = () => undefined;
  const db = () => platform.app.db;

  beforeAll(async () => {
    disconnect = connectNotifyKick(() => {
      kicks++;
    });
    platform = await createTestApp(backend, { clock: clock.read });
    fx = await createChatFixture(platform.app, { agentsA: 3 });
    await db().update(organizations).set({ loginAttemptsAllowed: 3 }).where(eq(organizations.idOrg, fx.orgId));
    await addTemplates(db(), fx.orgId, 'BLOQUEO_USUARIO', { sms: true });
    const admin = `admin.${fx.orgId}@pruebas.co`;
    const superadmin = `super.${fx.orgId}@pruebas.co`;
    await addUser(db(), fx.orgId, { role: 3, email: admin, name: 'Admin Prueba' });
    await addUser(db(), fx.orgId, { role: 1, email: superadmin, name: 'Super Prueba' });
    // Neither a viewer nor a former administrator is told.
    await addUser(db(), fx.orgId, { role: 4, email: `visor.${fx.orgId}@pruebas.co`, name: 'Visor' });
    await addUser(db(), fx.orgId, { role: 3, email: `antiguo.${fx.orgId}@pruebas.co`, name: 'Antiguo', isActive: false });
    await addNotificationEmail(db(), fx.orgId, `seguridad.${fx.orgId}@pruebas.co`);
    recipients.push(admin, superadmin, `seguridad.${fx.orgId}@pruebas.co`);
  });
  afterAll(async () => {
    disconnect();
    await platform?.close();
  });

  const agent = (i: number) => {
    const a = fx.agents[i];
    if (!a) throw new Error(`agent ${i} expected`);
    return a;
  };
  const lockRows = async () => (await outboxOf(db(), fx.orgId)).filter((r) => r.eventType === 'BLOQUEO_USUARIO');

  it('the failure that locks the account queues the notice to each administrator and notification e-mail, by e-mail only (no phones), once', async () => {
    const person = agent(0);
    for (let attempt = 1; attempt <= 2; attempt++) expect((await login(platform.app, person.email, `mala-${attempt}`)).statusCode).toBe(401);
    expect(await lockRows()).toEqual([]);
    const before = kicks;
    const third = await login(platform.app, person.email, 'mala-3');
    expect(third.statusCode).toBe(403);
    expect(third.json().message).toBe(MSG.session.userLocked);

    const rows = await lockRows();
    expect(rows.map((r) => [r.recipient, r.recipientRole, r.typeNotificationId]).sort()).toEqual(recipients.map((e) => [e, 'ADMINISTRADOR', 1]).sort());
    expect(new Set(rows.map((r) => r.eventId)).size).toBe(1);
    expect(rows[0]?.variables).toEqual({
      'organizacion.nombre': fx.orgName,
      fecha: '02/03/2026 10:00',
      'usuario.nombre': person.name,
      'usuario.email': person.email,
      'bloqueo.ip': '127.0.0.1'
    });
    expect(kicks).toBeGreaterThan(before);

    // Locked already: further failures lock nothing more and tell no one again.
    expect((await login(platform.app, person.email, 'mala-4')).statusCode).toBe(403);
    expect(await lockRows()).toHaveLength(rows.length);
  });

  it('when the notice cannot be queued the lock is not kept either (one transaction); once it can, the next failure locks and tells', async () => {
    const person = agent(1);
    await db().execute(sql`create or replace function notify_test_refuse() returns trigger language plpgsql as $$ begin raise exception 'outbox refused'; end $$`);
    await db().execute(sql`create trigger notify_test_refuse before insert on notification_outbox for each row execute function notify_test_refuse()`);
    try {
      for (let attempt = 1; attempt <= 2; attempt++) expect((await login(platform.app, person.email, `mala-${attempt}`)).statusCode).toBe(401);
      expect((await login(platform.app, person.email, 'mala-3')).statusCode).toBe(500);
      const [row] = await db().select({ isLocked: users.isLocked, failedAttempts: users.failedAttempts }).from(users).where(eq(users.idUser, person.userId));
      expect(row).toEqual({ isLocked: false, failedAttempts: 2 });
    } finally {
      await db().execute(sql`drop trigger notify_test_refuse on notification_outbox`);
      await db().execute(sql`drop function notify_test_refuse()`);
    }
    const before = (await lockRows()).length;
    expect((await login(platform.app, person.email, 'mala-4')).statusCode).toBe(403);
    const after = await lockRows();
    expect(after.length - before).toBe(recipients.length);
    expect(after.at(-1)?.variables).toMatchObject({ 'usuario.email': person.email });
  });

  it('an organisation without a BLOQUEO_USUARIO template: the account locks, nothing is queued', async () => {
    const other = await createChatFixture(platform.app, { agentsA: 1 });
    await db().update(organizations).set({ loginAttemptsAllowed: 1 }).where(eq(organizations.idOrg, other.orgId));
    await addUser(db(), other.orgId, { role: 3, email: `admin.${other.orgId}@pruebas.co`, name: 'Admin' });
    const person = other.agents[0];
    if (!person) throw new Error('an agent expected');
    expect((await login(platform.app, person.email, 'mala')).statusCode).toBe(403);
    const [row] = await db().select({ isLocked: users.isLocked }).from(users).where(eq(users.idUser, person.userId));
    expect(row?.isLocked).toBe(true);
    expect(await outboxOf(db(), other.orgId)).toEqual([]);
  });
});
