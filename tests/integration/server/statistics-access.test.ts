import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '../../../src/shared/api/catalogue';
import type { EndpointDef } from '../../../src/shared/api/endpoint';
import type { RoleId } from '../../../src/shared/roles';
import { STAT_KEYS } from '../../../src/server/stats';
import { FILTER_MSG } from '../../../src/server/stats/references';
import { FORBIDDEN_BODY } from './chat-fixtures';
import { BACKENDS } from '../../support/database';
import { statisticsPlatform, statsGet, TWO_DAYS, type StatEmail, type StatisticsPlatform } from './statistics-fixtures';

/** Who may read the statistics, which organisation they see, and what bad input answers. */
const E = endpoints;
const ROLE_OF: Record<StatEmail, RoleId> = {
  'superadmin@demo.co': 1,
  'supervisualizador@demo.co': 2,
  'admin@demo.co': 3,
  'visualizador@demo.co': 4,
  'asesor@demo.co': 5,
  'supervisor@demo.co': 6,
  'admin@otra.co': 3
};
const pathOf = (key: (typeof STAT_KEYS)[number]) => E[key].path.replace('{idConv}', 'K2');

describe.each(BACKENDS)('statistics access and validation on %s', (backend) => {
  let s: StatisticsPlatform;
  beforeAll(async () => {
    s = await statisticsPlatform(backend);
  });
  afterAll(() => s.platform.close());

  it('serves every statistic to exactly the roles of its catalogue entry', async () => {
    const emails: StatEmail[] = ['superadmin@demo.co', 'supervisualizador@demo.co', 'admin@demo.co', 'visualizador@demo.co', 'asesor@demo.co', 'supervisor@demo.co'];
    for (const key of STAT_KEYS) {
      const def: EndpointDef = E[key];
      const allowed = def.access as readonly RoleId[];
      for (const email of emails) {
        const res = await s.get(email, pathOf(key), TWO_DAYS);
        if (allowed.includes(ROLE_OF[email])) {
          expect(res.statusCode, `${key} as ${email}: ${res.body}`).toBe(200);
        } else {
          expect(res.statusCode, `${key} as ${email}`).toBe(403);
          expect(res.json()).toEqual(FORBIDDEN_BODY);
        }
      }
    }
  });

  it('answers 401 without a token', async () => {
    const res = await s.platform.app.inject({ method: 'GET', url: E.tmo.path.replace('{idOrg}', '100') });
    expect(res.statusCode).toBe(401);
  });

  it("refuses another organisation's statistics to the organisation-bound roles, and never counts them", async () => {
    for (const key of ['tmo', 'scaledChatsBars', 'notificationsByStatus', 'automaticTransferStatistics'] as const) {
      // admin@demo.co (3) and visualizador (4) are bound to organisation 100; admin@otra.co to 200.
      expect((await s.get('admin@demo.co', pathOf(key), TWO_DAYS, 200)).statusCode).toBe(403);
      expect((await s.get('supervisor@demo.co', pathOf(key), TWO_DAYS, 200)).statusCode).toBe(403);
      expect((await s.get('admin@otra.co', pathOf(key), TWO_DAYS, 100)).statusCode).toBe(403);
    }
    // Organisation 200 over both days: Z1 12:00→12:30 (1800 s) and Z2 (40 s) → TMO 920; both Web.
    expect(await s.json('admin@otra.co', E.tmo.path, TWO_DAYS, 200)).toEqual({ indicator: 'TMO', value: 920 });
    expect(await s.json('admin@otra.co', E.interactionTotals.path, TWO_DAYS, 200)).toEqual({ total: 2, byChannel: { Facebook: 0, Whatsapp: 0, Web: 2 } });
    // Z1 was attended: 1 of 1.
    expect(await s.json('admin@otra.co', E.attendedChatsShare.path, TWO_DAYS, 200)).toEqual({ indicator: 'AttendedChats', value: 1, total: 1, percentage: 100 });
    // Roles 1 and 2 choose the organisation and see its figures; an organisation that does not exist is 404.
    expect(await s.json('superadmin@demo.co', E.tmo.path, TWO_DAYS, 200)).toEqual({ indicator: 'TMO', value: 920 });
    expect(await s.json('supervisualizador@demo.co', E.satisfaction.path, TWO_DAYS, 200)).toEqual({ indicator: 'NS', value: 0 });
    expect((await s.get('superadmin@demo.co', E.tmo.path, TWO_DAYS, 999)).statusCode).toBe(404);
  });

  it('answers 400 with a Spanish message for a bad filter, before any statistic runs', async () => {
    const bad = async (query: Record<string, string | number>, key: (typeof STAT_KEYS)[number] = 'tmo') => {
      const res = await s.get('admin@demo.co', pathOf(key), query);
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
      return res.json<{ statusCode: number; error: string; message: string }>();
    };
    expect(await bad({ start: '2026-03-10', end: '2026-03-09' })).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: 'end: La fecha final debe ser igual o posterior a la fecha inicial'
    });
    expect((await bad({ start: '2026-3-9', end: '2026-03-10' })).message).toBe('start: La fecha inicial debe tener el formato yyyy-MM-dd');
    expect((await bad({ start: '2026-02-30', end: '2026-03-10' })).message).toBe('start: La fecha inicial no es una fecha válida');
    // Only the end, before today (start defaults to today): end before start.
    expect((await bad({ end: '2026-03-01' })).message).toBe('end: La fecha final debe ser igual o posterior a la fecha inicial');
    expect((await bad({ ...TWO_DAYS, channels: '9' })).message).toBe(FILTER_MSG.unknownChannel);
    expect((await bad({ ...TWO_DAYS, channels: '3,9' })).message).toBe(FILTER_MSG.unknownChannel);
    expect((await bad({ ...TWO_DAYS, channels: 'web' })).message).toMatch(/^channels: /);
    // Assistant 3 belongs to organisation 200.
    expect((await bad({ ...TWO_DAYS, idVa: 3 })).message).toBe(FILTER_MSG.unknownVirtualAgent);
    expect((await bad({ ...TWO_DAYS, resolution: 'year' }, 'conversationsLine')).message).toBe('resolution: La resolución debe ser hour, day, week o month');
    expect((await bad({ ...TWO_DAYS, attention: 'todos' }, 'attendedChatsLine')).message).toBe("attention: La atención debe ser 'attended' o 'notAttended'");
    expect((await bad({ ...TWO_DAYS, since: '10:00', until: '09:00' })).message).toBe('until: La hora final debe ser igual o posterior a la hora inicial');
    expect((await bad({ ...TWO_DAYS, page: 0 }, 'escalatedChats')).message).toBe('page: La página debe ser mayor o igual a 1');
    expect((await bad({ ...TWO_DAYS, integrationStatus: 'ok' }, 'consumerIntegrations')).message).toBe("integrationStatus: El estado de integración debe ser 'success' o 'failed'");
  });

  it('answers a known channel and an own assistant normally', async () => {
    const token = (await s.platform.app.inject({ method: 'POST', url: '/api/auth', payload: { email: 'admin@demo.co', password: 'Atiende2026!' } })).json<{ token: string }>().token;
    const res = await statsGet(s.platform.app, token, E.tmo.path, { ...TWO_DAYS, channels: '1,2,3', idVa: 1 });
    expect(res.statusCode).toBe(200);
    // Everything but K4 (assistant 2): 4390 − 480 = 3910 over 7 → 558.571… → 558.57.
    expect(res.json()).toEqual({ indicator: 'TMO', value: 558.57 });
  });
});
