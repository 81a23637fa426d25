import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentStatusChanges } from '../../../src/server/db/schema';
import { endpoints } from '../../../src/shared/api/catalogue';
import { BACKENDS } from '../../support/database';
import { bearer, signIn } from '../../support/app';
import { bog, isoOf, statisticsPlatform, TWO_DAYS, type StatisticsPlatform } from './statistics-fixtures';

/**
 * The reports (issue 5) on the hand-built data set of statistics-fixtures.ts: every expected row
 * below is read off its tables by hand. The CSV lines are the same literal text on both engines
 * (COPY on PostgreSQL, keyset batches on PGlite), so the two paths write byte-identical files.
 */

const BOM = '\uFEFF';
const path = (key: keyof typeof endpoints) => endpoints[key].path;

/** The body of a CSV answer: BOM checked, then its lines (the last newline ends the last row). */
function csvLinesOf(body: string): string[] {
  expect(body.startsWith(BOM), 'UTF-8 byte-order mark').toBe(true);
  expect(body.endsWith('\n')).toBe(true);
  // Business reasons are joined by ';\n' inside one quoted field: split on newlines outside quotes.
  const lines: string[] = [];
  let current = '';
  let quoted = false;
  for (const ch of body.slice(1, -1)) {
    if (ch === '"') quoted = !quoted;
    if (ch === '\n' && !quoted) {
      lines.push(current);
      current = '';
    } else current += ch;
  }
  lines.push(current);
  return lines;
}

