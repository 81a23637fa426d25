/**
 * A small hand-built activity data set for the statistics tests. Every expected value in the
 * statistics-*.test.ts files is worked out by hand from the tables below (the arithmetic is in a
 * comment beside each literal), never by running the statistics' SQL.
 *
 * The platform's clock is fixed at NOW = 2026-03-10 10:00 Bogotá (15:00 UTC): "today" is 03-10 and
 * "yesterday" 03-09 (a Monday). Times below are Bogotá local time (UTC−5).
 *
 * Organisation 100 — customers A (CÉDULA CIUDADANIA 111), B (CÉDULA CIUDADANIA 222),
 * C (PASAPORTE P333), D (CÉDULA EXTRANJERÍA 444). Channels 1 Facebook, 2 Whatsapp, 3 Web.
 * Splits 1 Atención general, 2 Ventas, 3 Soporte técnico. Agents 5 Valentina López,
 * 9 Santiago Rodríguez, 10 Laura Gutiérrez. Transfer reasons 1 Solicitud del cliente,
 * 2 El asistente no pudo responder. Cities 11001 Bogotá (dept 11, region 1 Andina),
 * 5001 Medellín (dept 5, Andina), 8001 Barranquilla (dept 8, region 2 Caribe), 76001 Cali
 * (dept 76, region 3 Pacífico).
 *
 * | conv | cust | ch | va | city  | started          | escalated=queued | split | agent | accepted | ended    | by      | status    | auto | event | sat | nps |
 * | K12  | B    | 3  | 1  |       | 03-08 23:59:59   |                  |       |       |          | 03-09 00:00:30 | CLIENTE | FINALIZADA |   |       |     |     |
 * | K1   | A    | 3  | 1  | 11001 | 03-09 09:00:00   |                  |       |       |          | 09:05:00 | CLIENTE | FINALIZADA |      |       | 5   | 10  |
 * | K3   | B    | 2  | 1  | 5001  | 03-09 10:00:00   | 10:01:00         | 2     | 9     | 10:06:00 | 10:26:00 | ASESOR  | FINALIZADA | 2    |       | 2   | 6   |
 * | K4   | C    | 1  | 2  | 8001  | 03-09 11:00:00   | 11:03:00         | 2     |       |          | 11:08:00 | CLIENTE | FINALIZADA | 1    | 3     |     |     |
 * | K2   | A    | 3  | 1  | 11001 | 03-09 14:00:00   | 14:02:00         | 1     | 5     | 14:04:00 | 14:14:00 | ASESOR  | FINALIZADA | 1    |       | 4   | 9   |
 * | K13  | —    | 2  | 1  |       | 03-09 16:00:00   | 16:00:30         | 1     |       |          | 16:15:30 | SISTEMA | FINALIZADA | 2    | 4     |     |     |
 * | K14  | —    | 3  | 1  |       | 03-09 17:00:00   | 17:00:20         | 3     | 9     | 17:01:20 | 17:03:20 | ASESOR  | FINALIZADA | 2    |       |     |     |
 * | K5   | —    | 3  | 1  |       | 03-09 23:59:30   |                  |       |       |          | 23:59:50 | SISTEMA | FINALIZADA |      |       | 3   | 7   |
 * | K10  | —    | 1  | 1  |       | 03-10 00:00:00   |                  |       |       |          | 00:01:00 | CLIENTE | FINALIZADA |      |       |     |     |
 * | K6   | B    | 3  | 1  | 76001 | 03-10 08:00:00   | 08:01:00         | 1     | 5     | 08:03:00 |          |         | ACTIVA     | 1    |       |     |     |
 * | K7   | D    | 3  | 1  |       | 03-10 09:00:00   |                  |       |       |          |          |         | BOT        |      |       |     |     |
 * | K8   | C    | 2  | 1  |       | 03-10 09:30:00   | 09:31:00         | 3     |       |          |          |         | EN_COLA    | 2    |       |     |     |
 * | K11  | A    | 3  | 1  |       | 03-10 09:40:00   | 09:41:00         | 3     | 10 (offered 09:42, not accepted) |   |         | ASIGNADA   | 1    |       |     |     |
 * | K9   | D    | 3  | 1  |       | 02-01 10:00:00   |                  |       |       |          | 10:10:00 | CLIENTE | FINALIZADA |      |       | 1   | 0   |
 *
 * Business reasons: K2 → 1 Consulta de saldo and 2 Solicitud de información (agent 5); K3 → 1
 * (agent 9). Final reasons: K2 → 1 Resuelto, K3 → 2 No resuelto, K14 → 3 Cliente no responde.
 * Events: 3 Abandono del cliente, 4 Tiempo de espera agotado.
 *
 * Assistant turns (node: intent; ✗ = not understood):
 *   K12 03-09 00:00:10 3 puntos_atencion · K1 09:01 2 horarios, 09:02 ✗ · K3 10:00:30 ✗ ·
 *   K4 (va 2) 11:01 13 catalogo, 11:02 15 asesor_humano · K2 14:00:30 2 horarios, 14:01 8 asesor_humano ·
 *   K13 16:00:10 ✗ · K14 17:00:10 8 asesor_humano · K5 23:59:40 2 horarios ·
 *   K10 03-10 00:00:30 3 puntos_atencion · K6 08:00:30 8 asesor_humano · K7 09:00:30 1 saludo, 09:01 ✗ ·
 *   K8 09:30:30 ✗ · K11 09:40:30 8 asesor_humano · K9 02-01 10:01 2 horarios.
 *
 * Integration calls: I1 03-09 10:00:40 consulta_saldo success 200 ms (va 1, K3) · I2 03-09 12:00
 * consulta_saldo failed 900 ms (va 1) · I3 03-10 08:30 agendar_cita success 300 ms (va 2) ·
 * I4 02-01 10:02 consulta_saldo success 150 ms (va 1).
 * Notifications: N1 03-09 10:00 CHAT_NO_ATENDIDO Correo SUPERVISOR ENVIADA · N2 03-09 11:08
 * CHAT_NO_ATENDIDO SMS SUPERVISOR FALLIDA · N3 03-10 08:00 BLOQUEO_USUARIO Correo ADMINISTRADOR
 * ENVIADA · N4 03-10 08:05 CHAT_NO_ATENDIDO Correo SUPERVISOR ENVIADA.
 *
 * Organisation 200 (must never count for 100): customer Z (NIT 900); Z1 03-09 12:00 Web va 3,
 * escalated 12:01 split 4, agent 14 accepted 12:02, ended 12:30, transfer reason 1, sat 1, nps 0,
 * business reason 9, final reason 6, one turn 12:00:30 node 18 asesor_humano; Z2 03-10 08:00 Web
 * va 3 bot only ended 08:00:40, sat 1, nps 0, one turn 08:00:10 ✗; an integration call 03-09
 * failed; a notification 03-09 CHAT_NO_ATENDIDO Correo SUPERVISOR ENVIADA.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import {
  botInteractions,
  conversationBusinessReasons,
  conversationFinalReasons,
  conversations,
  customers,
  integrationCalls,
  messages,
  notificationsLog,
  notificationTypes
} from '../../../src/server/db/schema';
import { signInAll } from './chat-fixtures';
import { bearer, createTestApp, type TestPlatform } from '../../support/app';
import { type Backend } from '../../support/database';

/** The platform clock of the statistics tests: 2026-03-10 10:00 in Bogotá. */
export const NOW = new Date('2026-03-10T15:00:00.000Z');
export const TODAY = '2026-03-10';
export const YESTERDAY = '2026-03-09';

