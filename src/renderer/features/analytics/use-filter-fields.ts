import { useState } from 'react';
import { useAtomValue } from 'jotai';
import { today } from '../../../shared/format';
import { MSG } from '../../../shared/messages';
import { choosesOrganisation } from '../../../shared/roles';
import type { FilterField, FilterValue, ListKey, OptionsState } from '../../components/FilterBar';
import type { SelectOption } from '../../components/MultiSelect';
import { useLoad } from '../../components/use-load';
import { channelsAtom, organizationsAtom } from '../platform/atoms';
import { currentUserAtom } from '../session/atoms';
import { administeringAtom } from '../session/entity';
import { cascadeLocations, citiesWithin, departmentsWithin } from './filter';
import { useAnalyticsQuery, type AnalyticsQueryState } from './use-analytics-query';

/** The fields a page puts in its filter bar, in order. The organisation is added for roles 1–2. */
export type FieldId = 'dates' | 'attention' | 'resolution' | 'integrationStatus' | 'integrationService' | 'idConv' | 'idType' | 'idVa' | ListKey;

export const LIST_LABELS: Record<ListKey, { label: string; placeholder?: string }> = {
  channels: { label: 'Canales' },
  splits: { label: 'Splits' },
  agents: { label: 'Asesores' },
  intents: { label: 'Intenciones', placeholder: 'Todas' },
  causalesNegocio: { label: 'Causales de negocio', placeholder: 'Todas' },
  causalesFin: { label: 'Causales de finalización', placeholder: 'Todas' },
  causalesPasoAutomatico: { label: 'Causales de paso automático', placeholder: 'Todas' },
  notifChannels: { label: 'Tipos de notificación' },
  events: { label: 'Eventos de no atención', placeholder: 'Todos' },
  regionals: { label: 'Regionales', placeholder: 'Todas' },
  departments: { label: 'Departamentos', placeholder: 'Todos' },
  cities: { label: 'Ciudades', placeholder: 'Todas' }
};
export const ORGANIZATION_LABEL = 'Organización';
export const VIRTUAL_AGENT_LABEL = 'Asesor virtual';

function fromQuery<T>(state: AnalyticsQueryState<T[]>, map: (item: T) => SelectOption, errorText: string): OptionsState {
  return { options: (state.data ?? []).map(map), status: state.status, errorText };
}

/** The virtual agents of the organisation in view (the post-login list is the user's own only). */
function useVirtualAgents(enabled: boolean, idOrg: number | null): OptionsState {
  const load = useLoad(`virtualAgents:${idOrg ?? ''}`, () => window.atiende.platform.virtualAgents(idOrg === null ? {} : { idOrg }), { enabled });
  return { options: (load.data ?? []).map((va) => ({ value: va.idVa, label: va.name })), status: load.status, errorText: MSG.statistics.virtualAgentsLoadFailed };
}

/**
 * The filter bar's fields for a page, with the options of each list loaded for the organisation
 * in view (lists the page does not use are not asked for). Intents depend on the date range.
 */
