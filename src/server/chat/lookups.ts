import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/types';
import { automaticTransferReasons, channelTypes, chatParameters, endMessages, notAttendedEvents, users } from '../db/schema';
import { DEFAULT_RULES, type ChatRules } from './schedule';

/** Small reads the engine repeats: an organisation's rules, end-message texts, catalogue ids by code. */

export async function loadRules(db: Db, organizationId: number): Promise<ChatRules> {
  const [row] = await db.select().from(chatParameters).where(eq(chatParameters.organizationId, organizationId));
  if (!row) return DEFAULT_RULES;
  return {
    diasLaborales: row.diasLaborales,
    horaLaboralInicio: row.horaLaboralInicio,
    horaLaboralFin: row.horaLaboralFin,
    nroMaximoChatsAsesor: row.nroMaximoChatsAsesor,
    tiempoInactividadCliente: row.tiempoInactividadCliente,
    timeZone: row.timeZone
  };
}

/** The client text of an end message of the organisation (null when it has none for that acronym). */
export async function endMessageText(db: Db, organizationId: number, acronym: string | null): Promise<string | null> {
  if (acronym === null) return null;
  const [row] = await db
    .select({ text: endMessages.clientMessage })
    .from(endMessages)
    .where(and(eq(endMessages.organizationId, organizationId), eq(endMessages.acronym, acronym)));
  return row?.text ?? null;
}

/** not_attended_events.id of a code ('FUERA_HORARIO', 'SIN_ASESORES', 'ABANDONO', 'TIEMPO_ESPERA'); null when the catalogue lacks it. */
export async function notAttendedEventId(db: Db, code: NotAttendedCode): Promise<number | null> {
  const [row] = await db.select({ id: notAttendedEvents.id }).from(notAttendedEvents).where(eq(notAttendedEvents.code, code));
  return row?.id ?? null;
}
export type NotAttendedCode = 'FUERA_HORARIO' | 'SIN_ASESORES' | 'ABANDONO' | 'TIEMPO_ESPERA';

/** automatic_transfer_reasons.id_cause of a code; null when the catalogue lacks it. */
export async function transferReasonId(db: Db, code: string): Promise<number | null> {
  const [row] = await db.select({ id: automaticTransferReasons.idCause }).from(automaticTransferReasons).where(eq(automaticTransferReasons.code, code));
  return row?.id ?? null;
}

export async function channelLabel(db: Db, idChannel: number): Promise<string> {
  const [row] = await db.select({ label: channelTypes.label }).from(channelTypes).where(eq(channelTypes.idChannel, idChannel));
  return row?.label ?? '';
}

/** An agent's first name, as the customer sees it. */
export async function agentFirstName(db: Db, agentId: number | null): Promise<string | null> {
  if (agentId === null) return null;
  const [row] = await db.select({ name: users.name }).from(users).where(eq(users.idUser, agentId));
  if (!row) return null;
  return row.name.trim().split(/\s+/)[0] ?? row.name;
}
