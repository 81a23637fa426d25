import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '../../../src/shared/api/catalogue';
import { BACKENDS } from '../../support/database';
import { statisticsPlatform, TWO_DAYS, type StatisticsPlatform } from './statistics-fixtures';

/** The line and bar charts against the hand-built data set (statistics-fixtures.ts). */
const E = endpoints;
const DAYS = ['2026-03-09', '2026-03-10'];

describe.each(BACKENDS)('chart statistics on %s', (backend) => {
  let s: StatisticsPlatform;
  beforeAll(async () => {
    s = await statisticsPlatform(backend);
  });
  afterAll(() => s.platform.close());

  it('lines: conversations per day and channel, every day of the range labelled', async () => {
    // Facebook K4 | K10; Whatsapp K3, K13 | K8; Web K1, K2, K14, K5 | K6, K7, K11.
    expect(await s.json('admin@demo.co', E.conversationsLine.path, TWO_DAYS)).toEqual({
      labels: DAYS,
      datasets: [
        { label: 'Facebook', data: [1, 1] },
        { label: 'Whatsapp', data: [2, 1] },
        { label: 'Web', data: [4, 3] }
      ]
    });
    // By week: 03-09 is a Monday, both days in its week → 2, 3, 7. One channel: Whatsapp only.
    expect(await s.json('admin@demo.co', E.conversationsLine.path, { ...TWO_DAYS, resolution: 'week' })).toEqual({
      labels: ['2026-03-09'],
      datasets: [
        { label: 'Facebook', data: [2] },
        { label: 'Whatsapp', data: [3] },
        { label: 'Web', data: [7] }
      ]
    });
    expect(await s.json('admin@demo.co', E.conversationsLine.path, { ...TWO_DAYS, channels: '2' })).toEqual({ labels: DAYS, datasets: [{ label: 'Whatsapp', data: [2, 1] }] });
  });

  it('lines: today by hour (Bogotá hours)', async () => {
    // Today: K10 00:00 Facebook; K6 08:00 Web; K7 09:00, K11 09:40 Web; K8 09:30 Whatsapp.
    const hours = Array.from({ length: 24 }, (_, h) => `2026-03-10 ${String(h).padStart(2, '0')}:00`);
    const at = (entries: Record<number, number>) => hours.map((_, h) => entries[h] ?? 0);
    expect(await s.json('admin@demo.co', E.conversationsLine.path, { resolution: 'hour' })).toEqual({
      labels: hours,
      datasets: [
        { label: 'Facebook', data: at({ 0: 1 }) },
        { label: 'Whatsapp', data: at({ 9: 1 }) },
        { label: 'Web', data: at({ 8: 1, 9: 2 }) }
      ]
    });
  });

  it('lines: attended or not attended chats per day and channel', async () => {
    // Attended: Whatsapp K3 | —; Web K2, K14 | K6. Not attended: Facebook K4; Whatsapp K13.
    expect(await s.json('supervisor@demo.co', E.attendedChatsLine.path, TWO_DAYS)).toEqual({
      labels: DAYS,
      datasets: [
        { label: 'Facebook', data: [0, 0] },
        { label: 'Whatsapp', data: [1, 0] },
        { label: 'Web', data: [2, 1] }
      ]
    });
    expect(await s.json('supervisor@demo.co', E.attendedChatsLine.path, { ...TWO_DAYS, attention: 'notAttended' })).toEqual({
      labels: DAYS,
      datasets: [
        { label: 'Facebook', data: [1, 0] },
        { label: 'Whatsapp', data: [1, 0] },
        { label: 'Web', data: [0, 0] }
      ]
    });
  });

  it('lines: ratings per day and score', async () => {
    // 03-09: K3 2, K5 3, K2 4, K1 5; 03-10 none.
    expect(await s.json('admin@demo.co', E.ratingsLine.path, TWO_DAYS)).toEqual({
      labels: DAYS,
      datasets: [
        { label: '1 estrella', data: [0, 0] },
        { label: '2 estrellas', data: [1, 0] },
        { label: '3 estrellas', data: [1, 0] },
        { label: '4 estrellas', data: [1, 0] },
        { label: '5 estrellas', data: [1, 0] }
      ]
    });
  });

  it('bars: escalated chats per split, attended and not', async () => {
    // Atención general: K2, K6 attended, K13 not; Soporte técnico: K14 attended (K8, K11 pending); Ventas: K3 attended, K4 not.
    expect(await s.json('supervisor@demo.co', E.scaledChatsBars.path, TWO_DAYS)).toEqual({
      labels: ['Atención general', 'Soporte técnico', 'Ventas'],
      datasets: [
        { label: 'Atendidos', data: [2, 1, 1] },
        { label: 'No atendidos', data: [1, 0, 1] }
      ]
    });
  });

  it('bars: per agent, chats attended and mean attention seconds', async () => {
    // Accepted: Santiago (9) K3, K14; Valentina (5) K2, K6. Laura (10) was only offered K11.
    expect(await s.json('supervisor@demo.co', E.agentChatsBars.path, TWO_DAYS)).toEqual({
      labels: ['Santiago Rodríguez', 'Valentina López'],
      datasets: [{ label: 'Chats atendidos', data: [2, 2] }]
    });
    // Finished: Santiago K3 1200 s, K14 120 s → 660; Valentina K2 600 s (K6 open).
    expect(await s.json('supervisor@demo.co', E.agentAverageTimeBars.path, TWO_DAYS)).toEqual({
      labels: ['Santiago Rodríguez', 'Valentina López'],
      datasets: [{ label: 'Tiempo promedio de atención', data: [660, 600] }]
    });
    // Today: Valentina's K6 only, not finished.
    expect(await s.json('supervisor@demo.co', E.agentChatsBars.path)).toEqual({ labels: ['Valentina López'], datasets: [{ label: 'Chats atendidos', data: [1] }] });
    expect(await s.json('supervisor@demo.co', E.agentAverageTimeBars.path)).toEqual({ labels: [], datasets: [{ label: 'Tiempo promedio de atención', data: [] }] });
  });

  it('bars: the most frequent intents', async () => {
    // asesor_humano: node 8 ×4 + node 15 ×1 = 5; horarios 3; puntos_atencion 2; catalogo 1; saludo 1 (ties by name),
    // each by its response node's name.
    expect(await s.json('admin@demo.co', E.intentsBars.path, TWO_DAYS)).toEqual({
      labels: ['Hablar con un asesor', 'Horarios de atención', 'Puntos de atención', 'Bienvenida', 'Catálogo'],
      datasets: [{ label: 'Interacciones', data: [5, 3, 2, 1, 1] }]
    });
    // Node 8 only.
    expect(await s.json('admin@demo.co', E.intentsBars.path, { ...TWO_DAYS, intents: '8' })).toEqual({ labels: ['Hablar con un asesor'], datasets: [{ label: 'Interacciones', data: [4] }] });
  });

  it('bars: the best-rated intents', async () => {
    // Rated: K1 5 (horarios), K2 4 (horarios, asesor_humano), K3 2 (no intent), K5 3 (horarios) → 4 ratings.
    // horarios: 3 conversations, (5 + 4 + 3) / 3 = 4; asesor_humano: 1, 4. Same average: more ratings first.
    expect(await s.json('admin@demo.co', E.intentRatingsBars.path, TWO_DAYS)).toEqual({
      count: 4,
      detail: [
        { name: 'Horarios de atención', quantity: 3, average: 4 },
        { name: 'Hablar con un asesor', quantity: 1, average: 4 }
      ]
    });
    // Intent 8 (asesor_humano) only: still 4 ratings, one intent.
    expect(await s.json('admin@demo.co', E.intentRatingsBars.path, { ...TWO_DAYS, intents: '8' })).toEqual({ count: 4, detail: [{ name: 'Hablar con un asesor', quantity: 1, average: 4 }] });
    expect(await s.json('admin@demo.co', E.intentRatingsBars.path)).toEqual({ count: 0, detail: [] });
  });
});
