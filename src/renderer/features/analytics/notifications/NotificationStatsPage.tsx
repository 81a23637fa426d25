import { useMemo } from 'react';
import { ANALYTICS_PAGES } from '../../../../shared/analytics-pages';
import type { ChartSeries } from '../../../../shared/domain/statistics';
import { NOTIFICATION_EVENT_LABELS, NOTIFICATION_STATUS_LABELS, RECIPIENT_ROLE_LABELS, labelOf } from '../../../../shared/labels';
import { MSG } from '../../../../shared/messages';
import { ChartPanel } from '../../../components/ChartPanel';
import { AnalyticsPage } from '../AnalyticsPage';
import { filterQuery, useFilterState, type QueryField } from '../filter';
import { loadProps } from '../load-props';
import { seriesOf } from '../series';
import { useAnalyticsQuery } from '../use-analytics-query';
import type { FieldId } from '../use-filter-fields';

const FIELDS: FieldId[] = ['dates', 'notifChannels', 'idConv'];
const QUERY: QueryField[] = ['notifChannels', 'idConv'];

export const NOTIFICATION_STATS_TEXT = {
  byStatus: 'Notificaciones por estado',
  byEvent: 'Notificaciones por evento y rol',
  notifications: 'Notificaciones',
  status: 'Estado',
  event: 'Evento'
} as const;

/** Events as categories, one stacked series per recipient role. */
function eventRoleSeries(rows: readonly { eventType: string; role: string; total: number }[]): ChartSeries {
  const events = [...new Set(rows.map((r) => r.eventType))].sort((a, b) => a.localeCompare(b, 'es'));
  const roles = [...new Set(rows.map((r) => r.role))].sort((a, b) => a.localeCompare(b, 'es'));
  const total = (event: string, role: string) => rows.filter((r) => r.eventType === event && r.role === role).reduce((sum, r) => sum + r.total, 0);
  return {
    labels: events.map((event) => labelOf(NOTIFICATION_EVENT_LABELS, event)),
    datasets: roles.map((role) => ({ label: labelOf(RECIPIENT_ROLE_LABELS, role), data: events.map((event) => total(event, role)) }))
  };
}

/** SPEC §2 estadisticas/notificaciones: notifications sent per delivery status, and per event and recipient role. */
export function NotificationStatsPage() {
  const [filter, setFilter] = useFilterState();
  const query = useMemo(() => filterQuery(filter, QUERY), [filter]);
  const request = { query, idOrg: filter.idOrg };
  const byStatus = useAnalyticsQuery('notificationsByStatus', request);
  const byEvent = useAnalyticsQuery('eventsByTypeEventRole', request);
  const statusSeries = useMemo(
    () => (byStatus.data ? seriesOf(NOTIFICATION_STATS_TEXT.notifications, byStatus.data.map((s) => [labelOf(NOTIFICATION_STATUS_LABELS, s.status), s.total] as const)) : null),
    [byStatus.data]
  );
  const eventSeries = useMemo(() => (byEvent.data ? eventRoleSeries(byEvent.data) : null), [byEvent.data]);

  return (
    <AnalyticsPage title={ANALYTICS_PAGES.notifications.title} fields={FIELDS} filter={filter} onFilterChange={setFilter}>
      <ChartPanel
        title={NOTIFICATION_STATS_TEXT.byStatus}
        kind="doughnut"
        series={statusSeries}
        {...loadProps(byStatus)}
        errorTitle={MSG.notifications.loadFailed}
        categoryHeader={NOTIFICATION_STATS_TEXT.status}
      />
      <ChartPanel
        title={NOTIFICATION_STATS_TEXT.byEvent}
        kind="stackedBar"
        series={eventSeries}
        {...loadProps(byEvent)}
        errorTitle={MSG.notifications.eventsLoadFailed}
        categoryHeader={NOTIFICATION_STATS_TEXT.event}
        valueTitle={NOTIFICATION_STATS_TEXT.notifications}
      />
    </AnalyticsPage>
  );
}
