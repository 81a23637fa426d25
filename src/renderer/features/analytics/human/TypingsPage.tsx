import { useMemo } from 'react';
import { ANALYTICS_PAGES } from '../../../../shared/analytics-pages';
import type { ChartSeries } from '../../../../shared/domain/statistics';
import { MSG } from '../../../../shared/messages';
import { ChartPanel, type ChartKind } from '../../../components/ChartPanel';
import { AnalyticsPage } from '../AnalyticsPage';
import { filterQuery, LOCATION_FIELDS, useFilterState, type QueryField } from '../filter';
import { loadProps } from '../load-props';
import { reasonSeries } from '../series';
import { useAnalyticsQuery } from '../use-analytics-query';
import type { FieldId } from '../use-filter-fields';

const FIELDS: FieldId[] = ['dates', 'channels', 'splits', 'agents', 'causalesNegocio', 'causalesFin', 'causalesPasoAutomatico', ...LOCATION_FIELDS];
const QUERY: QueryField[] = ['channels', 'splits', 'agents', 'causalesNegocio', 'causalesFin', 'causalesPasoAutomatico', ...LOCATION_FIELDS];

export const TYPINGS_TEXT = {
  typing: 'Chats tipificados',
  business: 'Causales de negocio',
  final: 'Causales de finalización',
  automatic: 'Causales de paso automático a asesor humano',
  conversations: 'Conversaciones',
  reason: 'Causal',
  state: 'Estado'
} as const;

/** SPEC §2 estadisticas/asesor-humano/tipificaciones: conversations per reason (SPEC §3 reason statistics). */
export function TypingsPage() {
  const [filter, setFilter] = useFilterState();
  const query = useMemo(() => filterQuery(filter, QUERY), [filter]);
  const request = { query, idOrg: filter.idOrg };
  const typing = useAnalyticsQuery('humanAgentTypingStatistics', request);
  const business = useAnalyticsQuery('businessCausalStatistics', request);
  const final = useAnalyticsQuery('finalCausalStatistics', request);
  const automatic = useAnalyticsQuery('automaticTransferStatistics', request);

  const typingSeries = useMemo(() => reasonSeries(TYPINGS_TEXT.conversations, typing.data), [typing.data]);
  const businessSeries = useMemo(() => reasonSeries(TYPINGS_TEXT.conversations, business.data), [business.data]);
  const finalSeries = useMemo(() => reasonSeries(TYPINGS_TEXT.conversations, final.data), [final.data]);
  const automaticSeries = useMemo(() => reasonSeries(TYPINGS_TEXT.conversations, automatic.data), [automatic.data]);

  const charts: { title: string; kind: ChartKind; state: typeof typing; series: ChartSeries | null; header: string; valueTitle?: string }[] = [
    { title: TYPINGS_TEXT.typing, kind: 'doughnut', state: typing, series: typingSeries, header: TYPINGS_TEXT.state },
    { title: TYPINGS_TEXT.business, kind: 'horizontalBar', state: business, series: businessSeries, header: TYPINGS_TEXT.reason, valueTitle: TYPINGS_TEXT.conversations },
    { title: TYPINGS_TEXT.final, kind: 'horizontalBar', state: final, series: finalSeries, header: TYPINGS_TEXT.reason, valueTitle: TYPINGS_TEXT.conversations },
    { title: TYPINGS_TEXT.automatic, kind: 'horizontalBar', state: automatic, series: automaticSeries, header: TYPINGS_TEXT.reason, valueTitle: TYPINGS_TEXT.conversations }
  ];

  return (
    <AnalyticsPage title={ANALYTICS_PAGES.typings.title} fields={FIELDS} filter={filter} onFilterChange={setFilter}>
      {charts.map((c) => (
        <ChartPanel
          key={c.title}
          title={c.title}
          kind={c.kind}
          series={c.series}
          {...loadProps(c.state)}
          errorTitle={MSG.statistics.typingsLoadFailed}
          categoryHeader={c.header}
          valueTitle={c.valueTitle}
        />
      ))}
    </AnalyticsPage>
  );
}
