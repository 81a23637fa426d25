import { useMemo } from 'react';
import { ANALYTICS_PAGES } from '../../../../shared/analytics-pages';
import { ATTENTION_INDICATOR_IDS, INDICATOR_LABELS } from '../../../../shared/constants';
import { formatNumber } from '../../../../shared/format';
import { MSG } from '../../../../shared/messages';
import { IndicatorTile } from '../../../components/IndicatorTile';
import { AnalyticsPage, TileRow } from '../AnalyticsPage';
import { filterQuery, LOCATION_FIELDS, useFilterState, type QueryField } from '../filter';
import { useAnalyticsQuery } from '../use-analytics-query';
import type { FieldId } from '../use-filter-fields';

const FIELDS: FieldId[] = ['dates', 'channels', 'idVa', ...LOCATION_FIELDS, 'events', 'idType'];
const QUERY: QueryField[] = ['channels', 'idVa', ...LOCATION_FIELDS, 'events', 'idType'];

function shareDetail(total: number, percentage: number | null): string {
  const share = percentage === null ? '' : ` (${formatNumber(percentage)} %)`;
  return `de ${formatNumber(total)} chats escalados${share}`;
}

/** SPEC §2 indicadores/atencion: the nine attention indicators of SPEC §9 over the filter's range. */
export function AttentionIndicatorsPage() {
  const [filter, setFilter] = useFilterState();
  const query = useMemo(() => filterQuery(filter, QUERY), [filter]);
  const request = { query, idOrg: filter.idOrg };
  const tmo = useAnalyticsQuery('tmo', request);
  const fcr = useAnalyticsQuery('fcr', request);
  const tmAsignacion = useAnalyticsQuery('tmAsignacion', request);
  const tmAtencionAH = useAnalyticsQuery('tmAtencionAH', request);
  const tmAtencionAV = useAnalyticsQuery('tmAtencionAV', request);
  const attended = useAnalyticsQuery('attendedChatsShare', request);
  const notAttended = useAnalyticsQuery('notAttendedChatsShare', request);
  const bot = useAnalyticsQuery('missingBotResponse', request);
  const abandonment = useAnalyticsQuery('abandonmentLevel', request);

  const shares = { AttendedChats: attended, NotAttendedChats: notAttended };
  const values = { TMO: tmo, FCR: fcr, TMAsignacion: tmAsignacion, TMAtencionAH: tmAtencionAH, TMAtencionAV: tmAtencionAV, NivelRespuestaBOT: bot, NivelAbandono: abandonment };

  return (
    <AnalyticsPage title={ANALYTICS_PAGES.attentionIndicators.title} fields={FIELDS} filter={filter} onFilterChange={setFilter}>
      <TileRow label={ANALYTICS_PAGES.attentionIndicators.title}>
        {ATTENTION_INDICATOR_IDS.map((id) => {
          const common = { id, label: INDICATOR_LABELS[id], errorText: MSG.statistics.indicatorLoadFailed[id] };
          if (id === 'AttendedChats' || id === 'NotAttendedChats') {
            const state = shares[id];
            const detail = state.data ? shareDetail(state.data.total, state.data.percentage) : undefined;
            return <IndicatorTile key={id} {...common} status={state.status} value={state.data?.value} detail={detail} />;
          }
          const state = values[id];
          return <IndicatorTile key={id} {...common} status={state.status} value={state.data?.value} />;
        })}
      </TileRow>
    </AnalyticsPage>
  );
}
