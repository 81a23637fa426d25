import { useMemo } from 'react';
import type { AgentChatRow } from '../../../shared/domain/report';
import { formatDateTime, formatHms } from '../../../shared/format';
import { MSG } from '../../../shared/messages';
import { ConversationName } from '../../components/ConversationName';
import { DataState } from '../../components/DataState';
import { DataTable, type DataColumn } from '../../components/DataTable';
import { AnalyticsPage } from '../analytics/AnalyticsPage';
import { filterQuery, LOCATION_FIELDS, useFilterState, type QueryField } from '../analytics/filter';
import type { FieldId } from '../analytics/use-filter-fields';
import { ReportSection } from '../../components/ReportLayout';
import { REPORT_PAGES } from '../../../shared/report-pages';
import { usePagedReport } from './use-paged-report';

const FIELDS: FieldId[] = ['dates', 'attention', 'channels', 'splits', 'agents', 'causalesPasoAutomatico', 'events', 'idConv', ...LOCATION_FIELDS];
const QUERY: QueryField[] = ['attention', 'channels', 'splits', 'agents', 'causalesPasoAutomatico', 'events', 'idConv', ...LOCATION_FIELDS];

export const HUMAN_CHATS_REPORT_TEXT = {
  attended: 'Chats atendidos',
  notAttended: 'Chats no atendidos',
  conversation: 'Conversación',
  entry: 'Fecha de entrada',
  assigned: 'Fecha de asignación',
  end: 'Fecha de fin',
  channel: 'Canal',
  split: 'Split',
  agent: 'Asesor',
  state: 'Estado',
  duration: 'Duración',
  business: 'Causales de negocio',
  final: 'Causal de finalización'
} as const;

const T = HUMAN_CHATS_REPORT_TEXT;
const dateOrEmpty = (value: string | null) => (value ? formatDateTime(value) : '');

function columns(attended: boolean): DataColumn<AgentChatRow>[] {
  return [
    { key: 'conv', header: T.conversation, render: (c) => <ConversationName idConv={c.idConv} customer={c.cliente} /> },
    { key: 'entrada', header: T.entry, render: (c) => formatDateTime(c.fechaEntrada) },
    ...(attended ? [{ key: 'asignacion', header: T.assigned, render: (c: AgentChatRow) => dateOrEmpty(c.fechaAsignacion) }] : []),
    { key: 'fin', header: T.end, render: (c) => dateOrEmpty(c.fechaFin) },
    { key: 'canal', header: T.channel, render: (c) => c.canal },
    { key: 'split', header: T.split, render: (c) => c.split ?? '' },
    ...(attended ? [{ key: 'asesor', header: T.agent, render: (c: AgentChatRow) => c.asesor ?? '' }] : []),
    { key: 'estado', header: T.state, render: (c) => c.estado },
    { key: 'duracion', header: T.duration, numeric: true, render: (c) => (c.duracion === null ? '' : formatHms(c.duracion)) },
    ...(attended
      ? [
          { key: 'negocio', header: T.business, render: (c: AgentChatRow) => <span style={{ whiteSpace: 'pre-line' }}>{c.causalesNegocio.join(';\n')}</span> },
          { key: 'final', header: T.final, render: (c: AgentChatRow) => c.causalFin ?? '' }
        ]
      : [])
  ];
}

/** SPEC §2 reportes/asesor-humano/chats: the chats attended and not attended (the filter's attention), paged; their CSV. */
export function HumanChatsReportPage() {
  const [filter, setFilter] = useFilterState();
  const query = useMemo(() => filterQuery(filter, QUERY), [filter]);
  const attended = filter.attention === 'attended';
  const { load, paging, total, order } = usePagedReport(attended ? 'humanAgentChats' : 'humanAgentNotAttended', query, filter.idOrg);
  const caption = attended ? T.attended : T.notAttended;
  const cols = useMemo(() => columns(attended), [attended]);
  return (
    <AnalyticsPage title={REPORT_PAGES.humanChats.title} fields={FIELDS} filter={filter} onFilterChange={setFilter}>
      <ReportSection label={caption} report="humanAgentChats" query={{ ...query }} idOrg={filter.idOrg} expectedRows={total}>
        <DataState status={load.status} errorTitle={MSG.reports.loadFailed} errorDetail={load.error?.message} empty={(load.data?.chats.length ?? 0) === 0} onRetry={load.reload} level="h2">
          {load.data ? <DataTable caption={caption} columns={cols} rows={load.data.chats} rowKey={(c) => c.idConv} paging={paging} sort={{ columnKey: 'entrada', ...order }} /> : null}
        </DataState>
      </ReportSection>
    </AnalyticsPage>
  );
}
