import { useMemo } from 'react';
import { ANALYTICS_PAGES } from '../../../../shared/analytics-pages';
import type { AgentConnectionState } from '../../../../shared/domain/chat';
import { formatDateTime, formatNumber } from '../../../../shared/format';
import { AGENT_STATUS_LABELS, agentStatusLabel } from '../../../../shared/labels';
import { MSG } from '../../../../shared/messages';
import { AgentStatusBadge } from '../../../components/AgentStatusBadge';
import { ChartPanel } from '../../../components/ChartPanel';
import { DataState } from '../../../components/DataState';
import { DataTable, type DataColumn } from '../../../components/DataTable';
import { AnalyticsPage } from '../AnalyticsPage';
import { useFilterState } from '../filter';
import { loadProps } from '../load-props';
import { countBy, seriesOf } from '../series';
import { useAnalyticsQuery } from '../use-analytics-query';
import type { FieldId } from '../use-filter-fields';
import { useLiveReload } from '../../../components/use-live-reload';

/** The agents' state is now, not over a range: no dates. */
const FIELDS: FieldId[] = ['splits'];
/** The states as the console words them (the service says 'Activo' for Conectado), in the order the chart shows them. */
const STATE_ORDER = [AGENT_STATUS_LABELS.CONECTADO, AGENT_STATUS_LABELS.PAUSA, AGENT_STATUS_LABELS.DESCONECTADO];

export const AGENT_STATES_TEXT = {
  chart: 'Asesores por estado',
  list: 'Estado de cada asesor',
  agents: 'Asesores',
  agent: 'Asesor',
  state: 'Estado',
  pause: 'Evento de pausa',
  since: 'Desde',
  openChats: 'Chats activos'
} as const;

const COLUMNS: DataColumn<AgentConnectionState>[] = [
  { key: 'nombre', header: AGENT_STATES_TEXT.agent, render: (a) => a.nombre },
  { key: 'estado', header: AGENT_STATES_TEXT.state, render: (a) => <AgentStatusBadge estado={a.estado} /> },
  { key: 'pausa', header: AGENT_STATES_TEXT.pause, render: (a) => a.eventoPausa ?? '' },
  { key: 'desde', header: AGENT_STATES_TEXT.since, render: (a) => formatDateTime(a.fechaEstado) },
  { key: 'chats', header: AGENT_STATES_TEXT.openChats, numeric: true, render: (a) => formatNumber(a.chatsActivos) }
];

/**
 * SPEC §2 estadisticas/asesor-humano/estado-asesores: every agent's current state. It follows the
 * chat engine live: an 'agents' notice from the monitor link asks again (no polling).
 */
export function AgentStatesPage() {
  const [filter, setFilter] = useFilterState();
  const live = useLiveReload('agents', filter.idOrg);
  const query = useMemo(() => (filter.splits.length > 0 ? { splits: [...filter.splits] } : {}), [filter.splits]);
  const states = useAnalyticsQuery('agentConnectionStates', { query, idOrg: filter.idOrg }, { liveKey: live });
  const series = useMemo(
    () => (states.data ? seriesOf(AGENT_STATES_TEXT.agents, countBy(states.data, (a) => agentStatusLabel(a.estado), STATE_ORDER)) : null),
    [states.data]
  );
  const rows = useMemo(() => [...(states.data ?? [])].sort((a, b) => a.nombre.localeCompare(b.nombre, 'es')), [states.data]);

  return (
    <AnalyticsPage title={ANALYTICS_PAGES.agentStates.title} fields={FIELDS} filter={filter} onFilterChange={setFilter}>
      <ChartPanel
        title={AGENT_STATES_TEXT.chart}
        kind="doughnut"
        series={series}
        {...loadProps(states)}
        errorTitle={MSG.statistics.agentStatesLoadFailed}
        categoryHeader={AGENT_STATES_TEXT.state}
      />
      <section aria-label={AGENT_STATES_TEXT.list}>
        <DataState
          status={states.status}
          errorTitle={MSG.statistics.agentStatesLoadFailed}
          errorDetail={states.error?.message}
          empty={rows.length === 0}
          onRetry={states.reload}
          level="h2"
        >
          <DataTable caption={AGENT_STATES_TEXT.list} columns={COLUMNS} rows={rows} rowKey={(a) => String(a.idUser)} />
        </DataState>
      </section>
    </AnalyticsPage>
  );
}
