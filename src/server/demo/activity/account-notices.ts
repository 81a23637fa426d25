import { DateTime } from 'luxon';
import { Role } from '../../../shared/roles';
import type { ActivityCatalogue } from './catalogue';
import { hash32, Rng } from './random';
import type { AccountNotification } from './write';

const roleOf = (role: number): AccountNotification['role'] =>
  role === Role.AsesorHumano ? 'ASESOR'
  : role === Role.SupervisorAsesorHumano ? 'SUPERVISOR'
  : 'ADMINISTRADOR';

/**
 * Notifications about accounts rather than chats, by e-mail: a locked user now and then (to the
 * administrators) and password-expiry reminders (to the user), in office hours.
 */
export function accountNotices(catalogue: ActivityCatalogue, fromMs: number, nowMs: number): AccountNotification[] {
  const typeId = catalogue.notificationTypes.email;
  if (typeId === null) return [];
  const notices: AccountNotification[] = [];
  let day = DateTime.fromMillis(fromMs, { zone: catalogue.rules.timeZone });
  if (!day.isValid) day = DateTime.fromMillis(fromMs, { zone: 'America/Bogota' });
  for (day = day.startOf('day'); day.toMillis() < nowMs; day = day.plus({ days: 1 })) {
    const rng = new Rng(hash32(catalogue.org, day.year * 1000 + day.ordinal, 31));
    const at = () => day.startOf('day').toMillis() + rng.int(8 * 60, 18 * 60) * 60_000 + rng.int(0, 59_999);
    const push = (eventType: string, recipient: string, role: AccountNotification['role']) => {
      const sentMs = at();
      if (sentMs < fromMs || sentMs >= nowMs - 1000) return;
      const failed = rng.chance(0.03);
      notices.push({ sentMs, eventType, typeId, recipient, role, failed, detail: failed ? 'Buzón lleno' : '' });
    };
    if (rng.chance(0.22)) for (const admin of catalogue.admins) push('BLOQUEO_USUARIO', admin, 'ADMINISTRADOR');
    for (const user of catalogue.staff) if (rng.chance(0.02)) push('CONTRASENA_POR_VENCER', user.email, roleOf(user.role));
  }
  return notices.sort((a, b) => a.sentMs - b.sentMs);
}
