import { z } from 'zod';
import { DEFAULTS } from '../constants';
import { Email } from './session';
import { PositiveInt, optionalText, requiredText } from './fields';

export const DEFAULT_IDENTIFICATION_TYPE = DEFAULTS.identificationType;

/** SPEC §3 "Agent directory contact (chat)". listadoMensajes: the contact's predefined messages. */
export const AgentDirectoryContact = z.object({
  idCiudad: z.number().int(),
  ciudad: z.string(),
  departamento: z.string(),
  email: z.string(),
  identificacion: z.string(),
  idVa: z.number().int(),
  listadoMensajes: z.array(z.string()),
  nombre: z.string(),
  telefono: z.string(),
  tipoIdentificacion: z.string().default(DEFAULT_IDENTIFICATION_TYPE)
});
export type AgentDirectoryContact = z.infer<typeof AgentDirectoryContact>;

const NamedRef = z.object({ id: z.number().int(), name: z.string() });

/**
 * SPEC §3 "Directory contact (settings)": idContact, city {id,name}, department {id,name}; the
 * other fields (not shown) are those of the chat-side contact.
 */
export const DirectoryContact = z.object({
  idContact: z.number().int(),
  nombre: z.string(),
  email: z.string(),
  telefono: z.string(),
  identificacion: z.string(),
  tipoIdentificacion: z.string(),
  idVa: z.number().int(),
  activo: z.boolean(),
  listadoMensajes: z.array(z.string()),
  city: NamedRef,
  department: NamedRef
});
export type DirectoryContact = z.infer<typeof DirectoryContact>;

/** SPEC §3: flattened to idCity, idDepartment and the city and department names. */
export type FlatDirectoryContact = Omit<DirectoryContact, 'city' | 'department'> & {
  idCity: number;
  idDepartment: number;
  city: string;
  department: string;
};
export function flattenContact(contact: DirectoryContact): FlatDirectoryContact {
  const { city, department, ...rest } = contact;
  return { ...rest, idCity: city.id, idDepartment: department.id, city: city.name, department: department.name };
}

/** A blank address says it is required; a typed one must be an address (Email's own message). */
const ContactEmail = z
  .string({ message: 'El correo electrónico es obligatorio' })
  .trim()
  .min(1, { message: 'El correo electrónico es obligatorio' })
  .pipe(Email);

const contactFields = {
  nombre: requiredText('El nombre', 120),
  email: ContactEmail,
  telefono: requiredText('El teléfono', 30).regex(/^[0-9+() -]+$/, { message: 'El teléfono solo admite números, espacios, +, ( ) y -' }),
  identificacion: requiredText('La identificación', 40).regex(/^[A-Za-z0-9.-]+$/, { message: 'La identificación solo admite letras, números, puntos y guiones' }),
  tipoIdentificacion: requiredText('El tipo de identificación', 60).default(DEFAULT_IDENTIFICATION_TYPE),
  idVa: PositiveInt,
  idCity: PositiveInt,
  activo: z.boolean().default(true),
  listadoMensajes: z.array(optionalText('El mensaje', 1000)).max(50).default([])
};
export const CreateContact = z.object(contactFields);
export const UpdateContact = z.object({ idContact: PositiveInt, ...contactFields });
