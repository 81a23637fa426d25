import { useMemo } from 'react';
import type { NotificationLogEntry } from '../../../shared/domain/notification';
import { formatDateTime } from '../../../shared/format';
import { NOTIFICATION_EVENT_LABELS, NOTIFICATION_STATUS_LABELS, labelOf } from '../../../shared/labels';
import { MSG } from '../../../shared/messages';
import { DataState } from '../../components/DataState';
import { DataTable, type DataColumn } from '../../components/DataTable';
import { AnalyticsPage } from '../analytics/AnalyticsPage';
import { filterQuery, useFilterState, type QueryField } from '../analytics/filter';
import type { FieldId } from '../analytics/use-filter-fields';
import { ReportSection } from '../../components/ReportLayout';
import { REPORT_PAGES } from '../../../shared/report-pages';
import { usePagedReport } from './use-paged-report';

const FIELDS: FieldId[] = ['dates', 'notifChannels', 'idConv'];
const QUERY: QueryField[] = ['notifChannels', 'idConv'];

export const NOTIFICATION_LOG_TEXT = {
  table: 'Notificaciones enviadas',
  date: 'Fecha',
  event: 'Evento',
  type: 'Tipo de notificación',
  recipient: 'Destinatario',
  status: 'Estado',
  detail: 'Detalle'
} as const;

const COLUMNS: DataColumn<NotificationLogEntry>[] = [
  { key: 'fecha', header: NOTIFICATION_LOG_TEXT.date, render: (n) => formatDateTime(n.fecha) },
  { key: 'evento', header: NOTIFICATION_LOG_TEXT.event, render: (n) => labelOf(NOTIFICATION_EVENT_LABELS, n.eventType) },
  { key: 'tipo', header: NOTIFICATION_LOG_TEXT.type, render: (n) => n.typeName },
  { key: 'destinatario', header: NOTIFICATION_LOG_TEXT.recipient, render: (n) => n.destinatario },
  { key: 'estado', header: NOTIFICATION_LOG_TEXT.status, render: (n) => labelOf(NOTIFICATION_STATUS_LABELS, n.status) },
  { key: 'detalle', header: NOTIFICATION_LOG_TEXT.detail, render: (n) => n.detalle }
];

/** SPEC §2 reportes/notificaciones: the notification log, paged; notificaciones_{start}_{end}.csv. */
export function NotificationLogPage() {
  const [filter, setFilter] = useFilterState();
  const query = useMemo(() => filterQuery(filter, QUERY), [filter]);
  const { load, paging, total, order } = usePagedReport('notificationLog', query, filter.idOrg);
  return (
    <AnalyticsPage title={REPORT_PAGES.notifications.title} fields={FIELDS} filter={filter} onFilterChange={setFilter}>
      <ReportSection label={NOTIFICATION_LOG_TEXT.table} report="notificationLog" query={{ ...query }} idOrg={filter.idOrg} expectedRows={total}>
        <DataState status={load.status} errorTitle={MSG.reports.loadFailed} errorDetail={load.error?.message} empty={(load.data?.notificationsLog.length ?? 0) === 0} onRetry={load.reload} level="h2">
          {load.data ? <DataTable caption={NOTIFICATION_LOG_TEXT.table} columns={COLUMNS} rows={load.data.notificationsLog} rowKey={(n) => String(n.id)} paging={paging} sort={{ columnKey: 'fecha', ...order }} /> : null}
        </DataState>
      </ReportSection>
    </AnalyticsPage>
  );
}
