import { useMemo } from 'react';
import type { AgentConnection } from '../../../shared/domain/chat';
import { formatDateTime, formatHms } from '../../../shared/format';
import { MSG } from '../../../shared/messages';
import { AgentStatusBadge } from '../../components/AgentStatusBadge';
import { DataState } from '../../components/DataState';
import { DataTable, type DataColumn } from '../../components/DataTable';
import { AnalyticsPage } from '../analytics/AnalyticsPage';
import { filterQuery, useFilterState, type QueryField } from '../analytics/filter';
import type { FieldId } from '../analytics/use-filter-fields';
import { ReportSection } from '../../components/ReportLayout';
import { REPORT_PAGES } from '../../../shared/report-pages';
import { usePagedReport } from './use-paged-report';

const FIELDS: FieldId[] = ['dates', 'splits', 'agents'];
const QUERY: QueryField[] = ['splits', 'agents'];

export const AGENT_HISTORY_TEXT = {
  table: 'Conexiones de los asesores',
  agent: 'Asesor',
  state: 'Estado',
  pause: 'Evento de pausa',
  start: 'Inicio',
  end: 'Fin',
  duration: 'Duración',
  open: 'En curso'
} as const;

const COLUMNS: DataColumn<AgentConnection>[] = [
  { key: 'nombre', header: AGENT_HISTORY_TEXT.agent, render: (c) => c.nombre },
  { key: 'estado', header: AGENT_HISTORY_TEXT.state, render: (c) => <AgentStatusBadge estado={c.estado} /> },
  { key: 'pausa', header: AGENT_HISTORY_TEXT.pause, render: (c) => c.eventoPausa ?? '' },
  { key: 'inicio', header: AGENT_HISTORY_TEXT.start, render: (c) => formatDateTime(c.fechaInicio) },
  { key: 'fin', header: AGENT_HISTORY_TEXT.end, render: (c) => (c.fechaFin ? formatDateTime(c.fechaFin) : AGENT_HISTORY_TEXT.open) },
  { key: 'duracion', header: AGENT_HISTORY_TEXT.duration, numeric: true, render: (c) => formatHms(c.duracion) }
];

/** SPEC §2 reportes/asesor-humano/historico-asesores: each stretch of each agent in one state; historico_{start}_{end}.csv. */
export function AgentHistoryPage() {
  const [filter, setFilter] = useFilterState();
  const query = useMemo(() => filterQuery(filter, QUERY), [filter]);
  const { load, paging, total, order } = usePagedReport('agentConnectionHistory', query, filter.idOrg);
  return (
    <AnalyticsPage title={REPORT_PAGES.agentHistory.title} fields={FIELDS} filter={filter} onFilterChange={setFilter}>
      <ReportSection label={AGENT_HISTORY_TEXT.table} report="agentHistory" query={{ ...query }} idOrg={filter.idOrg} expectedRows={total}>
        <DataState status={load.status} errorTitle={MSG.reports.loadFailed} errorDetail={load.error?.message} empty={(load.data?.connections.length ?? 0) === 0} onRetry={load.reload} level="h2">
          {load.data ? (
            <DataTable caption={AGENT_HISTORY_TEXT.table} columns={COLUMNS} rows={load.data.connections} rowKey={(c, i) => `${c.idUser}-${c.fechaInicio}-${i}`} paging={paging} sort={{ columnKey: 'inicio', ...order }} />
          ) : null}
        </DataState>
      </ReportSection>
    </AnalyticsPage>
  );
}
