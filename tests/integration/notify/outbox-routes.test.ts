import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationOutbox, notificationSuppressions } from '../../../src/server/db/schema';
import { endpoints } from '../../../src/shared/api/catalogue';
import { bearer, createTestApp, signIn, type TestPlatform } from '../../support/app';
import { BACKENDS } from '../../support/database';
import { notifyConfig } from './fixtures';

/** The 'Reintentar' list and the suppression list, scoped to the caller's organisation. */
describe.each(BACKENDS)('the outbox and suppression routes on %s', (backend) => {
  let platform: TestPlatform;
  let admin: string;
  let other: string;
  let viewer: string;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    platform = await createTestApp(backend, notifyConfig());
    const { app } = platform;
    admin = (await signIn(app, 'admin@demo.co')).token;
    other = (await signIn(app, 'admin@otra.co')).token;
    viewer = (await signIn(app, 'visualizador@demo.co')).token;
    const row = (org: number, recipient: string, status: string, lastError: string, minutesAgo: number) => ({
      organizationId: org,
      eventId: randomUUID(),
      eventType: 'CHAT_NO_ATENDIDO',
      typeNotificationId: 1,
      templateVersion: 1,
      recipient,
      recipientRole: 'SUPERVISOR',
      idempotencyKey: randomUUID(),
      variables: {},
      status,
      attempts: status === 'PENDIENTE' ? 1 : 5,
      lastError,
      // Far in the future: the worker leaves a pending one alone.
      nextAttemptAt: new Date(Date.now() + 3_600_000),
      createdAt: new Date(Date.now() - minutesAgo * 60_000)
    });
    const made = await app.db
      .insert(notificationOutbox)
      .values([
        row(100, 'fallida.vieja@demo.co', 'FALLIDA', '451 ocupado', 30),
        row(100, 'reintentando@demo.co', 'PENDIENTE', '451 ocupado', 5),
        row(100, 'enviada@demo.co', 'ENVIADA', '', 1),
        row(100, 'suprimida@demo.co', 'SUPRIMIDA', 'Dirección suprimida', 1),
        row(200, 'fallida@otra.co', 'FALLIDA', '550', 2)
      ])
      .returning({ id: notificationOutbox.id, recipient: notificationOutbox.recipient });
    for (const m of made) ids[m.recipient] = m.id;
    await app.db.insert(notificationSuppressions).values([
      { organizationId: 100, address: 'rebotada@demo.co', reason: 'Rechazo permanente: 550 Buzón de destino no existe' },
      { organizationId: 200, address: 'rebotada@otra.co', reason: 'Rechazo permanente: 550' }
    ]);
  });
  afterAll(() => platform?.close());

  const send = (token: string, method: 'GET' | 'POST' | 'DELETE', path: string, org: number, id?: number, query = '') =>
    platform.app.inject({ method, url: `${path.replace('{idOrg}', String(org)).replace('{id}', String(id ?? 0))}${query}`, headers: bearer(token) });

  it('lists the failed notifications and those still being retried, newest first, of the caller\'s organisation only', async () => {
    const res = await send(admin, 'GET', endpoints.outboxEntries.path, 100);
    expect(res.statusCode).toBe(200);
    expect(res.json<{ destinatario: string }[]>().map((e) => e.destinatario)).toEqual(['reintentando@demo.co', 'fallida.vieja@demo.co']);
    expect((await send(other, 'GET', endpoints.outboxEntries.path, 100)).statusCode).toBe(403);
    expect((await send(viewer, 'GET', endpoints.outboxEntries.path, 100)).statusCode).toBe(403);
  });

  it("'Reintentar' takes only a failed notification of the organisation", async () => {
    const pending = await send(admin, 'POST', endpoints.retryOutboxEntry.path, 100, ids['reintentando@demo.co']);
    expect(pending.statusCode).toBe(409);
    expect(pending.json()).toMatchObject({ message: 'Solo se puede reintentar una notificación fallida' });
    expect((await send(admin, 'POST', endpoints.retryOutboxEntry.path, 100, ids['enviada@demo.co'])).statusCode).toBe(409);
    const foreign = await send(admin, 'POST', endpoints.retryOutboxEntry.path, 100, ids['fallida@otra.co']);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ message: 'La notificación no existe' });
    expect((await send(admin, 'POST', endpoints.retryOutboxEntry.path, 100, 999_999)).statusCode).toBe(404);
    const bad = await send(admin, 'POST', endpoints.retryOutboxEntry.path, 100, -1);
    expect(bad.statusCode).toBe(400);
  });

  it('lists and lifts suppressions of the organisation only', async () => {
    const listed = await send(admin, 'GET', endpoints.notificationSuppressions.path, 100);
    expect(listed.json()).toEqual([{ address: 'rebotada@demo.co', reason: 'Rechazo permanente: 550 Buzón de destino no existe', since: expect.any(String) }]);
    expect((await send(admin, 'DELETE', endpoints.deleteNotificationSuppression.path, 100, undefined, '?address=rebotada@otra.co')).statusCode).toBe(404);
    const blank = await send(admin, 'DELETE', endpoints.deleteNotificationSuppression.path, 100, undefined, '?address=%20');
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toMatchObject({ message: expect.stringMatching(/dirección/) });
    const lifted = await send(admin, 'DELETE', endpoints.deleteNotificationSuppression.path, 100, undefined, '?address=Rebotada@Demo.co');
    expect(lifted.statusCode).toBe(200);
    expect(lifted.json()).toEqual({ success: true });
    expect((await send(admin, 'GET', endpoints.notificationSuppressions.path, 100)).json()).toEqual([]);
    expect((await send(other, 'GET', endpoints.notificationSuppressions.path, 200)).json()).toHaveLength(1);
  });
});
