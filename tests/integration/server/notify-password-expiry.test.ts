import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { notificationTemplates, organizations, users } from '../../../src/server/db/schema';
import { DIRECTORY_ONLY_HASH } from '../../../src/server/auth/passwords';
import { connectNotifyKick } from '../../../src/server/notify/kick';
import { PASSWORD_EXPIRY_NOTICE_DAYS, PasswordExpiryJob, queuePasswordExpiryNotices } from '../../../src/server/notify/password-expiry';
import { BACKENDS } from '../../support/database';
import { createTestApp, type TestPlatform } from '../../support/app';
import { eventually } from '../../support/platform';
import { createChatFixture, type ChatFixture } from '../realtime/fixtures';
import { addTemplates, addUser, outboxOf } from './notify-events-fixtures';

const DAY = 86_400_000;
/** Tuesday 3 March 2026, 09:00 in Bogotá. */
const NOW = new Date('2026-03-03T14:00:00.000Z');
const daysAgo = (days: number, from = NOW) => new Date(from.getTime() - days * DAY);

/**
 * Issue 39: CONTRASENA_POR_VENCER, PASSWORD_EXPIRY_NOTICE_DAYS (5) ahead of a password's expiry
 * (passwordExpirationDays after its change), once per person and expiry however often the job runs.
 */
