import { useMemo } from 'react';
import { ANALYTICS_PAGES } from '../../../../shared/analytics-pages';
import { MSG } from '../../../../shared/messages';
import { ChartPanel } from '../../../components/ChartPanel';
import { AnalyticsPage } from '../AnalyticsPage';
import { filterQuery, LOCATION_FIELDS, useFilterState, type QueryField } from '../filter';
import { bucketLabel } from '../labels';
import { loadProps } from '../load-props';
import { useAnalyticsQuery } from '../use-analytics-query';
import type { FieldId } from '../use-filter-fields';

const FIELDS: FieldId[] = ['dates', 'resolution', 'channels', 'idVa', 'intents', ...LOCATION_FIELDS];
const QUERY: QueryField[] = ['resolution', 'channels', 'idVa', 'intents', ...LOCATION_FIELDS];

export const INTENTS_TEXT = {
  top: 'Intenciones más frecuentes',
  overTime: 'Intenciones en el tiempo',
  intent: 'Intención',
  period: 'Periodo',
  interactions: 'Interacciones'
} as const;

/** SPEC §2 estadisticas/asesor-virtual/intenciones. */
export function IntentsPage() {
  const [filter, setFilter] = useFilterState();
  const query = useMemo(() => filterQuery(filter, QUERY), [filter]);
  const request = { query, idOrg: filter.idOrg };
  const bars = useAnalyticsQuery('intentsBars', request);
  const unified = useAnalyticsQuery('intentsUnified', request);

  return (
    <AnalyticsPage title={ANALYTICS_PAGES.intents.title} fields={FIELDS} filter={filter} onFilterChange={setFilter}>
      <ChartPanel
        title={INTENTS_TEXT.top}
        kind="horizontalBar"
        series={bars.data}
        {...loadProps(bars)}
        errorTitle={MSG.statistics.intentsLoadFailed}
        categoryHeader={INTENTS_TEXT.intent}
        valueTitle={INTENTS_TEXT.interactions}
      />
      <ChartPanel
        title={INTENTS_TEXT.overTime}
        kind="line"
        series={unified.data}
        {...loadProps(unified)}
        errorTitle={MSG.statistics.intentsLoadFailed}
        categoryHeader={INTENTS_TEXT.period}
        valueTitle={INTENTS_TEXT.interactions}
        formatLabel={bucketLabel}
      />
    </AnalyticsPage>
  );
}
