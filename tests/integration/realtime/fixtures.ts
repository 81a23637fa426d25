import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  agentSplits,
  answerElements,
  automaticTransferReasons,
  businessReasons,
  chatParameters,
  endMessages,
  entryFormFields,
  finalReasons,
  notAttendedEvents,
  organizations,
  pauseEvents,
  responseNodes,
  splitDerives,
  splits,
  splitSchedules,
  users,
  virtualAgents,
  workspaces
} from '../../../src/server/db/schema';
import { demoEndMessages } from '../../../src/server/demo/demo-data';
import { issueSession } from '../../../src/server/auth/session-tokens';
import { END_MESSAGE_ORDER } from '../../../src/shared/domain/end-message';

/**
 * The rows the live-chat tests work on, created with Drizzle in an organisation of their own (so
 * they depend on nothing but the seeded channel types and one seeded password hash).
 */

export interface FixtureAgent {
  userId: number;
  email: string;
  name: string;
  token: string;
  splitId: number;
}

export interface ChatFixture {
  orgId: number;
  orgName: string;
  vaId: number;
  /** GENERAL: the workspace's default split; derives to VENTAS. */
  splitA: number;
  /** VENTAS: derives back to GENERAL. */
  splitB: number;
  /** SOPORTE: no derivation from GENERAL. */
  splitC: number;
  agents: FixtureAgent[];
  pauseEventId: number;
  businessReasonId: number;
  finalReasonId: number;
  fields: { name: number; docType: number; document: number; email: number; phone: number };
  /** The end-message client text of each acronym. */
  endText: Record<string, string>;
}

export interface FixtureOptions {
  /** Agents in split A (GENERAL). */
  agentsA: number;
  /** Agents in split B (VENTAS). */
  agentsB?: number;
  maxChats?: number;
  /** chat_parameters; default every day 00:00–23:59. */
  diasLaborales?: number[];
  horaLaboralInicio?: string;
  horaLaboralFin?: string;
  tiempoInactividadCliente?: number;
  timeInactivityAgent?: number;
  timeInactivityClient?: number;
  timeMaxInitConversation?: number;
}

const ALL_DAYS = [1, 2, 3, 4, 5, 6, 7];

const NOT_ATTENDED = [
  { id: 9001, code: 'FUERA_HORARIO', nombre: 'Fuera de horario', descripcion: 'Fuera del horario de atención' },
  { id: 9002, code: 'SIN_ASESORES', nombre: 'Sin asesores', descripcion: 'No había asesores disponibles' },
  { id: 9003, code: 'ABANDONO', nombre: 'Abandono', descripcion: 'El cliente abandonó la conversación' },
  { id: 9004, code: 'TIEMPO_ESPERA', nombre: 'Tiempo de espera', descripcion: 'Se superó el tiempo máximo de espera' }
];
const TRANSFER_REASONS = [
  { idCause: 9001, code: 'SOLICITUD_CLIENTE', nombre: 'Solicitud del cliente' },
  { idCause: 9002, code: 'SIN_RESPUESTA', nombre: 'Sin respuesta del asistente' }
];

