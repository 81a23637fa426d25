/**
 * The rules of a split's attention periods beyond each period's own shape (the catalogue's schema
 * checks 'HH:mm' and end after start): periods of the same weekday must not overlap. Two periods
 * that only touch (08:00–12:00 and 12:00–14:00) do not overlap. The platform refuses an
 * overlapping period and the splits page says so before sending it: the same rule on both sides.
 */

/** One attention period: a weekday (1 = lunes … 7 = domingo) and its start and end ('HH:mm'). */
export interface SchedulePeriod {
  dia: number;
  horaInicio: string;
  horaFin: string;
}

export interface StoredPeriod extends SchedulePeriod {
  id: number;
}

/** 'HH:mm' → minutes since midnight; null when malformed. */
export function minutesOf(time: string): number | null {
  const m = /^(\d{2}):(\d{2})$/.exec(time);
  if (!m) return null;
  const h = Number(m[1]);
  const min = Number(m[2]);
  return h < 24 && min < 60 ? h * 60 + min : null;
}

/** Whether two periods of the same day share more than a boundary minute. */
export function periodsOverlap(a: SchedulePeriod, b: SchedulePeriod): boolean {
  if (a.dia !== b.dia) return false;
  const [aStart, aEnd, bStart, bEnd] = [minutesOf(a.horaInicio), minutesOf(a.horaFin), minutesOf(b.horaInicio), minutesOf(b.horaFin)];
  if (aStart === null || aEnd === null || bStart === null || bEnd === null) return false;
  return aStart < bEnd && bStart < aEnd;
}

/** The first stored period (other than `exceptId`, the one being edited) that `candidate` overlaps. */
export function findOverlap(stored: readonly StoredPeriod[], candidate: SchedulePeriod, exceptId: number | null = null): StoredPeriod | null {
  return stored.find((p) => p.id !== exceptId && periodsOverlap(p, candidate)) ?? null;
}
