import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MSG } from '../../../src/shared/messages';
import { AgentDirectoryContact } from '../../../src/shared/domain/directory';
import { PauseEvent } from '../../../src/shared/domain/parameters';
import { directoryContacts, organizations, pauseEvents, users } from '../../../src/server/db/schema';
import { BACKENDS } from '../../support/database';
import { FORBIDDEN_BODY, signedInPlatform } from './chat-fixtures';

const EMAILS = ['superadmin@demo.co', 'supervisualizador@demo.co', 'admin@demo.co', 'visualizador@demo.co', 'asesor@demo.co', 'supervisor@demo.co', 'admin@otra.co'];

describe.each(BACKENDS)('chat configuration reads on %s', (backend) => {
  const signed = signedInPlatform(backend, EMAILS);
  const get = (email: string, url: string) => signed.call(email, 'GET', url);

  describe('GET /api/obtenerParametros', () => {
    it("answers the organisation's parameters to any role", async () => {
      const res = await get('asesor@demo.co', '/api/obtenerParametros');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ diasLaborales: [1, 2, 3, 4, 5, 6, 7], horaLaboralInicio: '00:00', horaLaboralFin: '23:59', nroMaximoChatsAsesor: 3, tiempoInactividadCliente: 10 });
      expect((await get('admin@otra.co', '/api/obtenerParametros')).json()).toMatchObject({ nroMaximoChatsAsesor: 2 });
      expect((await get('superadmin@demo.co', '/api/obtenerParametros?idOrg=200')).json()).toMatchObject({ nroMaximoChatsAsesor: 2 });
    });

    it('refuses other organisations and bad ids, and says when an organisation has none', async () => {
      const crossing = await get('admin@demo.co', '/api/obtenerParametros?idOrg=200');
      expect(crossing.statusCode).toBe(403);
      expect(crossing.json()).toEqual(FORBIDDEN_BODY);
      expect((await get('asesor@demo.co', '/api/obtenerParametros?idOrg=abc')).statusCode).toBe(400);
      expect((await signed.platform.app.inject({ method: 'GET', url: '/api/obtenerParametros' })).statusCode).toBe(401);
      const [org] = await signed.platform.app.db
        .insert(organizations)
        .values({ name: 'Sin Parámetros', schemaName: `sin_parametros_${backend}`, organizationType: 'Entidad' })
        .returning({ idOrg: organizations.idOrg });
      const none = await get('superadmin@demo.co', `/api/obtenerParametros?idOrg=${org!.idOrg}`);
      expect(none.statusCode).toBe(404);
      expect(none.json().message).toBe(MSG.parameters.loadFailed);
    });
  });

  describe('GET /api/obtenerEventosPausa', () => {
    it('lists pause events newest first; deleted ones only with alsoDeleted=true', async () => {
      const listed = await get('asesor@demo.co', '/api/obtenerEventosPausa?alsoDeleted=false');
      expect(listed.statusCode).toBe(200);
      const events = listed.json<PauseEvent[]>();
      expect(events.map((e) => e.nombre)).toEqual(['Baño', 'Capacitación', 'Pausa activa', 'Almuerzo']);
      expect(events.every((e) => PauseEvent.safeParse(e).success)).toBe(true);

      const [deleted] = await signed.platform.app.db
        .insert(pauseEvents)
        .values({ organizationId: 100, nombre: 'Reunión', logicDelete: true, activo: false })
        .returning({ id: pauseEvents.id });
      expect((await get('asesor@demo.co', '/api/obtenerEventosPausa')).json<PauseEvent[]>().map((e) => e.id)).not.toContain(deleted!.id);
      const withDeleted = (await get('supervisor@demo.co', '/api/obtenerEventosPausa?alsoDeleted=true')).json<PauseEvent[]>();
      expect(withDeleted[0]).toMatchObject({ id: deleted!.id, nombre: 'Reunión', logic_delete: true });
      expect(withDeleted).toHaveLength(5);
      expect((await get('admin@otra.co', '/api/obtenerEventosPausa')).json<PauseEvent[]>().map((e) => e.nombre)).toEqual(['Almuerzo']);
    });

    it('refuses other organisations and bad flags', async () => {
      expect((await get('asesor@demo.co', '/api/obtenerEventosPausa?idOrg=200')).statusCode).toBe(403);
      const bad = await get('asesor@demo.co', '/api/obtenerEventosPausa?alsoDeleted=quizas');
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toContain('alsoDeleted');
      expect((await signed.platform.app.inject({ method: 'GET', url: '/api/obtenerEventosPausa' })).statusCode).toBe(401);
    });
  });

  describe('GET /api/templates/organization/{idOrg}/getAllTemplatesAvailable', () => {
    const url = (org: number | string) => `/api/templates/organization/${org}/getAllTemplatesAvailable`;

    it("answers { templates } of the organisation sorted by name", async () => {
      const res = await get('asesor@demo.co', url(100));
      expect(res.statusCode).toBe(200);
      const { templates } = res.json<{ templates: { idTemplate: number; templateName: string; templateContent: string }[] }>();
      expect(templates.map((t) => t.templateName)).toEqual([
        'Datos de contacto',
        'Despedida',
        'Espera',
        'Horario de atención',
        'Saludo',
        'Solicitud de documento',
        'Traslado a otra área'
      ]);
      expect(templates.every((t) => t.templateContent.length > 0)).toBe(true);
      expect((await get('admin@otra.co', url(200))).json().templates.map((t: { templateName: string }) => t.templateName)).toEqual(['Saludo']);
    });

    it('refuses viewers, other organisations and bad ids', async () => {
      const viewer = await get('visualizador@demo.co', url(100));
      expect(viewer.statusCode).toBe(403);
      expect(viewer.json()).toEqual(FORBIDDEN_BODY);
      expect((await get('asesor@demo.co', url(200))).statusCode).toBe(403);
      expect((await get('admin@demo.co', url(200))).statusCode).toBe(403);
      const bad = await get('asesor@demo.co', url('abc'));
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toBe('idOrg: Debe ser un número');
    });
  });

  describe('GET /api/directory/contacts/actives', () => {
    it('answers the active contacts of the organisation in the chat shape, by name', async () => {
      const res = await get('asesor@demo.co', '/api/directory/contacts/actives');
      expect(res.statusCode).toBe(200);
      const contacts = res.json<AgentDirectoryContact[]>();
      expect(contacts.map((c) => c.nombre)).toEqual([
        'Andrea Cárdenas',
        'Hernán Duque',
        'Jorge Iván Salazar',
        'Logística Express S.A.S.',
        'Mariana Restrepo',
        'Paola Andrea Mejía'
      ]);
      expect(contacts.every((c) => AgentDirectoryContact.safeParse(c).success)).toBe(true);
      expect(contacts.find((c) => c.nombre === 'Mariana Restrepo')).toEqual({
        idCiudad: 5001,
        ciudad: 'Medellín',
        departamento: 'Antioquia',
        email: 'mariana.restrepo@demo.co',
        identificacion: '43876512',
        idVa: 1,
        listadoMensajes: expect.arrayContaining([expect.stringContaining('Mariana Restrepo')]),
        nombre: 'Mariana Restrepo',
        telefono: '+57 604 444 1020',
        tipoIdentificacion: 'CÉDULA CIUDADANIA'
      });
      const sales = (await get('asesor@demo.co', '/api/directory/contacts/actives?idVa=2')).json<AgentDirectoryContact[]>();
      expect(sales.map((c) => [c.nombre, c.idVa])).toEqual([
        ['Andrea Cárdenas', 2],
        ['Hernán Duque', 2]
      ]);
      // Another organisation's virtual agent has no contacts here.
      expect((await get('asesor@demo.co', '/api/directory/contacts/actives?idVa=3')).json()).toEqual([]);
    });

    it("gives a contact without an identification type the default 'CÉDULA CIUDADANIA'", async () => {
      await signed.platform.app.db.insert(directoryContacts).values({
        organizationId: 100,
        idVa: 2,
        nombre: 'Zoila Sin Tipo',
        email: 'zoila@demo.co',
        telefono: '3001234567',
        identificacion: '123',
        tipoIdentificacion: '',
        idCity: 11001
      });
      const contacts = (await get('supervisor@demo.co', '/api/directory/contacts/actives?idVa=2')).json<AgentDirectoryContact[]>();
      expect(contacts.at(-1)).toMatchObject({ nombre: 'Zoila Sin Tipo', tipoIdentificacion: 'CÉDULA CIUDADANIA', ciudad: 'Bogotá D.C.', departamento: 'Bogotá D.C.' });
      await signed.platform.app.db.delete(directoryContacts).where(eq(directoryContacts.nombre, 'Zoila Sin Tipo'));
    });

    it('refuses viewers, other organisations and bad ids', async () => {
      expect((await get('visualizador@demo.co', '/api/directory/contacts/actives')).statusCode).toBe(403);
      expect((await get('supervisualizador@demo.co', '/api/directory/contacts/actives')).statusCode).toBe(403);
      expect((await get('asesor@demo.co', '/api/directory/contacts/actives?idOrg=200')).statusCode).toBe(403);
      const bad = await get('asesor@demo.co', '/api/directory/contacts/actives?idVa=abc');
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toBe('idVa: Debe ser un número');
      expect((await get('superadmin@demo.co', '/api/directory/contacts/actives?idOrg=200')).json<AgentDirectoryContact[]>().map((c) => c.nombre)).toEqual([
        'Luisa Fernanda Rincón'
      ]);
    });
  });

  describe('GET /api/notAttendedEvents', () => {
    it('lists the kinds of not-attended event', async () => {
      const res = await get('admin@demo.co', '/api/notAttendedEvents');
      expect(res.statusCode).toBe(200);
      expect(res.json<{ id: number; nombre: string }[]>().map((e) => [e.id, e.nombre])).toEqual([
        [1, 'Fuera de horario'],
        [2, 'Sin asesores disponibles'],
        [3, 'Abandono del cliente'],
        [4, 'Tiempo de espera agotado']
      ]);
    });

    it('refuses the agent, other organisations and bad ids', async () => {
      expect((await get('asesor@demo.co', '/api/notAttendedEvents')).statusCode).toBe(403);
      expect((await get('admin@demo.co', '/api/notAttendedEvents?idOrg=200')).statusCode).toBe(403);
      expect((await get('admin@demo.co', '/api/notAttendedEvents?idOrg=-1')).statusCode).toBe(400);
    });
  });

  describe('GET /api/users/agents', () => {
    it("lists the organisation's users who take chats (agents and supervisors) by name, with their active flag and role", async () => {
      await signed.platform.app.db.update(users).set({ isActive: false }).where(eq(users.email, 'asesor6@demo.co'));
      const res = await get('admin@demo.co', '/api/users/agents');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual([
        { idUser: 6, name: 'Camilo Herrera', email: 'supervisor@demo.co', isActive: true, role: 6 },
        { idUser: 12, name: 'Daniela Vargas', email: 'asesor5@demo.co', isActive: true, role: 5 },
        { idUser: 13, name: 'Felipe Castaño', email: 'asesor6@demo.co', isActive: false, role: 5 },
        { idUser: 10, name: 'Laura Gutiérrez', email: 'asesor3@demo.co', isActive: true, role: 5 },
        { idUser: 9, name: 'Santiago Rodríguez', email: 'asesor2@demo.co', isActive: true, role: 5 },
        { idUser: 11, name: 'Sebastián Moreno', email: 'asesor4@demo.co', isActive: true, role: 5 },
        { idUser: 5, name: 'Valentina López', email: 'asesor@demo.co', isActive: true, role: 5 }
      ]);
      await signed.platform.app.db.update(users).set({ isActive: true }).where(eq(users.email, 'asesor6@demo.co'));
      expect((await get('admin@otra.co', '/api/users/agents')).json()).toEqual([{ idUser: 14, name: 'Natalia Ospina', email: 'asesor@otra.co', isActive: true, role: 5 }]);
    });

    it('refuses the agent, other organisations and bad ids', async () => {
      expect((await get('asesor@demo.co', '/api/users/agents')).statusCode).toBe(403);
      expect((await get('admin@demo.co', '/api/users/agents?idOrg=200')).statusCode).toBe(403);
      expect((await get('admin@demo.co', '/api/users/agents?idOrg=abc')).statusCode).toBe(400);
      expect((await get('supervisualizador@demo.co', '/api/users/agents?idOrg=200')).json()).toHaveLength(1);
    });
  });
});
