import { useMemo } from 'react';
import type { CausalReportRow } from '../../../shared/domain/report';
import { formatConnectionDate } from '../../../shared/format';
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

const FIELDS: FieldId[] = ['dates', 'splits', 'agents', 'causalesNegocio', 'causalesFin', 'causalesPasoAutomatico', 'idConv', ...LOCATION_FIELDS];
const QUERY: QueryField[] = ['splits', 'agents', 'causalesNegocio', 'causalesFin', 'causalesPasoAutomatico', 'idConv', ...LOCATION_FIELDS];

export const TYPING_REPORT_TEXT = {
  table: 'Tipificaciones de los chats',
  conversation: 'Conversación',
  date: 'Fecha',
  agent: 'Asesor',
  split: 'Split',
  business: 'Causales de negocio',
  end: 'Causal de finalización'
} as const;

/** SPEC §3 causal report row as shown: businessCausal joined by ';' and a new line, a generated row id. */
export interface TypingRow extends CausalReportRow {
  rowId: string;
  businessText: string;
}

export function toTypingRows(rows: readonly CausalReportRow[], page: number): TypingRow[] {
  return rows.map((row, i) => ({ ...row, rowId: `${page}-${i}-${row.idConv}`, businessText: row.businessCausal.join(';\n') }));
}

const COLUMNS: DataColumn<TypingRow>[] = [
  { key: 'conv', header: TYPING_REPORT_TEXT.conversation, render: (r) => <ConversationName idConv={r.idConv} customer={r.cliente} /> },
  { key: 'fecha', header: TYPING_REPORT_TEXT.date, render: (r) => formatConnectionDate(r.dateConection) },
  { key: 'asesor', header: TYPING_REPORT_TEXT.agent, render: (r) => r.agent },
  { key: 'split', header: TYPING_REPORT_TEXT.split, render: (r) => r.split ?? '' },
  { key: 'negocio', header: TYPING_REPORT_TEXT.business, render: (r) => <span style={{ whiteSpace: 'pre-line' }}>{r.businessText}</span> },
  { key: 'fin', header: TYPING_REPORT_TEXT.end, render: (r) => r.endCausal ?? '' }
];

/** SPEC §2 reportes/asesor-humano/tipificaciones: the reasons agents recorded on each chat; reporteCausales.csv. */
export function TypingReportPage() {
  const [filter, setFilter] = useFilterState();
  const query = useMemo(() => filterQuery(filter, QUERY), [filter]);
  const { load, paging, total, order } = usePagedReport('causalReport', query, filter.idOrg);
  const rows = useMemo(() => (load.data ? toTypingRows(load.data.humanAgentTyping, load.data.currentPage) : []), [load.data]);
  return (
    <AnalyticsPage title={REPORT_PAGES.typings.title} fields={FIELDS} filter={filter} onFilterChange={setFilter}>
      <ReportSection label={TYPING_REPORT_TEXT.table} report="causal" query={{ ...query }} idOrg={filter.idOrg} expectedRows={total}>
        <DataState status={load.status} errorTitle={MSG.reports.loadFailed} errorDetail={load.error?.message} empty={rows.length === 0} onRetry={load.reload} level="h2">
          <DataTable caption={TYPING_REPORT_TEXT.table} columns={COLUMNS} rows={rows} rowKey={(r) => r.rowId} paging={paging} sort={{ columnKey: 'fecha', ...order }} />
        </DataState>
      </ReportSection>
    </AnalyticsPage>
  );
}
