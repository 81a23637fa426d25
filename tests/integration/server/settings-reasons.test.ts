import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc } from 'drizzle-orm';
import { BusinessReason, FinalReason } from '../../../src/shared/domain/reason';
import { businessReasons, finalReasons } from '../../../src/server/db/schema';
import { BACKENDS } from '../../support/database';
import { createTestApp, type TestPlatform } from '../../support/app';
import { caller, FORBIDDEN_BODY, insertConversation, signInAll } from './chat-fixtures';

const EMAILS = ['superadmin@demo.co', 'supervisualizador@demo.co', 'admin@demo.co', 'visualizador@demo.co', 'asesor@demo.co', 'supervisor@demo.co', 'admin@otra.co'];
const NOW = new Date('2026-03-02T15:00:00.000Z');
const LATER = new Date('2026-03-02T16:30:00.000Z');

/** The business and the finalisation reasons take the same calls with their own paths and code field. */
const KINDS = [
  {
    kind: 'business',
    code: 'codigoCausal',
    list: '/api/obtenerCausales',
    active: '/api/obtenerCausalesActivos',
    create: '/api/crearCausal',
    update: '/api/actualizarCausal',
    remove: '/api/borrarCausal',
    schema: BusinessReason,
    seeded: 'QUEJA',
    foreignId: 9
  },
  {
    kind: 'final',
    code: 'codigoCausalFinalizacion',
    list: '/api/causalesFinalizacion/obtenerCausalesFinalizacion',
    active: '/api/causalesFinalizacion/obtenerCausalesFinalizacionActivos',
    create: '/api/causalesFinalizacion/crearCausalFinalizacion',
    update: '/api/causalesFinalizacion/actualizarCausalFinalizacion',
    remove: '/api/causalesFinalizacion/borrarCausalFinalizacion',
    schema: FinalReason,
    seeded: 'RESUELTO',
    foreignId: 6
  }
] as const;

