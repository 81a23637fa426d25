import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { EndMessage, END_MESSAGE_ORDER } from '../../../src/shared/domain/end-message';
import { ChatParameters, PauseEvent } from '../../../src/shared/domain/parameters';
import { ResponseTemplate } from '../../../src/shared/domain/response-template';
import { chatParameters, endMessages, organizations, pauseEvents, responseTemplates } from '../../../src/server/db/schema';
import { BACKENDS } from '../../support/database';
import { createTestApp, type TestPlatform } from '../../support/app';
import { caller, FORBIDDEN_BODY, signInAll } from './chat-fixtures';

const EMAILS = ['superadmin@demo.co', 'supervisualizador@demo.co', 'admin@demo.co', 'visualizador@demo.co', 'asesor@demo.co', 'supervisor@demo.co', 'admin@otra.co'];
const READ_ONLY = ['supervisualizador@demo.co', 'visualizador@demo.co', 'asesor@demo.co'];
const NOW = new Date('2026-03-02T15:00:00.000Z');
const LATER = new Date('2026-03-02T16:30:00.000Z');

describe.each(BACKENDS)('general human-agent settings on %s', (backend) => {
  let platform: TestPlatform;
  let call: ReturnType<typeof caller>;
  let clock = NOW;
  beforeAll(async () => {
    platform = await createTestApp(backend, { clock: () => clock });
    call = caller(platform.app, await signInAll(platform.app, EMAILS));
  });
  afterAll(() => platform.close());

  const parametersOf = async (org: number) => (await platform.app.db.select().from(chatParameters).where(eq(chatParameters.organizationId, org)))[0];

  /** Each viewer role and the agent get 403 on the write, and it changes nothing. */
  async function viewersRefused(method: 'POST' | 'PUT' | 'DELETE', url: string, body: object | undefined, read: () => Promise<unknown>): Promise<void> {
    const before = await read();
    for (const email of READ_ONLY) {
      const res = await call(email, method, url, body);
      expect(res.statusCode, `${email} ${method} ${url}`).toBe(403);
      expect(res.json()).toEqual(FORBIDDEN_BODY);
    }
    expect(await read()).toEqual(before);
  }

  describe('POST /api/actualizarParametros', () => {
    const update = (as: string, body: object, query = '') => call(as, 'POST', `/api/actualizarParametros${query}`, body);

    it('changes the parameters sent, keeps the others, and answers them all', async () => {
      const res = await update('supervisor@demo.co', { nroMaximoChatsAsesor: 5 });
      expect(res.statusCode).toBe(200);
      expect(ChatParameters.parse(res.json())).toEqual({ diasLaborales: [1, 2, 3, 4, 5, 6, 7], horaLaboralInicio: '00:00', horaLaboralFin: '23:59', nroMaximoChatsAsesor: 5, tiempoInactividadCliente: 10 });
      const hours = await update('admin@demo.co', { diasLaborales: [6, 1, 2], horaLaboralInicio: '07:00', horaLaboralFin: '19:30', tiempoInactividadCliente: 15 });
      expect(hours.json()).toEqual({ diasLaborales: [1, 2, 6], horaLaboralInicio: '07:00', horaLaboralFin: '19:30', nroMaximoChatsAsesor: 5, tiempoInactividadCliente: 15 });
      expect((await call('asesor@demo.co', 'GET', '/api/obtenerParametros')).json()).toMatchObject({ nroMaximoChatsAsesor: 5, horaLaboralFin: '19:30' });
      expect(await parametersOf(200)).toMatchObject({ nroMaximoChatsAsesor: 2 });
      // Role 1 names the organisation.
      expect((await update('superadmin@demo.co', { nroMaximoChatsAsesor: 4 }, '?idOrg=200')).statusCode).toBe(200);
      expect(await parametersOf(200)).toMatchObject({ nroMaximoChatsAsesor: 4 });
    });

    it('creates the row of an organisation that had none from the rules the engine applied', async () => {
      const [org] = await platform.app.db
        .insert(organizations)
        .values({ name: 'Sin Parámetros', schemaName: `sin_parametros_${backend}`, organizationType: 'Entidad' })
        .returning({ idOrg: organizations.idOrg });
      const res = await update('superadmin@demo.co', { nroMaximoChatsAsesor: 6 }, `?idOrg=${org!.idOrg}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ diasLaborales: [1, 2, 3, 4, 5, 6, 7], horaLaboralInicio: '00:00', horaLaboralFin: '23:59', nroMaximoChatsAsesor: 6, tiempoInactividadCliente: 10 });
    });

    it('refuses numbers that are not positive integers, bad days and hours, and an end not after the start, changing nothing', async () => {
      const before = await parametersOf(100);
      const cases: [object, string][] = [
        [{}, 'Los datos enviados no son válidos: Envíe al menos un parámetro'],
        [{ nroMaximoChatsAsesor: 0 }, 'nroMaximoChatsAsesor: El número máximo de chats debe ser al menos 1'],
        [{ nroMaximoChatsAsesor: -2 }, 'nroMaximoChatsAsesor: El número máximo de chats debe ser al menos 1'],
        [{ nroMaximoChatsAsesor: 2.5 }, 'nroMaximoChatsAsesor: El número máximo de chats debe ser un número entero'],
        [{ nroMaximoChatsAsesor: '3' }, 'nroMaximoChatsAsesor: El número máximo de chats debe ser un número'],
        [{ nroMaximoChatsAsesor: 51 }, 'nroMaximoChatsAsesor: El número máximo de chats no puede superar 50'],
        [{ tiempoInactividadCliente: 0 }, 'tiempoInactividadCliente: El tiempo de inactividad del cliente debe ser al menos 1'],
        [{ diasLaborales: [] }, 'diasLaborales: Seleccione al menos un día laboral'],
        [{ diasLaborales: [1, 1] }, 'diasLaborales: Los días laborales no pueden repetirse'],
        [{ diasLaborales: [0] }, 'diasLaborales.0: El día laboral debe ser al menos 1'],
        [{ horaLaboralInicio: '7:00' }, 'horaLaboralInicio: La hora debe tener el formato HH:mm'],
        [{ horaLaboralInicio: '18:00', horaLaboralFin: '08:00' }, 'horaLaboralFin: La hora final debe ser posterior a la hora inicial'],
        // Only one end sent: checked against the stored other one (07:00–19:30).
        [{ horaLaboralFin: '06:00' }, 'horaLaboralFin: La hora final debe ser posterior a la hora inicial'],
        [{ horaLaboralInicio: '19:30' }, 'horaLaboralFin: La hora final debe ser posterior a la hora inicial']
      ];
      for (const [body, message] of cases) {
        const res = await update('admin@demo.co', body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.json().message).toBe(message);
      }
      expect(await parametersOf(100)).toEqual(before);
    });

    it('refuses other organisations to company roles and writes to viewers', async () => {
      const before = await parametersOf(200);
      expect((await update('admin@demo.co', { nroMaximoChatsAsesor: 9 }, '?idOrg=200')).statusCode).toBe(403);
      expect((await update('supervisor@demo.co', { nroMaximoChatsAsesor: 9 }, '?idOrg=200')).statusCode).toBe(403);
      expect(await parametersOf(200)).toEqual(before);
      await viewersRefused('POST', '/api/actualizarParametros', { nroMaximoChatsAsesor: 9 }, () => parametersOf(100));
    });
  });

  describe('pause events', () => {
    const events = () => platform.app.db.select().from(pauseEvents).orderBy(asc(pauseEvents.id));

    it('creates an event at the top of the list, edits it and deletes it logically', async () => {
      clock = NOW;
      const created = await call('supervisor@demo.co', 'POST', '/api/crearEventoPausa', { nombre: 'Reunión de equipo', descripcion: 'Semanal', tiempoMaximo: 45 });
      expect(created.statusCode).toBe(200);
      const event = PauseEvent.parse(created.json());
      expect(event).toMatchObject({ nombre: 'Reunión de equipo', descripcion: 'Semanal', activo: true, tiempoMaximo: 45, logic_delete: false, fechaCreacion: NOW.toISOString() });
      expect((await call('asesor@demo.co', 'GET', '/api/obtenerEventosPausa')).json<PauseEvent[]>()[0]?.id).toBe(event.id);

      clock = LATER;
      const updated = await call('admin@demo.co', 'POST', '/api/actualizarEventoPausa', { id: event.id, nombre: 'Reunión', activo: false });
      expect(updated.statusCode).toBe(200);
      expect(updated.json()).toMatchObject({ id: event.id, nombre: 'Reunión', descripcion: '', activo: false, tiempoMaximo: null, fechaActualizacion: LATER.toISOString(), fechaCreacion: NOW.toISOString() });

      const deleted = await call('admin@demo.co', 'DELETE', `/api/eliminarEventoPausa?id=${event.id}`);
      expect(deleted.statusCode).toBe(200);
      expect(deleted.json()).toEqual({ success: true });
      expect((await call('asesor@demo.co', 'GET', '/api/obtenerEventosPausa')).json<PauseEvent[]>().map((e) => e.id)).not.toContain(event.id);
      expect((await call('admin@demo.co', 'GET', '/api/obtenerEventosPausa?alsoDeleted=true')).json<PauseEvent[]>()[0]).toMatchObject({ id: event.id, logic_delete: true });
      expect((await call('admin@demo.co', 'DELETE', `/api/eliminarEventoPausa?id=${event.id}`)).statusCode).toBe(404);
      expect((await call('admin@demo.co', 'POST', '/api/actualizarEventoPausa', { id: event.id, nombre: 'Revivir' })).statusCode).toBe(404);
    });

    it('refuses bad bodies, other organisations’ events and viewers, changing nothing', async () => {
      const before = await events();
      const cases: [string, string, string, object | undefined, number][] = [
        ['admin@demo.co', 'POST', '/api/crearEventoPausa', { nombre: '' }, 400],
        ['admin@demo.co', 'POST', '/api/crearEventoPausa', { nombre: 'x'.repeat(121) }, 400],
        ['admin@demo.co', 'POST', '/api/crearEventoPausa', { descripcion: 'sin nombre' }, 400],
        ['admin@demo.co', 'POST', '/api/crearEventoPausa', { nombre: 'Cero', tiempoMaximo: 0 }, 400],
        ['admin@demo.co', 'POST', '/api/crearEventoPausa', { nombre: 'Turno y medio', tiempoMaximo: 721 }, 400],
        ['admin@demo.co', 'POST', '/api/crearEventoPausa', { nombre: 'Fracción', tiempoMaximo: 2.5 }, 400],
        ['admin@demo.co', 'POST', '/api/crearEventoPausa', { nombre: 'Texto', tiempoMaximo: '30' }, 400],
        ['admin@demo.co', 'POST', '/api/crearEventoPausa', { nombre: 'Enorme', tiempoMaximo: 2147483648 }, 400],
        ['admin@demo.co', 'POST', '/api/actualizarEventoPausa', { id: 1, nombre: 'Almuerzo', tiempoMaximo: -1 }, 400],
        ['admin@demo.co', 'POST', '/api/actualizarEventoPausa', { id: 0, nombre: 'X' }, 400],
        ['admin@demo.co', 'POST', '/api/actualizarEventoPausa', { id: 5, nombre: 'Ajeno' }, 404],
        ['admin@otra.co', 'POST', '/api/actualizarEventoPausa', { id: 1, nombre: 'Ajeno' }, 404],
        ['admin@otra.co', 'DELETE', '/api/eliminarEventoPausa?id=1', undefined, 404],
        ['admin@demo.co', 'DELETE', '/api/eliminarEventoPausa?id=5&idOrg=200', undefined, 403],
        ['admin@demo.co', 'DELETE', '/api/eliminarEventoPausa?id=uno', undefined, 400]
      ];
      for (const [email, method, url, body, status] of cases) {
        expect((await call(email, method as 'POST' | 'DELETE', url, body)).statusCode, `${email} ${url} ${JSON.stringify(body)}`).toBe(status);
      }
      expect(await events()).toEqual(before);
      await viewersRefused('POST', '/api/crearEventoPausa', { nombre: 'Visor' }, events);
      await viewersRefused('POST', '/api/actualizarEventoPausa', { id: 1, nombre: 'Visor' }, events);
      await viewersRefused('DELETE', '/api/eliminarEventoPausa?id=1', undefined, events);
    });
  });

  describe('end-of-conversation messages', () => {
    const url = '/api/mensajesFinConv/actualizarMensajeFinConversacion';
    const messages = () => platform.app.db.select().from(endMessages).orderBy(asc(endMessages.id));

    it('changes the client text of one type; the list keeps the SPEC §9 order with the last flagged fin', async () => {
      const res = await call('supervisor@demo.co', 'POST', url, { idEndTypeConversation: 3, clientMessage: '  Gracias por escribirnos.  ' });
      expect(res.statusCode).toBe(200);
      expect(EndMessage.parse(res.json())).toEqual({ acronym: 'FCCA', clientMessage: 'Gracias por escribirnos.', idEndTypeConversation: 3, fin: false });
      const listed = (await call('asesor@demo.co', 'GET', '/api/mensajesFinConv/obtenerMensajesFinConvCliente')).json<EndMessage[]>();
      expect(listed.map((m) => m.acronym)).toEqual([...END_MESSAGE_ORDER]);
      expect(listed.map((m) => m.fin)).toEqual([false, false, false, false, false, true]);
      expect(listed[2]?.clientMessage).toBe('Gracias por escribirnos.');
      // Another organisation's messages are its own.
      const other = (await call('admin@otra.co', 'GET', '/api/mensajesFinConv/obtenerMensajesFinConversacion')).json<EndMessage[]>();
      expect(other[2]?.clientMessage).not.toBe('Gracias por escribirnos.');
    });

    it('refuses an empty or too long text, an unknown type, other organisations and viewers, changing nothing', async () => {
      const before = await messages();
      const cases: [string, object, number, string, string?][] = [
        ['admin@demo.co', { idEndTypeConversation: 1, clientMessage: '   ' }, 400, '', 'clientMessage: El mensaje es obligatorio'],
        ['admin@demo.co', { idEndTypeConversation: 1, clientMessage: 'x'.repeat(1001) }, 400, '', 'clientMessage: El mensaje no puede superar 1000 caracteres'],
        ['admin@demo.co', { idEndTypeConversation: 0, clientMessage: 'Hola' }, 400, ''],
        ['admin@demo.co', { idEndTypeConversation: 99, clientMessage: 'Hola' }, 404, '', 'El mensaje no existe'],
        ['admin@demo.co', { idEndTypeConversation: 1, clientMessage: 'Ajeno' }, 403, '?idOrg=200']
      ];
      for (const [email, body, status, query, message] of cases) {
        const res = await call(email, 'POST', `${url}${query}`, body);
        expect(res.statusCode, JSON.stringify(body)).toBe(status);
        if (message) expect(res.json().message).toBe(message);
      }
      expect(await messages()).toEqual(before);
      await viewersRefused('POST', url, { idEndTypeConversation: 1, clientMessage: 'Visor' }, messages);
    });
  });

  describe('response templates', () => {
    const T = (org: number | string) => `/api/templates/organization/${org}`;
    const templates = () => platform.app.db.select().from(responseTemplates).orderBy(asc(responseTemplates.idTemplate));

    it('creates without idTemplate, edits with it, lists by name and deletes', async () => {
      const created = await call('admin@demo.co', 'PUT', `${T(100)}/upsertTemplate`, { templateName: 'Aaa primera', templateContent: 'Hola, ¿cómo estás?' });
      expect(created.statusCode).toBe(200);
      const template = ResponseTemplate.parse(created.json());
      expect((await call('asesor@demo.co', 'GET', `${T(100)}/getAllTemplatesAvailable`)).json<{ templates: ResponseTemplate[] }>().templates[0]).toEqual(template);
      const edited = await call('supervisor@demo.co', 'PUT', `${T(100)}/upsertTemplate`, { idTemplate: template.idTemplate, templateName: 'Zzz última', templateContent: 'Adiós' });
      expect(edited.json()).toEqual({ idTemplate: template.idTemplate, templateName: 'Zzz última', templateContent: 'Adiós' });
      const listed = (await call('asesor@demo.co', 'GET', `${T(100)}/getAllTemplatesAvailable`)).json<{ templates: ResponseTemplate[] }>().templates;
      expect(listed.at(-1)).toEqual({ idTemplate: template.idTemplate, templateName: 'Zzz última', templateContent: 'Adiós' });
      const deleted = await call('admin@demo.co', 'DELETE', `${T(100)}/deleteTemplate`, { idTemplate: template.idTemplate });
      expect(deleted.statusCode).toBe(200);
      expect(deleted.json()).toEqual({ success: true });
      expect((await templates()).map((t) => t.idTemplate)).not.toContain(template.idTemplate);
      expect((await call('admin@demo.co', 'DELETE', `${T(100)}/deleteTemplate`, { idTemplate: template.idTemplate })).statusCode).toBe(404);
    });

    it('refuses bad bodies, another organisation’s template or path and viewers, changing nothing', async () => {
      const before = await templates();
      const cases: [string, 'PUT' | 'DELETE', string, object, number][] = [
        ['admin@demo.co', 'PUT', `${T(100)}/upsertTemplate`, { templateName: '', templateContent: 'x' }, 400],
        ['admin@demo.co', 'PUT', `${T(100)}/upsertTemplate`, { templateName: 'x', templateContent: 'y'.repeat(4001) }, 400],
        ['admin@demo.co', 'PUT', `${T(100)}/upsertTemplate`, { templateName: 'x' }, 400],
        ['admin@demo.co', 'PUT', `${T(100)}/upsertTemplate`, { idTemplate: 8, templateName: 'Ajena', templateContent: 'x' }, 404],
        ['admin@otra.co', 'PUT', `${T(200)}/upsertTemplate`, { idTemplate: 1, templateName: 'Ajena', templateContent: 'x' }, 404],
        ['admin@demo.co', 'PUT', `${T(200)}/upsertTemplate`, { templateName: 'Ajena', templateContent: 'x' }, 403],
        ['admin@demo.co', 'DELETE', `${T(100)}/deleteTemplate`, { idTemplate: 8 }, 404],
        ['admin@demo.co', 'DELETE', `${T(200)}/deleteTemplate`, { idTemplate: 8 }, 403],
        ['admin@demo.co', 'DELETE', `${T(100)}/deleteTemplate`, { idTemplate: 'uno' }, 400]
      ];
      for (const [email, method, url, body, status] of cases) expect((await call(email, method, url, body)).statusCode, `${email} ${url} ${JSON.stringify(body)}`).toBe(status);
      expect(await templates()).toEqual(before);
      await viewersRefused('PUT', `${T(100)}/upsertTemplate`, { templateName: 'Visor', templateContent: 'x' }, templates);
      await viewersRefused('DELETE', `${T(100)}/deleteTemplate`, { idTemplate: 1 }, templates);
      // Role 1 may write another organisation's.
      const chosen = await call('superadmin@demo.co', 'PUT', `${T(200)}/upsertTemplate`, { idTemplate: 8, templateName: 'Saludo', templateContent: 'Hola desde la plataforma' });
      expect(chosen.statusCode).toBe(200);
    });
  });
});
