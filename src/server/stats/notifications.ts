import { sql } from 'drizzle-orm';
import { int, str } from './rows';
import { notificationScope } from './scope';
import type { StatQueries } from './types';

/** The delivery statuses of notifications_log, in the order the chart lists them (SUPRIMIDA: a guard held it back, issue 39). */
export const NOTIFICATION_STATUSES = ['ENVIADA', 'FALLIDA', 'SUPRIMIDA'] as const;

/** The notification statistics (notifications service). notifChannels narrows by notification type. */
export const notificationStats: StatQueries<'notificationsByStatus' | 'eventsByTypeEventRole'> = {
  /** Notifications sent in the range per delivery status; both statuses always listed (0 when none). */
  notificationsByStatus: {
    sql: ({ idOrg, range, query }) => sql`
      select count(*) filter (where n.status = 'ENVIADA')::int as enviada, count(*) filter (where n.status = 'FALLIDA')::int as fallida,
        count(*) filter (where n.status = 'SUPRIMIDA')::int as suprimida
      from notifications_log n where ${notificationScope(idOrg, range, query)}`,
    shape: (rows) => {
      const row = rows[0] ?? { enviada: 0, fallida: 0, suprimida: 0 };
      return NOTIFICATION_STATUSES.map((status) => ({ status, total: int(row, status.toLowerCase()) }));
    }
  },

  /** Notifications sent in the range per event type and recipient role, most first (then event, role). */
  eventsByTypeEventRole: {
    sql: ({ idOrg, range, query }) => sql`
      select n.event_type, n.recipient_role, count(*)::int as total
      from notifications_log n where ${notificationScope(idOrg, range, query)}
      group by n.event_type, n.recipient_role
      order by total desc, n.event_type collate "C", n.recipient_role collate "C"`,
    shape: (rows) => rows.map((row) => ({ eventType: str(row, 'event_type'), role: str(row, 'recipient_role'), total: int(row, 'total') }))
  }
};
