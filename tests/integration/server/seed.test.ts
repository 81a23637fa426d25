import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { inflateSync } from 'node:zlib';
import { asc, count, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../src/server/app';
import {
  agentPresence,
  agentSplits,
  answerElements,
  automaticTransferReasons,
  businessReasons,
  channelTypes,
  chatParameters,
  cities,
  conversations,
  departmentRegions,
  departments,
  directoryContacts,
  endMessages,
  entryFormFields,
  files,
  finalReasons,
  notAttendedEvents,
  organizations,
  pauseEvents,
  regions,
  responseNodes,
  responseTemplates,
  splitDerives,
  splits,
  splitSchedules,
  users,
  virtualAgents,
  widgetDesigns,
  workspaces
} from '../../../src/server/db/schema';
import { EXPLICIT_ID_COLUMNS, seedDemoData } from '../../../src/server/demo';
import { verifyPassword } from '../../../src/server/auth/passwords';
import { BACKENDS, createTestDatabase, type TestDatabase } from '../../support/database';
import { bearer, signIn, testConfig } from '../../support/app';

const FIXED_NOW = new Date('2026-03-02T15:04:05.000Z');
const DAY_MS = 86_400_000;

async function snapshot(app: FastifyInstance) {
  const { db } = app;
  return {
    organizations: await db.select().from(organizations).orderBy(asc(organizations.idOrg)),
    virtualAgents: await db.select().from(virtualAgents).orderBy(asc(virtualAgents.idVa)),
    channelTypes: await db.select().from(channelTypes).orderBy(asc(channelTypes.idChannel)),
    users: await db.select().from(users).orderBy(asc(users.idUser)),
    endMessages: await db.select().from(endMessages).orderBy(asc(endMessages.id)),
    departments: await db.select().from(departments).orderBy(asc(departments.id)),
    cities: await db.select().from(cities).orderBy(asc(cities.id)),
    regions: await db.select().from(regions).orderBy(asc(regions.id)),
    departmentRegions: await db
      .select()
      .from(departmentRegions)
      .orderBy(asc(departmentRegions.organizationId), asc(departmentRegions.idDepartment), asc(departmentRegions.idRegional)),
    splits: await db.select().from(splits).orderBy(asc(splits.idSplit)),
    splitSchedules: await db.select().from(splitSchedules).orderBy(asc(splitSchedules.idHoursBySplits)),
    splitDerives: await db.select().from(splitDerives).orderBy(asc(splitDerives.idSplitsDerive)),
    agentSplits: await db.select().from(agentSplits).orderBy(asc(agentSplits.idSplitUsuario)),
    agentPresence: await db.select().from(agentPresence).orderBy(asc(agentPresence.userId)),
    chatParameters: await db.select().from(chatParameters).orderBy(asc(chatParameters.organizationId)),
    pauseEvents: await db.select().from(pauseEvents).orderBy(asc(pauseEvents.id)),
    businessReasons: await db.select().from(businessReasons).orderBy(asc(businessReasons.idCausal)),
    finalReasons: await db.select().from(finalReasons).orderBy(asc(finalReasons.idCausal)),
    automaticTransferReasons: await db.select().from(automaticTransferReasons).orderBy(asc(automaticTransferReasons.idCause)),
    notAttendedEvents: await db.select().from(notAttendedEvents).orderBy(asc(notAttendedEvents.id)),
    responseTemplates: await db.select().from(responseTemplates).orderBy(asc(responseTemplates.idTemplate)),
    directoryContacts: await db.select().from(directoryContacts).orderBy(asc(directoryContacts.idContact)),
    entryFormFields: await db.select().from(entryFormFields).orderBy(asc(entryFormFields.idField)),
    widgetDesigns: await db.select().from(widgetDesigns).orderBy(asc(widgetDesigns.idVa)),
    files: await db.select().from(files).orderBy(asc(files.id)),
    workspaces: await db.select().from(workspaces).orderBy(asc(workspaces.id)),
    responseNodes: await db.select().from(responseNodes).orderBy(asc(responseNodes.id)),
    answerElements: await db.select().from(answerElements).orderBy(asc(answerElements.id))
  };
}

type Snapshot = Awaited<ReturnType<typeof snapshot>>;

/** The chat demo data: splits, agents, parameters, reasons, catalogues, directory, forms, workspaces. */
function expectChatDemoData(data: Snapshot): void {
  const minutes = { agent: 5, client: 10, maxInit: 15 };
  expect(data.splits.map((s) => [s.idSplit, s.organizationId, s.codigoSplit, s.nombre, s.activo])).toEqual([
    [1, 100, 'GENERAL', 'Atención general', true],
    [2, 100, 'VENTAS', 'Ventas', true],
    [3, 100, 'SOPORTE', 'Soporte técnico', true],
    [4, 200, 'GENERAL', 'Atención general', true]
  ]);
  for (const split of data.splits) {
    expect([split.timeInactivityAgent, split.timeInactivityClient, split.timeMaxInitConversation]).toEqual([minutes.agent, minutes.client, minutes.maxInit]);
    const schedule = data.splitSchedules.filter((h) => h.idSplit === split.idSplit);
    expect(schedule.map((h) => [h.dia, h.horaInicio, h.horaFin])).toEqual([1, 2, 3, 4, 5, 6, 7].map((d) => [d, '00:00', '23:59']));
  }
  expect(data.splitDerives.map((d) => [d.splitOrigin, d.splitDerive])).toEqual([
    [1, 2],
    [1, 3],
    [2, 1],
    [3, 1]
  ]);

  const agents = data.users.filter((u) => u.role === 5);
  expect(agents.map((a) => [a.idUser, a.email, a.organizationId])).toEqual([
    [5, 'asesor@demo.co', 100],
    [9, 'asesor2@demo.co', 100],
    [10, 'asesor3@demo.co', 100],
    [11, 'asesor4@demo.co', 100],
    [12, 'asesor5@demo.co', 100],
    [13, 'asesor6@demo.co', 100],
    [14, 'asesor@otra.co', 200]
  ]);
  expect(data.agentSplits.filter((l) => l.idUser === 5).map((l) => l.idSplit)).toEqual([1, 2]);
  // The supervisor (role 6) attends Atención general when he opens 'Atender chats'.
  expect(data.agentSplits.filter((l) => l.idUser === 6).map((l) => l.idSplit)).toEqual([1]);
  for (const split of data.splits.filter((s) => s.organizationId === 100)) {
    expect(data.agentSplits.filter((l) => l.idSplit === split.idSplit).length).toBeGreaterThanOrEqual(2);
  }
  for (const link of data.agentSplits) {
    const agent = data.users.find((u) => u.idUser === link.idUser && (u.role === 5 || u.role === 6));
    const split = data.splits.find((s) => s.idSplit === link.idSplit);
    expect(agent?.organizationId).toBe(split?.organizationId);
  }
  expect(data.agentPresence.map((p) => [p.userId, p.organizationId, p.status, p.since.toISOString()])).toEqual(
    agents.map((a) => [a.idUser, a.organizationId, 'Desconectado', FIXED_NOW.toISOString()])
  );

  expect(data.chatParameters.map((p) => [p.organizationId, p.diasLaborales, p.horaLaboralInicio, p.horaLaboralFin, p.nroMaximoChatsAsesor, p.tiempoInactividadCliente, p.timeZone])).toEqual([
    [100, [1, 2, 3, 4, 5, 6, 7], '00:00', '23:59', 3, 10, 'America/Bogota'],
    [200, [1, 2, 3, 4, 5, 6, 7], '00:00', '23:59', 2, 10, 'America/Bogota']
  ]);
  expect(data.pauseEvents.filter((e) => e.organizationId === 100).map((e) => e.nombre)).toEqual(['Almuerzo', 'Pausa activa', 'Capacitación', 'Baño']);
  expect(data.pauseEvents.filter((e) => e.organizationId === 200)).toHaveLength(1);

  for (const list of [data.businessReasons, data.finalReasons]) {
    const own = list.filter((r) => r.organizationId === 100);
    expect(own.filter((r) => !r.activo)).toHaveLength(1);
    expect(list.filter((r) => r.organizationId === 200).length).toBeGreaterThan(0);
    // Later ids are newer, the last at the moment of the seed.
    expect(list.at(-1)?.fechaCreacion.toISOString()).toBe(FIXED_NOW.toISOString());
    expect(list.map((r) => r.fechaCreacion.getTime())).toEqual([...list.map((r) => r.fechaCreacion.getTime())].sort((a, b) => a - b));
  }
  expect(data.businessReasons.map((r) => r.codigoCausal)).toEqual(expect.arrayContaining(['CONSULTA_SALDO', 'SOLICITUD_INFO', 'QUEJA', 'RECLAMO', 'VENTA', 'SOPORTE_TECNICO']));
  expect(data.finalReasons.map((r) => r.codigoCausalFinalizacion)).toEqual(expect.arrayContaining(['RESUELTO', 'NO_RESUELTO', 'CLIENTE_NO_RESPONDE', 'TRANSFERIDO']));
  expect(data.automaticTransferReasons).toEqual([
    { idCause: 1, code: 'SOLICITUD_CLIENTE', nombre: 'Solicitud del cliente' },
    { idCause: 2, code: 'SIN_RESPUESTA', nombre: 'El asistente no pudo responder' }
  ]);
  expect(data.notAttendedEvents.map((e) => e.code)).toEqual(['FUERA_HORARIO', 'SIN_ASESORES', 'ABANDONO', 'TIEMPO_ESPERA']);
  expect(data.notAttendedEvents.every((e) => e.nombre !== '' && e.descripcion !== '')).toBe(true);

  expect(data.regions.filter((r) => r.organizationId === 100).map((r) => r.name)).toEqual(['Andina', 'Caribe', 'Pacífico']);
  const cityNames = data.cities.map((c) => c.name);
  expect(cityNames).toEqual(expect.arrayContaining(['Medellín', 'Bogotá D.C.', 'Cali', 'Barranquilla', 'Bucaramanga']));
  for (const link of data.departmentRegions) {
    expect(data.regions.find((r) => r.id === link.idRegional)?.organizationId).toBe(link.organizationId);
  }

  expect(data.responseTemplates.filter((t) => t.organizationId === 100).map((t) => t.templateName)).toEqual(
    expect.arrayContaining(['Saludo', 'Espera', 'Despedida', 'Datos de contacto'])
  );
  expect(new Set(data.directoryContacts.filter((c) => c.organizationId === 100).map((c) => c.idVa))).toEqual(new Set([1, 2]));
  expect(data.directoryContacts.every((c) => data.cities.some((city) => city.id === c.idCity))).toBe(true);

  for (const idVa of [1, 2, 3]) {
    expect(data.entryFormFields.filter((f) => f.idVa === idVa).map((f) => [f.position, f.label, f.fieldType, f.required])).toEqual([
      [1, 'Nombre completo', 'text', true],
      [2, 'Tipo de documento', 'select', true],
      [3, 'Número de documento', 'document', true],
      [4, 'Correo electrónico', 'email', false],
      [5, 'Teléfono', 'phone', false]
    ]);
  }
  expect(data.entryFormFields.find((f) => f.fieldType === 'select')?.options).toEqual(['CÉDULA CIUDADANIA', 'CÉDULA EXTRANJERÍA', 'PASAPORTE', 'NIT']);
  expect(data.widgetDesigns.map((d) => [d.organizationId, d.idVa])).toEqual([[100, 1]]);

  expect(data.workspaces.map((w) => [w.id, w.organizationId, w.idVa, w.name, w.defaultSplitId])).toEqual([
    [1, 100, 1, 'Asistente Demo', 1],
    [2, 100, 2, 'Asistente Ventas', 2],
    [3, 200, 3, 'Asistente Otra', 4]
  ]);
  const nodesOf = (workspaceId: number) => data.responseNodes.filter((n) => n.workspaceId === workspaceId);
  const demoNodes = nodesOf(1);
  expect(demoNodes.map((n) => n.nodeId)).toEqual(
    expect.arrayContaining(['bienvenida', 'horarios', 'puntos_atencion', 'estado_pedido', 'medios_pago', 'documentos', 'tutorial', 'asesor_humano', 'ventas_asesor'])
  );
  const node = (nodeId: string) => demoNodes.find((n) => n.nodeId === nodeId)!;
  const elementsOf = (nodeId: string) => data.answerElements.filter((e) => e.responseNodeId === node(nodeId).id).map((e) => [e.elementTypesIdType, e.elementValue]);
  expect(elementsOf('bienvenida')).toEqual([
    [1, expect.stringContaining('Asistente Demo')],
    [9, JSON.stringify(['Horarios', 'Puntos de atención', 'Hablar con un asesor'])]
  ]);
  expect(elementsOf('puntos_atencion').map(([type]) => type)).toEqual([1, 2]);
  expect(elementsOf('medios_pago').map(([type]) => type)).toEqual([1, 3]);
  expect(elementsOf('documentos').map(([type]) => type)).toEqual([1, 4]);
  expect(elementsOf('tutorial').map(([type]) => type)).toContain(5);
  expect([node('asesor_humano').escalates, node('asesor_humano').escalateSplitId]).toEqual([1, null]);
  expect(node('asesor_humano').examples).toEqual(expect.arrayContaining(['hablar con un asesor', 'asesor', 'humano', 'persona', 'agente']));
  expect([node('ventas_asesor').escalates, node('ventas_asesor').escalateSplitId]).toEqual([1, 2]);
  expect(node('ventas_asesor').examples).toEqual(expect.arrayContaining(['quiero comprar', 'hablar con ventas']));
  for (const workspaceId of [2, 3]) {
    expect(nodesOf(workspaceId).map((n) => n.nodeId)).toEqual(expect.arrayContaining(['bienvenida', 'asesor_humano']));
  }
  for (const element of data.answerElements) {
    expect(element.elementValue).not.toBe('');
    if (element.elementTypesIdType === 9) expect(z.array(z.string()).min(1).parse(JSON.parse(element.elementValue))).not.toHaveLength(0);
    if ([2, 3, 4, 5].includes(element.elementTypesIdType)) expect(element.elementValue).toMatch(/^(https:\/\/|\/api\/multimedia\/descargar\/)/);
  }

  // The media answers point at files that exist, with real bytes of their type.
  for (const element of data.answerElements.filter((e) => e.elementValue.startsWith('/api/multimedia/descargar/'))) {
    const file = data.files.find((f) => `/api/multimedia/descargar/${f.id}` === element.elementValue);
    expect(file).toBeDefined();
  }
  const png = data.files.find((f) => f.contentType === 'image/png')!;
  expect(png.data.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  expect(png.size).toBe(png.data.length);
  const idatLength = png.data.readUInt32BE(33);
  const [width, height] = [png.data.readUInt32BE(16), png.data.readUInt32BE(20)];
  expect(inflateSync(png.data.subarray(41, 41 + idatLength)).length).toBe((width * 3 + 1) * height);
  const pdf = data.files.find((f) => f.contentType === 'application/pdf')!;
  const pdfText = pdf.data.toString('latin1');
  expect(pdfText.startsWith('%PDF-1.4')).toBe(true);
  expect(pdfText.trimEnd().endsWith('%%EOF')).toBe(true);
  const xrefAt = Number(/startxref\n(\d+)/.exec(pdfText)?.[1]);
  expect(pdfText.slice(xrefAt, xrefAt + 4)).toBe('xref');
}

describe.each(BACKENDS)('demo data on %s', (backend) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  async function freshApp(): Promise<FastifyInstance> {
    const database: TestDatabase = await createTestDatabase(backend);
    cleanups.push(database.drop);
    const app = await buildApp(testConfig(database.target, { clock: () => FIXED_NOW }));
    cleanups.push(() => app.close());
    return app;
  }

  it('is deterministic: two fresh databases hold identical rows', async () => {
    const first = await snapshot(await freshApp());
    const second = await snapshot(await freshApp());
    expect(second).toEqual(first);

    expect(first.organizations.map((o) => [o.idOrg, o.name, o.loginAttemptsAllowed, o.passwordExpirationDays])).toEqual([
      [100, 'Demo Contact Center', 5, 90],
      [200, 'Otra Entidad S.A.S.', 5, 90]
    ]);
    expect(first.users.map((u) => [u.email, u.role, u.organizationId])).toEqual([
      ['superadmin@demo.co', 1, 100],
      ['supervisualizador@demo.co', 2, 100],
      ['admin@demo.co', 3, 100],
      ['visualizador@demo.co', 4, 100],
      ['asesor@demo.co', 5, 100],
      ['supervisor@demo.co', 6, 100],
      ['admin@otra.co', 3, 200],
      ['expirado@demo.co', 4, 100],
      ['asesor2@demo.co', 5, 100],
      ['asesor3@demo.co', 5, 100],
      ['asesor4@demo.co', 5, 100],
      ['asesor5@demo.co', 5, 100],
      ['asesor6@demo.co', 5, 100],
      ['asesor@otra.co', 5, 200]
    ]);
    for (const user of first.users) {
      expect(user.passwordHash).toMatch(/^\$argon2id\$/);
      expect(await verifyPassword(user.passwordHash, 'Atiende2026!')).toBe(true);
      expect(user.name).not.toBe('');
    }
    const expirado = first.users.find((u) => u.email === 'expirado@demo.co')!;
    expect(FIXED_NOW.getTime() - expirado.passwordChangedAt.getTime()).toBe(400 * DAY_MS);
    expect(first.endMessages.filter((m) => m.organizationId === 100).map((m) => [m.idEndTypeConversation, m.acronym, m.fin])).toEqual([
      [1, 'CCCNE', false],
      [2, 'FCCC', false],
      [3, 'FCCA', false],
      [4, 'FCTIC', false],
      [5, 'FCTIA', false],
      [6, 'FCFHL', true]
    ]);
    expectChatDemoData(first);
  });


  it('runs once: a second run adds nothing, and new rows continue after the seeded ids', async () => {
    const app = await freshApp();
    expect(await seedDemoData(app.db, { now: FIXED_NOW , conversations: 0 })).toBe(false);
    const [users_] = await app.db.select({ n: count() }).from(users);
    expect(users_?.n).toBe(14);
    // No conversations: the analytics generator makes the history.
    const [conversations_] = await app.db.select({ n: count() }).from(conversations);
    expect(conversations_?.n).toBe(0);
    const [org] = await app.db
      .insert(organizations)
      .values({ name: 'Nueva', schemaName: 'nueva', organizationType: 'Entidad' })
      .returning({ idOrg: organizations.idOrg });
    expect(org?.idOrg).toBe(201);
    const [split] = await app.db
      .insert(splits)
      .values({ organizationId: 100, codigoSplit: 'NUEVO', nombre: 'Nuevo' })
      .returning({ idSplit: splits.idSplit });
    expect(split?.idSplit).toBe(5);
    // Every identity seeded with explicit ids continues after its highest id.
    for (const [table, column] of EXPLICIT_ID_COLUMNS) {
      const result = await app.db.execute(
        sql`select nextval(pg_get_serial_sequence(${table}, ${column}))::int as next, (select max(${sql.identifier(column)}) from ${sql.identifier(table)})::int as max`
      );
      const [row] = z.object({ rows: z.array(z.object({ next: z.number(), max: z.number() })).length(1) }).parse(result).rows;
      expect(row?.next, `${table}.${column}`).toBe((row?.max ?? 0) + 1);
    }
  });
});

describe('a PGlite data directory', () => {
  it('keeps data and the signing secret across restarts: tokens survive, the seed does not rerun', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'atiende-platform-'));
    try {
      const first = await buildApp(testConfig({ kind: 'pglite', dataDir }));
      const { token } = await signIn(first, 'admin@demo.co');
      await first.db.update(users).set({ name: 'Carolina M.' });
      await first.close();

      const second = await buildApp(testConfig({ kind: 'pglite', dataDir }));
      try {
        const res = await second.inject({ method: 'GET', url: '/api/types/channels', headers: bearer(token) });
        expect(res.statusCode).toBe(200);
        const names = await second.db.select({ name: users.name }).from(users);
        expect(names.every((row) => row.name === 'Carolina M.')).toBe(true);
      } finally {
        await second.close();
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
