import { useCallback, useMemo, useState } from 'react';
import { atom, useAtom } from 'jotai';
import { useLocation } from 'react-router-dom';
import { DEFAULTS } from '../../../shared/constants';
import { today } from '../../../shared/format';
import type { FilterValue, ListKey } from '../../components/FilterBar';
import { forgetOnSignOut } from '../session/sign-out-resets';

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
    events: [],
    regionals: [],
    departments: [],
    cities: [],
    integrationStatus: null,
    integrationService: '',
    idConv: '',
    idType: null
  };
}

/**
 * The date range chosen in this session (null: none yet, the pages show today), with the grouping
 * it was chosen under (a range longer than the day's limit needs weeks or months). It is the app's,
 * not a page's: moving between the analytics and report pages keeps it; signing out forgets it.
 */
export const chosenRangeAtom = atom<Pick<FilterValue, 'start' | 'end' | 'resolution'> | null>(null);
export const resetChosenRangeAtom = atom(null, (_get, set) => set(chosenRangeAtom, null));
// A new session starts from today's range.
forgetOnSignOut(resetChosenRangeAtom);

/**
 * What a link into an analytics page carries in its location state (react-router's `state`): the
 * organisation chosen where it was followed (roles 1–2; the home page's tiles and alerts), so the
 * page opens on the same organisation. The platform checks it like a choice made on the page.
 */
export interface CarriedFilter {
  idOrg: number;
}

/** The location state of a link from a page whose filter names `idOrg` (nothing when it is the user's own). */
export function carryFilter(idOrg: number | null): CarriedFilter | undefined {
  return idOrg === null ? undefined : { idOrg };
}

/** The organisation a link carried, if its state says one. */
export function carriedOrganisation(state: unknown): number | null {
  if (typeof state !== 'object' || state === null || !('idOrg' in state)) return null;
  const { idOrg } = state;
  return typeof idOrg === 'number' && Number.isInteger(idOrg) && idOrg > 0 ? idOrg : null;
}

/**
 * A page's filter state: the session's chosen range (else today) and the page's own fields,
 * starting from the defaults and the organisation the link that opened it carried (carryFilter).
 * Choosing another organisation (roles 1–2) clears what was chosen from the previous one's lists.
 */
export function useFilterState(): [FilterValue, (next: FilterValue) => void] {
  const [range, setRange] = useAtom(chosenRangeAtom);
  const { state } = useLocation();
  const [own, setOwn] = useState<FilterValue>(() => ({ ...defaultFilterValue(), idOrg: carriedOrganisation(state) }));
  const filter = useMemo(() => (range ? { ...own, ...range } : own), [own, range]);
  const update = useCallback(
    (next: FilterValue) => {
      // Only a change of the dates or the grouping is a choice: a filter left at today follows the calendar.
      const chosen = next.start !== filter.start || next.end !== filter.end || next.resolution !== filter.resolution;
      if (chosen) setRange({ start: next.start, end: next.end, resolution: next.resolution });
      setOwn((prev) => {
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
          notifChannels: blank.notifChannels,
          events: blank.events,
          regionals: blank.regionals,
          departments: blank.departments,
          cities: blank.cities,
          idConv: blank.idConv,
          idType: blank.idType
        };
      });
    },
    [filter, setRange]
  );
  return [filter, update];
}

/** The fields a page's filter can send besides the dates (always sent). */
export type QueryField = 'attention' | 'resolution' | 'idVa' | ListKey | 'integrationStatus' | 'integrationService' | 'idConv' | 'idType';

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
  events?: number[];
  regionals?: number[];
  departments?: number[];
  cities?: number[];
  integrationStatus?: 'success' | 'failed';
  integrationService?: string;
  idConv?: string;
  idType?: string;
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
      case 'idConv':
        if (filter.idConv.trim() !== '') query.idConv = filter.idConv.trim();
        break;
      case 'idType':
        if (filter.idType !== null) query.idType = filter.idType;
        break;
      default:
        if (filter[field].length > 0) query[field] = [...filter[field]];
    }
  }
  return query;
}

/** The location fields, in their cascading order (regional → department → city). */
export const LOCATION_FIELDS = ['regionals', 'departments', 'cities'] as const satisfies readonly ListKey[];

interface LocationTree {
  departments: readonly { id: number; idRegional: number | null }[];
  cities: readonly { id: number; idDepartment: number }[];
}

/** The departments a choice of regionals leaves (all of them when no regional is chosen). */
export function departmentsWithin<D extends LocationTree['departments'][number]>(departments: readonly D[], regionals: readonly number[]): D[] {
  return regionals.length === 0 ? [...departments] : departments.filter((d) => d.idRegional !== null && regionals.includes(d.idRegional));
}

/** The cities a choice of regionals and departments leaves (the departments narrow more than the regionals). */
export function citiesWithin<C extends LocationTree['cities'][number]>(tree: LocationTree, cities: readonly C[], regionals: readonly number[], departments: readonly number[]): C[] {
  if (departments.length > 0) return cities.filter((c) => departments.includes(c.idDepartment));
  if (regionals.length === 0) return [...cities];
  const within = new Set(departmentsWithin(tree.departments, regionals).map((d) => d.id));
  return cities.filter((c) => within.has(c.idDepartment));
}

/**
 * The filter after a location list changed: a department no longer under a chosen regional and a
 * city no longer under a chosen department (or regional) are dropped, so the bar never sends a
 * choice the lists above it exclude (the server would answer nothing for it).
 */
export function cascadeLocations(next: FilterValue, tree: LocationTree): FilterValue {
  const departmentIds = new Set(departmentsWithin(tree.departments, next.regionals).map((d) => d.id));
  const departments = next.departments.filter((id) => departmentIds.has(id));
  const cityIds = new Set(citiesWithin(tree, tree.cities, next.regionals, departments).map((c) => c.id));
  const cities = next.cities.filter((id) => cityIds.has(id));
  const same = departments.length === next.departments.length && cities.length === next.cities.length;
  return same ? next : { ...next, departments, cities };
}