describe.each(BACKENDS)('reports (%s)', (backend) => {
  let s: StatisticsPlatform;

  beforeAll(async () => {
    s = await statisticsPlatform(backend);
    // The connection history: agent 5 Activo 08:00–12:00, Pausa (Almuerzo) 12:00–13:00, Activo since 13:00 (still open);
    // agent 9 Activo 09:00–17:30 (all 03-09); organisation 200's agent 14 Activo 08:00–09:00.
    await s.platform.app.db.delete(agentStatusChanges);
    await s.platform.app.db.insert(agentStatusChanges).values([
      { userId: 5, organizationId: 100, status: 'Activo', startedAt: bog('2026-03-09 08:00:00'), endedAt: bog('2026-03-09 12:00:00') },
      { userId: 5, organizationId: 100, status: 'Pausa', pauseEventId: 1, startedAt: bog('2026-03-09 12:00:00'), endedAt: bog('2026-03-09 13:00:00') },
      { userId: 5, organizationId: 100, status: 'Activo', startedAt: bog('2026-03-09 13:00:00'), endedAt: null },
      { userId: 9, organizationId: 100, status: 'Activo', startedAt: bog('2026-03-09 09:00:00'), endedAt: bog('2026-03-09 17:30:00') },
      { userId: 14, organizationId: 200, status: 'Activo', startedAt: bog('2026-03-09 08:00:00'), endedAt: bog('2026-03-09 09:00:00') }
    ]);
  });
  afterAll(async () => {
    await s?.platform.close();
  });

  describe('paged', () => {
    it('the access log: each conversation of a known customer in the range, newest first, in pages that cover every row once', async () => {
      // Started 03-09 and 03-10 with a customer: K1 A, K3 B, K4 C, K2 A (03-09); K6 B, K7 D, K8 C, K11 A (03-10). K12 began 03-08.
      const expected = [
        ['2026-03-10 09:40:00', '111'],
        ['2026-03-10 09:30:00', 'P333'],
        ['2026-03-10 09:00:00', '444'],
        ['2026-03-10 08:00:00', '222'],
        ['2026-03-09 14:00:00', '111'],
        ['2026-03-09 11:00:00', 'P333'],
        ['2026-03-09 10:00:00', '222'],
        ['2026-03-09 09:00:00', '111']
      ].map(([local, id]) => `${isoOf(local ?? '')} ${id}`);
      const seen: string[] = [];
      for (let page = 1; page <= 3; page++) {
        const body = await s.json<{ entriesConsumers: { fecha: string; identificacion: string }[]; currentPage: number; currentResults: number; totalPages: number; totalResult: number }>(
          'admin@demo.co',
          path('accessLog'),
          { ...TWO_DAYS, page, size: 3 }
        );
        expect(body).toMatchObject({ currentPage: page, currentResults: 3, totalPages: 3, totalResult: 8 });
        seen.push(...body.entriesConsumers.map((e) => `${e.fecha} ${e.identificacion}`));
      }
      expect(seen).toEqual(expected);
      const first = await s.json<{ entriesConsumers: unknown[] }>('admin@demo.co', path('accessLog'), { ...TWO_DAYS, size: 1 });
      expect(first.entriesConsumers[0]).toEqual({
        id: expect.any(Number),
        fecha: isoOf('2026-03-10 09:40:00'),
        identificacion: '111',
        tipoIdentificacion: 'CÉDULA CIUDADANIA',
        nombre: 'Ana Ríos',
        canal: 'Web',
        idVa: 1
      });
      // The server's one sort: by date, oldest first when asked.
      const oldest = await s.json<{ entriesConsumers: { fecha: string; identificacion: string }[] }>('admin@demo.co', path('accessLog'), { ...TWO_DAYS, size: 3, order: 'asc' });
      expect(oldest.entriesConsumers.map((e) => `${e.fecha} ${e.identificacion}`)).toEqual([...expected].reverse().slice(0, 3));
      expect((await s.get('admin@demo.co', path('accessLog'), { ...TWO_DAYS, order: 'sideways' })).statusCode).toBe(400);
      // Filters narrow it like the statistics: document type, channels.
      const passports = await s.json<{ totalResult: number }>('admin@demo.co', path('accessLog'), { ...TWO_DAYS, idType: 'PASAPORTE' });
      expect(passports.totalResult).toBe(2); // K4, K8 (customer C)
      const whatsapp = await s.json<{ totalResult: number }>('admin@demo.co', path('accessLog'), { ...TWO_DAYS, channels: '2' });
      expect(whatsapp.totalResult).toBe(2); // K3, K8
    });

    it('the history: every conversation of the range with its turns with the assistant and whether it was escalated', async () => {
      const body = await s.json<{ conversations: { idConv: string; interacciones: number; escalado: boolean; cliente: string | null; fechaFin: string | null }[]; totalResult: number }>(
        'visualizador@demo.co',
        path('conversationsReport'),
        { ...TWO_DAYS, size: 20 }
      );
      expect(body.totalResult).toBe(12);
      expect(body.conversations.map((c) => `${c.idConv}:${c.interacciones}:${c.escalado ? 'E' : '-'}`)).toEqual([
        'K11:1:E',
        'K8:1:E',
        'K7:2:-',
        'K6:1:E',
        'K10:1:-',
        'K5:1:-',
        'K14:1:E',
        'K13:1:E',
        'K2:2:E',
        'K4:2:E',
        'K3:1:E',
        'K1:2:-'
      ]);
      expect(body.conversations.find((c) => c.idConv === 'K1')).toMatchObject({ cliente: 'Ana Ríos', fechaFin: isoOf('2026-03-09 09:05:00') });
      expect(body.conversations.find((c) => c.idConv === 'K5')).toMatchObject({ cliente: null });
    });

    it("one conversation's turns, oldest first, and never another organisation's", async () => {
      const url = path('conversationInteractions').replace('{id}', 'K2');
      const body = await s.json<{ cliente: string | null; interactions: { interactionTime: string; requestData: string }[]; totalResult: number }>('admin@demo.co', url);
      expect(body.totalResult).toBe(2);
      // The page's title names the customer.
      expect(body.cliente).toBe('Ana Ríos');
      expect(body.interactions.map((i) => i.interactionTime)).toEqual([isoOf('2026-03-09 14:00:30'), isoOf('2026-03-09 14:01:00')]);
      expect(JSON.parse(body.interactions[0]?.requestData ?? '{}')).toEqual({ text: 'pregunta', context: {} });
      const foreign = await s.json<{ cliente: string | null; totalResult: number }>('admin@demo.co', path('conversationInteractions').replace('{id}', 'Z1'));
      expect(foreign).toMatchObject({ totalResult: 0, cliente: null });
      expect((await s.get('admin@otra.co', url)).statusCode).toBe(403);
    });

    it('the causal report: conversations with business reasons, with their date, reasons, final reason, agent and split', async () => {
      const body = await s.json<{ humanAgentTyping: unknown[]; totalResult: number }>('supervisor@demo.co', path('causalReport'), TWO_DAYS);
      expect(body.totalResult).toBe(2);
      expect(body.humanAgentTyping).toEqual([
        {
          idConv: 'K2',
          // Bogotá's local time with a UTC tag, as SPEC §3's service sends it (the client strips the tag).
          dateConection: '2026-03-09T14:04:00.000Z',
          businessCausal: ['Consulta de saldo', 'Solicitud de información'],
          endCausal: 'Resuelto',
          agent: 'Valentina López',
          split: 'Atención general',
          // Ours, beside SPEC §3's fields: the list names the chat by its customer.
          cliente: 'Ana Ríos'
        },
        {
          idConv: 'K3',
          dateConection: '2026-03-09T10:06:00.000Z',
          businessCausal: ['Consulta de saldo'],
          endCausal: 'No resuelto',
          agent: 'Santiago Rodríguez',
          split: 'Ventas',
          cliente: 'Bruno Díaz'
        }
      ]);
    });

    it('the connection history: each stretch begun in the range, open ones lasting until now, page size 10 by default', async () => {
      const body = await s.json<{ connections: unknown[]; currentResults: number; totalResult: number }>('supervisor@demo.co', path('agentConnectionHistory'), TWO_DAYS);
      expect(body.currentResults).toBe(10);
      expect(body.totalResult).toBe(4);
      expect(body.connections).toEqual([
        // NOW is 03-10 10:00: 03-09 13:00 → 21 h = 75600 s.
        { idUser: 5, nombre: 'Valentina López', estado: 'Activo', eventoPausa: null, fechaInicio: isoOf('2026-03-09 13:00:00'), fechaFin: null, duracion: 75_600 },
        { idUser: 5, nombre: 'Valentina López', estado: 'Pausa', eventoPausa: 'Almuerzo', fechaInicio: isoOf('2026-03-09 12:00:00'), fechaFin: isoOf('2026-03-09 13:00:00'), duracion: 3_600 },
        // 09:00 → 17:30 = 30600 s.
        { idUser: 9, nombre: 'Santiago Rodríguez', estado: 'Activo', eventoPausa: null, fechaInicio: isoOf('2026-03-09 09:00:00'), fechaFin: isoOf('2026-03-09 17:30:00'), duracion: 30_600 },
        { idUser: 5, nombre: 'Valentina López', estado: 'Activo', eventoPausa: null, fechaInicio: isoOf('2026-03-09 08:00:00'), fechaFin: isoOf('2026-03-09 12:00:00'), duracion: 14_400 }
      ]);
      const santiago = await s.json<{ totalResult: number }>('supervisor@demo.co', path('agentConnectionHistory'), { ...TWO_DAYS, agents: '9' });
      expect(santiago.totalResult).toBe(1);
    });

    it('the notification log, newest first, with its totals', async () => {
      const body = await s.json<{ notificationsLog: { eventType: string; typeName: string; status: string }[]; totalPages: number; totalResult: number }>(
        'admin@demo.co',
        path('notificationLog'),
        TWO_DAYS
      );
      expect(body).toMatchObject({ totalPages: 1, totalResult: 4 });
      expect(body.notificationsLog.map((n) => `${n.eventType} ${n.typeName} ${n.status}`)).toEqual([
        'CHAT_NO_ATENDIDO Correo electrónico ENVIADA',
        'BLOQUEO_USUARIO Correo electrónico ENVIADA',
        'CHAT_NO_ATENDIDO SMS FALLIDA',
        'CHAT_NO_ATENDIDO Correo electrónico ENVIADA'
      ]);
    });
  });

  describe('CSV', () => {
    async function csv(email: Parameters<StatisticsPlatform['get']>[0], key: keyof typeof endpoints, query: Record<string, string | number>) {
      const res = await s.get(email, path(key), query);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      return csvLinesOf(res.body);
    }

    it('usuarios.csv: the access log with Spanish headers, oldest first, dates as DD/MM/YYYY HH:mm:ss in Bogotá', async () => {
      expect(await csv('admin@demo.co', 'accessLogCsv', TWO_DAYS)).toEqual([
        'Fecha,Tipo de identificación,Identificación,Nombre,Canal,Asistente virtual,Conversación',
        '09/03/2026 09:00:00,CÉDULA CIUDADANIA,111,Ana Ríos,Web,Asistente Demo,K1',
        '09/03/2026 10:00:00,CÉDULA CIUDADANIA,222,Bruno Díaz,Whatsapp,Asistente Demo,K3',
        '09/03/2026 11:00:00,PASAPORTE,P333,Carla Mejía,Facebook,Asistente Ventas,K4',
        '09/03/2026 14:00:00,CÉDULA CIUDADANIA,111,Ana Ríos,Web,Asistente Demo,K2',
        '10/03/2026 08:00:00,CÉDULA CIUDADANIA,222,Bruno Díaz,Web,Asistente Demo,K6',
        '10/03/2026 09:00:00,CÉDULA EXTRANJERÍA,444,Diego Paz,Web,Asistente Demo,K7',
        '10/03/2026 09:30:00,PASAPORTE,P333,Carla Mejía,Whatsapp,Asistente Demo,K8',
        '10/03/2026 09:40:00,CÉDULA CIUDADANIA,111,Ana Ríos,Web,Asistente Demo,K11'
      ]);
    });

    it('the human-agent chats, attended and not attended: durations HH:MM:SS, reasons joined by ";" and a new line, empty fields quoted', async () => {
      expect(await csv('supervisor@demo.co', 'humanAgentChatsCsv', { ...TWO_DAYS, attention: 'attended' })).toEqual([
        'Conversación,Fecha de entrada,Fecha de asignación,Fecha de fin,Canal,Split,Asesor,Estado,Duración,Causales de negocio,Causal de finalización',
        // 10:06 → 10:26 = 20 min.
        'K3,09/03/2026 10:00:00,09/03/2026 10:06:00,09/03/2026 10:26:00,Whatsapp,Ventas,Santiago Rodríguez,Finalizado,00:20:00,Consulta de saldo,No resuelto',
        // 14:04 → 14:14 = 10 min.
        'K2,09/03/2026 14:00:00,09/03/2026 14:04:00,09/03/2026 14:14:00,Web,Atención general,Valentina López,Finalizado,00:10:00,"Consulta de saldo;\nSolicitud de información",Resuelto',
        // 17:01:20 → 17:03:20 = 2 min.
        'K14,09/03/2026 17:00:00,09/03/2026 17:01:20,09/03/2026 17:03:20,Web,Soporte técnico,Santiago Rodríguez,Finalizado,00:02:00,"",Cliente no responde',
        'K6,10/03/2026 08:00:00,10/03/2026 08:03:00,"",Web,Atención general,Valentina López,Activo,"","",""'
      ]);
      expect(await csv('supervisor@demo.co', 'humanAgentChatsCsv', { ...TWO_DAYS, attention: 'notAttended' })).toEqual([
        'Conversación,Fecha de entrada,Fecha de asignación,Fecha de fin,Canal,Split,Asesor,Estado,Duración,Causales de negocio,Causal de finalización',
        // Queued 11:03 → ended 11:08 = 5 min; queued 16:00:30 → ended 16:15:30 = 15 min.
        'K4,09/03/2026 11:00:00,"",09/03/2026 11:08:00,Facebook,Ventas,"",No atendido,00:05:00,"",""',
        'K13,09/03/2026 16:00:00,"",09/03/2026 16:15:30,Whatsapp,Atención general,"",No atendido,00:15:00,"",""'
      ]);
    });

    it('reporteCausales.csv, the history, the connection history, the notification and integration logs', async () => {
      expect(await csv('admin@demo.co', 'causalReportCsv', TWO_DAYS)).toEqual([
        'Conversación,Fecha,Asesor,Split,Causales de negocio,Causal de finalización',
        'K3,09/03/2026,Santiago Rodríguez,Ventas,Consulta de saldo,No resuelto',
        'K2,09/03/2026,Valentina López,Atención general,"Consulta de saldo;\nSolicitud de información",Resuelto'
      ]);
      const history = await csv('admin@demo.co', 'conversationsReportCsv', { start: '2026-03-10', end: '2026-03-10' });
      expect(history).toEqual([
        'Conversación,Inicio,Fin,Canal,Asistente virtual,Cliente,Interacciones,Escalado',
        'K10,10/03/2026 00:00:00,10/03/2026 00:01:00,Facebook,Asistente Demo,"",1,No',
        'K6,10/03/2026 08:00:00,"",Web,Asistente Demo,Bruno Díaz,1,Sí',
        'K7,10/03/2026 09:00:00,"",Web,Asistente Demo,Diego Paz,2,No',
        'K8,10/03/2026 09:30:00,"",Whatsapp,Asistente Demo,Carla Mejía,1,Sí',
        'K11,10/03/2026 09:40:00,"",Web,Asistente Demo,Ana Ríos,1,Sí'
      ]);
      expect(await csv('supervisor@demo.co', 'agentConnectionHistoryCsv', TWO_DAYS)).toEqual([
        'Asesor,Estado,Evento de pausa,Inicio,Fin,Duración',
        // The state as the screens say it: the stored 'Activo' is Conectado.
        'Valentina López,Conectado,"",09/03/2026 08:00:00,09/03/2026 12:00:00,04:00:00',
        'Santiago Rodríguez,Conectado,"",09/03/2026 09:00:00,09/03/2026 17:30:00,08:30:00',
        'Valentina López,Pausa,Almuerzo,09/03/2026 12:00:00,09/03/2026 13:00:00,01:00:00',
        // Open since 03-09 13:00; now is 03-10 10:00.
        'Valentina López,Conectado,"",09/03/2026 13:00:00,"",21:00:00'
      ]);
      expect(await csv('admin@demo.co', 'notificationLogCsv', TWO_DAYS)).toEqual([
        'Fecha,Evento,Tipo de notificación,Destinatario,Rol del destinatario,Estado,Detalle',
        // Events, roles and statuses in the words of the screens, not their codes.
        '09/03/2026 10:00:00,Chat no atendido,Correo electrónico,supervisor@demo.co,Supervisor,Enviada,""',
        '09/03/2026 11:08:00,Chat no atendido,SMS,3001234567,Supervisor,Fallida,""',
        '10/03/2026 08:00:00,Bloqueo de usuario,Correo electrónico,admin@demo.co,Administrador,Enviada,""',
        '10/03/2026 08:05:00,Chat no atendido,Correo electrónico,supervisor@demo.co,Supervisor,Enviada,""'
      ]);
      expect(await csv('admin@demo.co', 'integrationLogCsv', TWO_DAYS)).toEqual([
        'Fecha,Servicio,Estado,Conversación,Duración (ms),Detalle',
        '09/03/2026 10:00:40,consulta_saldo,Exitosa,K3,200,ok',
        '09/03/2026 12:00:00,consulta_saldo,Fallida,"",900,timeout',
        '10/03/2026 08:30:00,agendar_cita,Exitosa,"",300,ok'
      ]);
      expect(await csv('admin@demo.co', 'integrationLogCsv', { ...TWO_DAYS, integrationStatus: 'failed' })).toHaveLength(2);
    });

    it('a range without rows is the header alone; start and end default to today', async () => {
      expect(await csv('admin@demo.co', 'causalReportCsv', { start: '2026-01-01', end: '2026-01-02' })).toEqual([
        'Conversación,Fecha,Asesor,Split,Causales de negocio,Causal de finalización'
      ]);
      // Today is 03-10: K6, K7, K8, K11 have customers.
      expect(await csv('admin@demo.co', 'accessLogCsv', {})).toHaveLength(5);
    });
  });

  describe('rules', () => {
    it('each report for exactly its readers; another organisation is refused; bad input is a Spanish 400', async () => {
      expect((await s.get('asesor@demo.co', path('accessLogCsv'), TWO_DAYS)).statusCode).toBe(403);
      expect((await s.get('supervisor@demo.co', path('accessLogCsv'), TWO_DAYS)).statusCode).toBe(403);
      expect((await s.get('supervisualizador@demo.co', path('humanAgentChatsCsv'), TWO_DAYS)).statusCode).toBe(403);
      expect((await s.get('supervisualizador@demo.co', path('conversationsReportCsv'), TWO_DAYS)).statusCode).toBe(200);
      expect((await s.get('admin@demo.co', path('accessLogCsv'), { ...TWO_DAYS, idOrg: 200 })).statusCode).toBe(403);
      // Organisation 200's administrator sees its own only: Z1 and Z2 have customer Z.
      const other = await s.get('admin@otra.co', path('accessLogCsv'), TWO_DAYS, 200);
      expect(csvLinesOf(other.body).map((line) => line.split(',').at(-1))).toEqual(['Conversación', 'Z1', 'Z2']);

      const backwards = await s.get('admin@demo.co', path('accessLogCsv'), { start: '2026-03-10', end: '2026-03-09' });
      expect(backwards.statusCode).toBe(400);
      expect(backwards.json<{ message: string }>().message).toMatch(/fecha/i);
      expect((await s.get('admin@demo.co', path('accessLog'), { ...TWO_DAYS, page: 0 })).statusCode).toBe(400);
      expect((await s.get('admin@demo.co', path('accessLog'), { ...TWO_DAYS, size: 501 })).statusCode).toBe(400);
    });

    it('a failure after the first bytes cuts the connection: the file never looks complete', async () => {
      const { app } = s.platform;
      const original = app.services.csv;
      app.services.csv = (query) => {
        async function* failing() {
          yield* original(query);
          throw new Error('disco lleno');
        }
        return Readable.from(failing(), { objectMode: false });
      };
      // A real HTTP server in front of the app (inject would hand back whatever was written).
      const server = createServer((req, res) => app.routing(req, res));
      server.listen(0, '127.0.0.1');
      await once(server, 'listening');
      try {
        const { port } = server.address() as AddressInfo;
        const session = await signIn(app, 'admin@demo.co');
        const res = await fetch(`http://127.0.0.1:${port}${path('accessLogCsv')}?start=2026-03-09&end=2026-03-10`, { headers: bearer(session.token) });
        expect(res.status).toBe(200);
        await expect(res.text()).rejects.toThrow();
      } finally {
        app.services.csv = original;
        server.closeAllConnections();
        server.close();
      }
    });
  });
});
