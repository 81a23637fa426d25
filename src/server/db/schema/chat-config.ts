import { sql, type SQL } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, smallint, text, timestamp, unique, uniqueIndex, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { ACCENTED, UNACCENTED } from '../../../shared/domain/unique-name';
import { organizations } from './organizations';
import { users } from './users';

/**
 * A name as two names are compared (src/shared/domain/unique-name.ts says why; nameKey there folds
 * the same way): accents folded, runs of spaces collapsed, trimmed, lower case. Every function in it
 * is immutable, so unique indexes can be built on it.
 */
export function nameKeySql(column: AnyPgColumn): SQL {
  return sql`lower(btrim(regexp_replace(translate(${column}, ${sql.raw(`'${ACCENTED}'`)}, ${sql.raw(`'${UNACCENTED}'`)}), '\\s+', ' ', 'g')))`;
}

const audit = {
  fechaCreacion: timestamp('fecha_creacion', { withTimezone: true }).notNull().defaultNow(),
  fechaActualizacion: timestamp('fecha_actualizacion', { withTimezone: true }).notNull().defaultNow()
};

/**
 * SPEC §3 "Split" (a queue). The three timers are minutes: agent inactivity (an assigned chat the
 * agent leaves unanswered goes back to the queue), client inactivity, and the longest a chat may
 * wait in the queue before it ends as not attended.
 */
export const splits = pgTable(
  'splits',
  {
    idSplit: integer('id_split').primaryKey().generatedByDefaultAsIdentity(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.idOrg, { onDelete: 'cascade' }),
    codigoSplit: text('codigo_split').notNull(),
    nombre: text('nombre').notNull(),
    descripcion: text('descripcion').notNull().default(''),
    activo: boolean('activo').notNull().default(true),
    timeInactivityAgent: integer('time_inactivity_agent').notNull().default(5),
    timeInactivityClient: integer('time_inactivity_client').notNull().default(10),
    timeMaxInitConversation: integer('time_max_init_conversation').notNull().default(15),
    logicDelete: boolean('logic_delete').notNull().default(false),
    ...audit
  },
  (t) => [
    unique('splits_org_code_unique').on(t.organizationId, t.codigoSplit),
    uniqueIndex('splits_org_name_unique')
      .on(t.organizationId, nameKeySql(t.nombre))
      .where(sql`${t.logicDelete} = false`)
  ]
);

/** A split's attention period on one weekday (1 = lunes … 7 = domingo), local 'HH:mm'; several per day allowed. */
export const splitSchedules = pgTable(
  'split_schedules',
  {
    idHoursBySplits: integer('id_hours_by_splits').primaryKey().generatedByDefaultAsIdentity(),
    idSplit: integer('id_split')
      .notNull()
      .references(() => splits.idSplit, { onDelete: 'cascade' }),
    dia: smallint('dia').notNull(),
    horaInicio: text('hora_inicio').notNull(),
    horaFin: text('hora_fin').notNull()
  },
  (t) => [check('split_schedules_day_check', sql`${t.dia} between 1 and 7`), index('split_schedules_split_idx').on(t.idSplit)]
);

/** Conversations of split_origin may be transferred to split_derive. */
export const splitDerives = pgTable(
  'split_derives',
  {
    idSplitsDerive: integer('id_splits_derive').primaryKey().generatedByDefaultAsIdentity(),
    splitOrigin: integer('split_origin')
      .notNull()
      .references(() => splits.idSplit, { onDelete: 'cascade' }),
    splitDerive: integer('split_derive')
      .notNull()
      .references(() => splits.idSplit, { onDelete: 'cascade' })
  },
  (t) => [unique('split_derives_pair_unique').on(t.splitOrigin, t.splitDerive)]
);

/** Which agent (role 5 user) answers which split. */
export const agentSplits = pgTable(
  'agent_splits',
  {
    idSplitUsuario: integer('id_split_usuario').primaryKey().generatedByDefaultAsIdentity(),
    idSplit: integer('id_split')
      .notNull()
      .references(() => splits.idSplit, { onDelete: 'cascade' }),
    idUser: integer('id_user')
      .notNull()
      .references(() => users.idUser, { onDelete: 'cascade' })
  },
  (t) => [unique('agent_splits_pair_unique').on(t.idSplit, t.idUser), index('agent_splits_user_idx').on(t.idUser)]
);

/**
 * SPEC §3 "Parameters", one row per organisation: working days (1 = lunes … 7 = domingo) and
 * hours ('HH:mm', in the organisation's time zone), the max chats per agent, and the client
 * inactivity in minutes.
 */
