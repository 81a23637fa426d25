import { and, eq, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { endpoints } from '../../shared/api/catalogue';
import { DEFAULT_IDENTIFICATION_TYPE, type CreateContact, type DirectoryContact } from '../../shared/domain/directory';
import { choosesOrganisation } from '../../shared/roles';
import { cities, departments, directoryContacts, virtualAgents } from '../db/schema';
import type { Db } from '../db/types';
import { HttpError } from '../http/errors';
import { SETTINGS_TEXT } from '../settings/texts';
import { byName } from './listing';
import { implement } from './register';

type ContactFields = z.output<typeof CreateContact>;

/** The settings shape (SPEC §3 directory contact): city {id,name} and department {id,name} of the contact's city. */
async function listContacts(db: Db, where: SQL | undefined): Promise<DirectoryContact[]> {
  const rows = await db
    .select({
      idContact: directoryContacts.idContact,
      nombre: directoryContacts.nombre,
      email: directoryContacts.email,
      telefono: directoryContacts.telefono,
      identificacion: directoryContacts.identificacion,
      tipoIdentificacion: directoryContacts.tipoIdentificacion,
      idVa: directoryContacts.idVa,
      activo: directoryContacts.activo,
      listadoMensajes: directoryContacts.listadoMensajes,
      cityId: cities.id,
      cityName: cities.name,
      departmentId: departments.id,
      departmentName: departments.name
    })
    .from(directoryContacts)
    .innerJoin(cities, eq(cities.id, directoryContacts.idCity))
    .innerJoin(departments, eq(departments.id, cities.idDepartment))
    .where(where);
  return byName(rows, (c) => c.nombre, (c) => c.idContact).map(({ cityId, cityName, departmentId, departmentName, ...contact }) => ({
    ...contact,
    city: { id: cityId, name: cityName },
    department: { id: departmentId, name: departmentName }
  }));
}

async function contactOf(db: Db, idContact: number): Promise<DirectoryContact> {
  const [contact] = await listContacts(db, eq(directoryContacts.idContact, idContact));
  if (!contact) throw new HttpError(404, SETTINGS_TEXT.contactNotFound);
  return contact;
}

/** The virtual agent is the organisation's (404 otherwise, another organisation's included). */
async function requireVirtualAgentOfOrg(db: Db, orgId: number, idVa: number): Promise<void> {
  const [va] = await db
    .select({ idVa: virtualAgents.idVa })
    .from(virtualAgents)
    .where(and(eq(virtualAgents.idVa, idVa), eq(virtualAgents.organizationId, orgId)));
  if (!va) throw new HttpError(404, SETTINGS_TEXT.virtualAgentNotFound);
}

/** The references a contact's fields make: its virtual agent (the organisation's) and a city of the location list. */
async function checkReferences(db: Db, orgId: number, fields: ContactFields): Promise<void> {
  await requireVirtualAgentOfOrg(db, orgId, fields.idVa);
  const [city] = await db.select({ id: cities.id }).from(cities).where(eq(cities.id, fields.idCity));
  if (!city) throw new HttpError(400, `idCity: ${SETTINGS_TEXT.cityNotFound}`);
}

function stored(fields: ContactFields) {
  return { ...fields, tipoIdentificacion: fields.tipoIdentificacion.trim() === '' ? DEFAULT_IDENTIFICATION_TYPE : fields.tipoIdentificacion };
}

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

  /** Every contact of one of the organisation's virtual agents, active or not, by name. */
  implement(app, endpoints.directoryContacts, async ({ db, orgId, query }) => {
    await requireVirtualAgentOfOrg(db, orgId, query.idVa);
    return listContacts(db, and(eq(directoryContacts.organizationId, orgId), eq(directoryContacts.idVa, query.idVa)));
  });

  implement(app, endpoints.createDirectoryContact, async ({ db, orgId, body }) => {
    await checkReferences(db, orgId, body);
    const [created] = await db
      .insert(directoryContacts)
      .values({ ...stored(body), organizationId: orgId })
      .returning({ idContact: directoryContacts.idContact });
    if (!created) throw new Error('crear contacto: no row');
    return contactOf(db, created.idContact);
  });

  implement(app, endpoints.updateDirectoryContact, async ({ db, orgId, body }) => {
    const { idContact, ...fields } = body;
    await checkReferences(db, orgId, fields);
    const [updated] = await db
      .update(directoryContacts)
      .set(stored(fields))
      .where(and(eq(directoryContacts.idContact, idContact), eq(directoryContacts.organizationId, orgId)))
      .returning({ idContact: directoryContacts.idContact });
    if (!updated) throw new HttpError(404, SETTINGS_TEXT.contactNotFound);
    return contactOf(db, updated.idContact);
  });

  /** The path names no organisation: roles 1–2 may delete any organisation's contact, the others only their own. */
  implement(app, endpoints.deleteDirectoryContact, async ({ db, user, params }) => {
    const mine = choosesOrganisation(user.role) ? undefined : eq(directoryContacts.organizationId, user.company);
    const deleted = await db
      .delete(directoryContacts)
      .where(and(eq(directoryContacts.idContact, params.idContact), mine))
      .returning({ idContact: directoryContacts.idContact });
    if (deleted.length === 0) throw new HttpError(404, SETTINGS_TEXT.contactNotFound);
    return { success: true };
  });
}
