import { and, eq, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { DEFAULT_IDENTIFICATION_TYPE, type AgentDirectoryContact, type CreateContact, type DirectoryContact } from '../../../shared/domain/directory';
import { cities, departments, directoryContacts, virtualAgents } from '../../db/schema';
import type { Db } from '../../db/types';
import { HttpError } from '../../http/errors';
import { byName } from '../../http/listing';
import { found, removed } from '../repository';
import { SETTINGS_TEXT } from '../texts';

/**
 * The contact directory of each virtual agent: the people an agent can refer a customer to. Each
 * contact is in a city of the location list; SPEC §3/§9: the identification type defaults to
 * 'CÉDULA CIUDADANIA'.
 */

type ContactFields = z.output<typeof CreateContact>;

function stored(fields: ContactFields) {
  return { ...fields, tipoIdentificacion: fields.tipoIdentificacion.trim() === '' ? DEFAULT_IDENTIFICATION_TYPE : fields.tipoIdentificacion };
}

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
  return found(contact, SETTINGS_TEXT.contactNotFound);
}

/** The virtual agent is the organisation's (404 otherwise, another organisation's included). */
export async function requireVirtualAgentOfOrg(db: Db, orgId: number, idVa: number): Promise<void> {
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

export const directoryRepository = {
  /** The chat console's directory: active contacts of the organisation (of one virtual agent when given), by name. */
  async listActive(db: Db, orgId: number, idVa: number | undefined): Promise<AgentDirectoryContact[]> {
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
      .where(and(eq(directoryContacts.organizationId, orgId), eq(directoryContacts.activo, true), idVa === undefined ? undefined : eq(directoryContacts.idVa, idVa)));
    return byName(rows, (c) => c.nombre, (c) => c.idContact).map(({ idContact: _id, tipoIdentificacion, ...contact }) => ({
      ...contact,
      tipoIdentificacion: tipoIdentificacion.trim() === '' ? DEFAULT_IDENTIFICATION_TYPE : tipoIdentificacion
    }));
  },

  /** Every contact of one of the organisation's virtual agents, active or not, by name. */
  async list(db: Db, orgId: number, idVa: number): Promise<DirectoryContact[]> {
    await requireVirtualAgentOfOrg(db, orgId, idVa);
    return listContacts(db, and(eq(directoryContacts.organizationId, orgId), eq(directoryContacts.idVa, idVa)));
  },

  async create(db: Db, orgId: number, fields: ContactFields): Promise<DirectoryContact> {
    await checkReferences(db, orgId, fields);
    const [created] = await db
      .insert(directoryContacts)
      .values({ ...stored(fields), organizationId: orgId })
      .returning({ idContact: directoryContacts.idContact });
    if (!created) throw new Error('crear contacto: no row');
    return contactOf(db, created.idContact);
  },

  async update(db: Db, orgId: number, idContact: number, fields: ContactFields): Promise<DirectoryContact> {
    await checkReferences(db, orgId, fields);
    const [updated] = await db
      .update(directoryContacts)
      .set(stored(fields))
      .where(and(eq(directoryContacts.idContact, idContact), eq(directoryContacts.organizationId, orgId)))
      .returning({ idContact: directoryContacts.idContact });
    return contactOf(db, found(updated, SETTINGS_TEXT.contactNotFound).idContact);
  },

  /** orgId null: any organisation's contact (the platform-wide roles, whose path names none). */
  async remove(db: Db, orgId: number | null, idContact: number): Promise<void> {
    const rows = await db
      .delete(directoryContacts)
      .where(and(eq(directoryContacts.idContact, idContact), orgId === null ? undefined : eq(directoryContacts.organizationId, orgId)))
      .returning({ idContact: directoryContacts.idContact });
    removed(rows, SETTINGS_TEXT.contactNotFound);
  }
};
