import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { AgentSplit, Split, SplitDerive, SplitSchedule } from '../../../src/shared/domain/split';
import { agentSplits, conversations, splitDerives, splits, splitSchedules } from '../../../src/server/db/schema';
import { BACKENDS } from '../../support/database';
import { createTestApp, type TestPlatform } from '../../support/app';
import { caller, FORBIDDEN_BODY, insertConversation, signInAll } from './chat-fixtures';

const EMAILS = ['superadmin@demo.co', 'supervisualizador@demo.co', 'admin@demo.co', 'visualizador@demo.co', 'asesor@demo.co', 'supervisor@demo.co', 'admin@otra.co'];
const VIEWERS = ['supervisualizador@demo.co', 'visualizador@demo.co', 'asesor@demo.co'];
const TIMERS = { timeInactivityAgent: 5, timeInactivityClient: 10, timeMaxInitConversation: 15 };

describe.each(BACKENDS)('split settings on %s', (backend) => {
  let platform: TestPlatform;
  let call: ReturnType<typeof caller>;
  let codes = 0;
  beforeAll(async () => {
    platform = await createTestApp(backend);
    call = caller(platform.app, await signInAll(platform.app, EMAILS));
  });
  afterAll(() => platform.close());

  /** Everything a split write could touch, to check that a refused one touched nothing. */
  const snapshot = async () => ({
    splits: await platform.app.db.select().from(splits).orderBy(asc(splits.idSplit)),
    periods: await platform.app.db.select().from(splitSchedules).orderBy(asc(splitSchedules.idHoursBySplits)),
    derives: await platform.app.db.select().from(splitDerives).orderBy(asc(splitDerives.idSplitsDerive)),
    agents: await platform.app.db.select().from(agentSplits).orderBy(asc(agentSplits.idSplitUsuario))
  });

  /** A new split of organisation 100 (or of `as`'s organisation) with no periods. */
  const newSplit = async (as = 'admin@demo.co', extra: object = {}): Promise<Split> => {
    codes++;
    const res = await call(as, 'POST', '/api/crearSplit', { codigoSplit: `PRUEBA_${codes}`, nombre: `Prueba ${codes}`, ...TIMERS, ...extra });
    expect(res.statusCode, res.body).toBe(200);
    return Split.parse(res.json());
  };

  describe('splits', () => {
    it('lists the splits with their periods and derivations, newest first, to the filter readers', async () => {
      const res = await call('visualizador@demo.co', 'GET', '/api/obtenerSplits');
      expect(res.statusCode).toBe(200);
      const listed = res.json<Split[]>();
      expect(listed.every((s) => Split.safeParse(s).success)).toBe(true);
      expect(listed.map((s) => s.idSplit)).toEqual([3, 2, 1]);
      const general = listed.find((s) => s.idSplit === 1);
      expect(general?.horariosAtencion.map((p) => [p.dia, p.horaInicio, p.horaFin])).toEqual([1, 2, 3, 4, 5, 6, 7].map((d) => [d, '00:00', '23:59']));
      expect(general?.derivaciones.map((d) => [d.split_origin, d.split_derive])).toEqual([
        [1, 2],
        [1, 3]
      ]);
      expect((await call('admin@otra.co', 'GET', '/api/obtenerSplits')).json<Split[]>().map((s) => s.idSplit)).toEqual([4]);
      expect((await call('superadmin@demo.co', 'GET', '/api/obtenerSplits?idOrg=200')).json<Split[]>().map((s) => s.idSplit)).toEqual([4]);
      expect((await call('admin@demo.co', 'GET', '/api/obtenerSplits?idOrg=200')).statusCode).toBe(403);
      expect((await call('asesor@demo.co', 'GET', '/api/obtenerSplits')).statusCode).toBe(403);
    });

    it('creates a split with empty periods and derivations; it heads the list', async () => {
      const created = await newSplit('supervisor@demo.co', { descripcion: 'Cobranzas', activo: false });
      expect(created).toMatchObject({ nombre: `Prueba ${codes}`, descripcion: 'Cobranzas', activo: false, ...TIMERS, horariosAtencion: [], derivaciones: [] });
      const [row] = await platform.app.db.select().from(splits).where(eq(splits.idSplit, created.idSplit));
      expect(row).toMatchObject({ organizationId: 100, codigoSplit: created.codigoSplit, logicDelete: false });
      expect((await call('admin@demo.co', 'GET', '/api/obtenerSplits')).json<Split[]>()[0]?.idSplit).toBe(created.idSplit);
      // Role 1 chooses the organisation.
      const other = await call('superadmin@demo.co', 'POST', '/api/crearSplit?idOrg=200', { codigoSplit: 'OTRA_NUEVA', nombre: 'Nueva', ...TIMERS });
      expect(other.statusCode).toBe(200);
      const [otherRow] = await platform.app.db.select().from(splits).where(eq(splits.idSplit, other.json<Split>().idSplit));
      expect(otherRow?.organizationId).toBe(200);
    });

    it('refuses bad bodies and a code already used in the organisation, writing nothing', async () => {
      const before = await snapshot();
      const cases: [object, number, string][] = [
        [{ nombre: 'Sin código', ...TIMERS }, 400, expect.stringContaining('codigoSplit')],
        [{ codigoSplit: 'CON ESPACIO', nombre: 'X', ...TIMERS }, 400, 'codigoSplit: El código solo admite letras, números, guiones y _'],
        [{ codigoSplit: 'OK', nombre: '   ', ...TIMERS }, 400, 'nombre: El nombre es obligatorio'],
        [{ codigoSplit: 'OK', nombre: 'x'.repeat(121), ...TIMERS }, 400, 'nombre: El nombre no puede superar 120 caracteres'],
        [{ codigoSplit: 'OK', nombre: 'X', ...TIMERS, timeInactivityAgent: 0 }, 400, 'timeInactivityAgent: El tiempo de inactividad del asesor debe ser al menos 1'],
        [{ codigoSplit: 'OK', nombre: 'X', timeInactivityClient: 10, timeMaxInitConversation: 15 }, 400, 'timeInactivityAgent: El tiempo de inactividad del asesor es obligatorio'],
        [{ codigoSplit: 'OK', nombre: 'X', ...TIMERS, timeMaxInitConversation: 2.5 }, 400, expect.stringContaining('debe ser un número entero')],
        [{ codigoSplit: 'OK', nombre: 'X', ...TIMERS, timeInactivityClient: '10' }, 400, expect.stringContaining('timeInactivityClient')],
        [{ codigoSplit: 'VENTAS', nombre: 'Ventas otra vez', ...TIMERS }, 409, 'Ya existe un split con ese código']
      ];
      for (const [body, status, message] of cases) {
        const res = await call('admin@demo.co', 'POST', '/api/crearSplit', body);
        expect(res.statusCode, JSON.stringify(body)).toBe(status);
        expect(res.json().message).toEqual(message);
      }
      expect(await snapshot()).toEqual(before);
      // The same code in another organisation is fine.
      expect((await call('admin@otra.co', 'POST', '/api/crearSplit', { codigoSplit: 'VENTAS', nombre: 'Ventas', ...TIMERS })).statusCode).toBe(200);
    });

    it('updates a split (fechaActualizacion moves) and refuses another organisation’s, unknown ids and bad fields', async () => {
      const split = await newSplit();
      const res = await call('admin@demo.co', 'POST', '/api/actualizarSplit', { idSplit: split.idSplit, nombre: 'Renombrado', descripcion: 'd', activo: true, ...TIMERS, timeInactivityAgent: 7 });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ idSplit: split.idSplit, codigoSplit: split.codigoSplit, nombre: 'Renombrado', timeInactivityAgent: 7 });
      const before = await snapshot();
      const refusals: [string, object, number][] = [
        ['admin@otra.co', { idSplit: split.idSplit, nombre: 'Ajeno', ...TIMERS }, 404],
        ['admin@demo.co', { idSplit: 4, nombre: 'Ajeno', ...TIMERS }, 404],
        ['admin@demo.co', { idSplit: 99999, nombre: 'Nada', ...TIMERS }, 404],
        ['admin@demo.co', { idSplit: split.idSplit, nombre: '', ...TIMERS }, 400],
        ['admin@demo.co', { idSplit: split.idSplit, nombre: 'X', ...TIMERS, timeInactivityClient: 1441 }, 400],
        ['admin@demo.co', { idSplit: 0, nombre: 'X', ...TIMERS }, 400]
      ];
      for (const [email, body, status] of refusals) expect((await call(email, 'POST', '/api/actualizarSplit', body)).statusCode, JSON.stringify(body)).toBe(status);
      expect((await call('admin@demo.co', 'POST', '/api/actualizarSplit?idOrg=200', { idSplit: 4, nombre: 'X', ...TIMERS })).statusCode).toBe(403);
      expect(await snapshot()).toEqual(before);
    });

    it('updates several splits at once, or none of them when one is refused', async () => {
      const [a, b] = [await newSplit(), await newSplit()];
      const res = await call('supervisor@demo.co', 'POST', '/api/actualizarSplits', {
        splits: [
          { idSplit: b.idSplit, nombre: 'B masivo', ...TIMERS, timeMaxInitConversation: 30 },
          { idSplit: a.idSplit, nombre: 'A masivo', activo: false, ...TIMERS }
        ]
      });
      expect(res.statusCode).toBe(200);
      expect(res.json<Split[]>().map((s) => [s.idSplit, s.nombre, s.activo, s.timeMaxInitConversation])).toEqual([
        [b.idSplit, 'B masivo', true, 30],
        [a.idSplit, 'A masivo', false, 15]
      ]);
      const before = await snapshot();
      const refused: [object, number][] = [
        [{ splits: [{ idSplit: a.idSplit, nombre: 'Otra vez', ...TIMERS }, { idSplit: 4, nombre: 'Ajeno', ...TIMERS }] }, 404],
        [{ splits: [{ idSplit: a.idSplit, nombre: 'Otra vez', ...TIMERS }, { idSplit: b.idSplit, nombre: '', ...TIMERS }] }, 400],
        [{ splits: [{ idSplit: a.idSplit, nombre: 'Uno', ...TIMERS }, { idSplit: a.idSplit, nombre: 'Dos', ...TIMERS }] }, 400],
        [{ splits: [] }, 400]
      ];
      for (const [body, status] of refused) expect((await call('admin@demo.co', 'POST', '/api/actualizarSplits', body)).statusCode, JSON.stringify(body)).toBe(status);
      expect(await snapshot()).toEqual(before);
    });

    it('deletes logically (true), takes its derivations and agents along, and refuses a split with chats under way', async () => {
      const split = await newSplit();
      await call('admin@demo.co', 'POST', '/api/crearSplitDerive', { split_origin: 1, split_derive: split.idSplit });
      await call('admin@demo.co', 'POST', '/api/crearSplitUsuario', { idSplit: split.idSplit, idUser: 5 });
      const conv = await insertConversation(platform.app, { status: 'EN_COLA', splitId: split.idSplit });
      const before = await snapshot();
      const busy = await call('admin@demo.co', 'DELETE', `/api/borrarSplit?idSplit=${split.idSplit}`);
      expect(busy.statusCode).toBe(409);
      expect(busy.json().message).toContain('conversaciones en cola o en curso');
      expect((await call('admin@otra.co', 'DELETE', `/api/borrarSplit?idSplit=${split.idSplit}`)).statusCode).toBe(404);
      expect((await call('admin@demo.co', 'DELETE', '/api/borrarSplit?idSplit=abc')).statusCode).toBe(400);
      expect(await snapshot()).toEqual(before);

      await platform.app.db.update(conversations).set({ status: 'FINALIZADA' }).where(eq(conversations.idConv, conv));
      const res = await call('supervisor@demo.co', 'DELETE', `/api/borrarSplit?idSplit=${split.idSplit}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toBe(true);
      const [row] = await platform.app.db.select().from(splits).where(eq(splits.idSplit, split.idSplit));
      expect(row).toMatchObject({ logicDelete: true, activo: false });
      expect(await platform.app.db.select().from(splitDerives).where(eq(splitDerives.splitDerive, split.idSplit))).toEqual([]);
      expect(await platform.app.db.select().from(agentSplits).where(eq(agentSplits.idSplit, split.idSplit))).toEqual([]);
      expect((await call('admin@demo.co', 'GET', '/api/obtenerSplits')).json<Split[]>().map((s) => s.idSplit)).not.toContain(split.idSplit);
      // Deleting it again deletes nothing.
      expect((await call('admin@demo.co', 'DELETE', `/api/borrarSplit?idSplit=${split.idSplit}`)).statusCode).toBe(404);
    });

    it('refuses every write to viewer roles and the agent (403), changing nothing', async () => {
      const before = await snapshot();
      const writes: [string, string, object?][] = [
        ['POST', '/api/crearSplit', { codigoSplit: 'VISOR', nombre: 'Visor', ...TIMERS }],
        ['POST', '/api/actualizarSplit', { idSplit: 1, nombre: 'Visor', ...TIMERS }],
        ['POST', '/api/actualizarSplits', { splits: [{ idSplit: 1, nombre: 'Visor', ...TIMERS }] }],
        ['DELETE', '/api/borrarSplit?idSplit=1'],
        ['POST', '/api/crearHorarioSplit', { id_split: 1, dia: 1, horaInicio: '01:00', horaFin: '02:00' }],
        ['POST', '/api/actualizarHorarioSplit', { id_hours_by_splits: 1, id_split: 1, dia: 1, horaInicio: '01:00', horaFin: '02:00' }],
        ['DELETE', '/api/borrarHorarioSplit?codigoRegistro=1'],
        ['POST', '/api/crearSplitDerive', { split_origin: 2, split_derive: 3 }],
        ['POST', '/api/actualizarSplitDerive', { split_origin: 2, splits_derive: [] }],
        ['DELETE', '/api/borrarSplitDerive?codigoRegistro=1'],
        ['POST', '/api/crearSplitUsuario', { idSplit: 3, idUser: 5 }],
        ['DELETE', '/api/borrarSplitUsuario?codigoRegistro=1']
      ];
      for (const email of VIEWERS) {
        for (const [method, url, body] of writes) {
          const res = await call(email, method as 'POST' | 'DELETE', url, body);
          expect(res.statusCode, `${email} ${method} ${url}`).toBe(403);
          expect(res.json()).toEqual(FORBIDDEN_BODY);
        }
      }
      expect(await snapshot()).toEqual(before);
    });
  });

  describe('attention periods (horariosAtencion)', () => {
    const create = (body: object, as = 'admin@demo.co') => call(as, 'POST', '/api/crearHorarioSplit', body);

    it('adds several periods to one day and lists them in order', async () => {
      const split = await newSplit();
      const morning = await create({ id_split: split.idSplit, dia: 1, horaInicio: '08:00', horaFin: '12:00' });
      expect(morning.statusCode).toBe(200);
      expect(SplitSchedule.parse(morning.json())).toMatchObject({ id_split: split.idSplit, dia: 1, horaInicio: '08:00', horaFin: '12:00' });
      // Touching the morning period is not overlapping it.
      expect((await create({ id_split: split.idSplit, dia: 1, horaInicio: '14:00', horaFin: '18:00' }, 'supervisor@demo.co')).statusCode).toBe(200);
      expect((await create({ id_split: split.idSplit, dia: 1, horaInicio: '12:00', horaFin: '13:00' })).statusCode).toBe(200);
      expect((await create({ id_split: split.idSplit, dia: 2, horaInicio: '09:00', horaFin: '17:00' })).statusCode).toBe(200);
      const listed = (await call('admin@demo.co', 'GET', '/api/obtenerSplits')).json<Split[]>().find((s) => s.idSplit === split.idSplit);
      expect(listed?.horariosAtencion.map((p) => [p.dia, p.horaInicio, p.horaFin])).toEqual([
        [1, '08:00', '12:00'],
        [1, '12:00', '13:00'],
        [1, '14:00', '18:00'],
        [2, '09:00', '17:00']
      ]);
    });

    it('refuses overlaps, an end not after the start, bad days and times, and other organisations’ splits, writing nothing', async () => {
      const split = await newSplit();
      expect((await create({ id_split: split.idSplit, dia: 3, horaInicio: '08:00', horaFin: '12:00' })).statusCode).toBe(200);
      const before = await snapshot();
      const cases: [object, number, string][] = [
        [{ id_split: split.idSplit, dia: 3, horaInicio: '11:00', horaFin: '13:00' }, 400, 'El horario se cruza con otro del mismo día (miércoles 08:00–12:00)'],
        [{ id_split: split.idSplit, dia: 3, horaInicio: '07:00', horaFin: '12:30' }, 400, expect.stringContaining('se cruza')],
        [{ id_split: split.idSplit, dia: 3, horaInicio: '09:00', horaFin: '10:00' }, 400, expect.stringContaining('se cruza')],
        [{ id_split: split.idSplit, dia: 3, horaInicio: '14:00', horaFin: '14:00' }, 400, 'horaFin: La hora final debe ser posterior a la hora inicial'],
        [{ id_split: split.idSplit, dia: 3, horaInicio: '18:00', horaFin: '09:00' }, 400, 'horaFin: La hora final debe ser posterior a la hora inicial'],
        [{ id_split: split.idSplit, dia: 8, horaInicio: '08:00', horaFin: '09:00' }, 400, 'dia: El día no puede superar 7'],
        [{ id_split: split.idSplit, dia: 1, horaInicio: '8:00', horaFin: '09:00' }, 400, 'horaInicio: La hora debe tener el formato HH:mm'],
        [{ id_split: split.idSplit, dia: 1, horaInicio: '08:00', horaFin: '24:00' }, 400, 'horaFin: La hora debe tener el formato HH:mm'],
        [{ id_split: split.idSplit, dia: 1 }, 400, expect.stringContaining('horaInicio')],
        [{ id_split: 4, dia: 1, horaInicio: '08:00', horaFin: '09:00' }, 404, 'El split no existe'],
        [{ id_split: 99999, dia: 1, horaInicio: '08:00', horaFin: '09:00' }, 404, 'El split no existe']
      ];
      for (const [body, status, message] of cases) {
        const res = await create(body);
        expect(res.statusCode, JSON.stringify(body)).toBe(status);
        expect(res.json().message).toEqual(message);
      }
      expect((await create({ id_split: split.idSplit, dia: 1, horaInicio: '08:00', horaFin: '09:00' }, 'admin@otra.co')).statusCode).toBe(404);
      expect(await snapshot()).toEqual(before);
    });

    it('edits a period within its split (not into an overlap) and deletes it (true)', async () => {
      const split = await newSplit();
      const a = SplitSchedule.parse((await create({ id_split: split.idSplit, dia: 5, horaInicio: '08:00', horaFin: '10:00' })).json());
      const b = SplitSchedule.parse((await create({ id_split: split.idSplit, dia: 5, horaInicio: '10:00', horaFin: '12:00' })).json());
      // Editing a period may overlap what it was itself.
      const moved = await call('admin@demo.co', 'POST', '/api/actualizarHorarioSplit', { ...a, horaInicio: '07:00', horaFin: '09:30' });
      expect(moved.statusCode).toBe(200);
      expect(moved.json()).toEqual({ ...a, horaInicio: '07:00', horaFin: '09:30' });
      const before = await snapshot();
      const refusals: [string, object, number][] = [
        ['admin@demo.co', { ...a, horaFin: '11:00' }, 400],
        ['admin@demo.co', { ...a, horaInicio: '09:00', horaFin: '08:00' }, 400],
        ['admin@demo.co', { ...a, id_split: 1 }, 404],
        ['admin@demo.co', { ...a, id_hours_by_splits: 99999 }, 404],
        ['admin@otra.co', { ...a, horaInicio: '07:00', horaFin: '07:30' }, 404]
      ];
      for (const [email, body, status] of refusals) expect((await call(email, 'POST', '/api/actualizarHorarioSplit', body)).statusCode, JSON.stringify(body)).toBe(status);
      expect((await call('admin@otra.co', 'DELETE', `/api/borrarHorarioSplit?codigoRegistro=${b.id_hours_by_splits}`)).statusCode).toBe(404);
      expect(await snapshot()).toEqual(before);

      const deleted = await call('supervisor@demo.co', 'DELETE', `/api/borrarHorarioSplit?codigoRegistro=${b.id_hours_by_splits}`);
      expect(deleted.statusCode).toBe(200);
      expect(deleted.json()).toBe(true);
      expect(await platform.app.db.select().from(splitSchedules).where(eq(splitSchedules.idSplit, split.idSplit))).toHaveLength(1);
      expect((await call('admin@demo.co', 'DELETE', `/api/borrarHorarioSplit?codigoRegistro=${b.id_hours_by_splits}`)).statusCode).toBe(404);
    });
  });

  describe('derivations', () => {
    it('adds a derivation, refuses a repeat, itself and other organisations, and deletes it (true)', async () => {
      const split = await newSplit();
      const res = await call('admin@demo.co', 'POST', '/api/crearSplitDerive', { split_origin: split.idSplit, split_derive: 2 });
      expect(res.statusCode).toBe(200);
      const derive = SplitDerive.parse(res.json());
      expect(derive).toMatchObject({ split_origin: split.idSplit, split_derive: 2 });
      const before = await snapshot();
      const cases: [string, object, number, string?][] = [
        ['admin@demo.co', { split_origin: split.idSplit, split_derive: 2 }, 409, 'El split ya está en la lista de derivados'],
        ['admin@demo.co', { split_origin: split.idSplit, split_derive: split.idSplit }, 400, 'split_derive: Un split no puede derivarse a sí mismo'],
        ['admin@demo.co', { split_origin: split.idSplit, split_derive: 4 }, 404, 'El split no existe'],
        ['admin@demo.co', { split_origin: 4, split_derive: 1 }, 404, 'El split no existe'],
        ['admin@otra.co', { split_origin: 4, split_derive: split.idSplit }, 404, 'El split no existe'],
        ['admin@demo.co', { split_origin: split.idSplit }, 400]
      ];
      for (const [email, body, status, message] of cases) {
        const r = await call(email, 'POST', '/api/crearSplitDerive', body);
        expect(r.statusCode, JSON.stringify(body)).toBe(status);
        if (message) expect(r.json().message).toBe(message);
      }
      expect((await call('admin@otra.co', 'DELETE', `/api/borrarSplitDerive?codigoRegistro=${derive.id_splits_derive}`)).statusCode).toBe(404);
      expect(await snapshot()).toEqual(before);
      const deleted = await call('admin@demo.co', 'DELETE', `/api/borrarSplitDerive?codigoRegistro=${derive.id_splits_derive}`);
      expect(deleted.statusCode).toBe(200);
      expect(deleted.json()).toBe(true);
      expect((await call('admin@demo.co', 'DELETE', `/api/borrarSplitDerive?codigoRegistro=${derive.id_splits_derive}`)).statusCode).toBe(404);
    });

    it("replaces a split's derivations with the list sent, keeping the ones that stay", async () => {
      const split = await newSplit();
      const kept = SplitDerive.parse((await call('admin@demo.co', 'POST', '/api/crearSplitDerive', { split_origin: split.idSplit, split_derive: 1 })).json());
      await call('admin@demo.co', 'POST', '/api/crearSplitDerive', { split_origin: split.idSplit, split_derive: 2 });
      const res = await call('supervisor@demo.co', 'POST', '/api/actualizarSplitDerive', { split_origin: split.idSplit, splits_derive: [3, 1, 3] });
      expect(res.statusCode).toBe(200);
      const now = res.json<SplitDerive[]>();
      expect(now.map((d) => d.split_derive)).toEqual([1, 3]);
      expect(now[0]?.id_splits_derive).toBe(kept.id_splits_derive);
      const before = await snapshot();
      const cases: [string, object, number][] = [
        ['admin@demo.co', { split_origin: split.idSplit, splits_derive: [2, split.idSplit] }, 400],
        ['admin@demo.co', { split_origin: split.idSplit, splits_derive: [2, 4] }, 404],
        ['admin@demo.co', { split_origin: split.idSplit, splits_derive: ['dos'] }, 400],
        ['admin@otra.co', { split_origin: split.idSplit, splits_derive: [] }, 404]
      ];
      for (const [email, body, status] of cases) expect((await call(email, 'POST', '/api/actualizarSplitDerive', body)).statusCode, JSON.stringify(body)).toBe(status);
      expect(await snapshot()).toEqual(before);
      const cleared = await call('admin@demo.co', 'POST', '/api/actualizarSplitDerive', { split_origin: split.idSplit, splits_derive: [] });
      expect(cleared.json()).toEqual([]);
    });
  });

  describe('agents of a split', () => {
    it('lists the links by agent name, of one split or all, only to settings editors', async () => {
      const res = await call('supervisor@demo.co', 'GET', '/api/obtenerSplitUsuarios?idSplit=1');
      expect(res.statusCode).toBe(200);
      const links = res.json<AgentSplit[]>();
      expect(links.every((l) => AgentSplit.safeParse(l).success)).toBe(true);
      expect(links.map((l) => [l.idUser, l.nombre])).toEqual([
        // The supervisor attends Atención general when he opens 'Atender chats'.
        [6, 'Camilo Herrera'],
        [9, 'Santiago Rodríguez'],
        [11, 'Sebastián Moreno'],
        [5, 'Valentina López']
      ]);
      const all = (await call('admin@demo.co', 'GET', '/api/obtenerSplitUsuarios')).json<AgentSplit[]>();
      expect(new Set(all.map((l) => l.idSplit))).toEqual(new Set([1, 2, 3]));
      expect((await call('admin@otra.co', 'GET', '/api/obtenerSplitUsuarios')).json<AgentSplit[]>().map((l) => l.idUser)).toEqual([14]);
      expect((await call('admin@otra.co', 'GET', '/api/obtenerSplitUsuarios?idSplit=1')).statusCode).toBe(404);
      expect((await call('visualizador@demo.co', 'GET', '/api/obtenerSplitUsuarios')).statusCode).toBe(403);
    });

    it('links an agent of the organisation once, refuses others, and unlinks (true)', async () => {
      const split = await newSplit();
      const res = await call('admin@demo.co', 'POST', '/api/crearSplitUsuario', { idSplit: split.idSplit, idUser: 10 });
      expect(res.statusCode).toBe(200);
      const link = AgentSplit.parse(res.json());
      expect(link).toMatchObject({ idSplit: split.idSplit, idUser: 10, nombre: 'Laura Gutiérrez' });
      const before = await snapshot();
      const cases: [string, object, number, string][] = [
        ['admin@demo.co', { idSplit: split.idSplit, idUser: 10 }, 409, 'El asesor ya está asignado a ese split'],
        ['admin@demo.co', { idSplit: split.idSplit, idUser: 14 }, 404, 'El asesor no existe'],
        // A role that takes no chats (the visualizador, 4); a supervisor (6) may be linked: he attends chats.
        ['admin@demo.co', { idSplit: split.idSplit, idUser: 4 }, 404, 'El asesor no existe'],
        ['admin@demo.co', { idSplit: 4, idUser: 5 }, 404, 'El split no existe'],
        ['admin@otra.co', { idSplit: split.idSplit, idUser: 14 }, 404, 'El split no existe'],
        ['admin@demo.co', { idSplit: split.idSplit, idUser: -1 }, 400, 'idUser: Debe ser un número positivo']
      ];
      for (const [email, body, status, message] of cases) {
        const r = await call(email, 'POST', '/api/crearSplitUsuario', body);
        expect(r.statusCode, JSON.stringify(body)).toBe(status);
        expect(r.json().message).toBe(message);
      }
      expect((await call('admin@otra.co', 'DELETE', `/api/borrarSplitUsuario?codigoRegistro=${link.idSplitUsuario}`)).statusCode).toBe(404);
      expect(await snapshot()).toEqual(before);
      const deleted = await call('supervisor@demo.co', 'DELETE', `/api/borrarSplitUsuario?codigoRegistro=${link.idSplitUsuario}`);
      expect(deleted.statusCode).toBe(200);
      expect(deleted.json()).toBe(true);
      expect((await call('admin@demo.co', 'DELETE', `/api/borrarSplitUsuario?codigoRegistro=${link.idSplitUsuario}`)).statusCode).toBe(404);
    });
  });
});
