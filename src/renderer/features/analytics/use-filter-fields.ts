import { useEffect, useState } from 'react';
import { useAtomValue } from 'jotai';
import type { VirtualAgent } from '../../../shared/domain/organization';
import { MSG } from '../../../shared/messages';
import { choosesOrganisation } from '../../../shared/roles';
import type { LoadStatus } from '../../app/load-state';
import type { FilterField, FilterValue, ListKey, OptionsState } from '../../components/FilterBar';
import type { SelectOption } from '../../components/MultiSelect';
import { channelsAtom, organizationsAtom } from '../platform/atoms';
import { currentUserAtom } from '../session/atoms';
import { useAnalyticsQuery, type AnalyticsQueryState } from './use-analytics-query';

/** The fields a page puts in its filter bar, in order. The organisation is added for roles 1–2. */
export type FieldId = 'dates' | 'attention' | 'resolution' | 'integrationStatus' | 'integrationService' | 'idVa' | ListKey;

export const LIST_LABELS: Record<ListKey, { label: string; placeholder?: string }> = {
  channels: { label: 'Canales' },
  splits: { label: 'Splits' },
  agents: { label: 'Asesores' },
  intents: { label: 'Intenciones', placeholder: 'Todas' },
  causalesNegocio: { label: 'Causales de negocio', placeholder: 'Todas' },
  causalesFin: { label: 'Causales de finalización', placeholder: 'Todas' },
  causalesPasoAutomatico: { label: 'Causales de paso automático', placeholder: 'Todas' },
  notifChannels: { label: 'Tipos de notificación' }
};
export const ORGANIZATION_LABEL = 'Organización';
export const VIRTUAL_AGENT_LABEL = 'Asesor virtual';

function fromQuery<T>(state: AnalyticsQueryState<T[]>, map: (item: T) => SelectOption, errorText: string): OptionsState {
  return { options: (state.data ?? []).map(map), status: state.status, errorText };
}

/** The virtual agents of the organisation in view (the post-login list is the user's own only). */
function useVirtualAgents(enabled: boolean, idOrg: number | null): OptionsState {
  const [state, setState] = useState<{ status: LoadStatus; list: VirtualAgent[] }>({ status: 'idle', list: [] });
  useEffect(() => {
    if (!enabled) return;
    let current = true;
    setState({ status: 'pending', list: [] });
    void window.atiende.platform.virtualAgents(idOrg === null ? {} : { idOrg }).then((result) => {
      if (!current) return;
      setState(result.ok ? { status: 'resolved', list: result.data } : { status: 'rejected', list: [] });
    });
    return () => {
      current = false;
    };
  }, [enabled, idOrg]);
  return { options: state.list.map((va) => ({ value: va.idVa, label: va.name })), status: state.status, errorText: MSG.statistics.virtualAgentsLoadFailed };
}

/**
 * The filter bar's fields for a page, with the options of each list loaded for the organisation
 * in view (lists the page does not use are not asked for). Intents depend on the date range.
 */
export function useFilterFields(ids: readonly FieldId[], filter: FilterValue): FilterField[] {
  const user = useAtomValue(currentUserAtom);
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
  const virtualAgents = useVirtualAgents(uses('idVa'), filter.idOrg);

  const lists: Record<ListKey, OptionsState> = {
    channels: { options: channels.data.map((c) => ({ value: c.id, label: c.label })), status: channels.status, errorText: MSG.statistics.channelsLoadFailed },
    splits: fromQuery(splits, (s) => ({ value: s.idSplit, label: s.nombre }), MSG.splits.loadFailed),
    agents: fromQuery(agents, (a) => ({ value: a.idUser, label: a.name }), MSG.statistics.agentsLoadFailed),
    intents: fromQuery(intents, (i) => ({ value: i.id, label: i.name }), MSG.statistics.intentsLoadFailed),
    causalesNegocio: fromQuery(business, (r) => ({ value: r.idCausal, label: r.nombre }), MSG.causales.loadFailed),
    causalesFin: fromQuery(final, (r) => ({ value: r.idCausal, label: r.nombre }), MSG.causales.loadFailed),
    causalesPasoAutomatico: fromQuery(automatic, (r) => ({ value: r.idCause, label: r.nombre }), MSG.causales.loadFailed),
    notifChannels: fromQuery(types, (t) => ({ value: t.typeNotificationId, label: t.name }), MSG.notifications.typesLoadFailed)
  };

  const chooser = user !== null && choosesOrganisation(user.role);
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
        return { kind: id };
      case 'idVa':
        return { kind: 'single', key: 'idVa', label: VIRTUAL_AGENT_LABEL, placeholder: 'Todos', ...virtualAgents };
      default:
        return { kind: 'multi', key: id, ...LIST_LABELS[id], ...lists[id] };
    }
  });
  return orgField ? [orgField, ...fields] : fields;
}
