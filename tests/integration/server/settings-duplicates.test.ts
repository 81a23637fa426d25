import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, type SQL } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { DUPLICATE_TEXT, nameKey } from '../../../src/shared/domain/unique-name';
import { businessReasons, finalReasons, pauseEvents, responseTemplates, splits } from '../../../src/server/db/schema';
import { BACKENDS } from '../../support/database';
import { createTestApp, type TestPlatform } from '../../support/app';
import { caller, signInAll } from './chat-fixtures';

const DEMO = 'admin@demo.co';
const OTHER = 'admin@otra.co';
const T = (org: number) => `/api/templates/organization/${org}`;
const F = '/api/causalesFinalizacion';
const TIMERS = { timeInactivityAgent: 5, timeInactivityClient: 10, timeMaxInitConversation: 15 };

type Call = ReturnType<typeof caller>;

/** One named settings entity: how to create, rename and delete it, and its live rows as stored. */
interface Entity {
  label: string;
  /** A name the demo organisation (100) already has from the seed, written otherwise. */
  seededAs: string;
  message: string;
  create(call: Call, as: string, name: string, seq: number): Promise<LightMyRequestResponse>;
  idOf(res: LightMyRequestResponse): number;
  rename(call: Call, as: string, id: number, name: string): Promise<LightMyRequestResponse>;
  remove(call: Call, as: string, id: number): Promise<LightMyRequestResponse>;
  names(platform: TestPlatform, org: number): Promise<string[]>;
}

const live = (org: SQL, deleted: SQL | undefined) => and(org, deleted);

const ENTITIES: Entity[] = [
  {
    label: 'pause events',
    seededAs: '  ALMUÉRZO ',
    message: DUPLICATE_TEXT.pauseEvent,
    create: (call, as, nombre) => call(as, 'POST', '/api/crearEventoPausa', { nombre }),
    idOf: (res) => res.json<{ id: number }>().id,
    rename: (call, as, id, nombre) => call(as, 'POST', '/api/actualizarEventoPausa', { id, nombre, descripcion: '', activo: true }),
    remove: (call, as, id) => call(as, 'DELETE', `/api/eliminarEventoPausa?id=${id}`),
    names: async (p, org) =>
      (await p.app.db.select({ n: pauseEvents.nombre }).from(pauseEvents).where(live(eq(pauseEvents.organizationId, org), eq(pauseEvents.logicDelete, false)))).map((r) => r.n)
  },
  {
    label: 'business reasons',
    seededAs: 'reclamo',
    message: DUPLICATE_TEXT.reason,
    create: (call, as, nombre, seq) => call(as, 'POST', '/api/crearCausal', { codigoCausal: `DUP_${seq}`, nombre }),
    idOf: (res) => res.json<{ idCausal: number }>().idCausal,
    rename: (call, as, idCausal, nombre) => call(as, 'POST', '/api/actualizarCausal', { idCausal, nombre, descripcion: '', activo: true }),
    remove: (call, as, id) => call(as, 'DELETE', `/api/borrarCausal?idCausal=${id}`),
    names: async (p, org) =>
      (
        await p.app.db
          .select({ n: businessReasons.nombre })
          .from(businessReasons)
          .where(live(eq(businessReasons.organizationId, org), eq(businessReasons.logicDelete, false)))
      ).map((r) => r.n)
  },
  {
    label: 'finalisation reasons',
    seededAs: 'RESUELTO',
    message: DUPLICATE_TEXT.reason,
    create: (call, as, nombre, seq) => call(as, 'POST', `${F}/crearCausalFinalizacion`, { codigoCausalFinalizacion: `DUP_${seq}`, nombre }),
    idOf: (res) => res.json<{ idCausal: number }>().idCausal,
    rename: (call, as, idCausal, nombre) => call(as, 'POST', `${F}/actualizarCausalFinalizacion`, { idCausal, nombre, descripcion: '', activo: true }),
    remove: (call, as, id) => call(as, 'DELETE', `${F}/borrarCausalFinalizacion?idCausal=${id}`),
    names: async (p, org) =>
      (await p.app.db.select({ n: finalReasons.nombre }).from(finalReasons).where(live(eq(finalReasons.organizationId, org), eq(finalReasons.logicDelete, false)))).map(
        (r) => r.n
      )
  },
  {
    label: 'splits',
    seededAs: 'atencion   GENERAL',
    message: DUPLICATE_TEXT.split,
    create: (call, as, nombre, seq) => call(as, 'POST', '/api/crearSplit', { codigoSplit: `DUP_${seq}`, nombre, ...TIMERS }),
    idOf: (res) => res.json<{ idSplit: number }>().idSplit,
    rename: (call, as, idSplit, nombre) => call(as, 'POST', '/api/actualizarSplit', { idSplit, nombre, descripcion: '', activo: true, ...TIMERS }),
    remove: (call, as, id) => call(as, 'DELETE', `/api/borrarSplit?idSplit=${id}`),
    names: async (p, org) =>
      (await p.app.db.select({ n: splits.nombre }).from(splits).where(live(eq(splits.organizationId, org), eq(splits.logicDelete, false)))).map((r) => r.n)
  },
  {
    label: 'response templates',
    seededAs: 'SALUDO',
    message: DUPLICATE_TEXT.template,
    create: (call, as, templateName) => call(as, 'PUT', `${T(as === OTHER ? 200 : 100)}/upsertTemplate`, { templateName, templateContent: 'Hola' }),
    idOf: (res) => res.json<{ idTemplate: number }>().idTemplate,
    rename: (call, as, idTemplate, templateName) => call(as, 'PUT', `${T(as === OTHER ? 200 : 100)}/upsertTemplate`, { idTemplate, templateName, templateContent: 'Hola' }),
    remove: (call, as, idTemplate) => call(as, 'DELETE', `${T(as === OTHER ? 200 : 100)}/deleteTemplate`, { idTemplate }),
    names: async (p, org) =>
      (await p.app.db.select({ n: responseTemplates.templateName }).from(responseTemplates).where(eq(responseTemplates.organizationId, org))).map((r) => r.n)
  }
];

