import { describe, expect, it } from 'vitest';
import { asc } from 'drizzle-orm';
import { DirectoryContact, flattenContact } from '../../../src/shared/domain/directory';
import { LocationList } from '../../../src/shared/domain/location';
import { directoryContacts } from '../../../src/server/db/schema';
import { BACKENDS } from '../../support/database';
import { FORBIDDEN_BODY, signedInPlatform } from './chat-fixtures';

const EMAILS = ['superadmin@demo.co', 'supervisualizador@demo.co', 'admin@demo.co', 'visualizador@demo.co', 'asesor@demo.co', 'supervisor@demo.co', 'admin@otra.co'];
const C = '/api/directory/contacts';

const CONTACT = {
  nombre: 'Beatriz Londoño',
  email: 'beatriz.londono@demo.co',
  telefono: '+57 605 330 1200',
  identificacion: '1045678901',
  idVa: 1,
  idCity: 13001,
  listadoMensajes: ['Beatriz atiende los convenios de la costa.']
};

describe.each(BACKENDS)('contact directory and locations on %s', (backend) => {
  const signed = signedInPlatform(backend, EMAILS);

  const contacts = () => signed.platform.app.db.select().from(directoryContacts).orderBy(asc(directoryContacts.idContact));
  const listOf = async (idVa: number, as = 'admin@demo.co') => (await signed.call(as, 'GET', `${C}?idVa=${idVa}`)).json<DirectoryContact[]>();

  describe('GET /api/location/locationList/', () => {
    it("answers the organisation's regions, every department with its region, and the cities when asked", async () => {
      const res = await signed.call('asesor@demo.co', 'GET', '/api/location/locationList/?requireCities=true');
      expect(res.statusCode).toBe(200);
      const list = LocationList.parse(res.json());
      expect(list.regionals.map((r) => r.name)).toEqual(['Andina', 'Caribe', 'Pacífico']);
      expect(list.departments.find((d) => d.name === 'Meta')).toEqual({ id: 50, idRegional: null, name: 'Meta' });
      expect(list.departments.find((d) => d.name === 'Atlántico')).toEqual({ id: 8, idRegional: 2, name: 'Atlántico' });
      expect(list.cities.find((c) => c.id === 13001)).toEqual({ id: 13001, name: 'Cartagena de Indias', idDepartment: 13 });
      expect(list.cities.map((c) => c.name)).toEqual([...list.cities.map((c) => c.name)].sort((a, b) => a.localeCompare(b, 'es')));
      expect((await signed.call('admin@demo.co', 'GET', '/api/location/locationList/')).json<LocationList>().cities).toEqual([]);
      const other = (await signed.call('admin@otra.co', 'GET', '/api/location/locationList/')).json<LocationList>();
      expect(other.regionals.map((r) => r.name)).toEqual(['Centro']);
      expect(other.departments.find((d) => d.id === 8)?.idRegional).toBeNull();
      expect((await signed.call('admin@demo.co', 'GET', '/api/location/locationList/?idOrg=200')).statusCode).toBe(403);
      expect((await signed.call('admin@demo.co', 'GET', '/api/location/locationList/?requireCities=quizas')).statusCode).toBe(400);
    });
  });

  describe('contacts', () => {
    it('lists every contact of a virtual agent (inactive ones too) by name, with city and department that flatten as SPEC §3 says', async () => {
      const res = await signed.call('supervisor@demo.co', 'GET', `${C}?idVa=1`);
      expect(res.statusCode).toBe(200);
      const listed = res.json<DirectoryContact[]>();
      expect(listed.every((c) => DirectoryContact.safeParse(c).success)).toBe(true);
      expect(listed.map((c) => c.idContact)).toEqual([2, 5, 1, 3, 4]);
      const mariana = listed.find((c) => c.idContact === 1);
      expect(mariana).toMatchObject({ city: { id: 5001, name: 'Medellín' }, department: { id: 5, name: 'Antioquia' } });
      expect(flattenContact(mariana!)).toMatchObject({ idCity: 5001, idDepartment: 5, city: 'Medellín', department: 'Antioquia' });
      expect(listed.find((c) => c.idContact === 4)?.activo).toBe(false);
      expect((await listOf(2)).map((c) => c.idContact)).toEqual([6, 7]);
      expect((await signed.call('superadmin@demo.co', 'GET', `${C}?idVa=3&idOrg=200`)).json<DirectoryContact[]>().map((c) => c.idContact)).toEqual([8]);
    });

    it("refuses another organisation's virtual agent, a missing idVa and the roles without the page", async () => {
      const foreign = await signed.call('admin@demo.co', 'GET', `${C}?idVa=3`);
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json().message).toBe('El asistente virtual no existe');
      expect((await signed.call('admin@demo.co', 'GET', C)).statusCode).toBe(400);
      expect((await signed.call('admin@demo.co', 'GET', `${C}?idVa=1&idOrg=200`)).statusCode).toBe(403);
      for (const email of ['visualizador@demo.co', 'asesor@demo.co']) expect((await signed.call(email, 'GET', `${C}?idVa=1`)).statusCode).toBe(403);
    });

    it('creates a contact (appended to the list by name), with its department following from the city; the chat sees it while active', async () => {
      const res = await signed.call('admin@demo.co', 'POST', C, CONTACT);
      expect(res.statusCode).toBe(200);
      const created = DirectoryContact.parse(res.json());
      const { idCity: _city, ...fields } = CONTACT;
      expect(created).not.toHaveProperty('idCity');
      expect(created).toMatchObject({
        ...fields,
        tipoIdentificacion: 'CÉDULA CIUDADANIA',
        activo: true,
        city: { id: 13001, name: 'Cartagena de Indias' },
        department: { id: 13, name: 'Bolívar' }
      });
      expect((await listOf(1)).map((c) => c.idContact)).toContain(created.idContact);
      const active = (await signed.call('asesor@demo.co', 'GET', `${C}/actives?idVa=1`)).json<{ nombre: string; ciudad: string; departamento: string }[]>();
      expect(active.find((c) => c.nombre === CONTACT.nombre)).toMatchObject({ ciudad: 'Cartagena de Indias', departamento: 'Bolívar' });
    });

    it('replaces a contact by idContact; switched off it leaves the chat directory', async () => {
      const created = (await signed.call('admin@demo.co', 'POST', C, { ...CONTACT, nombre: 'Para editar', email: 'editar@demo.co' })).json<DirectoryContact>();
      const res = await signed.call('supervisor@demo.co', 'PUT', C, {
        ...CONTACT,
        idContact: created.idContact,
        nombre: 'Editada',
        email: 'editada@demo.co',
        idVa: 2,
        idCity: 76001,
        tipoIdentificacion: 'PASAPORTE',
        activo: false,
        listadoMensajes: []
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        idContact: created.idContact,
        nombre: 'Editada',
        email: 'editada@demo.co',
        telefono: CONTACT.telefono,
        identificacion: CONTACT.identificacion,
        tipoIdentificacion: 'PASAPORTE',
        idVa: 2,
        activo: false,
        listadoMensajes: [],
        city: { id: 76001, name: 'Cali' },
        department: { id: 76, name: 'Valle del Cauca' }
      });
      expect((await listOf(1)).map((c) => c.idContact)).not.toContain(created.idContact);
      expect((await listOf(2)).map((c) => c.idContact)).toContain(created.idContact);
      const active = (await signed.call('asesor@demo.co', 'GET', `${C}/actives`)).json<{ nombre: string }[]>();
      expect(active.map((c) => c.nombre)).not.toContain('Editada');
    });

    it('refuses bad fields, unknown cities, other organisations’ virtual agents and contacts, and viewers, changing nothing', async () => {
      const before = await contacts();
      const cases: [string, 'POST' | 'PUT', object, number, string?][] = [
        ['admin@demo.co', 'POST', { ...CONTACT, nombre: '' }, 400, 'nombre: El nombre es obligatorio'],
        ['admin@demo.co', 'POST', { ...CONTACT, email: 'no-es-correo' }, 400],
        ['admin@demo.co', 'POST', { ...CONTACT, telefono: 'llámame' }, 400, 'telefono: El teléfono solo admite números, espacios, +, ( ) y -'],
        ['admin@demo.co', 'POST', { ...CONTACT, identificacion: 'x'.repeat(41) }, 400],
        ['admin@demo.co', 'POST', { ...CONTACT, idCity: 99999 }, 400, 'idCity: La ciudad seleccionada no existe'],
        ['admin@demo.co', 'POST', { ...CONTACT, idCity: undefined }, 400],
        ['admin@demo.co', 'POST', { ...CONTACT, listadoMensajes: ['x'.repeat(1001)] }, 400],
        ['admin@demo.co', 'POST', { ...CONTACT, idVa: 3 }, 404, 'El asistente virtual no existe'],
        ['admin@otra.co', 'PUT', { ...CONTACT, idVa: 3, idContact: 1 }, 404, 'El contacto no existe'],
        ['admin@demo.co', 'PUT', { ...CONTACT, idContact: 8 }, 404, 'El contacto no existe'],
        ['admin@demo.co', 'PUT', { ...CONTACT, idContact: 99999 }, 404],
        ['admin@demo.co', 'PUT', { ...CONTACT, idContact: 1, idVa: 3 }, 404, 'El asistente virtual no existe']
      ];
      for (const [email, method, body, status, message] of cases) {
        const res = await signed.call(email, method, C, body);
        expect(res.statusCode, `${email} ${method} ${JSON.stringify(body)}`).toBe(status);
        if (message) expect(res.json().message).toBe(message);
      }
      expect((await signed.call('admin@demo.co', 'POST', `${C}?idOrg=200`, { ...CONTACT, idVa: 3 })).statusCode).toBe(403);
      for (const email of ['supervisualizador@demo.co', 'visualizador@demo.co', 'asesor@demo.co']) {
        for (const [method, url, body] of [
          ['POST', C, CONTACT],
          ['PUT', C, { ...CONTACT, idContact: 1 }],
          ['DELETE', `${C}/1`, undefined]
        ] as const) {
          const res = await signed.call(email, method, url, body);
          expect(res.statusCode, `${email} ${method}`).toBe(403);
          expect(res.json()).toEqual(FORBIDDEN_BODY);
        }
      }
      expect(await contacts()).toEqual(before);
    });

    it("deletes a contact of the caller's organisation (roles 1–2: any), once", async () => {
      const created = (await signed.call('admin@demo.co', 'POST', C, { ...CONTACT, nombre: 'Para borrar', email: 'borrar@demo.co' })).json<DirectoryContact>();
      expect((await signed.call('admin@otra.co', 'DELETE', `${C}/${created.idContact}`)).statusCode).toBe(404);
      expect((await signed.call('admin@demo.co', 'DELETE', `${C}/abc`)).statusCode).toBe(400);
      const res = await signed.call('supervisor@demo.co', 'DELETE', `${C}/${created.idContact}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true });
      expect((await contacts()).map((c) => c.idContact)).not.toContain(created.idContact);
      expect((await signed.call('admin@demo.co', 'DELETE', `${C}/${created.idContact}`)).statusCode).toBe(404);
      // The superadministrator deletes another organisation's contact.
      expect((await signed.call('superadmin@demo.co', 'DELETE', `${C}/8`)).json()).toEqual({ success: true });
    });
  });
});
