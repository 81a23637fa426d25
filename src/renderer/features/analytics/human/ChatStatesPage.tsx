import { useMemo } from 'react';
import { ANALYTICS_PAGES } from '../../../../shared/analytics-pages';
import { MSG } from '../../../../shared/messages';
import { ChartPanel } from '../../../components/ChartPanel';
import { AnalyticsPage } from '../AnalyticsPage';
import { filterQuery, LOCATION_FIELDS, useFilterState, type QueryField } from '../filter';
import { loadProps } from '../load-props';
import { seriesOf } from '../series';
import { useAnalyticsQuery } from '../use-analytics-query';
import type { FieldId } from '../use-filter-fields';
import { useLiveReload } from '../../../components/use-live-reload';

const FIELDS: FieldId[] = ['dates', 'channels', 'splits', 'agents', 'events', ...LOCATION_FIELDS];
const QUERY: QueryField[] = ['channels', 'splits', 'agents', 'events', ...LOCATION_FIELDS];

export const CHAT_STATES_TEXT = {
  chart: 'Chats por estado',
  state: 'Estado',
  chats: 'Chats',
  enCola: 'En cola',
  activos: 'Activos',
  finalizados: 'Finalizados',
  noAtendidos: 'No atendidos'
} as const;

/**
 * SPEC §2 estadisticas/asesor-humano/estado-chats: the escalated chats of the range per state. It
 * follows the chat engine live: a 'chats' notice from the monitor link asks again (no polling).
 */
export function ChatStatesPage() {
  const [filter, setFilter] = useFilterState();
  const query = useMemo(() => filterQuery(filter, QUERY), [filter]);
  const live = useLiveReload('chats', filter.idOrg);
  const counts = useAnalyticsQuery('chatStatusCounts', { query, idOrg: filter.idOrg }, { liveKey: live });
  const series = useMemo(() => {
    const c = counts.data;
    if (!c) return null;
    return seriesOf(CHAT_STATES_TEXT.chats, [
      [CHAT_STATES_TEXT.enCola, c.enCola],
      [CHAT_STATES_TEXT.activos, c.activos],
      [CHAT_STATES_TEXT.finalizados, c.finalizados],
      [CHAT_STATES_TEXT.noAtendidos, c.noAtendidos]
    ]);
  }, [counts.data]);

  return (
    <AnalyticsPage title={ANALYTICS_PAGES.chatStates.title} fields={FIELDS} filter={filter} onFilterChange={setFilter}>
      <ChartPanel
        title={CHAT_STATES_TEXT.chart}
        kind="doughnut"
        series={series}
        {...loadProps(counts)}
        errorTitle={MSG.statistics.chatStatesLoadFailed}
        categoryHeader={CHAT_STATES_TEXT.state}
      />
    </AnalyticsPage>
  );
}
