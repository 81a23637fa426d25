export { comparisonWindows, HOME_ZONE, windowQuery, type DayWindow } from '../../../shared/comparison-windows';

/** How a figure moved against last week: the difference, and the relative change when last week was not 0. */
export function change(current: number | null | undefined, previous: number | null | undefined): { delta: number; percent: number | null } | null {
  if (current == null || previous == null || !Number.isFinite(current) || !Number.isFinite(previous)) return null;
  const delta = current - previous;
  return { delta, percent: previous === 0 ? null : (delta / Math.abs(previous)) * 100 };
}