/** A Bogotá local time 'yyyy-MM-dd HH:mm:ss' as an instant. */
export function bog(local: string): Date {
  return new Date(`${local.replace(' ', 'T')}-05:00`);
}

/** The UTC ISO text of a Bogotá local time (as the answers carry instants). */
export function isoOf(local: string): string {
  return bog(local).toISOString();
}

type Status = 'BOT' | 'EN_COLA' | 'ASIGNADA' | 'ACTIVA' | 'FINALIZADA';

interface Conv {
  id: string;
  org?: number;
  customer: string | null;
  channel: number;
  va: number;
  city?: number;
  started: string;
  escalated?: string;
  split?: number;
  agent?: number;
  assigned?: string;
  accepted?: string;
  ended?: string;
  endedBy?: 'CLIENTE' | 'ASESOR' | 'SISTEMA';
  status: Status;
  auto?: number;
  event?: number;
  sat?: number;
  nps?: number;
}

const D9 = '2026-03-09';
const D10 = '2026-03-10';

export const CONVERSATIONS: readonly Conv[] = [
  { id: 'K12', customer: 'B', channel: 3, va: 1, started: '2026-03-08 23:59:59', ended: `${D9} 00:00:30`, endedBy: 'CLIENTE', status: 'FINALIZADA' },
  { id: 'K1', customer: 'A', channel: 3, va: 1, city: 11001, started: `${D9} 09:00:00`, ended: `${D9} 09:05:00`, endedBy: 'CLIENTE', status: 'FINALIZADA', sat: 5, nps: 10 },
  {
    id: 'K3',
    customer: 'B',
    channel: 2,
    va: 1,
    city: 5001,
    started: `${D9} 10:00:00`,
    escalated: `${D9} 10:01:00`,
    split: 2,
    agent: 9,
    assigned: `${D9} 10:05:00`,
    accepted: `${D9} 10:06:00`,
    ended: `${D9} 10:26:00`,
    endedBy: 'ASESOR',
    status: 'FINALIZADA',
    auto: 2,
    sat: 2,
    nps: 6
  },
  {
    id: 'K4',
    customer: 'C',
    channel: 1,
    va: 2,
    city: 8001,
    started: `${D9} 11:00:00`,
    escalated: `${D9} 11:03:00`,
    split: 2,
    ended: `${D9} 11:08:00`,
    endedBy: 'CLIENTE',
    status: 'FINALIZADA',
    auto: 1,
    event: 3
  },
  {
    id: 'K2',
    customer: 'A',
    channel: 3,
    va: 1,
    city: 11001,
    started: `${D9} 14:00:00`,
    escalated: `${D9} 14:02:00`,
    split: 1,
    agent: 5,
    assigned: `${D9} 14:03:00`,
    accepted: `${D9} 14:04:00`,
    ended: `${D9} 14:14:00`,
    endedBy: 'ASESOR',
    status: 'FINALIZADA',
    auto: 1,
    sat: 4,
    nps: 9
  },
  {
    id: 'K13',
    customer: null,
    channel: 2,
    va: 1,
    started: `${D9} 16:00:00`,
    escalated: `${D9} 16:00:30`,
    split: 1,
    ended: `${D9} 16:15:30`,
    endedBy: 'SISTEMA',
    status: 'FINALIZADA',
    auto: 2,
    event: 4
  },
  {
    id: 'K14',
    customer: null,
    channel: 3,
    va: 1,
    started: `${D9} 17:00:00`,
    escalated: `${D9} 17:00:20`,
    split: 3,
    agent: 9,
    assigned: `${D9} 17:00:50`,
    accepted: `${D9} 17:01:20`,
    ended: `${D9} 17:03:20`,
    endedBy: 'ASESOR',
    status: 'FINALIZADA',
    auto: 2
  },
  { id: 'K5', customer: null, channel: 3, va: 1, started: `${D9} 23:59:30`, ended: `${D9} 23:59:50`, endedBy: 'SISTEMA', status: 'FINALIZADA', sat: 3, nps: 7 },
  { id: 'K10', customer: null, channel: 1, va: 1, started: `${D10} 00:00:00`, ended: `${D10} 00:01:00`, endedBy: 'CLIENTE', status: 'FINALIZADA' },
  {
    id: 'K6',
    customer: 'B',
    channel: 3,
    va: 1,
    city: 76001,
    started: `${D10} 08:00:00`,
    escalated: `${D10} 08:01:00`,
    split: 1,
    agent: 5,
    assigned: `${D10} 08:02:00`,
    accepted: `${D10} 08:03:00`,
    status: 'ACTIVA',
    auto: 1
  },
  { id: 'K7', customer: 'D', channel: 3, va: 1, started: `${D10} 09:00:00`, status: 'BOT' },
  { id: 'K8', customer: 'C', channel: 2, va: 1, started: `${D10} 09:30:00`, escalated: `${D10} 09:31:00`, split: 3, status: 'EN_COLA', auto: 2 },
  {
    id: 'K11',
    customer: 'A',
    channel: 3,
    va: 1,
    started: `${D10} 09:40:00`,
    escalated: `${D10} 09:41:00`,
    split: 3,
    agent: 10,
    assigned: `${D10} 09:42:00`,
    status: 'ASIGNADA',
    auto: 1
  },
  { id: 'K9', customer: 'D', channel: 3, va: 1, started: '2026-02-01 10:00:00', ended: '2026-02-01 10:10:00', endedBy: 'CLIENTE', status: 'FINALIZADA', sat: 1, nps: 0 },
  // Organisation 200.
  {
    id: 'Z1',
    org: 200,
    customer: 'Z',
    channel: 3,
    va: 3,
    started: `${D9} 12:00:00`,
    escalated: `${D9} 12:01:00`,
    split: 4,
    agent: 14,
    assigned: `${D9} 12:01:30`,
    accepted: `${D9} 12:02:00`,
    ended: `${D9} 12:30:00`,
    endedBy: 'ASESOR',
    status: 'FINALIZADA',
    auto: 1,
    sat: 1,
    nps: 0
  },
  { id: 'Z2', org: 200, customer: 'Z', channel: 3, va: 3, started: `${D10} 08:00:00`, ended: `${D10} 08:00:40`, endedBy: 'CLIENTE', status: 'FINALIZADA', sat: 1, nps: 0 }
];

