import { useMemo } from 'react';
import { ANALYTICS_PAGES } from '../../../../shared/analytics-pages';
import { MSG } from '../../../../shared/messages';
import { ChartPanel } from '../../../components/ChartPanel';
import { DataTable } from '../../../components/DataTable';
import { IndicatorTile } from '../../../components/IndicatorTile';
import { formatNumber } from '../../../../shared/format';
import { AnalyticsPage, TileRow } from '../AnalyticsPage';
import { filterQuery, LOCATION_FIELDS, useFilterState, type QueryField } from '../filter';
import { bucketLabel } from '../labels';
import { loadProps } from '../load-props';
import { seriesOf } from '../series';
import { useAnalyticsQuery } from '../use-analytics-query';
import type { FieldId } from '../use-filter-fields';

const FIELDS: FieldId[] = ['dates', 'resolution', 'channels', 'idVa', ...LOCATION_FIELDS];
const QUERY: QueryField[] = ['resolution', 'channels', 'idVa', ...LOCATION_FIELDS];

export const RATINGS_TEXT = {
  count: 'Total de calificaciones',
  overTime: 'Calificaciones en el tiempo',
  best: 'Intenciones mejor calificadas',
  bestDetail: 'Detalle de las intenciones mejor calificadas',
  average: 'Calificación promedio',
  averageScale: 'Calificación promedio (de 1 a 5)',
  ratings: 'Calificaciones',
  intent: 'Intención',
  period: 'Periodo'
} as const;

/** SPEC §2 estadisticas/asesor-virtual/calificaciones: ratings over time and the best-rated intents (SPEC §3 top rating). */
export function RatingsPage() {
  const [filter, setFilter] = useFilterState();
  const query = useMemo(() => filterQuery(filter, QUERY), [filter]);
  const request = { query, idOrg: filter.idOrg };
  const line = useAnalyticsQuery('ratingsLine', request);
  const top = useAnalyticsQuery('intentRatingsBars', request);
  const best = useMemo(() => (top.data ? seriesOf(RATINGS_TEXT.average, top.data.detail.map((d) => [d.name, d.average] as const)) : null), [top.data]);

  return (
    <AnalyticsPage title={ANALYTICS_PAGES.ratings.title} fields={FIELDS} filter={filter} onFilterChange={setFilter}>
      <TileRow label={RATINGS_TEXT.count}>
        <IndicatorTile id="RatingsCount" kind="count" label={RATINGS_TEXT.count} status={top.status} value={top.data?.count} errorText={MSG.statistics.ratingsLoadFailed} />
      </TileRow>
      <ChartPanel
        title={RATINGS_TEXT.overTime}
        kind="stackedBar"
        series={line.data}
        {...loadProps(line)}
        errorTitle={MSG.statistics.ratingsLoadFailed}
        categoryHeader={RATINGS_TEXT.period}
        valueTitle={RATINGS_TEXT.ratings}
        formatLabel={bucketLabel}
      />
      <ChartPanel
        title={RATINGS_TEXT.best}
        kind="horizontalBar"
        series={best}
        valueFormat="decimal"
        {...loadProps(top)}
        errorTitle={MSG.statistics.ratingsLoadFailed}
        categoryHeader={RATINGS_TEXT.intent}
        valueTitle={RATINGS_TEXT.averageScale}
      />
      {top.status === 'resolved' && top.data && top.data.detail.length > 0 ? (
        <DataTable
          caption={RATINGS_TEXT.bestDetail}
          columns={[
            { key: 'name', header: RATINGS_TEXT.intent, render: (d) => d.name },
            { key: 'quantity', header: RATINGS_TEXT.ratings, numeric: true, render: (d) => formatNumber(d.quantity) },
            { key: 'average', header: RATINGS_TEXT.average, numeric: true, render: (d) => formatNumber(d.average) }
          ]}
          rows={top.data.detail}
          rowKey={(d) => d.name}
        />
      ) : null}
    </AnalyticsPage>
  );
}
