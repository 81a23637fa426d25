import { useMemo } from 'react';
import { ANALYTICS_PAGES } from '../../../../shared/analytics-pages';
import { INDICATOR_LABELS } from '../../../../shared/constants';
import { formatNumber } from '../../../../shared/format';
import { MSG } from '../../../../shared/messages';
import { ChartPanel } from '../../../components/ChartPanel';
import { IndicatorTile } from '../../../components/IndicatorTile';
import { AnalyticsPage, TileRow } from '../AnalyticsPage';
import { filterQuery, LOCATION_FIELDS, useFilterState, type QueryField } from '../filter';
import { bucketLabel } from '../labels';
import { loadProps } from '../load-props';
import { useAnalyticsQuery } from '../use-analytics-query';
import type { FieldId } from '../use-filter-fields';

const FIELDS: FieldId[] = ['dates', 'attention', 'resolution', 'channels', 'splits', 'agents', 'causalesPasoAutomatico', 'events', ...LOCATION_FIELDS];
const QUERY: QueryField[] = ['attention', 'resolution', 'channels', 'splits', 'agents', 'causalesPasoAutomatico', 'events', ...LOCATION_FIELDS];
const SHARE_QUERY: QueryField[] = ['channels', 'splits', 'agents', 'causalesPasoAutomatico', 'events', ...LOCATION_FIELDS];

export const HUMAN_CHATS_TEXT = {
  attendedOverTime: 'Chats atendidos por canal',
  notAttendedOverTime: 'Chats no atendidos por canal',
  shares: 'Chats escalados a asesor humano',
  period: 'Periodo',
  chats: 'Chats',
  shareDetail: (total: number, percentage: number | null) =>
    `${percentage === null ? '--' : `${formatNumber(percentage)} %`} de ${formatNumber(total)} chats escalados`
} as const;

/** SPEC §2 estadisticas/asesor-humano/chats (role 6's landing page): chats over time per channel, attended or not. */
export function HumanChatsPage() {
  const [filter, setFilter] = useFilterState();
  const query = useMemo(() => filterQuery(filter, QUERY), [filter]);
  const shareQuery = useMemo(() => filterQuery(filter, SHARE_QUERY), [filter]);
  const line = useAnalyticsQuery('attendedChatsLine', { query, idOrg: filter.idOrg });
  const attended = useAnalyticsQuery('attendedChatsShare', { query: shareQuery, idOrg: filter.idOrg });
  const notAttended = useAnalyticsQuery('notAttendedChatsShare', { query: shareQuery, idOrg: filter.idOrg });
  const shares = [
    ['AttendedChats', attended],
    ['NotAttendedChats', notAttended]
  ] as const;

  return (
    <AnalyticsPage title={ANALYTICS_PAGES.humanChats.title} fields={FIELDS} filter={filter} onFilterChange={setFilter}>
      <TileRow label={HUMAN_CHATS_TEXT.shares}>
        {shares.map(([id, state]) => (
          <IndicatorTile
            key={id}
            id={id}
            label={INDICATOR_LABELS[id]}
            status={state.status}
            value={state.data?.value}
            detail={state.data ? HUMAN_CHATS_TEXT.shareDetail(state.data.total, state.data.percentage) : undefined}
            errorText={MSG.statistics.indicatorLoadFailed[id]}
          />
        ))}
      </TileRow>
      <ChartPanel
        title={filter.attention === 'attended' ? HUMAN_CHATS_TEXT.attendedOverTime : HUMAN_CHATS_TEXT.notAttendedOverTime}
        kind="line"
        series={line.data}
        {...loadProps(line)}
        errorTitle={MSG.statistics.chatsLoadFailed}
        categoryHeader={HUMAN_CHATS_TEXT.period}
        valueTitle={HUMAN_CHATS_TEXT.chats}
        formatLabel={bucketLabel}
      />
    </AnalyticsPage>
  );
}