const CUSTOMERS = [
  { key: 'A', org: 100, documentType: 'CÉDULA CIUDADANIA', identification: '111', name: 'Ana Ríos' },
  { key: 'B', org: 100, documentType: 'CÉDULA CIUDADANIA', identification: '222', name: 'Bruno Díaz' },
  { key: 'C', org: 100, documentType: 'PASAPORTE', identification: 'P333', name: 'Carla Mejía' },
  { key: 'D', org: 100, documentType: 'CÉDULA EXTRANJERÍA', identification: '444', name: 'Diego Paz' },
  { key: 'Z', org: 200, documentType: 'NIT', identification: '900', name: 'Zeta S.A.S.' }
] as const;

/** [conversation, Bogotá time, response node (null: not understood), intent, id_va]. */
const TURNS: readonly [string, string, number | null, string | null][] = [
  ['K12', `${D9} 00:00:10`, 3, 'puntos_atencion'],
  ['K1', `${D9} 09:01:00`, 2, 'horarios'],
  ['K1', `${D9} 09:02:00`, null, null],
  ['K3', `${D9} 10:00:30`, null, null],
  ['K4', `${D9} 11:01:00`, 13, 'catalogo'],
  ['K4', `${D9} 11:02:00`, 15, 'asesor_humano'],
  ['K2', `${D9} 14:00:30`, 2, 'horarios'],
  ['K2', `${D9} 14:01:00`, 8, 'asesor_humano'],
  ['K13', `${D9} 16:00:10`, null, null],
  ['K14', `${D9} 17:00:10`, 8, 'asesor_humano'],
  ['K5', `${D9} 23:59:40`, 2, 'horarios'],
  ['K10', `${D10} 00:00:30`, 3, 'puntos_atencion'],
  ['K6', `${D10} 08:00:30`, 8, 'asesor_humano'],
  ['K7', `${D10} 09:00:30`, 1, 'saludo'],
  ['K7', `${D10} 09:01:00`, null, null],
  ['K8', `${D10} 09:30:30`, null, null],
  ['K11', `${D10} 09:40:30`, 8, 'asesor_humano'],
  ['K9', '2026-02-01 10:01:00', 2, 'horarios'],
  ['Z1', `${D9} 12:00:30`, 18, 'asesor_humano'],
  ['Z2', `${D10} 08:00:10`, null, null]
];