export const chatParameters = pgTable('chat_parameters', {
  organizationId: integer('organization_id')
    .primaryKey()
    .references(() => organizations.idOrg, { onDelete: 'cascade' }),
  diasLaborales: smallint('dias_laborales').array().notNull(),
  horaLaboralInicio: text('hora_laboral_inicio').notNull(),
  horaLaboralFin: text('hora_laboral_fin').notNull(),
  nroMaximoChatsAsesor: integer('nro_maximo_chats_asesor').notNull(),
  tiempoInactividadCliente: integer('tiempo_inactividad_cliente').notNull(),
  /** IANA zone the working hours and split schedules are read in. */
  timeZone: text('time_zone').notNull().default('America/Bogota'),
  fechaActualizacion: timestamp('fecha_actualizacion', { withTimezone: true }).notNull().defaultNow()
});

/** SPEC §3 "Pause event": why an agent pauses (lunch, training…). */
export const pauseEvents = pgTable(
  'pause_events',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.idOrg, { onDelete: 'cascade' }),
    nombre: text('nombre').notNull(),
    descripcion: text('descripcion').notNull().default(''),
    activo: boolean('activo').notNull().default(true),
    /** The longest an agent should stay paused on this event, in minutes (null: no limit); the home page alerts past it. */
    tiempoMaximo: integer('tiempo_maximo'),
    logicDelete: boolean('logic_delete').notNull().default(false),
    ...audit
  },
  (t) => [
    index('pause_events_org_idx').on(t.organizationId),
    uniqueIndex('pause_events_org_name_unique')
      .on(t.organizationId, nameKeySql(t.nombre))
      .where(sql`${t.logicDelete} = false`)
  ]
);

/** SPEC §3 "Reason (causal)" — business reasons (codigoCausal). */
export const businessReasons = pgTable(
  'business_reasons',
  {
    idCausal: integer('id_causal').primaryKey().generatedByDefaultAsIdentity(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.idOrg, { onDelete: 'cascade' }),
    codigoCausal: text('codigo_causal').notNull(),
    nombre: text('nombre').notNull(),
    descripcion: text('descripcion').notNull().default(''),
    activo: boolean('activo').notNull().default(true),
    logicDelete: boolean('logic_delete').notNull().default(false),
    ...audit
  },
  (t) => [
    index('business_reasons_org_idx').on(t.organizationId),
    uniqueIndex('business_reasons_org_name_unique')
      .on(t.organizationId, nameKeySql(t.nombre))
      .where(sql`${t.logicDelete} = false`),
    uniqueIndex('business_reasons_org_code_unique').on(t.organizationId, t.codigoCausal).where(sql`${t.logicDelete} = false`)
  ]
);

/** SPEC §3 "Reason (causal)" — finalisation reasons (codigoCausalFinalizacion). */
export const finalReasons = pgTable(
  'final_reasons',
  {
    idCausal: integer('id_causal').primaryKey().generatedByDefaultAsIdentity(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.idOrg, { onDelete: 'cascade' }),
    codigoCausalFinalizacion: text('codigo_causal_finalizacion').notNull(),
    nombre: text('nombre').notNull(),
    descripcion: text('descripcion').notNull().default(''),
    activo: boolean('activo').notNull().default(true),
    logicDelete: boolean('logic_delete').notNull().default(false),
    ...audit
  },
  (t) => [
    index('final_reasons_org_idx').on(t.organizationId),
    uniqueIndex('final_reasons_org_name_unique')
      .on(t.organizationId, nameKeySql(t.nombre))
      .where(sql`${t.logicDelete} = false`),
    uniqueIndex('final_reasons_org_code_unique').on(t.organizationId, t.codigoCausalFinalizacion).where(sql`${t.logicDelete} = false`)
  ]
);

/**
 * SPEC §3 "Automatic-transfer reason": why the assistant handed a conversation to a human
 * (the customer asked for one; the assistant failed to answer twice).
 */
export const automaticTransferReasons = pgTable('automatic_transfer_reasons', {
  idCause: integer('id_cause').primaryKey(),
  /** A stable code the engine refers to ('SOLICITUD_CLIENTE', 'SIN_RESPUESTA'). */
  code: text('code').notNull().unique(),
  nombre: text('nombre').notNull()
});

/** GET /api/notAttendedEvents: why a conversation ended without an agent (global list). */
export const notAttendedEvents = pgTable('not_attended_events', {
  id: integer('id').primaryKey(),
  /** A stable code the engine refers to ('FUERA_HORARIO', 'SIN_ASESORES', 'ABANDONO', 'TIEMPO_ESPERA'). */
  code: text('code').notNull().unique(),
  nombre: text('nombre').notNull(),
  descripcion: text('descripcion').notNull()
});

/** SPEC §3 "Response template". */
export const responseTemplates = pgTable(
  'response_templates',
  {
    idTemplate: integer('id_template').primaryKey().generatedByDefaultAsIdentity(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.idOrg, { onDelete: 'cascade' }),
    templateName: text('template_name').notNull(),
    templateContent: text('template_content').notNull(),
    ...audit
  },
  (t) => [index('response_templates_org_idx').on(t.organizationId), uniqueIndex('response_templates_org_name_unique').on(t.organizationId, nameKeySql(t.templateName))]
);
