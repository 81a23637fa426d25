import { useMemo, useState } from 'react';
import { Button } from '@fluentui/react-components';
import { ANALYTICS_PAGES } from '../../../../shared/analytics-pages';
import type { EscalatedChat } from '../../../../shared/domain/chat';
import { formatDateTime } from '../../../../shared/format';
import { conversationLabel } from '../../../../shared/labels';
import { MSG } from '../../../../shared/messages';
import { ChartPanel } from '../../../components/ChartPanel';
import { ConversationName } from '../../../components/ConversationName';
import { DataState } from '../../../components/DataState';
import { DataTable, type DataColumn } from '../../../components/DataTable';
import { AnalyticsPage } from '../AnalyticsPage';
import { filterQuery, LOCATION_FIELDS, useFilterState, type QueryField } from '../filter';
import { loadProps } from '../load-props';
import { useAnalyticsQuery } from '../use-analytics-query';
import type { FieldId } from '../use-filter-fields';
import { usePage } from '../use-paged';
import { EscalatedChatDialog } from './EscalatedChatDialog';

const FIELDS: FieldId[] = ['dates', 'channels', 'splits', 'agents', 'causalesPasoAutomatico', 'events', 'idConv', ...LOCATION_FIELDS];
const QUERY: QueryField[] = ['channels', 'splits', 'agents', 'causalesPasoAutomatico', 'events', 'idConv', ...LOCATION_FIELDS];
const PAGE_SIZE = 20;

export const ESCALATED_TEXT = {
  chart: 'Chats escalados por split',
  list: 'Chats escalados',
  split: 'Split',
  conversation: 'Conversación',
  entered: 'Fecha de entrada',
  channel: 'Canal',
  agent: 'Asesor',
  state: 'Estado',
  messages: 'Mensajes',
  view: 'Ver mensajes',
  viewOf: (name: string) => `Ver mensajes de la conversación ${name}`,
  none: 'Sin asignar'
} as const;

/** SPEC §2 estadisticas/asesor-humano/chats-escalados: escalated chats per split, and each chat with its messages. */
export function EscalatedChatsPage() {
  const [filter, setFilter] = useFilterState();
  const query = useMemo(() => filterQuery(filter, QUERY), [filter]);
  const [page, setPage] = usePage(query);
  const [open, setOpen] = useState<EscalatedChat | null>(null);
  const bars = useAnalyticsQuery('scaledChatsBars', { query, idOrg: filter.idOrg });
  const list = useAnalyticsQuery('escalatedChats', { query: { ...query, page, size: PAGE_SIZE }, idOrg: filter.idOrg });

  const columns: DataColumn<EscalatedChat>[] = [
    { key: 'idConv', header: ESCALATED_TEXT.conversation, render: (c) => <ConversationName idConv={c.idConv} customer={c.cliente} /> },
    { key: 'fecha', header: ESCALATED_TEXT.entered, render: (c) => formatDateTime(c.fechaEntrada) },
    { key: 'canal', header: ESCALATED_TEXT.channel, render: (c) => c.canal },
    { key: 'split', header: ESCALATED_TEXT.split, render: (c) => c.split ?? '' },
    { key: 'asesor', header: ESCALATED_TEXT.agent, render: (c) => c.asesor ?? ESCALATED_TEXT.none },
    { key: 'estado', header: ESCALATED_TEXT.state, render: (c) => c.estado },
    {
      key: 'ver',
      header: ESCALATED_TEXT.messages,
      render: (c) => (
        <Button size="small" aria-label={ESCALATED_TEXT.viewOf(conversationLabel(c.idConv, c.cliente))} onClick={() => setOpen(c)}>
          {ESCALATED_TEXT.view}
        </Button>
      )
    }
  ];

  return (
    <AnalyticsPage title={ANALYTICS_PAGES.escalatedChats.title} fields={FIELDS} filter={filter} onFilterChange={setFilter}>
      <ChartPanel
        title={ESCALATED_TEXT.chart}
        kind="stackedBar"
        series={bars.data}
        {...loadProps(bars)}
        errorTitle={MSG.statistics.escalatedChatsLoadFailed}
        categoryHeader={ESCALATED_TEXT.split}
        valueTitle={ESCALATED_TEXT.list}
      />
      <section aria-label={ESCALATED_TEXT.list}>
        <DataState
          status={list.status}
          errorTitle={MSG.statistics.escalatedChatsLoadFailed}
          errorDetail={list.error?.message}
          empty={(list.data?.chats.length ?? 0) === 0}
          onRetry={list.reload}
          level="h2"
        >
          {list.data ? (
            <DataTable
              caption={ESCALATED_TEXT.list}
              columns={columns}
              rows={list.data.chats}
              rowKey={(c) => c.idConv}
              paging={{ page: list.data.currentPage, totalPages: list.data.totalPages, totalResult: list.data.totalResult, onPage: setPage }}
            />
          ) : null}
        </DataState>
      </section>
      {open ? <EscalatedChatDialog idConv={open.idConv} customer={open.cliente} idOrg={filter.idOrg} onClose={() => setOpen(null)} /> : null}
    </AnalyticsPage>
  );
}