/** Inserts the data set (the demo seed supplies organisations, users, splits, reasons, nodes). */
export async function insertStatisticsFixtures(app: FastifyInstance): Promise<void> {
  const db = app.db;
  const ids = new Map<string, number>();
  for (const c of CUSTOMERS) {
    const [row] = await db
      .insert(customers)
      .values({ organizationId: c.org, documentType: c.documentType, identification: c.identification, name: c.name, createdAt: bog('2026-01-01 00:00:00') })
      .returning({ id: customers.id });
    if (!row) throw new Error('customer not inserted');
    ids.set(c.key, row.id);
  }
  const byId = new Map(CONVERSATIONS.map((c) => [c.id, c]));
  const at = (local: string | undefined) => (local === undefined ? null : bog(local));
  await db.insert(conversations).values(
    CONVERSATIONS.map((c) => ({
      idConv: c.id,
      organizationId: c.org ?? 100,
      idVa: c.va,
      channelId: c.channel,
      customerId: c.customer === null ? null : (ids.get(c.customer) ?? null),
      customerData: { 'Nombre completo': c.customer ?? 'Anónimo' },
      cityId: c.city ?? null,
      status: c.status,
      splitId: c.split ?? null,
      agentId: c.agent ?? null,
      startedAt: bog(c.started),
      escalatedAt: at(c.escalated),
      queuedAt: at(c.escalated),
      assignedAt: at(c.assigned),
      acceptedAt: at(c.accepted),
      lastCustomerActivityAt: bog(c.started),
      endedAt: at(c.ended),
      endedBy: c.endedBy ?? null,
      endAcronym: c.ended === undefined ? null : 'FCCC',
      automaticTransferReasonId: c.auto ?? null,
      notAttendedEventId: c.event ?? null,
      satisfaction: c.sat ?? null,
      nps: c.nps ?? null,
      surveyAt: c.sat === undefined ? null : at(c.ended),
      widgetTokenHash: randomBytes(16).toString('hex')
    }))
  );
  await db.insert(botInteractions).values(
    TURNS.map(([conv, time, node, intent]) => {
      const c = byId.get(conv);
      if (!c) throw new Error(`no conversation ${conv}`);
      return {
        conversationId: conv,
        organizationId: c.org ?? 100,
        idVa: c.va,
        interactionTime: bog(time),
        requestData: JSON.stringify({ text: 'pregunta', context: {} }),
        responseAnswer: JSON.stringify({ responseItems: [] }),
        intent,
        responseNodeId: node,
        answered: node !== null,
        escalated: intent === 'asesor_humano'
      };
    })
  );
  await db.insert(conversationBusinessReasons).values([
    { conversationId: 'K2', reasonId: 1, agentId: 5, splitId: 1, createdAt: bog(`${D9} 14:14:00`) },
    { conversationId: 'K2', reasonId: 2, agentId: 5, splitId: 1, createdAt: bog(`${D9} 14:14:00`) },
    { conversationId: 'K3', reasonId: 1, agentId: 9, splitId: 2, createdAt: bog(`${D9} 10:26:00`) },
    { conversationId: 'Z1', reasonId: 9, agentId: 14, splitId: 4, createdAt: bog(`${D9} 12:30:00`) }
  ]);
  await db.insert(conversationFinalReasons).values([
    { conversationId: 'K2', reasonId: 1, agentId: 5, createdAt: bog(`${D9} 14:14:00`) },
    { conversationId: 'K3', reasonId: 2, agentId: 9, createdAt: bog(`${D9} 10:26:00`) },
    { conversationId: 'K14', reasonId: 3, agentId: 9, createdAt: bog(`${D9} 17:03:20`) },
    { conversationId: 'Z1', reasonId: 6, agentId: 14, createdAt: bog(`${D9} 12:30:00`) }
  ]);
  await db.insert(messages).values([
    { conversationId: 'K2', seq: 1, tipoMensaje: 'TEXTO', tipoUsuario: 'CLIENTE', mensaje: 'Hola', fechaMensaje: bog(`${D9} 14:00:20`) },
    { conversationId: 'K2', seq: 2, tipoMensaje: 'TEXTO', tipoUsuario: 'BOT', mensaje: 'Hola, ¿en qué te ayudo?', fechaMensaje: bog(`${D9} 14:00:21`) },
    { conversationId: 'K2', seq: 3, tipoMensaje: 'TEXTO', tipoUsuario: 'ASESOR', mensaje: 'Con gusto te ayudo', agentId: 5, fechaMensaje: bog(`${D9} 14:04:10`) },
    {
      conversationId: 'K2',
      seq: 4,
      tipoMensaje: 'ARCHIVO',
      tipoUsuario: 'CLIENTE',
      mensaje: 'factura.pdf',
      adjunto: { contentType: 'application/pdf', name: 'factura.pdf', url: '/api/multimedia/descargar/f1' },
      fechaMensaje: bog(`${D9} 14:05:00`)
    },
    { conversationId: 'K2', seq: 5, tipoMensaje: 'COMMAND', tipoUsuario: 'SISTEMA', mensaje: 'FCCA', fechaMensaje: bog(`${D9} 14:14:00`) },
    { conversationId: 'K1', seq: 1, tipoMensaje: 'TEXTO', tipoUsuario: 'CLIENTE', mensaje: 'Horarios', fechaMensaje: bog(`${D9} 09:01:00`) },
    { conversationId: 'Z1', seq: 1, tipoMensaje: 'TEXTO', tipoUsuario: 'CLIENTE', mensaje: 'Otra', fechaMensaje: bog(`${D9} 12:00:20`) }
  ]);
  await db
    .insert(integrationCalls)
    .values([
      { organizationId: 100, idVa: 1, conversationId: 'K3', calledAt: bog(`${D9} 10:00:40`), service: 'consulta_saldo', status: 'success', durationMs: 200, detail: 'ok' },
      { organizationId: 100, idVa: 1, conversationId: null, calledAt: bog(`${D9} 12:00:00`), service: 'consulta_saldo', status: 'failed', durationMs: 900, detail: 'timeout' },
      { organizationId: 100, idVa: 2, conversationId: null, calledAt: bog(`${D10} 08:30:00`), service: 'agendar_cita', status: 'success', durationMs: 300, detail: 'ok' },
      { organizationId: 100, idVa: 1, conversationId: 'K9', calledAt: bog('2026-02-01 10:02:00'), service: 'consulta_saldo', status: 'success', durationMs: 150, detail: 'ok' },
      { organizationId: 200, idVa: 3, conversationId: 'Z1', calledAt: bog(`${D9} 12:00:40`), service: 'consulta_saldo', status: 'failed', durationMs: 500, detail: 'error' }
    ]);
  await db
    .insert(notificationTypes)
    .values([
      { typeNotificationId: 1, name: 'Correo' },
      { typeNotificationId: 2, name: 'SMS' }
    ])
    .onConflictDoNothing();
  await db.insert(notificationsLog).values([
    { organizationId: 100, sentAt: bog(`${D9} 10:00:00`), eventType: 'CHAT_NO_ATENDIDO', typeNotificationId: 1, recipient: 'supervisor@demo.co', recipientRole: 'SUPERVISOR', status: 'ENVIADA' },
    { organizationId: 100, sentAt: bog(`${D9} 11:08:00`), eventType: 'CHAT_NO_ATENDIDO', typeNotificationId: 2, recipient: '3001234567', recipientRole: 'SUPERVISOR', status: 'FALLIDA' },
    { organizationId: 100, sentAt: bog(`${D10} 08:00:00`), eventType: 'BLOQUEO_USUARIO', typeNotificationId: 1, recipient: 'admin@demo.co', recipientRole: 'ADMINISTRADOR', status: 'ENVIADA' },
    { organizationId: 100, sentAt: bog(`${D10} 08:05:00`), eventType: 'CHAT_NO_ATENDIDO', typeNotificationId: 1, recipient: 'supervisor@demo.co', recipientRole: 'SUPERVISOR', status: 'ENVIADA' },
    { organizationId: 200, sentAt: bog(`${D9} 12:10:00`), eventType: 'CHAT_NO_ATENDIDO', typeNotificationId: 1, recipient: 'x@otra.co', recipientRole: 'SUPERVISOR', status: 'ENVIADA' }
  ]);
}

