import { minutesOf, type SchedulePeriod } from '../chat/schedule';

/**
 * The rules of a split's attention periods beyond each period's own shape (the catalogue's schema
 * checks 'HH:mm' and end after start): periods of the same weekday must not overlap. Two periods
 * that only touch (08:00–12:00 and 12:00–14:00) do not overlap.
 */

export interface StoredPeriod extends SchedulePeriod {
  id: number;
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
