import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../shared/api/catalogue';
import { DEFAULT_IDENTIFICATION_TYPE } from '../../shared/domain/directory';
import { cities, departments, directoryContacts } from '../db/schema';
import { byName } from './listing';
import { implement } from './register';

export function registerDirectoryRoutes(app: FastifyInstance): void {
  /** The chat console's directory: active contacts of the organisation (of one virtual agent when idVa is given). */
  implement(app, endpoints.activeDirectoryContacts, async ({ db, orgId, query }) => {
    const rows = await db
      .select({
        idContact: directoryContacts.idContact,
        idCiudad: directoryContacts.idCity,
        ciudad: cities.name,
        departamento: departments.name,
        email: directoryContacts.email,
        identificacion: directoryContacts.identificacion,
        tipoIdentificacion: directoryContacts.tipoIdentificacion,
        idVa: directoryContacts.idVa,
        listadoMensajes: directoryContacts.listadoMensajes,
        nombre: directoryContacts.nombre,
        telefono: directoryContacts.telefono
      })
      .from(directoryContacts)
      .innerJoin(cities, eq(cities.id, directoryContacts.idCity))
      .innerJoin(departments, eq(departments.id, cities.idDepartment))
      .where(
        and(
          eq(directoryContacts.organizationId, orgId),
          eq(directoryContacts.activo, true),
          query.idVa === undefined ? undefined : eq(directoryContacts.idVa, query.idVa)
        )
      );
    return byName(rows, (c) => c.nombre, (c) => c.idContact).map(({ idContact: _id, tipoIdentificacion, ...contact }) => ({
      ...contact,
      // SPEC §3/§9: the identification type defaults to 'CÉDULA CIUDADANIA'.
      tipoIdentificacion: tipoIdentificacion.trim() === '' ? DEFAULT_IDENTIFICATION_TYPE : tipoIdentificacion
    }));
  });
}