/** GET `path` (org placeholders filled with `org`) with `query`, as `token`. */
export function statsGet(app: FastifyInstance, token: string, path: string, query: Record<string, string | number> = {}, org = 100) {
  const url = path.replace('{idOrg}', String(org)).replace('{id}', String(org));
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)])).toString();
  return app.inject({ method: 'GET', url: qs ? `${url}?${qs}` : url, headers: bearer(token) });
}

/** Both days of the data set: yesterday and today. */
export const TWO_DAYS = { start: YESTERDAY, end: TODAY } as const;

/** Who the statistics tests sign in as (roles 1–6 of organisation 100, and organisation 200's administrator). */
export const STAT_EMAILS = [
  'superadmin@demo.co',
  'supervisualizador@demo.co',
  'admin@demo.co',
  'visualizador@demo.co',
  'asesor@demo.co',
  'supervisor@demo.co',
  'admin@otra.co'
] as const;
export type StatEmail = (typeof STAT_EMAILS)[number];

export interface StatisticsPlatform {
  platform: TestPlatform;
  /** GET a catalogue path as one of STAT_EMAILS. */
  get(email: StatEmail, path: string, query?: Record<string, string | number>, org?: number): ReturnType<typeof statsGet>;
  /** The JSON answer of a 200 GET (fails the test otherwise). */
  json<T>(email: StatEmail, path: string, query?: Record<string, string | number>, org?: number): Promise<T>;
}

/** A platform on `backend` with the clock at NOW, the data set inserted and every STAT_EMAILS signed in. */
export async function statisticsPlatform(backend: Backend): Promise<StatisticsPlatform> {
  const platform = await createTestApp(backend, { clock: () => NOW });
  await insertStatisticsFixtures(platform.app);
  const tokens = await signInAll(platform.app, STAT_EMAILS);
  const get = (email: StatEmail, path: string, query: Record<string, string | number> = {}, org = 100) => statsGet(platform.app, tokens[email] ?? '', path, query, org);
  return {
    platform,
    get,
    async json<T>(email: StatEmail, path: string, query: Record<string, string | number> = {}, org = 100): Promise<T> {
      const res = await get(email, path, query, org);
      if (res.statusCode !== 200) throw new Error(`GET ${path} as ${email} answered ${res.statusCode}: ${res.body}`);
      return res.json<T>();
    }
  };
}
