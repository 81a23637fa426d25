import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '../../../src/shared/api/catalogue';
import { BACKENDS } from '../../support/database';
import { isoOf, statisticsPlatform, TWO_DAYS, YESTERDAY, type StatisticsPlatform } from './statistics-fixtures';

/** The interactions group against the hand-built data set (statistics-fixtures.ts). */
const E = endpoints;

describe.each(BACKENDS)('interaction statistics on %s', (backend) => {
  let s: StatisticsPlatform;
  beforeAll(async () => {
    s = await statisticsPlatform(backend);
  });
  afterAll(() => s.platform.close());

  const value = async (path: string, query: Record<string, string | number> = {}) => (await s.json<{ value: number | null }>('visualizador@demo.co', path, query)).value;

  describe('time indicators', () => {
    it('TMAsignacion: queue entry → acceptance of the attended chats', async () => {
      // K3 10:01→10:06 300 s, K2 14:02→14:04 120 s, K14 17:00:20→17:01:20 60 s, K6 08:01→08:03 120 s: 600 / 4 = 150.
      expect(await s.json('visualizador@demo.co', E.tmAsignacion.path, TWO_DAYS)).toEqual({ indicator: 'TMAsignacion', value: 150 });
      // Today only K6: 120.
      expect(await value(E.tmAsignacion.path)).toBe(120);
    });

    it('TMAtencionAH: acceptance → end of the attended chats that finished', async () => {
      // K3 10:06→10:26 1200 s, K2 14:04→14:14 600 s, K14 17:01:20→17:03:20 120 s (K6 still open): 1920 / 3 = 640.
      expect(await s.json('visualizador@demo.co', E.tmAtencionAH.path, TWO_DAYS)).toEqual({ indicator: 'TMAtencionAH', value: 640 });
      // Today nothing attended has finished.
      expect(await value(E.tmAtencionAH.path)).toBeNull();
      // Agent 9: K3 1200, K14 120 → 660. Final reason 2 (No resuelto): K3 → 1200.
      expect(await value(E.tmAtencionAH.path, { ...TWO_DAYS, agents: '9' })).toBe(660);
      expect(await value(E.tmAtencionAH.path, { ...TWO_DAYS, causalesFin: '2' })).toBe(1200);
    });

    it('TMAtencionAV: start → escalation, or → end when never escalated', async () => {
      // K1 300, K3 60, K4 180, K2 120, K13 30, K14 20, K5 20, K10 60, K6 60, K8 60, K11 60 (K7 still with the assistant):
      // 970 / 11 = 88.1818… → 88.18.
      expect(await s.json('visualizador@demo.co', E.tmAtencionAV.path, TWO_DAYS)).toEqual({ indicator: 'TMAtencionAV', value: 88.18 });
      // Today: K10 60, K6 60, K8 60, K11 60 → 60.
      expect(await value(E.tmAtencionAV.path)).toBe(60);
    });

    it('TMO: start → end of the finished conversations', async () => {
      // K1 300, K3 1560, K4 480, K2 840, K13 930, K14 200, K5 20, K10 60: 4390 / 8 = 548.75.
      expect(await s.json('visualizador@demo.co', E.tmo.path, TWO_DAYS)).toEqual({ indicator: 'TMO', value: 548.75 });
      // Today: K10 60.
      expect(await value(E.tmo.path)).toBe(60);
      // Yesterday alone, day edges in Bogotá: K5 (23:59:30) counts, K12 (03-08 23:59:59) and K10 (03-10 00:00) do not:
      // 300 + 1560 + 480 + 840 + 930 + 200 + 20 = 4330 / 7 = 618.571… → 618.57.
      expect(await value(E.tmo.path, { start: YESTERDAY, end: YESTERDAY })).toBe(618.57);
      // 2026-02-01: K9 600. A day without conversations: null.
      expect(await value(E.tmo.path, { start: '2026-02-01', end: '2026-02-01' })).toBe(600);
      expect(await value(E.tmo.path, { start: '2026-02-02', end: '2026-03-07' })).toBeNull();
    });

    it('TMO under each conversation filter', async () => {
      // Web: K1 300, K2 840, K14 200, K5 20 → 1360 / 4 = 340.
      expect(await value(E.tmo.path, { ...TWO_DAYS, channels: '3' })).toBe(340);
      // Bogotá (11001): K1, K2 → 1140 / 2 = 570; Antioquia (dept 5): K3 1560; Andina (region 1): K1, K2, K3 → 2700 / 3 = 900.
      expect(await value(E.tmo.path, { ...TWO_DAYS, cities: '11001' })).toBe(570);
      expect(await value(E.tmo.path, { ...TWO_DAYS, departments: '5' })).toBe(1560);
      expect(await value(E.tmo.path, { ...TWO_DAYS, regionals: '1' })).toBe(900);
      // Customer A (111): K1, K2 finished (K11 open) → 570; by document type and number together too.
      expect(await value(E.tmo.path, { ...TWO_DAYS, id: '111' })).toBe(570);
      expect(await value(E.tmo.path, { ...TWO_DAYS, id: '111', idType: 'CÉDULA CIUDADANIA' })).toBe(570);
      expect(await value(E.tmo.path, { ...TWO_DAYS, id: '111', idType: 'PASAPORTE' })).toBeNull();
      // One conversation: K2 840.
      expect(await value(E.tmo.path, { ...TWO_DAYS, idConv: 'K2' })).toBe(840);
      // Started 09:00–10:00 each day: K1, K3 finished (K7, K8, K11 open) → 1860 / 2 = 930.
      expect(await value(E.tmo.path, { ...TWO_DAYS, since: '09:00', until: '10:00' })).toBe(930);
    });
  });

  describe('FCR, bot answers, satisfaction', () => {
    it('FCR: contacts resolved by the assistant alone, once that day', async () => {
      // 03-09 contacts: A (K1+K2: twice), B (K3 escalated), C (K4 escalated), K5 (resolved), K13 and K14 (escalated) → 6, 1 resolved.
      // 03-10 contacts: A (K11 esc.), B (K6 esc.), C (K8 esc.), D (K7 resolved), K10 (resolved) → 5, 2 resolved.
      // 3 / 11 = 27.2727… → 27.27.
      expect(await s.json('visualizador@demo.co', E.fcr.path, TWO_DAYS)).toEqual({ indicator: 'FCR', value: 27.27 });
      // Today: 2 / 5 = 40.
      expect(await value(E.fcr.path)).toBe(40);
      // Web only: 03-09 A (twice), K5 ✓, K14; 03-10 B, D ✓, A → 2 / 6 = 33.33.
      expect(await value(E.fcr.path, { ...TWO_DAYS, channels: '3' })).toBe(33.33);
    });

    it('NivelRespuestaBOT: turns the assistant understood, by the time of the turn', async () => {
      // Turns 03-09 00:00 – 03-10 24:00: K12 1 (its conversation started the day before; the turn is in range), K1 2, K3 1,
      // K4 2, K2 2, K13 1, K14 1, K5 1, K10 1, K6 1, K7 2, K8 1, K11 1 = 17; not understood: K1, K3, K13, K7, K8 = 5 →
      // 12 / 17 = 70.588… → 70.59.
      expect(await s.json('visualizador@demo.co', E.missingBotResponse.path, TWO_DAYS)).toEqual({ indicator: 'NivelRespuestaBOT', value: 70.59 });
      // Today: K10, K6, K7 ×2, K8, K11 = 6, understood 4 → 66.67.
      expect(await value(E.missingBotResponse.path)).toBe(66.67);
      // Assistant 2: K4's two turns, both understood. Whatsapp conversations (K3, K13, K8): none understood.
      expect(await value(E.missingBotResponse.path, { ...TWO_DAYS, idVa: 2 })).toBe(100);
      expect(await value(E.missingBotResponse.path, { ...TWO_DAYS, channels: '2' })).toBe(0);
      // Turns 09:00–10:00:59: K1 09:01 ✓ 09:02 ✗, K3 10:00:30 ✗, K7 09:00:30 ✓ 09:01 ✗, K8 09:30:30 ✗, K11 09:40:30 ✓ → 3 / 7 = 42.86.
      expect(await value(E.missingBotResponse.path, { ...TWO_DAYS, since: '09:00', until: '10:00' })).toBe(42.86);
      // No turn that day: null.
      expect(await value(E.missingBotResponse.path, { start: '2026-02-02', end: '2026-02-02' })).toBeNull();
    });

    it('NS: ratings at 4 or 5', async () => {
      // Rated: K1 5, K3 2, K2 4, K5 3 → 2 / 4 = 50. Today nothing rated: null. 02-01: K9 rated 1 → 0.
      expect(await s.json('visualizador@demo.co', E.satisfaction.path, TWO_DAYS)).toEqual({ indicator: 'NS', value: 50 });
      expect(await value(E.satisfaction.path)).toBeNull();
      expect(await value(E.satisfaction.path, { start: '2026-02-01', end: '2026-02-01' })).toBe(0);
    });

    it('AverageInteraction: the assistant seconds of the range ÷ its turns in the range', async () => {
      // 970 s (TMAtencionAV's sum) / 17 turns = 57.0588… → 57.06. Today: 240 / 6 = 40.
      expect(await s.json('visualizador@demo.co', E.averageInteraction.path, TWO_DAYS)).toEqual({ averageInteraction: 57.06 });
      expect(await s.json('visualizador@demo.co', E.averageInteraction.path)).toEqual({ averageInteraction: 40 });
      expect(await s.json('visualizador@demo.co', E.averageInteraction.path, { start: '2026-02-02', end: '2026-02-02' })).toEqual({ averageInteraction: null });
    });
  });

  describe('unified intents and totals', () => {
    it('draws the most frequent intents per day, all assistants and channels together', async () => {
      // asesor_humano: 03-09 K4 (va 2), K2, K14 = 3; 03-10 K6, K11 = 2. horarios: K1, K2, K5 = 3 / 0.
      // puntos_atencion: K12 / K10. catalogo: K4 / 0. saludo: 0 / K7. Ties (1) by name; each intent by its node's name.
      expect(await s.json('visualizador@demo.co', E.intentsUnified.path, TWO_DAYS)).toEqual({
        labels: ['2026-03-09', '2026-03-10'],
        datasets: [
          { label: 'Hablar con un asesor', data: [3, 2] },
          { label: 'Horarios de atención', data: [3, 0] },
          { label: 'Puntos de atención', data: [1, 1] },
          { label: 'Bienvenida', data: [0, 1] },
          { label: 'Catálogo', data: [1, 0] }
        ]
      });
      // Nodes 2 (horarios) and 3 (puntos_atencion) only; by month.
      expect(await s.json('visualizador@demo.co', E.intentsUnified.path, { ...TWO_DAYS, intents: '2,3', resolution: 'month' })).toEqual({
        labels: ['2026-03'],
        datasets: [
          { label: 'Horarios de atención', data: [3] },
          { label: 'Puntos de atención', data: [2] }
        ]
      });
    });

    it('totals the conversations per channel', async () => {
      // Facebook K4, K10; Whatsapp K3, K13, K8; Web K1, K2, K14, K5, K6, K7, K11.
      expect(await s.json('visualizador@demo.co', E.interactionTotals.path, TWO_DAYS)).toEqual({ total: 12, byChannel: { Facebook: 2, Whatsapp: 3, Web: 7 } });
      expect(await s.json('visualizador@demo.co', E.interactionTotals.path, { ...TWO_DAYS, channels: '1,3' })).toEqual({ total: 9, byChannel: { Facebook: 2, Web: 7 } });
      // Today: K10 / K8 / K6, K7, K11.
      expect(await s.json('visualizador@demo.co', E.interactionTotals.path)).toEqual({ total: 5, byChannel: { Facebook: 1, Whatsapp: 1, Web: 3 } });
    });
  });

  describe('human-agent chat lists', () => {
    it('lists the attended chats with their reasons', async () => {
      const page = await s.json<{ chats: unknown[]; totalResult: number; totalPages: number }>('supervisor@demo.co', E.humanAgentChats.path, TWO_DAYS);
      expect(page).toMatchObject({ totalResult: 4, totalPages: 1, currentPage: 1, currentResults: 10 });
      expect(page.chats).toEqual([
        {
          idConv: 'K6',
          fechaEntrada: isoOf('2026-03-10 08:00:00'),
          fechaAsignacion: isoOf('2026-03-10 08:03:00'),
          fechaFin: null,
          canal: 'Web',
          split: 'Atención general',
          asesor: 'Valentina López',
          estado: 'Activo',
          duracion: null,
          causalesNegocio: [],
          causalFin: null,
          cliente: 'Bruno Díaz'
        },
        {
          idConv: 'K14',
          fechaEntrada: isoOf('2026-03-09 17:00:00'),
          fechaAsignacion: isoOf('2026-03-09 17:01:20'),
          fechaFin: isoOf('2026-03-09 17:03:20'),
          canal: 'Web',
          split: 'Soporte técnico',
          asesor: 'Santiago Rodríguez',
          estado: 'Finalizado',
          duracion: 120,
          causalesNegocio: [],
          causalFin: 'Cliente no responde',
          cliente: null
        },
        {
          idConv: 'K2',
          fechaEntrada: isoOf('2026-03-09 14:00:00'),
          fechaAsignacion: isoOf('2026-03-09 14:04:00'),
          fechaFin: isoOf('2026-03-09 14:14:00'),
          canal: 'Web',
          split: 'Atención general',
          asesor: 'Valentina López',
          estado: 'Finalizado',
          duracion: 600,
          causalesNegocio: ['Consulta de saldo', 'Solicitud de información'],
          causalFin: 'Resuelto',
          cliente: 'Ana Ríos'
        },
        {
          idConv: 'K3',
          fechaEntrada: isoOf('2026-03-09 10:00:00'),
          fechaAsignacion: isoOf('2026-03-09 10:06:00'),
          fechaFin: isoOf('2026-03-09 10:26:00'),
          canal: 'Whatsapp',
          split: 'Ventas',
          asesor: 'Santiago Rodríguez',
          estado: 'Finalizado',
          duracion: 1200,
          causalesNegocio: ['Consulta de saldo'],
          causalFin: 'No resuelto',
          cliente: 'Bruno Díaz'
        }
      ]);
      // Agent 5's, second page of 1.
      const second = await s.json<{ chats: { idConv: string }[]; totalPages: number }>('supervisor@demo.co', E.humanAgentChats.path, { ...TWO_DAYS, agents: '5', size: 1, page: 2 });
      expect(second.chats.map((c) => c.idConv)).toEqual(['K2']);
      expect(second.totalPages).toBe(2);
    });

    it('lists the not attended chats with their wait', async () => {
      const page = await s.json<{ chats: unknown[]; totalResult: number }>('supervisor@demo.co', E.humanAgentNotAttended.path, TWO_DAYS);
      expect(page.totalResult).toBe(2);
      expect(page.chats).toEqual([
        {
          idConv: 'K13',
          fechaEntrada: isoOf('2026-03-09 16:00:00'),
          fechaAsignacion: null,
          fechaFin: isoOf('2026-03-09 16:15:30'),
          canal: 'Whatsapp',
          split: 'Atención general',
          asesor: null,
          estado: 'No atendido',
          // 16:00:30 → 16:15:30.
          duracion: 900,
          causalesNegocio: [],
          causalFin: null,
          cliente: null
        },
        {
          idConv: 'K4',
          fechaEntrada: isoOf('2026-03-09 11:00:00'),
          fechaAsignacion: null,
          fechaFin: isoOf('2026-03-09 11:08:00'),
          canal: 'Facebook',
          split: 'Ventas',
          asesor: null,
          estado: 'No atendido',
          // 11:03 → 11:08.
          duracion: 300,
          causalesNegocio: [],
          causalFin: null,
          cliente: 'Carla Mejía'
        }
      ]);
      // Event 3 (abandoned): K4 only.
      const abandoned = await s.json<{ chats: { idConv: string }[] }>('supervisor@demo.co', E.humanAgentNotAttended.path, { ...TWO_DAYS, events: '3' });
      expect(abandoned.chats.map((c) => c.idConv)).toEqual(['K4']);
    });
  });
});
