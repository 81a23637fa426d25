import { useMemo } from 'react';
import { ANALYTICS_PAGES } from '../../../../shared/analytics-pages';
import { INDICATOR_LABELS } from '../../../../shared/constants';
import { MSG } from '../../../../shared/messages';
import { ChartPanel } from '../../../components/ChartPanel';
import { IndicatorTile } from '../../../components/IndicatorTile';
import { AnalyticsPage, TileRow } from '../AnalyticsPage';
import { filterQuery, LOCATION_FIELDS, useFilterState, type QueryField } from '../filter';
import { bucketLabel } from '../labels';
import { loadProps } from '../load-props';
import { useAnalyticsQuery } from '../use-analytics-query';
import type { FieldId } from '../use-filter-fields';

const FIELDS: FieldId[] = ['dates', 'resolution', 'channels', 'idVa', ...LOCATION_FIELDS, 'idType'];
const QUERY: QueryField[] = ['resolution', 'channels', 'idVa', ...LOCATION_FIELDS, 'idType'];

export const EXPERIENCE_TEXT = {
  averageInteraction: 'Tiempo promedio por interacción',
  maxEntries: 'Máximo de ingresos de un cliente',
  entriesChart: 'Ingresos de clientes por canal',
  period: 'Periodo',
  entries: 'Ingresos de clientes'
} as const;

/** SPEC §2 indicadores/experiencia: NS, RU and NPS, with the customers' entries and interaction time. */
export function ExperienceIndicatorsPage() {
  const [filter, setFilter] = useFilterState();
  const query = useMemo(() => filterQuery(filter, QUERY), [filter]);
  const request = { query, idOrg: filter.idOrg };
  const ns = useAnalyticsQuery('satisfaction', request);
  const ru = useAnalyticsQuery('recurringClients', request);
  const nps = useAnalyticsQuery('netPromoterScore', request);
  const average = useAnalyticsQuery('averageInteraction', request);
  const maxEntries = useAnalyticsQuery('maxCountEntries', request);
  const entries = useAnalyticsQuery('consumerClientsStatistics', request);
  const indicators = { NS: ns, RU: ru, NPS: nps };
  const title = ANALYTICS_PAGES.experienceIndicators.title;

  return (
    <AnalyticsPage title={title} fields={FIELDS} filter={filter} onFilterChange={setFilter}>
      <TileRow label={title}>
        {(['NS', 'RU', 'NPS'] as const).map((id) => (
          <IndicatorTile
            key={id}
            id={id}
            label={INDICATOR_LABELS[id]}
            status={indicators[id].status}
            value={indicators[id].data?.value}
            errorText={MSG.statistics.indicatorLoadFailed[id]}
          />
        ))}
        <IndicatorTile
          id="AverageInteraction"
          kind="duration"
          label={EXPERIENCE_TEXT.averageInteraction}
          status={average.status}
          value={average.data?.averageInteraction}
          errorText={MSG.statistics.averageInteractionLoadFailed}
        />
        <IndicatorTile
          id="MaxCountEntries"
          kind="count"
          label={EXPERIENCE_TEXT.maxEntries}
          status={maxEntries.status}
          // SPEC §5: the maximum-entries count is never negative (0 if not positive).
          value={maxEntries.data ? Math.max(0, maxEntries.data.maxCountEntries) : null}
          errorText={MSG.statistics.clientEntriesLoadFailed}
        />
      </TileRow>
      <ChartPanel
        title={EXPERIENCE_TEXT.entriesChart}
        kind="line"
        series={entries.data}
        {...loadProps(entries)}
        errorTitle={MSG.statistics.clientEntriesLoadFailed}
        categoryHeader={EXPERIENCE_TEXT.period}
        valueTitle={EXPERIENCE_TEXT.entries}
        formatLabel={bucketLabel}
      />
    </AnalyticsPage>
  );
}
