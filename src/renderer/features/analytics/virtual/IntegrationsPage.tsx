import { useMemo } from 'react';
import { ANALYTICS_PAGES } from '../../../../shared/analytics-pages';
import { formatDateTime, formatNumber } from '../../../../shared/format';
import { INTEGRATION_STATUS_LABELS, integrationServiceLabel } from '../../../../shared/labels';
import { MSG } from '../../../../shared/messages';
import type { IntegrationLogEntry } from '../../../../shared/domain/report';
import { ChartPanel } from '../../../components/ChartPanel';
import { ConversationName } from '../../../components/ConversationName';
import { DataState } from '../../../components/DataState';
import { DataTable, type DataColumn } from '../../../components/DataTable';
import { AnalyticsPage } from '../AnalyticsPage';
import { filterQuery, useFilterState, type QueryField } from '../filter';
import { loadProps } from '../load-props';
import { seriesOf } from '../series';
import { useAnalyticsQuery } from '../use-analytics-query';
import type { FieldId } from '../use-filter-fields';
import { usePage } from '../use-paged';
import { ReportSection } from '../../../components/ReportLayout';

const FIELDS: FieldId[] = ['dates', 'integrationStatus', 'integrationService', 'idConv'];
const QUERY: QueryField[] = ['integrationStatus', 'integrationService', 'idConv'];
const PAGE_SIZE = 20;

export const INTEGRATIONS_TEXT = {
  result: 'Resultado de las integraciones',
  log: 'Registro de integraciones',
  calls: 'Llamadas',
  status: 'Estado',
  date: 'Fecha',
  service: 'Servicio',
  conversation: 'Conversación',
  duration: 'Duración (ms)',
  detail: 'Detalle'
} as const;

const COLUMNS: DataColumn<IntegrationLogEntry>[] = [
  { key: 'fecha', header: INTEGRATIONS_TEXT.date, render: (e) => formatDateTime(e.fecha) },
  { key: 'service', header: INTEGRATIONS_TEXT.service, render: (e) => integrationServiceLabel(e.service) },
  { key: 'status', header: INTEGRATIONS_TEXT.status, render: (e) => INTEGRATION_STATUS_LABELS[e.status] },
  { key: 'idConv', header: INTEGRATIONS_TEXT.conversation, render: (e) => (e.idConv ? <ConversationName idConv={e.idConv} /> : '') },
  { key: 'duration', header: INTEGRATIONS_TEXT.duration, numeric: true, render: (e) => formatNumber(e.durationMs) },
  { key: 'detail', header: INTEGRATIONS_TEXT.detail, render: (e) => e.detail }
];

/** SPEC §2 estadisticas/asesor-virtual/integraciones: successful and failed integration calls, and their log. */
export function IntegrationsPage() {
  const [filter, setFilter] = useFilterState();
  const base = useMemo(() => filterQuery(filter, QUERY), [filter]);
  const [page, setPage] = usePage(base);
  const log = useAnalyticsQuery('consumerIntegrations', { query: { ...base, page, size: PAGE_SIZE }, idOrg: filter.idOrg });
  const result = useMemo(
    () =>
      log.data
        ? seriesOf(INTEGRATIONS_TEXT.calls, [
            [INTEGRATION_STATUS_LABELS.success, log.data.totalSuccess],
            [INTEGRATION_STATUS_LABELS.failed, log.data.totalFailed]
          ])
        : null,
    [log.data]
  );

  return (
    <AnalyticsPage title={ANALYTICS_PAGES.integrations.title} fields={FIELDS} filter={filter} onFilterChange={setFilter}>
      <ChartPanel
        title={INTEGRATIONS_TEXT.result}
        kind="doughnut"
        series={result}
        {...loadProps(log)}
        errorTitle={MSG.integrations.logLoadFailed}
        categoryHeader={INTEGRATIONS_TEXT.status}
      />
      <ReportSection label={INTEGRATIONS_TEXT.log} report="integrationLog" query={{ ...base }} idOrg={filter.idOrg} expectedRows={log.data?.totalResult ?? null}>
        <DataState
          status={log.status}
          errorTitle={MSG.integrations.logLoadFailed}
          errorDetail={log.error?.message}
          empty={(log.data?.integrationsResult.length ?? 0) === 0}
          onRetry={log.reload}
          level="h2"
        >
          {log.data ? (
            <DataTable
              caption={INTEGRATIONS_TEXT.log}
              columns={COLUMNS}
              rows={log.data.integrationsResult}
              rowKey={(e) => String(e.id)}
              paging={{ page: log.data.currentPage, totalPages: log.data.totalPages, totalResult: log.data.totalResult, onPage: setPage }}
            />
          ) : null}
        </DataState>
      </ReportSection>
    </AnalyticsPage>
  );
}
