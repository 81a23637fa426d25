import { z } from 'zod';
import { IdParam } from './common';
import { PositiveInt, TimeOfDay, Timestamp, intBetween, optionalText, requiredText } from './fields';

/**
 * SPEC §3 "Parameters" (chat parameters of the human-agent service). Value formats are not shown:
 * working days are 1 = lunes … 7 = domingo, hours are 'HH:mm', client inactivity is in minutes.
 */
export const ChatParameters = z.object({
  diasLaborales: z.array(z.number().int().min(1).max(7)),
  horaLaboralInicio: TimeOfDay,
  horaLaboralFin: TimeOfDay,
  nroMaximoChatsAsesor: z.number().int(),
  tiempoInactividadCliente: z.number().int()
});
export type ChatParameters = z.infer<typeof ChatParameters>;

/** POST /api/actualizarParametros: any of the parameters (the general page changes the max chats). */
export const UpdateChatParameters = z
  .object({
    diasLaborales: z
      .array(intBetween('El día laboral', 1, 7))
      .min(1, { message: 'Seleccione al menos un día laboral' })
      .max(7)
      .refine((d) => new Set(d).size === d.length, { message: 'Los días laborales no pueden repetirse' }),
    horaLaboralInicio: TimeOfDay,
    horaLaboralFin: TimeOfDay,
    nroMaximoChatsAsesor: intBetween('El número máximo de chats', 1, 50),
    tiempoInactividadCliente: intBetween('El tiempo de inactividad del cliente', 1, 1440)
  })
  .partial()
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: 'Envíe al menos un parámetro' })
  .refine((v) => !v.horaLaboralInicio || !v.horaLaboralFin || v.horaLaboralFin > v.horaLaboralInicio, {
    path: ['horaLaboralFin'],
    message: 'La hora final debe ser posterior a la hora inicial'
  });

/** SPEC §3 "Pause event": id; the other fields are not shown — a name, description and the reason-like flags. */
export const PauseEvent = z.object({
  id: z.number().int(),
  nombre: z.string(),
  descripcion: z.string(),
  activo: z.boolean(),
  /** The longest an agent should stay paused on it, in minutes (null: no limit): the supervisors' home page alerts past it. Absent from an older platform's answer: no limit. */
  tiempoMaximo: z.number().int().nullable().default(null),
  logic_delete: z.boolean(),
  fechaCreacion: Timestamp,
  fechaActualizacion: Timestamp
});
export type PauseEvent = z.infer<typeof PauseEvent>;

/** The longest a pause limit may be, in minutes (a shift). */
export const MAX_PAUSE_MINUTES = 720;

const pauseFields = {
  nombre: requiredText('El nombre', 120),
  descripcion: optionalText('La descripción', 500).default(''),
  activo: z.boolean().default(true),
  tiempoMaximo: intBetween('El tiempo máximo de la pausa', 1, MAX_PAUSE_MINUTES).nullable().default(null)
};
export const CreatePauseEvent = z.object(pauseFields);
export const UpdatePauseEvent = z.object({ id: PositiveInt, ...pauseFields });
export const PauseEventQuery = z.object({ id: IdParam, idOrg: IdParam.optional() });