describe.each(BACKENDS)('duplicate names of the human-agent settings on %s', (backend) => {
  let platform: TestPlatform;
  let call: Call;
  let seq = 0;
  beforeAll(async () => {
    platform = await createTestApp(backend);
    call = caller(platform.app, await signInAll(platform.app, [DEMO, OTHER]));
  });
  afterAll(() => platform.close());

  const count = async (entity: Entity, org: number, name: string) => (await entity.names(platform, org)).filter((n) => nameKey(n) === nameKey(name)).length;

  describe.each(ENTITIES)('$label', (entity) => {
    it('refuses a name the organisation already has, whatever its case, accents or spaces, and stores nothing', async () => {
      const before = await entity.names(platform, 100);
      const res = await entity.create(call, DEMO, entity.seededAs, ++seq);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ statusCode: 409, message: entity.message });
      expect(await entity.names(platform, 100)).toEqual(before);
    });

    it('allows the same name in another organisation, and again once the first was deleted', async () => {
      const name = `Turno extra ${entity.label}`;
      const first = await entity.create(call, DEMO, name, ++seq);
      expect(first.statusCode).toBe(200);
      expect((await entity.create(call, OTHER, name.toUpperCase(), ++seq)).statusCode).toBe(200);
      expect((await entity.create(call, DEMO, name, ++seq)).statusCode).toBe(409);
      expect(await count(entity, 100, name)).toBe(1);

      expect((await entity.remove(call, DEMO, entity.idOf(first))).statusCode).toBe(200);
      expect(await count(entity, 100, name)).toBe(0);
      const again = await entity.create(call, DEMO, name, ++seq);
      expect(again.statusCode).toBe(200);
      expect(await count(entity, 100, name)).toBe(1);
    });

    it('refuses a rename onto another name and keeps the old one; renaming to itself (another case) is allowed', async () => {
      const taken = `Ocupado ${entity.label}`;
      expect((await entity.create(call, DEMO, taken, ++seq)).statusCode).toBe(200);
      const mine = await entity.create(call, DEMO, `Propio ${entity.label}`, ++seq);
      const id = entity.idOf(mine);
      const res = await entity.rename(call, DEMO, id, ` ${taken.toLowerCase()}`);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ message: entity.message });
      expect(await count(entity, 100, `Propio ${entity.label}`)).toBe(1);
      expect(await count(entity, 100, taken)).toBe(1);
      expect((await entity.rename(call, DEMO, id, `PROPIO ${entity.label}`)).statusCode).toBe(200);
    });

    it('tells ñ from n: a name differing only there is another name', async () => {
      expect((await entity.create(call, DEMO, `Año ${entity.label}`, ++seq)).statusCode).toBe(200);
      expect((await entity.create(call, DEMO, `Ano ${entity.label}`, ++seq)).statusCode).toBe(200);
    });
  });

  it('still refuses a reason or split code already in use, with its own message', async () => {
    const reason = await call(DEMO, 'POST', '/api/crearCausal', { codigoCausal: 'RECLAMO', nombre: 'Nombre libre' });
    expect(reason.statusCode).toBe(409);
    expect(reason.json()).toMatchObject({ message: DUPLICATE_TEXT.reasonCode });
    const final = await call(DEMO, 'POST', `${F}/crearCausalFinalizacion`, { codigoCausalFinalizacion: 'RESUELTO', nombre: 'Nombre libre' });
    expect(final.json()).toMatchObject({ statusCode: 409, message: DUPLICATE_TEXT.reasonCode });
    const split = await call(DEMO, 'POST', '/api/crearSplit', { codigoSplit: 'VENTAS', nombre: 'Nombre libre', ...TIMERS });
    expect(split.json()).toMatchObject({ statusCode: 409, message: DUPLICATE_TEXT.splitCode });
  });

  it('refuses the second of two creates of one name sent at once', async () => {
    const results = await Promise.all([0, 1].map(() => call(DEMO, 'POST', '/api/crearEventoPausa', { nombre: 'Carrera' })));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await count(ENTITIES[0]!, 100, 'Carrera')).toBe(1);
  });
});
