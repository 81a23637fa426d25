import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '../../../src/shared/api/catalogue';
import { BACKENDS } from '../../support/database';
import { statisticsPlatform, TWO_DAYS, type StatisticsPlatform } from './statistics-fixtures';

/** The notification statistics against the hand-built data set (statistics-fixtures.ts: N1–N4, and one of organisation 200). */
const E = endpoints;

describe.each(BACKENDS)('notification statistics on %s', (backend) => {
  let s: StatisticsPlatform;
  beforeAll(async () => {
    s = await statisticsPlatform(backend);
  });
  afterAll(() => s.platform.close());

  it('counts the notifications per delivery status', async () => {
    // N1, N3, N4 sent, N2 failed.
    expect(await s.json('visualizador@demo.co', E.notificationsByStatus.path, TWO_DAYS)).toEqual([
      { status: 'ENVIADA', total: 3 },
      { status: 'FALLIDA', total: 1 },
      { status: 'SUPRIMIDA', total: 0 }
    ]);
    // SMS (type 2): N2 only. Today: N3, N4.
    expect(await s.json('visualizador@demo.co', E.notificationsByStatus.path, { ...TWO_DAYS, notifChannels: '2' })).toEqual([
      { status: 'ENVIADA', total: 0 },
      { status: 'FALLIDA', total: 1 },
      { status: 'SUPRIMIDA', total: 0 }
    ]);
    expect(await s.json('visualizador@demo.co', E.notificationsByStatus.path)).toEqual([
      { status: 'ENVIADA', total: 2 },
      { status: 'FALLIDA', total: 0 },
      { status: 'SUPRIMIDA', total: 0 }
    ]);
    // Organisation 200: its one notification.
    expect(await s.json('admin@otra.co', E.notificationsByStatus.path, TWO_DAYS, 200)).toEqual([
      { status: 'ENVIADA', total: 1 },
      { status: 'FALLIDA', total: 0 },
      { status: 'SUPRIMIDA', total: 0 }
    ]);
  });

  it('counts them per event and recipient role, most first', async () => {
    // CHAT_NO_ATENDIDO → SUPERVISOR: N1, N2, N4; BLOQUEO_USUARIO → ADMINISTRADOR: N3.
    expect(await s.json('visualizador@demo.co', E.eventsByTypeEventRole.path, TWO_DAYS)).toEqual([
      { eventType: 'CHAT_NO_ATENDIDO', role: 'SUPERVISOR', total: 3 },
      { eventType: 'BLOQUEO_USUARIO', role: 'ADMINISTRADOR', total: 1 }
    ]);
    // Sent 08:00–08:04 each day: N3 only.
    expect(await s.json('visualizador@demo.co', E.eventsByTypeEventRole.path, { ...TWO_DAYS, since: '08:00', until: '08:04' })).toEqual([
      { eventType: 'BLOQUEO_USUARIO', role: 'ADMINISTRADOR', total: 1 }
    ]);
    expect(await s.json('visualizador@demo.co', E.eventsByTypeEventRole.path, { start: '2026-02-01', end: '2026-02-01' })).toEqual([]);
  });
});
