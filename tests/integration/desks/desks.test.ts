import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { DeskHealthList, DESK_ERRORS_PER_REPORT, type DeskReportBody } from '../../../src/shared/domain/desks';
import { agentPresence, deskErrors, desks, users } from '../../../src/server/db/schema';
import { DESK_FLOOD_TEXT } from '../../../src/server/routes/desks';
import { recordDeskReport } from '../../../src/server/desks/repository';
import { BACKENDS } from '../../support/database';
import { signedInPlatform } from '../server/chat-fixtures';

const EMAILS = ['asesor@demo.co', 'supervisor@demo.co', 'admin@demo.co', 'visualizador@demo.co', 'admin@otra.co'];
const AT = '2026-12-04T10:00:00.000Z';

function report(deskId: string, overrides: Partial<DeskReportBody> = {}): DeskReportBody {
  return {
    deskId,
    appVersion: '1.4.0',
    os: 'win32',
    osVersion: '10.0.22631',
    uptimeSeconds: 3600,
    update: { phase: 'ready', version: '1.5.0' },
    rendererErrors: [
      { at: AT, message: 'TypeError: x is undefined' },
      { at: AT, message: 'RangeError: Invalid time value' }
    ],
    mainErrors: [{ at: AT, message: 'Chat link: socket closed' }],
    platformRestarts: 0,
    ...overrides
  };
}

/** Issue 41: what each desk reports, and 'Salud de los puestos' reading it. */
describe.each(BACKENDS)('the health of every desk on %s', (backend) => {
  const signed = signedInPlatform(backend, EMAILS);

  const list = async (as = 'supervisor@demo.co', org = 100) => DeskHealthList.parse((await signed.call(as, 'GET', `/api/organization/${org}/desks`)).json());

  it('stores a desk’s report under its organisation and user, with its errors, and lists it for supervisors and administrators', async () => {
    const desk = randomUUID();
    expect((await signed.call('asesor@demo.co', 'POST', '/api/desks/report', report(desk))).statusCode).toBe(200);
    for (const as of ['supervisor@demo.co', 'admin@demo.co']) {
      const { items, versions } = await list(as);
      const row = items.find((d) => d.deskId === desk);
      expect(row, as).toMatchObject({ user: { email: 'asesor@demo.co', role: 5 }, appVersion: '1.4.0', os: 'win32', updatePhase: 'ready', updateVersion: '1.5.0', errors24h: 3, silent: false });
      expect(versions).toContainEqual({ version: '1.4.0', desks: expect.any(Number) as number });
    }
  });

  it('refuses a flood from one desk (429), an oversized or malformed report (413, 400), and changes nothing', async () => {
    const desk = randomUUID();
    expect((await signed.call('asesor@demo.co', 'POST', '/api/desks/report', report(desk))).statusCode).toBe(200);
    const again = await signed.call('asesor@demo.co', 'POST', '/api/desks/report', report(desk, { appVersion: '9.9.9' }));
    expect(again.statusCode).toBe(429);
    expect(again.json<{ message: string }>().message).toBe(DESK_FLOOD_TEXT);
    const other = randomUUID();
    const bad: [string, object, number][] = [
      ['not a uuid', report('desk-1'), 400],
      ['too many errors', report(other, { rendererErrors: Array.from({ length: DESK_ERRORS_PER_REPORT + 1 }, () => ({ at: AT, message: 'x' })) }), 400],
      ['NUL in a message', report(other, { mainErrors: [{ at: AT, message: 'a\u0000b' }] }), 400],
      ['an unknown key', { ...report(other), idUser: 1 }, 400],
      ['a negative uptime', report(other, { uptimeSeconds: -1 }), 400],
      ['70 KB', report(other, { osVersion: 'x'.repeat(70 * 1024) }), 413]
    ];
    for (const [label, body, status] of bad) expect((await signed.call('asesor@demo.co', 'POST', '/api/desks/report', body)).statusCode, label).toBe(status);
    const stored = await signed.platform.app.db.select().from(desks).where(eq(desks.deskId, desk));
    expect(stored.map((d) => d.appVersion)).toEqual(['1.4.0']);
    expect(await signed.platform.app.db.select().from(desks).where(eq(desks.deskId, other))).toEqual([]);
  });

  it('keeps one PC used by two organisations apart, and shows each only its own desks and only to its supervisors and administrators', async () => {
    const desk = randomUUID();
    expect((await signed.call('asesor@demo.co', 'POST', '/api/desks/report', report(desk))).statusCode).toBe(200);
    expect((await signed.call('admin@otra.co', 'POST', '/api/desks/report', report(desk, { appVersion: '1.5.0', rendererErrors: [], mainErrors: [] }))).statusCode).toBe(200);
    expect((await list('supervisor@demo.co')).items.find((d) => d.deskId === desk)).toMatchObject({ appVersion: '1.4.0', errors24h: 3 });
    expect((await list('admin@otra.co', 200)).items.find((d) => d.deskId === desk)).toMatchObject({ appVersion: '1.5.0', errors24h: 0, user: { email: 'admin@otra.co' } });
    for (const [as, org] of [['asesor@demo.co', 100], ['visualizador@demo.co', 100], ['admin@otra.co', 100]] as const) {
      expect((await signed.call(as, 'GET', `/api/organization/${org}/desks`)).statusCode, `${as} → ${org}`).toBe(403);
    }
  });

  it('flags a desk silent past the limit while its agent is on shift, and drops errors past their retention', async () => {
    const desk = randomUUID();
    expect((await signed.call('asesor@demo.co', 'POST', '/api/desks/report', report(desk))).statusCode).toBe(200);
    const [asesor] = await signed.platform.app.db.select({ idUser: users.idUser }).from(users).where(eq(users.email, 'asesor@demo.co'));
    const idUser = asesor!.idUser;
    await signed.platform.app.db.update(desks).set({ lastSeen: new Date(Date.now() - 20 * 60_000) }).where(eq(desks.deskId, desk));
    await signed.platform.app.db
      .insert(agentPresence)
      .values({ userId: idUser, organizationId: 100, status: 'Activo', since: new Date() })
      .onConflictDoUpdate({ target: agentPresence.userId, set: { status: 'Activo' } });
    expect((await list()).items.find((d) => d.deskId === desk)?.silent).toBe(true);
    await signed.platform.app.db.update(agentPresence).set({ status: 'Desconectado' }).where(eq(agentPresence.userId, idUser));
    expect((await list()).items.find((d) => d.deskId === desk)?.silent).toBe(false);

    // A report drops the desk's errors older than 30 days (straight through the repository: the flood window holds the route for 30 s).
    await signed.platform.app.db.insert(deskErrors).values({ deskId: desk, organizationId: 100, source: 'main', message: 'viejo', at: new Date(Date.now() - 31 * 86_400_000) });
    await recordDeskReport(signed.platform.app.db, { orgId: 100, userId: idUser, body: report(desk, { rendererErrors: [], mainErrors: [] }), now: new Date() });
    expect(await signed.platform.app.db.select().from(deskErrors).where(and(eq(deskErrors.deskId, desk), eq(deskErrors.message, 'viejo')))).toEqual([]);
  });
});
