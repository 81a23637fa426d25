import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '../../../src/shared/api/catalogue';
import { BACKENDS } from '../../support/database';
import { isoOf, statisticsPlatform, TWO_DAYS, YESTERDAY, type StatisticsPlatform } from './statistics-fixtures';

/**
 * The attention group against the hand-built data set (statistics-fixtures.ts). Over both days
 * (03-09 and 03-10) the escalated chats are K3, K4, K2, K13, K14 (03-09) and K6, K8, K11 (03-10):
 * 8. Attended (accepted): K3, K2, K14, K6 = 4. Not attended (finished, never accepted): K4, K13 = 2.
 * Pending: K8 (queue), K11 (offered) = 2.
 */
const E = endpoints;

describe.each(BACKENDS)('attention statistics on %s', (backend) => {
  let s: StatisticsPlatform;
  beforeAll(async () => {
    s = await statisticsPlatform(backend);
  });
  afterAll(() => s.platform.close());

  describe('attended, not attended, abandonment, chat states', () => {
    it('counts over a date range', async () => {
      // 4 attended of 8 escalated = 50 %; 2 not attended of 8 = 25 %.
      expect(await s.json('admin@demo.co', E.attendedChatsShare.path, TWO_DAYS)).toEqual({ indicator: 'AttendedChats', value: 4, total: 8, percentage: 50 });
      expect(await s.json('admin@demo.co', E.notAttendedChatsShare.path, TWO_DAYS)).toEqual({ indicator: 'NotAttendedChats', value: 2, total: 8, percentage: 25 });
      // Only K4 was left by its customer before an agent took it (K13 timed out: SISTEMA): 1 / 8 = 12.5 %.
      expect(await s.json('admin@demo.co', E.abandonmentLevel.path, TWO_DAYS)).toEqual({ indicator: 'NivelAbandono', value: 12.5 });
      // en cola K8; activos K6 (ACTIVA) + K11 (ASIGNADA); finalizados K2, K3, K14; no atendidos K4, K13: 1 + 2 + 3 + 2 = 8.
      expect(await s.json('supervisor@demo.co', E.chatStatusCounts.path, TWO_DAYS)).toEqual({ enCola: 1, activos: 2, finalizados: 3, noAtendidos: 2 });
    });

    it('defaults to today (Bogotá) when the call names no dates', async () => {
      // Today: escalated K6, K8, K11; attended K6 → 1/3 = 33.33 %; none finished unattended; nobody abandoned.
      expect(await s.json('admin@demo.co', E.attendedChatsShare.path)).toEqual({ indicator: 'AttendedChats', value: 1, total: 3, percentage: 33.33 });
      expect(await s.json('admin@demo.co', E.notAttendedChatsShare.path)).toEqual({ indicator: 'NotAttendedChats', value: 0, total: 3, percentage: 0 });
      expect(await s.json('admin@demo.co', E.abandonmentLevel.path)).toEqual({ indicator: 'NivelAbandono', value: 0 });
      expect(await s.json('admin@demo.co', E.chatStatusCounts.path)).toEqual({ enCola: 1, activos: 2, finalizados: 0, noAtendidos: 0 });
    });

    it('answers null percentages when nothing was escalated', async () => {
      // 2026-02-01 has only K9, never escalated.
      const day = { start: '2026-02-01', end: '2026-02-01' };
      expect(await s.json('admin@demo.co', E.attendedChatsShare.path, day)).toEqual({ indicator: 'AttendedChats', value: 0, total: 0, percentage: null });
      expect(await s.json('admin@demo.co', E.abandonmentLevel.path, day)).toEqual({ indicator: 'NivelAbandono', value: null });
    });

    it('applies each filter', async () => {
      const share = (query: Record<string, string | number>) => s.json<{ value: number; total: number; percentage: number | null }>('admin@demo.co', E.attendedChatsShare.path, { ...TWO_DAYS, ...query });
      // Web (3): escalated K2, K14, K6, K11; attended K2, K14, K6 → 3/4 = 75 %.
      expect(await share({ channels: '3' })).toMatchObject({ value: 3, total: 4, percentage: 75 });
      // Facebook or Whatsapp: K3, K4, K13, K8 → attended K3 → 1/4 = 25 %.
      expect(await share({ channels: '1,2' })).toMatchObject({ value: 1, total: 4, percentage: 25 });
      // Assistant 2: K4 only, not attended.
      expect(await share({ idVa: 2 })).toMatchObject({ value: 0, total: 1, percentage: 0 });
      // Split 2 (Ventas): K3 attended, K4 not → 50 %. singleSplit 3: K14 attended, K8 and K11 pending → 33.33 %.
      expect(await share({ splits: '2' })).toMatchObject({ value: 1, total: 2, percentage: 50 });
      expect(await share({ singleSplit: 3 })).toMatchObject({ value: 1, total: 3, percentage: 33.33 });
      // Agent 10 was only offered K11: 0 of 1. Agents 5 and 9: K2, K6 / K3, K14, all attended.
      expect(await share({ agents: '10' })).toMatchObject({ value: 0, total: 1, percentage: 0 });
      expect(await share({ agents: '5,9' })).toMatchObject({ value: 4, total: 4, percentage: 100 });
      // Region 3 (Pacífico: Cali) → K6; department 8 (Barranquilla) → K4; city 5001 (Medellín) → K3.
      expect(await share({ regionals: '3' })).toMatchObject({ value: 1, total: 1 });
      expect(await share({ departments: '8' })).toMatchObject({ value: 0, total: 1 });
      expect(await share({ cities: '5001' })).toMatchObject({ value: 1, total: 1 });
      // Region 1 (Andina: depts 5, 11, 25, 68) → K3 (Medellín) and K2 (Bogotá), both attended.
      expect(await share({ regionals: '1' })).toMatchObject({ value: 2, total: 2 });
      // Transferred for reason 2: K3, K13, K14, K8 → attended K3, K14 → 50 %.
      expect(await share({ causalesPasoAutomatico: '2' })).toMatchObject({ value: 2, total: 4, percentage: 50 });
      // Business reason 2 was recorded on K2 only; final reason 3 on K14 only.
      expect(await share({ causalesNegocio: '2' })).toMatchObject({ value: 1, total: 1 });
      expect(await share({ causalesFin: '3' })).toMatchObject({ value: 1, total: 1 });
      // Event 4 (queue timeout): K13, not attended.
      expect(await s.json('admin@demo.co', E.notAttendedChatsShare.path, { ...TWO_DAYS, events: '4' })).toMatchObject({ value: 1, total: 1, percentage: 100 });
      // Customer C (PASAPORTE P333): K4 and K8, neither attended; by number alone too.
      expect(await share({ idType: 'PASAPORTE' })).toMatchObject({ value: 0, total: 2 });
      expect(await share({ id: 'P333' })).toMatchObject({ value: 0, total: 2 });
      // The assistant recognised catalogo (node 13) in K4 only.
      expect(await s.json('admin@demo.co', E.abandonmentLevel.path, { ...TWO_DAYS, intents: '13' })).toEqual({ indicator: 'NivelAbandono', value: 100 });
      // Started 09:00–10:00 (each day): K3 (10:00:00), K8 (09:30), K11 (09:40) → attended K3 → 1/3.
      expect(await share({ since: '09:00', until: '10:00' })).toMatchObject({ value: 1, total: 3, percentage: 33.33 });
      // One conversation by id.
      expect(await share({ idConv: 'K4' })).toMatchObject({ value: 0, total: 1 });
    });
  });

  describe('reasons and typing', () => {
    it('counts business and finalisation reasons per name', async () => {
      // Consulta de saldo: K2, K3; Solicitud de información: K2; conversations with any: K2, K3 = 2.
      expect(await s.json('supervisor@demo.co', E.businessCausalStatistics.path, TWO_DAYS)).toEqual({
        Causales: { 'Consulta de saldo': 2, 'Solicitud de información': 1 },
        Total: 2
      });
      // Resuelto K2, No resuelto K3, Cliente no responde K14: 3.
      expect(await s.json('supervisor@demo.co', E.finalCausalStatistics.path, TWO_DAYS)).toEqual({
        Causales: { Resuelto: 1, 'No resuelto': 1, 'Cliente no responde': 1 },
        Total: 3
      });
      // Today nobody recorded a reason.
      expect(await s.json('supervisor@demo.co', E.businessCausalStatistics.path)).toEqual({ Causales: {}, Total: 0 });
    });

    it('narrows the reasons counted with causalesNegocio / causalesFin, and the chats with agents', async () => {
      expect(await s.json('admin@demo.co', E.businessCausalStatistics.path, { ...TWO_DAYS, causalesNegocio: '2' })).toEqual({ Causales: { 'Solicitud de información': 1 }, Total: 1 });
      expect(await s.json('admin@demo.co', E.finalCausalStatistics.path, { ...TWO_DAYS, causalesFin: '2,3' })).toEqual({ Causales: { 'No resuelto': 1, 'Cliente no responde': 1 }, Total: 2 });
      // Agent 9 held K3 (Consulta de saldo) and K14 (no business reason).
      expect(await s.json('admin@demo.co', E.businessCausalStatistics.path, { ...TWO_DAYS, agents: '9' })).toEqual({ Causales: { 'Consulta de saldo': 1 }, Total: 1 });
    });

    it('types the finished attended chats', async () => {
      // Finished and attended: K2 (typed), K3 (typed), K14 (no business reason) → 2 + 1 = 3.
      expect(await s.json('supervisor@demo.co', E.humanAgentTypingStatistics.path, TWO_DAYS)).toEqual({ Causales: { Tipificadas: 2, 'Sin tipificar': 1 }, Total: 3 });
      // Only yesterday's split 3: K14.
      expect(await s.json('supervisor@demo.co', E.humanAgentTypingStatistics.path, { start: YESTERDAY, end: YESTERDAY, splits: '3' })).toEqual({
        Causales: { Tipificadas: 0, 'Sin tipificar': 1 },
        Total: 1
      });
    });

    it('counts automatic transfers per reason', async () => {
      // Solicitud del cliente: K4, K2, K6, K11 = 4; El asistente no pudo responder: K3, K13, K14, K8 = 4.
      expect(await s.json('supervisor@demo.co', E.automaticTransferStatistics.path, TWO_DAYS)).toEqual({
        Causales: { 'Solicitud del cliente': 4, 'El asistente no pudo responder': 4 },
        Total: 8
      });
      // Today: K6, K11 (reason 1) and K8 (reason 2).
      expect(await s.json('supervisor@demo.co', E.automaticTransferStatistics.path)).toEqual({
        Causales: { 'Solicitud del cliente': 2, 'El asistente no pudo responder': 1 },
        Total: 3
      });
    });
  });

  describe('escalated chats', () => {
    it('lists them newest first, paged', async () => {
      // Newest first by start: K11, K8, K6, K14, K13, K2, K4, K3 (8; pages of 3 → 3 pages).
      const first = await s.json<{ chats: { idConv: string }[]; currentPage: number; currentResults: number; totalPages: number; totalResult: number }>(
        'admin@demo.co',
        E.escalatedChats.path,
        { ...TWO_DAYS, size: 3 }
      );
      expect(first).toMatchObject({ currentPage: 1, currentResults: 3, totalPages: 3, totalResult: 8 });
      expect(first.chats).toEqual([
        { idConv: 'K11', fechaEntrada: isoOf('2026-03-10 09:40:00'), canal: 'Web', split: 'Soporte técnico', asesor: 'Laura Gutiérrez', estado: 'Asignado', cliente: 'Ana Ríos' },
        { idConv: 'K8', fechaEntrada: isoOf('2026-03-10 09:30:00'), canal: 'Whatsapp', split: 'Soporte técnico', asesor: null, estado: 'En cola', cliente: 'Carla Mejía' },
        { idConv: 'K6', fechaEntrada: isoOf('2026-03-10 08:00:00'), canal: 'Web', split: 'Atención general', asesor: 'Valentina López', estado: 'Activo', cliente: 'Bruno Díaz' }
      ]);
      const last = await s.json<{ chats: { idConv: string; estado: string }[]; currentPage: number }>('admin@demo.co', E.escalatedChats.path, { ...TWO_DAYS, size: 3, page: 3 });
      expect(last.chats.map((c) => [c.idConv, c.estado])).toEqual([
        ['K4', 'No atendido'],
        ['K3', 'Finalizado']
      ]);
      // Past the last page: no rows, the same totals.
      expect(await s.json('admin@demo.co', E.escalatedChats.path, { ...TWO_DAYS, size: 3, page: 4 })).toEqual({ chats: [], currentPage: 4, currentResults: 3, totalPages: 3, totalResult: 8 });
    });

    it("answers an escalated chat's messages, oldest first, and 404 for another organisation's or a bot-only one", async () => {
      const path = E.escalatedChatMessages.path.replace('{idConv}', 'K2');
      expect(await s.json('supervisor@demo.co', path)).toEqual([
        { tipoMensaje: 'TEXTO', tipoUsuario: 'CLIENTE', mensaje: 'Hola', adjunto: null, fechaMensaje: isoOf('2026-03-09 14:00:20') },
        { tipoMensaje: 'TEXTO', tipoUsuario: 'BOT', mensaje: 'Hola, ¿en qué te ayudo?', adjunto: null, fechaMensaje: isoOf('2026-03-09 14:00:21') },
        { tipoMensaje: 'TEXTO', tipoUsuario: 'ASESOR', mensaje: 'Con gusto te ayudo', adjunto: null, fechaMensaje: isoOf('2026-03-09 14:04:10') },
        {
          tipoMensaje: 'ARCHIVO',
          tipoUsuario: 'CLIENTE',
          mensaje: 'factura.pdf',
          adjunto: { contentType: 'application/pdf', name: 'factura.pdf', url: '/api/multimedia/descargar/f1' },
          fechaMensaje: isoOf('2026-03-09 14:05:00')
        },
        { tipoMensaje: 'COMMAND', tipoUsuario: 'SISTEMA', mensaje: 'FCCA', adjunto: null, fechaMensaje: isoOf('2026-03-09 14:14:00') }
      ]);
      expect((await s.get('supervisor@demo.co', E.escalatedChatMessages.path.replace('{idConv}', 'K1'))).statusCode).toBe(404);
      expect((await s.get('supervisor@demo.co', E.escalatedChatMessages.path.replace('{idConv}', 'Z1'))).statusCode).toBe(404);
      expect((await s.get('admin@otra.co', E.escalatedChatMessages.path.replace('{idConv}', 'Z1'), {}, 200)).statusCode).toBe(200);
    });
  });
});
