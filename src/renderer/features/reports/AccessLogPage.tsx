import { useMemo } from 'react';
import type { AccessLogEntry } from '../../../shared/domain/report';
import { formatDateTime } from '../../../shared/format';
import { MSG } from '../../../shared/messages';
import { DataState } from '../../components/DataState';
import { DataTable, type DataColumn } from '../../components/DataTable';
import { AnalyticsPage } from '../analytics/AnalyticsPage';
import { filterQuery, LOCATION_FIELDS, useFilterState, type QueryField } from '../analytics/filter';
import type { FieldId } from '../analytics/use-filter-fields';
import { ReportSection } from '../../components/ReportLayout';
import { REPORT_PAGES } from '../../../shared/report-pages';
import { usePagedReport } from './use-paged-report';

const FIELDS: FieldId[] = ['dates', 'idVa', 'channels', 'idType', ...LOCATION_FIELDS];
const QUERY: QueryField[] = ['idVa', 'channels', 'idType', ...LOCATION_FIELDS];

export const ACCESS_LOG_TEXT = {
  table: 'Accesos de usuarios',
  date: 'Fecha',
  documentType: 'Tipo de identificación',
  document: 'Identificación',
  name: 'Nombre',
  channel: 'Canal'
} as const;

const COLUMNS: DataColumn<AccessLogEntry>[] = [
  { key: 'fecha', header: ACCESS_LOG_TEXT.date, render: (e) => formatDateTime(e.fecha) },
  { key: 'tipo', header: ACCESS_LOG_TEXT.documentType, render: (e) => e.tipoIdentificacion },
  { key: 'id', header: ACCESS_LOG_TEXT.document, render: (e) => e.identificacion },
  { key: 'nombre', header: ACCESS_LOG_TEXT.name, render: (e) => e.nombre },
  { key: 'canal', header: ACCESS_LOG_TEXT.channel, render: (e) => e.canal }
];

/** SPEC §2 reportes/asesor-virtual/accesos: who came in, when and by which channel; usuarios.csv. */
export function AccessLogPage() {
  const [filter, setFilter] = useFilterState();
  const query = useMemo(() => filterQuery(filter, QUERY), [filter]);
  const { load, paging, total, order } = usePagedReport('accessLog', query, filter.idOrg);
  return (
    <AnalyticsPage title={REPORT_PAGES.accessLog.title} fields={FIELDS} filter={filter} onFilterChange={setFilter}>
      <ReportSection label={ACCESS_LOG_TEXT.table} report="accessLog" query={{ ...query }} idOrg={filter.idOrg} expectedRows={total}>
        <DataState status={load.status} errorTitle={MSG.reports.loadFailed} errorDetail={load.error?.message} empty={(load.data?.entriesConsumers.length ?? 0) === 0} onRetry={load.reload} level="h2">
          {load.data ? (
            <DataTable caption={ACCESS_LOG_TEXT.table} columns={COLUMNS} rows={load.data.entriesConsumers} rowKey={(e, i) => `${e.fecha}-${e.id}-${i}`} paging={paging} sort={{ columnKey: 'fecha', ...order }} />
          ) : null}
        </DataState>
      </ReportSection>
    </AnalyticsPage>
  );
}
