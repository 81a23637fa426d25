import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '../../../src/shared/api/catalogue';
import { BACKENDS } from '../../support/database';
import { isoOf, statisticsPlatform, TWO_DAYS, YESTERDAY, type StatisticsPlatform } from './statistics-fixtures';

/** Customer entries, integrations, intents and NPS against the hand-built data set (statistics-fixtures.ts). */
const E = endpoints;

describe.each(BACKENDS)('customer, integration, intent and NPS statistics on %s', (backend) => {
  let s: StatisticsPlatform;
  beforeAll(async () => {
    s = await statisticsPlatform(backend);
  });
  afterAll(() => s.platform.close());

  const value = async (path: string, query: Record<string, string | number> = {}) => (await s.json<{ value: number | null }>('admin@demo.co', path, query)).value;

  it('RU: identified customers who entered more than once in the range', async () => {
    // Both days: A (K1, K2, K11), B (K3, K6), C (K4, K8), D (K7) → 3 of 4 = 75.
    expect(await s.json('admin@demo.co', E.recurringClients.path, TWO_DAYS)).toEqual({ indicator: 'RU', value: 75 });
    // Yesterday: A twice, B, C once → 1 / 3 = 33.33. Today: A, B, C, D once each → 0.
    expect(await value(E.recurringClients.path, { start: YESTERDAY, end: YESTERDAY })).toBe(33.33);
    expect(await value(E.recurringClients.path)).toBe(0);
    // No identified customer that day: null.
    expect(await value(E.recurringClients.path, { start: '2026-02-02', end: '2026-02-02' })).toBeNull();
  });

  it('maxCountEntries: the most entries of one customer, never negative', async () => {
    // A: 3 over both days; yesterday A: 2; today 1 each; a day without entries: 0.
    expect(await s.json('admin@demo.co', E.maxCountEntries.path, TWO_DAYS)).toEqual({ maxCountEntries: 3 });
    expect(await s.json('admin@demo.co', E.maxCountEntries.path, { start: YESTERDAY, end: YESTERDAY })).toEqual({ maxCountEntries: 2 });
    expect(await s.json('admin@demo.co', E.maxCountEntries.path)).toEqual({ maxCountEntries: 1 });
    expect(await s.json('admin@demo.co', E.maxCountEntries.path, { start: '2026-02-02', end: '2026-02-02' })).toEqual({ maxCountEntries: 0 });
    // Web only: A (K1, K2, K11) still 3; Whatsapp only: B (K3), C (K8) → 1.
    expect(await s.json('admin@demo.co', E.maxCountEntries.path, { ...TWO_DAYS, channels: '3' })).toEqual({ maxCountEntries: 3 });
    expect(await s.json('admin@demo.co', E.maxCountEntries.path, { ...TWO_DAYS, channels: '2' })).toEqual({ maxCountEntries: 1 });
  });

  it('consumerClients: distinct customers (plus unidentified conversations) per day and channel', async () => {
    // 03-09 Facebook C (K4); Whatsapp B (K3) + K13; Web A (K1, K2 once) + K5 + K14.
    // 03-10 Facebook K10; Whatsapp C (K8); Web B (K6), D (K7), A (K11).
    expect(await s.json('admin@demo.co', E.consumerClientsStatistics.path, TWO_DAYS)).toEqual({
      labels: ['2026-03-09', '2026-03-10'],
      datasets: [
        { label: 'Facebook', data: [1, 1] },
        { label: 'Whatsapp', data: [2, 1] },
        { label: 'Web', data: [3, 3] }
      ]
    });
  });

  it('typeDocuments: the document types of the organisation’s customers, in Spanish order', async () => {
    expect(await s.json('admin@demo.co', E.typeDocuments.path)).toEqual([
      { nameTypeDocument: 'CÉDULA CIUDADANIA' },
      { nameTypeDocument: 'CÉDULA EXTRANJERÍA' },
      { nameTypeDocument: 'PASAPORTE' }
    ]);
    expect(await s.json('admin@otra.co', E.typeDocuments.path, {}, 200)).toEqual([{ nameTypeDocument: 'NIT' }]);
  });

  it('consumerIntegrations: the log newest first; the totals ignore integrationStatus', async () => {
    type Log = { integrationsResult: { fecha: string; service: string; status: string; idConv: string | null; durationMs: number }[]; totalFailed: number; totalSuccess: number; totalResult: number };
    const all = await s.json<Log>('admin@demo.co', E.consumerIntegrations.path, TWO_DAYS);
    // I3 (03-10 08:30), I2 (03-09 12:00, failed), I1 (03-09 10:00:40); I4 is on 02-01, I5 belongs to organisation 200.
    expect(all).toMatchObject({ totalFailed: 1, totalSuccess: 2, totalResult: 3, totalPages: 1, currentPage: 1 });
    expect(all.integrationsResult).toEqual([
      { id: expect.any(Number), fecha: isoOf('2026-03-10 08:30:00'), service: 'agendar_cita', status: 'success', idConv: null, durationMs: 300, detail: 'ok' },
      { id: expect.any(Number), fecha: isoOf('2026-03-09 12:00:00'), service: 'consulta_saldo', status: 'failed', idConv: null, durationMs: 900, detail: 'timeout' },
      { id: expect.any(Number), fecha: isoOf('2026-03-09 10:00:40'), service: 'consulta_saldo', status: 'success', idConv: 'K3', durationMs: 200, detail: 'ok' }
    ]);
    const failed = await s.json<Log>('admin@demo.co', E.consumerIntegrations.path, { ...TWO_DAYS, integrationStatus: 'failed' });
    expect(failed.integrationsResult.map((r) => r.fecha)).toEqual([isoOf('2026-03-09 12:00:00')]);
    expect(failed).toMatchObject({ totalFailed: 1, totalSuccess: 2, totalResult: 1, totalPages: 1 });
    // One service; one assistant.
    expect(await s.json<Log>('admin@demo.co', E.consumerIntegrations.path, { ...TWO_DAYS, integrationService: 'agendar_cita' })).toMatchObject({ totalFailed: 0, totalSuccess: 1, totalResult: 1 });
    // The screen's words for the service match as well as its registered name.
    expect(await s.json<Log>('admin@demo.co', E.consumerIntegrations.path, { ...TWO_DAYS, integrationService: 'Agendar cita' })).toMatchObject({ totalResult: 1 });
    expect((await s.json<Log>('admin@demo.co', E.consumerIntegrations.path, { ...TWO_DAYS, idVa: 2 })).integrationsResult.map((r) => r.service)).toEqual(['agendar_cita']);
    // Pages of 2: the second holds I1.
    const second = await s.json<Log>('admin@demo.co', E.consumerIntegrations.path, { ...TWO_DAYS, size: 2, page: 2 });
    expect(second).toMatchObject({ totalResult: 3, totalPages: 2, currentPage: 2, currentResults: 2 });
    expect(second.integrationsResult.map((r) => r.idConv)).toEqual(['K3']);
  });

  it('intents/quantity: every intent of the assistants with its matches, most first', async () => {
    // Matches 03-09..03-10: node 8 asesor_humano K2, K14, K6, K11 = 4; node 2 horarios K1, K2, K5 = 3;
    // node 3 puntos_atencion K12, K10 = 2; node 15 asesor_humano (va 2) K4, node 13 catalogo K4, node 1 saludo K7 = 1 each;
    // the other nodes 0. Each by its node's name (not the intent code); ties by name (then id).
    // A name both assistants use carries the assistant's name, so the filter's choices differ.
    expect(await s.json('admin@demo.co', E.intentsQuantity.path, TWO_DAYS)).toEqual([
      { id: 8, name: 'Hablar con un asesor · Asistente Demo', quantity: 4 },
      { id: 2, name: 'Horarios de atención', quantity: 3 },
      { id: 3, name: 'Puntos de atención', quantity: 2 },
      { id: 1, name: 'Bienvenida · Asistente Demo', quantity: 1 },
      { id: 13, name: 'Catálogo', quantity: 1 },
      { id: 15, name: 'Hablar con un asesor · Asistente Ventas', quantity: 1 },
      { id: 12, name: 'Bienvenida · Asistente Ventas', quantity: 0 },
      { id: 11, name: 'Despedida', quantity: 0 },
      { id: 6, name: 'Documentos y requisitos', quantity: 0 },
      { id: 4, name: 'Estado del pedido', quantity: 0 },
      { id: 9, name: 'Hablar con ventas', quantity: 0 },
      { id: 5, name: 'Medios de pago · Asistente Demo', quantity: 0 },
      { id: 14, name: 'Medios de pago · Asistente Ventas', quantity: 0 },
      { id: 10, name: 'Soporte técnico', quantity: 0 },
      { id: 7, name: 'Tutorial de la aplicación', quantity: 0 }
    ]);
    // Assistant 2's intents only.
    expect(await s.json('admin@demo.co', E.intentsQuantity.path, { ...TWO_DAYS, idVa: 2 })).toEqual([
      { id: 13, name: 'Catálogo', quantity: 1 },
      { id: 15, name: 'Hablar con un asesor', quantity: 1 },
      { id: 12, name: 'Bienvenida', quantity: 0 },
      { id: 14, name: 'Medios de pago', quantity: 0 }
    ]);
  });

  it('NPS: % promoters − % detractors', async () => {
    // Scores K1 10, K3 6, K2 9, K5 7 → promoters 2, detractors 1 of 4 → 50 − 25 = 25.
    expect(await s.json('admin@demo.co', E.netPromoterScore.path, TWO_DAYS)).toEqual({ indicator: 'NPS', value: 25 });
    // 02-01: K9 scored 0 → −100. Today no scores: null.
    expect(await value(E.netPromoterScore.path, { start: '2026-02-01', end: '2026-02-01' })).toBe(-100);
    expect(await value(E.netPromoterScore.path)).toBeNull();
    // Whatsapp only: K3 (6) → −100. Organisation 200: Z1 0, Z2 0 → −100.
    expect(await value(E.netPromoterScore.path, { ...TWO_DAYS, channels: '2' })).toBe(-100);
    expect((await s.json<{ value: number }>('admin@otra.co', E.netPromoterScore.path, TWO_DAYS, 200)).value).toBe(-100);
  });
});
