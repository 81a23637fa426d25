import { DateTime } from 'luxon';
import { minutesOf, type SchedulePeriod } from '../../shared/schedule-periods';

/** The period rules are shared with the splits page (src/shared/schedule-periods.ts). */
export { minutesOf, type SchedulePeriod };

/** The organisation's chat parameters the engine needs (chat_parameters, or the defaults). */
export interface ChatRules {
  diasLaborales: number[];
  horaLaboralInicio: string;
  horaLaboralFin: string;
  nroMaximoChatsAsesor: number;
  /** Minutes. */
  tiempoInactividadCliente: number;
  timeZone: string;
}

/** An organisation without chat parameters: every day, all day, 3 chats per agent, 10 minutes. */
export const DEFAULT_RULES: ChatRules = {
  diasLaborales: [1, 2, 3, 4, 5, 6, 7],
  horaLaboralInicio: '00:00',
  horaLaboralFin: '23:59',
  nroMaximoChatsAsesor: 3,
  tiempoInactividadCliente: 10,
  timeZone: 'America/Bogota'
};

export interface LocalMoment {
  /** 1 = lunes … 7 = domingo. */
  weekday: number;
  /** Minutes since local midnight. */
  minutes: number;
}

/** The weekday and time of day of `now` in `timeZone` (America/Bogota when the zone is unknown). */
export function localMoment(now: Date, timeZone: string): LocalMoment {
  let local = DateTime.fromJSDate(now, { zone: timeZone });
  if (!local.isValid) local = DateTime.fromJSDate(now, { zone: DEFAULT_RULES.timeZone });
  return { weekday: local.weekday, minutes: local.hour * 60 + local.minute };
}

/** Whether a local time falls in [start, end] (both 'HH:mm', the end minute included; an end before the start spans midnight). */
export function withinPeriod(minutes: number, start: string, end: string): boolean {
  const from = minutesOf(start);
  const to = minutesOf(end);
  if (from === null || to === null) return false;
  return from <= to ? minutes >= from && minutes <= to : minutes >= from || minutes <= to;
}

/** Whether `now` is inside the organisation's working days and hours. */
export function withinWorkingHours(rules: ChatRules, now: Date): boolean {
  const local = localMoment(now, rules.timeZone);
  return rules.diasLaborales.includes(local.weekday) && withinPeriod(local.minutes, rules.horaLaboralInicio, rules.horaLaboralFin);
}

/** Whether a split attends at `now`: one of its periods for today's weekday contains the local time. No periods: closed. */
export function splitAttends(periods: readonly SchedulePeriod[], timeZone: string, now: Date): boolean {
  const local = localMoment(now, timeZone);
  return periods.some((p) => p.dia === local.weekday && withinPeriod(local.minutes, p.horaInicio, p.horaFin));
}

export const MINUTE_MS = 60_000;
