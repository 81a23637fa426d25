import { useCallback, useState } from 'react';
import { DEFAULTS } from '../../../shared/constants';
import { today } from '../../../shared/format';
import type { FilterValue, ListKey } from '../../components/FilterBar';

/** The SPEC §3 / §9 defaults: both dates today, attention 'attended', buckets per day, nothing narrowed. */
export function defaultFilterValue(day: string = today()): FilterValue {
  return {
    start: day,
    end: day,
    attention: DEFAULTS.attention,
    resolution: 'day',
    idOrg: null,
    idVa: null,
    channels: [],
    splits: [],
    agents: [],
    intents: [],
    causalesNegocio: [],
    causalesFin: [],
    causalesPasoAutomatico: [],
    notifChannels: [],
    integrationStatus: null,
    integrationService: ''
  };
}

/**
 * A page's filter state, starting from the defaults (today). Choosing another organisation
 * (roles 1–2) clears what was chosen from the previous one's lists.
 */
export function useFilterState(): [FilterValue, (next: FilterValue) => void] {
  const [filter, setFilter] = useState<FilterValue>(() => defaultFilterValue());
  const update = useCallback(
    (next: FilterValue) =>
      setFilter((prev) => {
        if (next.idOrg === prev.idOrg) return next;
        const blank = defaultFilterValue(next.start);
        return {
          ...next,
          idVa: null,
          channels: next.channels,
          splits: blank.splits,
          agents: blank.agents,
          intents: blank.intents,
          causalesNegocio: blank.causalesNegocio,
          causalesFin: blank.causalesFin,
          causalesPasoAutomatico: blank.causalesPasoAutomatico,
          notifChannels: blank.notifChannels
        };
      }),
    []
  );
  return [filter, update];
}

/** The fields a page's filter can send besides the dates (always sent). */
export type QueryField = 'attention' | 'resolution' | 'idVa' | ListKey | 'integrationStatus' | 'integrationService';

export interface FilterQueryValue {
  start: string;
  end: string;
  attention?: FilterValue['attention'];
  resolution?: FilterValue['resolution'];
  idVa?: number;
  channels?: number[];
  splits?: number[];
  agents?: number[];
  intents?: number[];
  causalesNegocio?: number[];
  causalesFin?: number[];
  causalesPasoAutomatico?: number[];
  notifChannels?: number[];
  integrationStatus?: 'success' | 'failed';
  integrationService?: string;
}

/**
 * The query of a page's calls from its filter: the dates (yyyy-MM-dd) and only the other fields
 * the page uses, lists only when something is chosen (an empty list means no restriction).
 */
export function filterQuery(filter: FilterValue, fields: readonly QueryField[]): FilterQueryValue {
  const query: FilterQueryValue = { start: filter.start, end: filter.end };
  for (const field of fields) {
    switch (field) {
      case 'attention':
        query.attention = filter.attention;
        break;
      case 'resolution':
        query.resolution = filter.resolution;
        break;
      case 'idVa':
        if (filter.idVa !== null) query.idVa = filter.idVa;
        break;
      case 'integrationStatus':
        if (filter.integrationStatus) query.integrationStatus = filter.integrationStatus;
        break;
      case 'integrationService':
        if (filter.integrationService.trim() !== '') query.integrationService = filter.integrationService.trim();
        break;
      default:
        if (filter[field].length > 0) query[field] = [...filter[field]];
    }
  }
  return query;
}
