import { useMemo } from 'react';
import { ANALYTICS_PAGES } from '../../../../shared/analytics-pages';
import { MSG } from '../../../../shared/messages';
import { ChartPanel } from '../../../components/ChartPanel';
import { AnalyticsPage } from '../AnalyticsPage';
import { filterQuery, LOCATION_FIELDS, useFilterState, type QueryField } from '../filter';
import { loadProps } from '../load-props';
import { useAnalyticsQuery } from '../use-analytics-query';
import type { FieldId } from '../use-filter-fields';

const FIELDS: FieldId[] = ['dates', 'channels', 'splits', 'agents', ...LOCATION_FIELDS];
const QUERY: QueryField[] = ['channels', 'splits', 'agents', ...LOCATION_FIELDS];

export const CHATS_PER_AGENT_TEXT = { chart: 'Chats atendidos por asesor', agent: 'Asesor', chats: 'Chats atendidos' } as const;

/** SPEC §2 estadisticas/asesor-humano/chats-por-asesor. */
export function ChatsPerAgentPage() {
  const [filter, setFilter] = useFilterState();
  const query = useMemo(() => filterQuery(filter, QUERY), [filter]);
  const bars = useAnalyticsQuery('agentChatsBars', { query, idOrg: filter.idOrg });
  return (
    <AnalyticsPage title={ANALYTICS_PAGES.chatsPerAgent.title} fields={FIELDS} filter={filter} onFilterChange={setFilter}>
      <ChartPanel
        title={CHATS_PER_AGENT_TEXT.chart}
        kind="horizontalBar"
        series={bars.data}
        {...loadProps(bars)}
        errorTitle={MSG.statistics.chatsPerAgentLoadFailed}
        categoryHeader={CHATS_PER_AGENT_TEXT.agent}
        valueTitle={CHATS_PER_AGENT_TEXT.chats}
      />
    </AnalyticsPage>
  );
}