describe.each(BACKENDS)('CONTRASENA_POR_VENCER (%s)', (backend) => {
  let platform: TestPlatform;
  let fx: ChatFixture;
  const people: Record<string, { id: number; email: string }> = {};
  let kicks = 0;
  let disconnect: () => void = () => undefined;
  const db = () => platform.app.db;

  beforeAll(async () => {
    disconnect = connectNotifyKick(() => {
      kicks++;
    });
    platform = await createTestApp(backend);
    fx = await createChatFixture(platform.app, { agentsA: 0 });
    await db().update(organizations).set({ passwordExpirationDays: 30 }).where(eq(organizations.idOrg, fx.orgId));
    await addTemplates(db(), fx.orgId, 'CONTRASENA_POR_VENCER');
    const make = async (key: string, role: number, changed: Date, extra: Partial<typeof users.$inferInsert> = {}) => {
      const email = `${key}.${fx.orgId}@pruebas.co`;
      const id = await addUser(db(), fx.orgId, { role, email, name: `Persona ${key}` });
      await db().update(users).set({ passwordChangedAt: changed, ...extra }).where(eq(users.idUser, id));
      people[key] = { id, email };
    };
    await make('tres', 5, daysAgo(27)); // 3 days left: due
    await make('cuatro', 6, daysAgo(26)); // 4 days left: due
    await make('diez', 5, daysAgo(20)); // 10 left: not yet
    await make('vencida', 5, daysAgo(31)); // expired: the sign-in's, not this job's
    await make('directorio', 5, daysAgo(27), { passwordHash: DIRECTORY_ONLY_HASH });
    await make('marcada', 5, daysAgo(27), { mustChangePassword: true });
    await make('inactiva', 5, daysAgo(27), { isActive: false });
    await make('borrada', 5, daysAgo(27), { deletedAt: daysAgo(1) });
  });
  afterAll(async () => {
    disconnect();
    await platform?.close();
  });

  const notices = async () => (await outboxOf(db(), fx.orgId)).filter((r) => r.eventType === 'CONTRASENA_POR_VENCER');
  const recipientsOf = async () => (await notices()).map((r) => [r.recipient, r.recipientRole]).sort();

  it('queues the notice of each person whose password expires within N days, to that person, with the days left and the date', async () => {
    expect(PASSWORD_EXPIRY_NOTICE_DAYS).toBe(5);
    const before = kicks;
    const report = await queuePasswordExpiryNotices(db(), NOW);
    expect(report).toMatchObject({ due: 2, told: 2, queued: 2 });
    expect(await recipientsOf()).toEqual(
      [
        [people.cuatro?.email, 'SUPERVISOR'],
        [people.tres?.email, 'ASESOR']
      ].sort()
    );
    const byRecipient = new Map((await notices()).map((r) => [r.recipient, r.variables]));
    expect(byRecipient.get(people.tres?.email ?? '')).toEqual({
      'organizacion.nombre': fx.orgName,
      fecha: '03/03/2026 09:00',
      'usuario.nombre': 'Persona tres',
      'contrasena.dias': 3,
      'contrasena.vence': '06/03/2026'
    });
    expect(byRecipient.get(people.cuatro?.email ?? '')).toMatchObject({ 'contrasena.dias': 4, 'contrasena.vence': '07/03/2026' });
    expect(kicks).toBeGreaterThan(before);
  });

  it('queues nothing twice: a second run, two at once (two processes), a run after the template changed', async () => {
    const count = (await notices()).length;
    expect(await queuePasswordExpiryNotices(db(), NOW)).toMatchObject({ due: 2, told: 0, queued: 0 });
    const [a, b] = await Promise.all([queuePasswordExpiryNotices(db(), new Date(NOW.getTime() + 60_000)), queuePasswordExpiryNotices(db(), new Date(NOW.getTime() + 60_000))]);
    expect((a?.queued ?? 0) + (b?.queued ?? 0)).toBe(0);
    // A new version of the template is a new idempotency key: the notice already queued is found all the same.
    await db()
      .update(notificationTemplates)
      .set({ version: 2, body: 'Cambie su contraseña' })
      .where(and(eq(notificationTemplates.organizationId, fx.orgId), eq(notificationTemplates.eventType, 'CONTRASENA_POR_VENCER')));
    expect(await queuePasswordExpiryNotices(db(), new Date(NOW.getTime() + 2 * 3_600_000))).toMatchObject({ queued: 0 });
    expect(await notices()).toHaveLength(count);
  });

  it('a person becomes due N days ahead; a password changed since has a new expiry and a new notice in its time', async () => {
    const count = (await notices()).length;
    // Five days later the 'diez' password has 5 left.
    const later = new Date(NOW.getTime() + 5 * DAY);
    const report = await queuePasswordExpiryNotices(db(), later);
    expect(report.queued).toBe(1);
    expect((await notices()).at(-1)).toMatchObject({ recipient: people.diez?.email, variables: { 'contrasena.dias': 5 } });

    // 'tres' changed the password two days ago, then 24 days pass: due again, for the new expiry.
    await db().update(users).set({ passwordChangedAt: daysAgo(2) }).where(eq(users.idUser, people.tres?.id ?? 0));
    expect((await queuePasswordExpiryNotices(db(), later)).queued).toBe(0);
    const newExpiryDue = new Date(NOW.getTime() + 26 * DAY);
    await queuePasswordExpiryNotices(db(), newExpiryDue);
    const again = (await notices()).filter((r) => r.recipient === people.tres?.email);
    expect(again).toHaveLength(2);
    expect(new Set(again.map((r) => r.eventId)).size).toBe(2);
    expect((await notices()).length).toBeGreaterThan(count + 1);
  });

  it('an organisation without the template, or whose passwords never expire, is not looked at', async () => {
    const bare = await createChatFixture(platform.app, { agentsA: 0 });
    await db().update(organizations).set({ passwordExpirationDays: 30 }).where(eq(organizations.idOrg, bare.orgId));
    const id = await addUser(db(), bare.orgId, { role: 5, email: `sin.${bare.orgId}@pruebas.co`, name: 'Sin plantilla' });
    await db().update(users).set({ passwordChangedAt: daysAgo(27) }).where(eq(users.idUser, id));
    await queuePasswordExpiryNotices(db(), NOW);
    expect(await outboxOf(db(), bare.orgId)).toEqual([]);

    await addTemplates(db(), bare.orgId, 'CONTRASENA_POR_VENCER');
    await db().update(organizations).set({ passwordExpirationDays: 0 }).where(eq(organizations.idOrg, bare.orgId));
    await queuePasswordExpiryNotices(db(), NOW);
    expect(await outboxOf(db(), bare.orgId)).toEqual([]);
  });

  it('the job runs on its own timer and stops when closed', async () => {
    const other = await createChatFixture(platform.app, { agentsA: 0 });
    await db().update(organizations).set({ passwordExpirationDays: 30 }).where(eq(organizations.idOrg, other.orgId));
    await addTemplates(db(), other.orgId, 'CONTRASENA_POR_VENCER');
    const id = await addUser(db(), other.orgId, { role: 3, email: `temporizador.${other.orgId}@pruebas.co`, name: 'Temporizador' });
    await db().update(users).set({ passwordChangedAt: daysAgo(28) }).where(eq(users.idUser, id));
    const errors: unknown[] = [];
    const job = new PasswordExpiryJob({ db: db(), clock: () => NOW, onError: (e) => errors.push(e), firstRunMs: 1, intervalMs: 20 });
    job.start();
    try {
      const rows = await eventually(async () => {
        const found = await outboxOf(db(), other.orgId);
        if (found.length === 0) throw new Error('not yet');
        return found;
      });
      expect(rows.map((r) => [r.recipient, r.recipientRole])).toEqual([[`temporizador.${other.orgId}@pruebas.co`, 'ADMINISTRADOR']]);
      // Later runs of the timer add nothing.
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(await outboxOf(db(), other.orgId)).toHaveLength(1);
    } finally {
      await job.close();
    }
    expect(errors).toEqual([]);
  });
});
