import { DateTime } from 'luxon';
import { formatDate } from '../../../shared/format';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const DAY_TIME = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/;
const MONTH = /^(\d{4})-(\d{2})$/;

/**
 * A time bucket's label as the user reads it (SPEC §9 dates): a day 'yyyy-MM-dd' → DD/MM/YYYY, an
 * hour 'yyyy-MM-ddTHH:mm' → DD/MM/YYYY HH:mm, a month 'yyyy-MM' → MM/YYYY. Anything else as it came.
 */
export function bucketLabel(label: string): string {
  if (DAY.test(label)) return formatDate(label) || label;
  if (DAY_TIME.test(label)) {
    const dt = DateTime.fromISO(label.replace(' ', 'T'), { setZone: true });
    return dt.isValid ? dt.toFormat('dd/LL/yyyy HH:mm') : label;
  }
  const month = MONTH.exec(label);
  if (month) return `${month[2]}/${month[1]}`;
  return label;
}
