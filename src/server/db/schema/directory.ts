import { boolean, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { organizations } from './organizations';
import { virtualAgents } from './virtual-agents';
import { cities } from './locations';

/** SPEC §3 "Directory contact": people an agent can refer a customer to, per virtual agent. */
export const directoryContacts = pgTable(
  'directory_contacts',
  {
    idContact: integer('id_contact').primaryKey().generatedByDefaultAsIdentity(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.idOrg, { onDelete: 'cascade' }),
    idVa: integer('id_va')
      .notNull()
      .references(() => virtualAgents.idVa, { onDelete: 'cascade' }),
    nombre: text('nombre').notNull(),
    email: text('email').notNull(),
    telefono: text('telefono').notNull(),
    identificacion: text('identificacion').notNull(),
    tipoIdentificacion: text('tipo_identificacion').notNull(),
    idCity: integer('id_city')
      .notNull()
      .references(() => cities.id),
    activo: boolean('activo').notNull().default(true),
    listadoMensajes: text('listado_mensajes').array().notNull().default([])
  },
  (t) => [index('directory_contacts_org_idx').on(t.organizationId, t.idVa)]
);