export async function createChatFixture(app: FastifyInstance, opts: FixtureOptions): Promise<ChatFixture> {
  const db = app.db;
  const tag = randomBytes(4).toString('hex');
  const orgName = `Pruebas Chat ${tag}`;
  // The global catalogues the engine refers to by code (the seed may already have them).
  await db.insert(notAttendedEvents).values(NOT_ATTENDED).onConflictDoNothing();
  await db.insert(automaticTransferReasons).values(TRANSFER_REASONS).onConflictDoNothing();

  const [org] = await db
    .insert(organizations)
    .values({ name: orgName, schemaName: `pruebas_chat_${tag}`, organizationType: 'Contact center' })
    .returning({ idOrg: organizations.idOrg });
  if (!org) throw new Error('fixture: organisation');
  const orgId = org.idOrg;
  const [va] = await db.insert(virtualAgents).values({ organizationId: orgId, name: 'Asistente Pruebas' }).returning({ idVa: virtualAgents.idVa });
  if (!va) throw new Error('fixture: virtual agent');

  await db.insert(chatParameters).values({
    organizationId: orgId,
    diasLaborales: opts.diasLaborales ?? ALL_DAYS,
    horaLaboralInicio: opts.horaLaboralInicio ?? '00:00',
    horaLaboralFin: opts.horaLaboralFin ?? '23:59',
    nroMaximoChatsAsesor: opts.maxChats ?? 3,
    tiempoInactividadCliente: opts.tiempoInactividadCliente ?? 10,
    timeZone: 'America/Bogota'
  });
  const timers = {
    timeInactivityAgent: opts.timeInactivityAgent ?? 5,
    timeInactivityClient: opts.timeInactivityClient ?? 10,
    timeMaxInitConversation: opts.timeMaxInitConversation ?? 15
  };
  const made = await db
    .insert(splits)
    .values([
      { organizationId: orgId, codigoSplit: 'GENERAL', nombre: 'Atención general', ...timers },
      { organizationId: orgId, codigoSplit: 'VENTAS', nombre: 'Ventas', ...timers },
      { organizationId: orgId, codigoSplit: 'SOPORTE', nombre: 'Soporte técnico', ...timers }
    ])
    .returning({ idSplit: splits.idSplit, codigo: splits.codigoSplit });
  const splitId = (code: string) => {
    const row = made.find((s) => s.codigo === code);
    if (!row) throw new Error(`fixture: split ${code}`);
    return row.idSplit;
  };
  const [splitA, splitB, splitC] = [splitId('GENERAL'), splitId('VENTAS'), splitId('SOPORTE')];
  await db.insert(splitSchedules).values([splitA, splitB, splitC].flatMap((idSplit) => ALL_DAYS.map((dia) => ({ idSplit, dia, horaInicio: '00:00', horaFin: '23:59' }))));
  await db.insert(splitDerives).values([
    { splitOrigin: splitA, splitDerive: splitB },
    { splitOrigin: splitB, splitDerive: splitA }
  ]);

  // Any seeded user's argon2 hash will do: the tests sign tokens directly.
  const [seeded] = await db.select({ hash: users.passwordHash }).from(users).where(eq(users.email, 'asesor@demo.co'));
  if (!seeded) throw new Error('fixture: the seeded asesor@demo.co is missing');
  const agentRows: { splitId: number; name: string; email: string }[] = [];
  for (let i = 0; i < opts.agentsA; i++) agentRows.push({ splitId: splitA, name: `Asesora${i + 1} Prueba`, email: `asesor${i + 1}.${tag}@pruebas.co` });
  for (let i = 0; i < (opts.agentsB ?? 0); i++) agentRows.push({ splitId: splitB, name: `Vendedor${i + 1} Prueba`, email: `ventas${i + 1}.${tag}@pruebas.co` });
  const agents: FixtureAgent[] = [];
  for (const a of agentRows) {
    const [user] = await db
      .insert(users)
      .values({ organizationId: orgId, email: a.email, name: a.name, role: 5, passwordHash: seeded.hash })
      .returning({ idUser: users.idUser });
    if (!user) throw new Error('fixture: agent');
    await db.insert(agentSplits).values({ idSplit: a.splitId, idUser: user.idUser });
    const { token } = await issueSession(db, app.services.tokens, { idUser: user.idUser, email: a.email, role: 5, organizationId: orgId, organizationName: orgName });
    agents.push({ userId: user.idUser, email: a.email, name: a.name, token, splitId: a.splitId });
  }

  const [pause] = await db.insert(pauseEvents).values({ organizationId: orgId, nombre: 'Almuerzo', tiempoMaximo: 60 }).returning({ id: pauseEvents.id });
  const [business] = await db
    .insert(businessReasons)
    .values({ organizationId: orgId, codigoCausal: 'CONSULTA', nombre: 'Consulta general' })
    .returning({ id: businessReasons.idCausal });
  const [final] = await db
    .insert(finalReasons)
    .values({ organizationId: orgId, codigoCausalFinalizacion: 'RESUELTO', nombre: 'Resuelto' })
    .returning({ id: finalReasons.idCausal });
  if (!pause || !business || !final) throw new Error('fixture: reasons');

  const texts = demoEndMessages(orgName);
  await db.insert(endMessages).values(
    texts.map((m) => ({
      organizationId: orgId,
      idEndTypeConversation: END_MESSAGE_ORDER.indexOf(m.acronym as (typeof END_MESSAGE_ORDER)[number]) + 1,
      acronym: m.acronym,
      clientMessage: m.clientMessage,
      fin: m.acronym === 'FCFHL'
    }))
  );

  const form = await db
    .insert(entryFormFields)
    .values([
      { organizationId: orgId, idVa: va.idVa, label: 'Nombre', fieldType: 'text', required: true, position: 1 },
      { organizationId: orgId, idVa: va.idVa, label: 'Tipo de documento', fieldType: 'select', required: true, position: 2, options: ['CÉDULA CIUDADANIA', 'PASAPORTE'] },
      { organizationId: orgId, idVa: va.idVa, label: 'Número de documento', fieldType: 'document', required: true, position: 3 },
      { organizationId: orgId, idVa: va.idVa, label: 'Correo', fieldType: 'email', required: false, position: 4 },
      { organizationId: orgId, idVa: va.idVa, label: 'Teléfono', fieldType: 'phone', required: false, position: 5 }
    ])
    .returning({ idField: entryFormFields.idField, label: entryFormFields.label });
  const field = (label: string) => {
    const row = form.find((f) => f.label === label);
    if (!row) throw new Error(`fixture: field ${label}`);
    return row.idField;
  };

  const [ws] = await db
    .insert(workspaces)
    .values({ organizationId: orgId, idVa: va.idVa, name: 'Workspace pruebas', defaultSplitId: splitA })
    .returning({ id: workspaces.id });
  if (!ws) throw new Error('fixture: workspace');
  const nodes = await db
    .insert(responseNodes)
    .values([
      { workspaceId: ws.id, nodeId: 'bienvenida', nodeName: 'Bienvenida', intent: 'bienvenida', examples: ['hola'] },
      { workspaceId: ws.id, nodeId: 'horarios', nodeName: 'Horarios', intent: 'horarios', examples: ['cual es el horario de atencion', 'a que hora abren'] },
      {
        workspaceId: ws.id,
        nodeId: 'asesor_humano',
        nodeName: 'Asesor humano',
        intent: 'asesor_humano',
        examples: ['quiero hablar con un asesor', 'asesor humano', 'hablar con una persona'],
        escalates: 1
      }
    ])
    .returning({ id: responseNodes.id, nodeId: responseNodes.nodeId });
  const node = (id: string) => nodes.find((n) => n.nodeId === id)?.id ?? 0;
  await db.insert(answerElements).values([
    { responseNodeId: node('bienvenida'), elementTypesIdType: 1, elementOrderPos: 1, elementValue: '¡Hola! Soy el asistente de pruebas.' },
    { responseNodeId: node('horarios'), elementTypesIdType: 1, elementOrderPos: 1, elementValue: 'Atendemos todos los días.' },
    { responseNodeId: node('asesor_humano'), elementTypesIdType: 1, elementOrderPos: 1, elementValue: 'Te comunico con un asesor.' }
  ]);

  return {
    orgId,
    orgName,
    vaId: va.idVa,
    splitA,
    splitB,
    splitC,
    agents,
    pauseEventId: pause.id,
    businessReasonId: business.id,
    finalReasonId: final.id,
    fields: { name: field('Nombre'), docType: field('Tipo de documento'), document: field('Número de documento'), email: field('Correo'), phone: field('Teléfono') },
    endText: Object.fromEntries(texts.map((t) => [t.acronym, t.clientMessage]))
  };
}

/** A valid entry form for customer number n. */
export function entryAnswers(fx: ChatFixture, n: number): Record<string, string> {
  return {
    [fx.fields.name]: `Cliente ${n}`,
    [fx.fields.docType]: 'CÉDULA CIUDADANIA',
    [fx.fields.document]: String(10_000_000 + n),
    [fx.fields.email]: `cliente${n}@correo.co`
  };
}
