import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { asc, count } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../src/server/app';
import { channelTypes, endMessages, organizations, users, virtualAgents } from '../../../src/server/db/schema';
import { seedDemoData } from '../../../src/server/db/seed';
import { verifyPassword } from '../../../src/server/auth/passwords';
import { BACKENDS, bearer, createTestDatabase, signIn, testConfig, type TestDatabase } from './helpers';

const FIXED_NOW = new Date('2026-03-02T15:04:05.000Z');
const DAY_MS = 86_400_000;

async function snapshot(app: FastifyInstance) {
  const { db } = app;
  return {
    organizations: await db.select().from(organizations).orderBy(asc(organizations.idOrg)),
    virtualAgents: await db.select().from(virtualAgents).orderBy(asc(virtualAgents.idVa)),
    channelTypes: await db.select().from(channelTypes).orderBy(asc(channelTypes.idChannel)),
    users: await db.select().from(users).orderBy(asc(users.idUser)),
    endMessages: await db.select().from(endMessages).orderBy(asc(endMessages.id))
  };
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
      ['expirado@demo.co', 4, 100]
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
  });

  it('runs once: a second run adds nothing, and new rows continue after the seeded ids', async () => {
    const app = await freshApp();
    expect(await seedDemoData(app.db, { now: FIXED_NOW })).toBe(false);
    const [users_] = await app.db.select({ n: count() }).from(users);
    expect(users_?.n).toBe(8);
    const [org] = await app.db
      .insert(organizations)
      .values({ name: 'Nueva', schemaName: 'nueva', organizationType: 'Entidad' })
      .returning({ idOrg: organizations.idOrg });
    expect(org?.idOrg).toBe(201);
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