export function useFilterFields(ids: readonly FieldId[], filter: FilterValue): FilterField[] {
  const user = useAtomValue(currentUserAtom);
  const administering = useAtomValue(administeringAtom);
  const channels = useAtomValue(channelsAtom);
  const organizations = useAtomValue(organizationsAtom);
  const uses = (id: FieldId) => ids.includes(id);
  const org = { idOrg: filter.idOrg };

  const splits = useAnalyticsQuery('splits', { query: {}, ...org }, { enabled: uses('splits') });
  const agents = useAnalyticsQuery('agents', { query: {}, ...org }, { enabled: uses('agents') });
  const intents = useAnalyticsQuery('intentsQuantity', { query: { start: filter.start, end: filter.end }, ...org }, { enabled: uses('intents') });
  const business = useAnalyticsQuery('businessReasons', { query: {}, ...org }, { enabled: uses('causalesNegocio') });
  const final = useAnalyticsQuery('finalReasons', { query: {}, ...org }, { enabled: uses('causalesFin') });
  const automatic = useAnalyticsQuery('automaticTransferReasons', { query: {}, ...org }, { enabled: uses('causalesPasoAutomatico') });
  const types = useAnalyticsQuery('notificationTypes', { ...org }, { enabled: uses('notifChannels') });
  const events = useAnalyticsQuery('notAttendedEvents', { query: {}, ...org }, { enabled: uses('events') });
  const usesLocations = uses('regionals') || uses('departments') || uses('cities');
  const locations = useAnalyticsQuery('locationList', { query: { requireCities: true }, ...org }, { enabled: usesLocations });
  // The document types customers identified with are not bound to the range: one list per organisation.
  const [day] = useState(today);
  const documents = useAnalyticsQuery('typeDocuments', { query: { start: day, end: day }, ...org }, { enabled: uses('idType') });
  const tree = locations.data ?? { regionals: [], departments: [], cities: [] };
  const locationState = { status: locations.status, errorText: MSG.locations.loadFailed };
  const cascade = (next: FilterValue) => cascadeLocations(next, tree);
  const virtualAgents = useVirtualAgents(uses('idVa'), filter.idOrg);

  const lists: Record<ListKey, OptionsState> = {
    channels: { options: channels.data.map((c) => ({ value: c.id, label: c.label })), status: channels.status, errorText: MSG.statistics.channelsLoadFailed },
    splits: fromQuery(splits, (s) => ({ value: s.idSplit, label: s.nombre }), MSG.splits.loadFailed),
    agents: fromQuery(agents, (a) => ({ value: a.idUser, label: a.name }), MSG.statistics.agentsLoadFailed),
    intents: fromQuery(intents, (i) => ({ value: i.id, label: i.name }), MSG.statistics.intentsLoadFailed),
    causalesNegocio: fromQuery(business, (r) => ({ value: r.idCausal, label: r.nombre }), MSG.causales.loadFailed),
    causalesFin: fromQuery(final, (r) => ({ value: r.idCausal, label: r.nombre }), MSG.causales.loadFailed),
    causalesPasoAutomatico: fromQuery(automatic, (r) => ({ value: r.idCause, label: r.nombre }), MSG.causales.loadFailed),
    notifChannels: fromQuery(types, (t) => ({ value: t.typeNotificationId, label: t.name }), MSG.notifications.typesLoadFailed),
    events: fromQuery(events, (e) => ({ value: e.id, label: e.nombre }), MSG.statistics.eventsLoadFailed),
    regionals: { ...locationState, options: tree.regionals.map((r) => ({ value: r.id, label: r.name })) },
    departments: { ...locationState, options: departmentsWithin(tree.departments, filter.regionals).map((d) => ({ value: d.id, label: d.name })) },
    cities: { ...locationState, options: citiesWithin(tree, tree.cities, filter.regionals, filter.departments).map((c) => ({ value: c.id, label: c.name })) }
  };

  // While administering an organisation ('Administrar entidad') it is the only one in view: no chooser.
  const chooser = user !== null && choosesOrganisation(user.role) && !administering;
  const orgField: FilterField | null = chooser
    ? {
        kind: 'single',
        key: 'idOrg',
        label: ORGANIZATION_LABEL,
        placeholder: user.nameCompany,
        options: organizations.data.filter((o) => o.idOrg !== user.company).map((o) => ({ value: o.idOrg, label: o.name })),
        status: organizations.status,
        errorText: MSG.companies.loadFailed
      }
    : null;

  const fields = ids.map((id): FilterField => {
    switch (id) {
      case 'dates':
      case 'attention':
      case 'resolution':
      case 'integrationStatus':
      case 'integrationService':
      case 'idConv':
        return { kind: id };
      case 'idType':
        return { kind: 'idType', options: (documents.data ?? []).map((d) => d.nameTypeDocument), status: documents.status, errorText: MSG.statistics.documentTypesLoadFailed };
      case 'idVa':
        return { kind: 'single', key: 'idVa', label: VIRTUAL_AGENT_LABEL, placeholder: 'Todos', ...virtualAgents };
      case 'regionals':
      case 'departments':
        return { kind: 'multi', key: id, ...LIST_LABELS[id], ...lists[id], cascade };
      default:
        return { kind: 'multi', key: id, ...LIST_LABELS[id], ...lists[id] };
    }
  });
  return orgField ? [orgField, ...fields] : fields;
}
