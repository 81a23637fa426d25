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

export const AVERAGE_TIME_TEXT = { chart: 'Tiempo promedio de atención por asesor', agent: 'Asesor', time: 'Tiempo promedio de atención (min y s)' } as const;

/** SPEC §2 estadisticas/asesor-humano/tiempo-promedio: average attention time per agent (SPEC §9 durations). */
export function AverageTimePage() {
  const [filter, setFilter] = useFilterState();
  const query = useMemo(() => filterQuery(filter, QUERY), [filter]);
  const bars = useAnalyticsQuery('agentAverageTimeBars', { query, idOrg: filter.idOrg });
  return (
    <AnalyticsPage title={ANALYTICS_PAGES.averageTime.title} fields={FIELDS} filter={filter} onFilterChange={setFilter}>
      <ChartPanel
        title={AVERAGE_TIME_TEXT.chart}
        kind="horizontalBar"
        valueFormat="duration"
        series={bars.data}
        {...loadProps(bars)}
        errorTitle={MSG.statistics.averageAgentTimeLoadFailed}
        categoryHeader={AVERAGE_TIME_TEXT.agent}
        valueTitle={AVERAGE_TIME_TEXT.time}
      />
    </AnalyticsPage>
  );
}
