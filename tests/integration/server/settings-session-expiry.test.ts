import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { SessionExpirationType } from '../../../src/shared/domain/session-expiry';
import { chatParameters, endMessages, organizations, sessionExpirationTypes, virtualAgents } from '../../../src/server/db/schema';
import { BACKENDS, createTestDatabase, type TestDatabase } from '../../support/database';
import { listenPlatform, MONDAY_10AM, TestClock, type Running } from '../../support/platform';
import { caller, signInAll } from './chat-fixtures';

const EMAILS = ['admin@demo.co', 'admin@otra.co', 'asesor@demo.co', 'superadmin@demo.co'];
const E = (org: number) => `/api/organization/${org}/sessionExpiration`;
const Types = z.array(SessionExpirationType);

describe.each(BACKENDS)('session expiry (expiracion-sesion) on %s', (backend) => {
  let database: TestDatabase;
  let platform: Running;
  let call: ReturnType<typeof caller>;

  beforeAll(async () => {
    database = await createTestDatabase(backend);
    platform = await listenPlatform(database.target, new TestClock(MONDAY_10AM));
    call = caller(platform.app, await signInAll(platform.app, EMAILS));
  });
  afterAll(async () => {
    await platform.close();
    await database.drop();
  });

  const list = async (idVa = 1, as = 'admin@demo.co', org = 100) => Types.parse((await call(as, 'GET', `${E(org)}/getSessionExpirationType?idVa=${idVa}`)).json());
  const stored = async () => platform.app.db.select().from(sessionExpirationTypes).orderBy(sessionExpirationTypes.idSessionExpirationType);
  const update = (body: object, as = 'admin@demo.co', org = 100) => call(as, 'POST', `${E(org)}/updateSessionExpirationType`, body);

  it('answers the two seeded types of a virtual agent, BOT first, from its chat parameters and end messages', async () => {
    const res = await call('admin@demo.co', 'GET', `${E(100)}/getSessionExpirationType?idVa=1`);
    expect(res.statusCode).toBe(200);
    const types = Types.parse(res.json());
    expect(types.map((t) => t.kind)).toEqual(['BOT', 'ASESOR']);
    for (const t of types) {
      expect(t.clientMessage.trim().length).toBeGreaterThan(0);
      expect(t.closingTime).toBeGreaterThanOrEqual(1);
    }
    // The sales assistant's demo rows give a longer time with an agent.
    const sales = await list(2);
    expect(sales.find((t) => t.kind === 'ASESOR')?.closingTime).toBe(45);
    // The superadministrator (role 1, whose menu holds the screen) reads any organisation's.
    expect((await list(3, 'superadmin@demo.co', 200)).map((t) => t.kind)).toEqual(['BOT', 'ASESOR']);
  });

  it('saves a message and a time, answering the stored type; CR LF is stored as LF', async () => {
    const [bot] = await list();
    if (!bot) throw new Error('no BOT type');
    const res = await update({ idVa: 1, idSessionExpirationType: bot.idSessionExpirationType, clientMessage: '  Cerramos tu chat.\r\nVuelve cuando quieras.  ', closingTime: 7 });
    expect(res.statusCode).toBe(200);
    expect(SessionExpirationType.parse(res.json())).toEqual({ idSessionExpirationType: bot.idSessionExpirationType, kind: 'BOT', clientMessage: 'Cerramos tu chat.\nVuelve cuando quieras.', closingTime: 7 });
    expect((await list())[0]).toMatchObject({ clientMessage: 'Cerramos tu chat.\nVuelve cuando quieras.', closingTime: 7 });
  });

  it('refuses a time out of range, a blank, too long or control-bearing message, or a wrong shape, in Spanish, changing nothing', async () => {
    const [bot] = await list();
    if (!bot) throw new Error('no BOT type');
    const before = await stored();
    const base = { idVa: 1, idSessionExpirationType: bot.idSessionExpirationType, clientMessage: 'Hasta pronto.', closingTime: 10 };
    const cases: [string, object][] = [
      ['closingTime 0', { ...base, closingTime: 0 }],
      ['closingTime 1441', { ...base, closingTime: 1441 }],
      ['closingTime negative', { ...base, closingTime: -5 }],
      ['closingTime fractional', { ...base, closingTime: 2.5 }],
      ['closingTime as text', { ...base, closingTime: '10' }],
      ['blank message', { ...base, clientMessage: '   ' }],
      ['only line breaks', { ...base, clientMessage: '\r\n\r\n' }],
      ['message of 1001 characters', { ...base, clientMessage: 'a'.repeat(1001) }],
      ['NUL in the message', { ...base, clientMessage: 'Hola\u0000' }],
      ['escape in the message', { ...base, clientMessage: 'Hola\u001b[31m' }],
      ['no type', { idVa: 1, clientMessage: 'Hola', closingTime: 5 }],
      ['no virtual agent', { idSessionExpirationType: bot.idSessionExpirationType, clientMessage: 'Hola', closingTime: 5 }]
    ];
    for (const [name, body] of cases) {
      const res = await update(body);
      expect(res.statusCode, name).toBe(400);
      expect(res.json<{ message: string }>().message, name).toMatch(/[a-záéíóú]/i);
    }
    expect(await stored()).toEqual(before);
  });

  it('refuses another organisation: its path, its virtual agent, its type; and a role without the screen', async () => {
    const before = await stored();
    const [bot] = await list();
    if (!bot) throw new Error('no BOT type');
    const [otherBot] = await list(3, 'admin@otra.co', 200);
    if (!otherBot) throw new Error('no BOT type of org 200');
    // Org 200's admin on org 100's path: refused by the path.
    expect((await call('admin@otra.co', 'GET', `${E(100)}/getSessionExpirationType?idVa=1`)).statusCode).toBe(403);
    expect((await update({ idVa: 1, idSessionExpirationType: bot.idSessionExpirationType, clientMessage: 'X', closingTime: 3 }, 'admin@otra.co')).statusCode).toBe(403);
    // Its own path, but org 100's virtual agent: not found, nothing shown or changed.
    const read = await call('admin@otra.co', 'GET', `${E(200)}/getSessionExpirationType?idVa=1`);
    expect(read.statusCode).toBe(404);
    expect(JSON.stringify(read.json())).not.toContain(bot.clientMessage);
    expect((await update({ idVa: 1, idSessionExpirationType: bot.idSessionExpirationType, clientMessage: 'X', closingTime: 3 }, 'admin@otra.co', 200)).statusCode).toBe(404);
    // Org 100's admin naming org 200's type under its own virtual agent: not this agent's type.
    const foreign = await update({ idVa: 1, idSessionExpirationType: otherBot.idSessionExpirationType, clientMessage: 'X', closingTime: 3 });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json<{ message: string }>().message).toBe('El tipo de expiración de sesión no existe en este asistente virtual');
    // A virtual agent that does not exist.
    expect((await call('admin@demo.co', 'GET', `${E(100)}/getSessionExpirationType?idVa=999999`)).statusCode).toBe(404);
    // The human agent has no settings screen.
    expect((await call('asesor@demo.co', 'GET', `${E(100)}/getSessionExpirationType?idVa=1`)).statusCode).toBe(403);
    expect((await update({ idVa: 1, idSessionExpirationType: bot.idSessionExpirationType, clientMessage: 'X', closingTime: 3 }, 'asesor@demo.co')).statusCode).toBe(403);
    expect(await stored()).toEqual(before);
  });

  it('seeds, with migration 0024, a virtual agent that existed before it from its chat parameters and end messages, leaving those that have types', async () => {
    const db = platform.app.db;
    const migration = readFileSync(new URL('../../../src/server/db/migrations/0024_session_expiry.sql', import.meta.url), 'utf8');
    const seeding = migration.split('--> statement-breakpoint').at(-1);
    if (!seeding?.includes('INSERT INTO "session_expiration_types"')) throw new Error('the seeding statement is the migration’s last');
    // Virtual agent 2 as it was before the migration: no types; org 100 with a customer inactivity of its own.
    await db.delete(sessionExpirationTypes).where(eq(sessionExpirationTypes.idVa, 2));
    await db.update(chatParameters).set({ tiempoInactividadCliente: 12 }).where(eq(chatParameters.organizationId, 100));
    const others = await db.select().from(sessionExpirationTypes).where(sql`${sessionExpirationTypes.idVa} <> 2`).orderBy(sessionExpirationTypes.idSessionExpirationType);
    await db.execute(sql.raw(seeding));
    const [cccne] = await db.select().from(endMessages).where(and(eq(endMessages.organizationId, 100), eq(endMessages.acronym, 'CCCNE')));
    const [fctic] = await db.select().from(endMessages).where(and(eq(endMessages.organizationId, 100), eq(endMessages.acronym, 'FCTIC')));
    // Read from the table, not through the call (which would complete a virtual agent without types itself).
    const seeded = await db.select().from(sessionExpirationTypes).where(eq(sessionExpirationTypes.idVa, 2)).orderBy(sql`${sessionExpirationTypes.kind} desc`);
    expect(seeded.map(({ kind, clientMessage, closingTime }) => ({ kind, clientMessage, closingTime }))).toEqual([
      { kind: 'BOT', clientMessage: cccne?.clientMessage, closingTime: 12 },
      { kind: 'ASESOR', clientMessage: fctic?.clientMessage, closingTime: 30 }
    ]);
    expect(await db.select().from(sessionExpirationTypes).where(sql`${sessionExpirationTypes.idVa} <> 2`).orderBy(sessionExpirationTypes.idSessionExpirationType)).toEqual(others);
  });

  it('gives a new organisation’s virtual agent its two types at once', async () => {
    const res = await call('superadmin@demo.co', 'POST', '/api/organizations', { name: 'Expiración Nueva', schemaName: 'expiracion_nueva', organizationType: 'Contact center', isActive: true });
    expect(res.statusCode, res.body).toBeLessThan(300);
    const [org] = await platform.app.db.select().from(organizations).where(eq(organizations.name, 'Expiración Nueva'));
    if (!org) throw new Error('organisation not created');
    const [va] = await platform.app.db.select().from(virtualAgents).where(eq(virtualAgents.organizationId, org.idOrg));
    if (!va) throw new Error('no virtual agent');
    const rows = await platform.app.db.select().from(sessionExpirationTypes).where(eq(sessionExpirationTypes.idVa, va.idVa));
    expect(rows.map((r) => r.kind).sort()).toEqual(['ASESOR', 'BOT']);
    const bot = rows.find((r) => r.kind === 'BOT');
    // From the new organisation's chat parameters (10 minutes) and its CCCNE end message.
    expect(bot?.closingTime).toBe(10);
    expect(bot?.clientMessage).toBe('Cerramos esta conversación porque no recibimos respuesta. Si necesitas algo más, escríbenos de nuevo.');
  });
});