describe.each(BACKENDS)('reason settings on %s', (backend) => {
  let platform: TestPlatform;
  let call: ReturnType<typeof caller>;
  let clock = NOW;
  beforeAll(async () => {
    platform = await createTestApp(backend, { clock: () => clock });
    call = caller(platform.app, await signInAll(platform.app, EMAILS));
  });
  afterAll(() => platform.close());

  const snapshot = async () => ({
    business: await platform.app.db.select().from(businessReasons).orderBy(asc(businessReasons.idCausal)),
    final: await platform.app.db.select().from(finalReasons).orderBy(asc(finalReasons.idCausal))
  });

  describe.each(KINDS)('$kind reasons', (k) => {
    type Reason = { idCausal: number; nombre: string; descripcion: string; activo: boolean; fechaCreacion: string; fechaActualizacion: string; logic_delete: boolean };
    const create = (as: string, body: object, query = '') => call(as, 'POST', `${k.create}${query}`, body);

    it('creates a reason that heads the list and is offered while active', async () => {
      clock = NOW;
      const res = await create('supervisor@demo.co', { [k.code]: `NUEVA_${k.kind}`, nombre: 'Nueva causal', descripcion: 'Creada en la prueba' });
      expect(res.statusCode, res.body).toBe(200);
      const created = k.schema.parse(res.json()) as Reason;
      expect(created).toMatchObject({ [k.code]: `NUEVA_${k.kind}`, nombre: 'Nueva causal', activo: true, logic_delete: false, fechaCreacion: NOW.toISOString() });
      expect((await call('admin@demo.co', 'GET', k.list)).json<Reason[]>()[0]?.idCausal).toBe(created.idCausal);
      expect((await call('asesor@demo.co', 'GET', k.active)).json<Reason[]>().map((r) => r.idCausal)).toContain(created.idCausal);
      const other = await create('superadmin@demo.co', { [k.code]: `NUEVA_${k.kind}`, nombre: 'De otra' }, '?idOrg=200');
      expect(other.statusCode).toBe(200);
      expect((await call('admin@otra.co', 'GET', k.list)).json<Reason[]>()[0]?.idCausal).toBe((other.json() as Reason).idCausal);
    });

    it('refuses bad bodies and a code in use, writing nothing', async () => {
      const before = await snapshot();
      const cases: [object, number, string][] = [
        [{ nombre: 'Sin código' }, 400, expect.stringContaining(k.code)],
        [{ [k.code]: 'CON ESPACIO', nombre: 'X' }, 400, `${k.code}: El código solo admite letras, números, guiones y _`],
        [{ [k.code]: 'X'.repeat(31), nombre: 'X' }, 400, `${k.code}: El código no puede superar 30 caracteres`],
        [{ [k.code]: 'OTRA', nombre: '' }, 400, 'nombre: El nombre es obligatorio'],
        [{ [k.code]: 'OTRA', nombre: 'X', descripcion: 'd'.repeat(501) }, 400, 'descripcion: La descripción no puede superar 500 caracteres'],
        [{ [k.code]: 'OTRA', nombre: 'X', activo: 'sí' }, 400, expect.stringContaining('activo')],
        [{ [k.code]: k.seeded, nombre: 'Repetida' }, 409, 'Ya existe una causal con ese código']
      ];
      for (const [body, status, message] of cases) {
        const res = await create('admin@demo.co', body);
        expect(res.statusCode, JSON.stringify(body)).toBe(status);
        expect(res.json().message).toEqual(message);
      }
      expect(await snapshot()).toEqual(before);
    });

    it('edits nombre, descripcion and activo (the active toggle) and moves fechaActualizacion', async () => {
      clock = NOW;
      const created = (await create('admin@demo.co', { [k.code]: `EDITAR_${k.kind}`, nombre: 'Editar' })).json() as Reason;
      clock = LATER;
      const off = await call('admin@demo.co', 'POST', k.update, { idCausal: created.idCausal, nombre: 'Editada', descripcion: 'Nueva descripción', activo: false });
      expect(off.statusCode).toBe(200);
      expect(off.json()).toMatchObject({
        idCausal: created.idCausal,
        [k.code]: `EDITAR_${k.kind}`,
        nombre: 'Editada',
        descripcion: 'Nueva descripción',
        activo: false,
        fechaCreacion: NOW.toISOString(),
        fechaActualizacion: LATER.toISOString()
      });
      // Switched off: listed for the editors, no longer offered to the agent.
      expect((await call('admin@demo.co', 'GET', k.list)).json<Reason[]>().find((r) => r.idCausal === created.idCausal)?.activo).toBe(false);
      expect((await call('asesor@demo.co', 'GET', k.active)).json<Reason[]>().map((r) => r.idCausal)).not.toContain(created.idCausal);
      const on = await call('supervisor@demo.co', 'POST', k.update, { idCausal: created.idCausal, nombre: 'Editada', activo: true });
      expect(on.json()).toMatchObject({ activo: true, descripcion: '' });
      expect((await call('asesor@demo.co', 'GET', k.active)).json<Reason[]>().map((r) => r.idCausal)).toContain(created.idCausal);
    });

    it('refuses editing another organisation’s reason, an unknown one and bad fields, writing nothing', async () => {
      const before = await snapshot();
      const cases: [string, object, number][] = [
        ['admin@demo.co', { idCausal: k.foreignId, nombre: 'Ajena' }, 404],
        ['admin@otra.co', { idCausal: 1, nombre: 'Ajena' }, 404],
        ['admin@demo.co', { idCausal: 99999, nombre: 'Nada' }, 404],
        ['admin@demo.co', { idCausal: 1, nombre: '' }, 400],
        ['admin@demo.co', { idCausal: 'uno', nombre: 'X' }, 400]
      ];
      for (const [email, body, status] of cases) expect((await call(email, 'POST', k.update, body)).statusCode, `${email} ${JSON.stringify(body)}`).toBe(status);
      expect((await call('admin@demo.co', 'POST', `${k.update}?idOrg=200`, { idCausal: k.foreignId, nombre: 'Ajena' })).statusCode).toBe(403);
      expect(await snapshot()).toEqual(before);
    });

    it('deletes logically (true): gone from both lists, its code free again; a second delete deletes nothing', async () => {
      const created = (await create('admin@demo.co', { [k.code]: `BORRAR_${k.kind}`, nombre: 'Borrar' })).json() as Reason;
      const before = await snapshot();
      expect((await call('admin@otra.co', 'DELETE', `${k.remove}?idCausal=${created.idCausal}`)).statusCode).toBe(404);
      expect((await call('admin@demo.co', 'DELETE', `${k.remove}?idCausal=abc`)).statusCode).toBe(400);
      expect((await call('admin@demo.co', 'DELETE', `${k.remove}?idCausal=${created.idCausal}&idOrg=200`)).statusCode).toBe(403);
      expect(await snapshot()).toEqual(before);

      const res = await call('supervisor@demo.co', 'DELETE', `${k.remove}?idCausal=${created.idCausal}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toBe(true);
      const table = k.kind === 'business' ? (await snapshot()).business : (await snapshot()).final;
      expect(table.find((r) => r.idCausal === created.idCausal)).toMatchObject({ logicDelete: true, activo: false });
      expect((await call('admin@demo.co', 'GET', k.list)).json<Reason[]>().map((r) => r.idCausal)).not.toContain(created.idCausal);
      expect((await call('asesor@demo.co', 'GET', k.active)).json<Reason[]>().map((r) => r.idCausal)).not.toContain(created.idCausal);
      expect((await call('admin@demo.co', 'DELETE', `${k.remove}?idCausal=${created.idCausal}`)).statusCode).toBe(404);
      expect((await call('admin@demo.co', 'POST', k.update, { idCausal: created.idCausal, nombre: 'Revivir' })).statusCode).toBe(404);
      expect((await create('admin@demo.co', { [k.code]: `BORRAR_${k.kind}`, nombre: 'Otra vez' })).statusCode).toBe(200);
    });

    it('refuses every write to viewer roles and the agent (403)', async () => {
      const before = await snapshot();
      for (const email of ['supervisualizador@demo.co', 'visualizador@demo.co', 'asesor@demo.co']) {
        for (const [method, url, body] of [
          ['POST', k.create, { [k.code]: 'VISOR', nombre: 'Visor' }],
          ['POST', k.update, { idCausal: 1, nombre: 'Visor' }],
          ['DELETE', `${k.remove}?idCausal=1`, undefined]
        ] as const) {
          const res = await call(email, method, url, body);
          expect(res.statusCode, `${email} ${url}`).toBe(403);
          expect(res.json()).toEqual(FORBIDDEN_BODY);
        }
      }
      expect(await snapshot()).toEqual(before);
    });
  });

  it('a finalisation reason switched off is no longer accepted when an agent finishes a chat', async () => {
    const created = (await call('admin@demo.co', 'POST', '/api/causalesFinalizacion/crearCausalFinalizacion', { codigoCausalFinalizacion: 'AL_CIERRE', nombre: 'Al cierre' })).json() as FinalReason;
    const conv = await insertConversation(platform.app, { status: 'ACTIVA', splitId: 1, agentId: 5 });
    const save = () => call('asesor@demo.co', 'POST', '/api/causalesFinalizacion/guardarCausalFinalizacionConversacion', { conversationId: conv, ending: created.idCausal });
    await call('admin@demo.co', 'POST', '/api/causalesFinalizacion/actualizarCausalFinalizacion', { idCausal: created.idCausal, nombre: 'Al cierre', activo: false });
    expect((await save()).statusCode).toBe(400);
    await call('admin@demo.co', 'POST', '/api/causalesFinalizacion/actualizarCausalFinalizacion', { idCausal: created.idCausal, nombre: 'Al cierre', activo: true });
    expect((await save()).statusCode).toBe(200);
  });
});
