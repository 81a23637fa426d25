import { useMemo } from 'react';
import { ANALYTICS_PAGES } from '../../../../shared/analytics-pages';
import { MSG } from '../../../../shared/messages';
import { ChartPanel } from '../../../components/ChartPanel';
import { IndicatorTile } from '../../../components/IndicatorTile';
import { AnalyticsPage, TileRow } from '../AnalyticsPage';
import { filterQuery, LOCATION_FIELDS, useFilterState, type QueryField } from '../filter';
import { bucketLabel } from '../labels';
import { loadProps } from '../load-props';
import { seriesOf } from '../series';
import { useAnalyticsQuery } from '../use-analytics-query';
import type { FieldId } from '../use-filter-fields';

const FIELDS: FieldId[] = ['dates', 'resolution', 'channels', 'idVa', 'intents', ...LOCATION_FIELDS, 'idType'];
const QUERY: QueryField[] = ['resolution', 'channels', 'idVa', 'intents', ...LOCATION_FIELDS, 'idType'];

export const CONVERSATIONS_TEXT = {
  total: 'Total de conversaciones',
  overTime: 'Conversaciones por canal en el tiempo',
  share: 'Conversaciones por canal',
  conversations: 'Conversaciones',
  period: 'Periodo',
  channel: 'Canal'
} as const;

/** SPEC §2 estadisticas/asesor-virtual/conversaciones-canal. */
export function ConversationsByChannelPage() {
  const [filter, setFilter] = useFilterState();
  const query = useMemo(() => filterQuery(filter, QUERY), [filter]);
  const request = { query, idOrg: filter.idOrg };
  const line = useAnalyticsQuery('conversationsLine', request);
  const totals = useAnalyticsQuery('interactionTotals', request);
  const share = useMemo(
    () => (totals.data ? seriesOf(CONVERSATIONS_TEXT.conversations, Object.entries(totals.data.byChannel)) : null),
    [totals.data]
  );

  return (
    <AnalyticsPage title={ANALYTICS_PAGES.conversationsByChannel.title} fields={FIELDS} filter={filter} onFilterChange={setFilter}>
      <TileRow label={CONVERSATIONS_TEXT.total}>
        <IndicatorTile
          id="TotalConversations"
          kind="count"
          label={CONVERSATIONS_TEXT.total}
          status={totals.status}
          value={totals.data?.total}
          errorText={MSG.statistics.conversationsLoadFailed}
        />
      </TileRow>
      <ChartPanel
        title={CONVERSATIONS_TEXT.overTime}
        kind="line"
        series={line.data}
        {...loadProps(line)}
        errorTitle={MSG.statistics.conversationsLoadFailed}
        categoryHeader={CONVERSATIONS_TEXT.period}
        valueTitle={CONVERSATIONS_TEXT.conversations}
        formatLabel={bucketLabel}
      />
      <ChartPanel
        title={CONVERSATIONS_TEXT.share}
        kind="doughnut"
        series={share}
        {...loadProps(totals)}
        errorTitle={MSG.statistics.conversationsLoadFailed}
        categoryHeader={CONVERSATIONS_TEXT.channel}
      />
    </AnalyticsPage>
  );
}
