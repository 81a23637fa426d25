import { z } from 'zod';
import { IdParam } from './common';
import { PositiveInt, TimeOfDay, Timestamp, intBetween, optionalText, requiredText } from './fields';

/**
 * SPEC §3 "Split" (a queue). SPEC does not show the values of the three timers: they are minutes
 * (agent and client inactivity, and the longest wait for a conversation to start).
 */
export const SplitSchedule = z.object({
  id_hours_by_splits: z.number().int(),
  id_split: z.number().int(),
  /** Day of the week, 1 = lunes … 7 = domingo (fields beyond the two ids are not shown in SPEC). */
  dia: z.number().int().min(1).max(7),
  horaInicio: TimeOfDay,
  horaFin: TimeOfDay
});
export type SplitSchedule = z.infer<typeof SplitSchedule>;

/** A derivation: conversations of split_origin may be transferred to split_derive. */
export const SplitDerive = z.object({
  id_splits_derive: z.number().int(),
  split_origin: z.number().int(),
  split_derive: z.number().int()
});
export type SplitDerive = z.infer<typeof SplitDerive>;

export const Split = z.object({
  idSplit: z.number().int(),
  codigoSplit: z.string(),
  nombre: z.string(),
  descripcion: z.string(),
  activo: z.boolean(),
  fechaActualizacion: Timestamp,
  timeInactivityAgent: z.number().int(),
  timeInactivityClient: z.number().int(),
  timeMaxInitConversation: z.number().int(),
  horariosAtencion: z.array(SplitSchedule),
  derivaciones: z.array(SplitDerive)
});
export type Split = z.infer<typeof Split>;

/** The agent-split link (fields not shown in SPEC): which user answers which split. */
export const AgentSplit = z.object({ idSplitUsuario: z.number().int(), idSplit: z.number().int(), idUser: z.number().int(), nombre: z.string() });
export type AgentSplit = z.infer<typeof AgentSplit>;

/** A split an agent may transfer a conversation to, with how many agents are connected to it. */
export const TransferSplit = z.object({ idSplit: z.number().int(), codigoSplit: z.string(), nombre: z.string(), agentesConectados: z.number().int().nonnegative() });
export type TransferSplit = z.infer<typeof TransferSplit>;

/** A timer in minutes: one left out (a blank box) is required, anything else must be 1…1440. */
const minutes = (label: string) =>
  z
    .unknown()
    .refine((v) => v !== undefined && v !== null, { message: `${label} es obligatorio` })
    .pipe(intBetween(label, 1, 1440));

const timers = {
  timeInactivityAgent: minutes('El tiempo de inactividad del asesor'),
  timeInactivityClient: minutes('El tiempo de inactividad del cliente'),
  timeMaxInitConversation: minutes('El tiempo máximo de inicio de conversación')
};

export const CreateSplit = z.object({
  codigoSplit: requiredText('El código', 30).regex(/^[A-Za-z0-9_-]+$/, { message: 'El código solo admite letras, números, guiones y _' }),
  nombre: requiredText('El nombre', 120),
  descripcion: optionalText('La descripción', 500).default(''),
  activo: z.boolean().default(true),
  ...timers
});
export const UpdateSplit = CreateSplit.omit({ codigoSplit: true }).extend({ idSplit: PositiveInt });

const scheduleFields = z
  .object({ id_split: PositiveInt, dia: intBetween('El día', 1, 7), horaInicio: TimeOfDay, horaFin: TimeOfDay })
  .refine((v) => v.horaFin > v.horaInicio, { path: ['horaFin'], message: 'La hora final debe ser posterior a la hora inicial' });
export const CreateSplitSchedule = scheduleFields;
export const UpdateSplitSchedule = z
  .object({ id_hours_by_splits: PositiveInt, id_split: PositiveInt, dia: intBetween('El día', 1, 7), horaInicio: TimeOfDay, horaFin: TimeOfDay })
  .refine((v) => v.horaFin > v.horaInicio, { path: ['horaFin'], message: 'La hora final debe ser posterior a la hora inicial' });

export const CreateSplitDerive = z
  .object({ split_origin: PositiveInt, split_derive: PositiveInt })
  .refine((v) => v.split_origin !== v.split_derive, { path: ['split_derive'], message: 'Un split no puede derivarse a sí mismo' });
/** Replaces the derivations of one split (SPEC §8 'Derivaciones actualizadas'). */
export const UpdateSplitDerive = z.object({ split_origin: PositiveInt, splits_derive: z.array(PositiveInt).max(200) });

export const CreateAgentSplit = z.object({ idSplit: PositiveInt, idUser: PositiveInt });

/** Deletes by record id: ?codigoRegistro (SPEC names it for schedules; derivations and agent links use the same). */
export const RecordQuery = z.object({ codigoRegistro: IdParam, idOrg: IdParam.optional() });
export const SplitQuery = z.object({ idSplit: IdParam, idOrg: IdParam.optional() });
