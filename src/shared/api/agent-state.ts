import { z } from 'zod';
import { endpoint } from './endpoint';
import { HUMAN_REPORT_READERS, HUMAN_STATS_READERS, IdOrgParams, ORG_PATH, ORG_QUERY } from './access';
import { IdParam } from '../domain/common';
import { AgentConnectionState } from '../domain/chat';
import { IdList } from '../domain/fields';
import { CsvStatisticsFilter, FilterQuery, PagedStatisticsFilter } from '../domain/filter';
import { AdvisorHistoryPage } from '../domain/paged';
import { ReasonStatistics } from '../domain/reason';

/** SPEC §7 "Reasons and agent state": agents' connection state and history, automatic transfers. */
export const agentStateEndpoints = {
  agentConnectionStates: endpoint({
    service: 'humanAgent',
    method: 'GET',
    path: '/api/obtenerEstadoConexionAsesores',
    query: z.object({ idOrg: IdParam.optional(), splits: IdList.optional() }),
    response: z.array(AgentConnectionState),
    access: HUMAN_STATS_READERS,
    ipc: ['settings', 'analytics'],
    org: ORG_QUERY,
    note: "Shape not shown in SPEC: each agent's current state ('Activo', 'Pausa', 'Desconectado'; see toAgentStatus), pause event, since when, and open chats. Optional splits narrows to agents of those splits."
  }),
  agentConnectionHistory: endpoint({
    service: 'humanAgent',
    method: 'GET',
    path: '/api/obtenerHistoricoConexionAsesores',
    query: PagedStatisticsFilter,
    response: AdvisorHistoryPage,
    access: HUMAN_REPORT_READERS,
    ipc: ['analytics'],
    org: ORG_QUERY,
    note: 'SPEC §3 advisor history page (connections + paging, initial size 10). Each connection is one stretch of an agent in one state within the filter range; agents and splits narrow it.'
  }),
  agentConnectionHistoryCsv: endpoint({
    service: 'humanAgent',
    method: 'GET',
    path: '/api/descargarHistoricoConexionAsesores',
    query: CsvStatisticsFilter,
    response: 'csv',
    access: HUMAN_REPORT_READERS,
    org: ORG_QUERY,
    note: "This is the advisor connection history CSV whose path SPEC §7 Reports calls not shown: every connection of the filter, streamed; the app saves it as historico_{start}_{end}.csv. Text fields that would read as a formula are prefixed with ' (src/shared/csv-formula.ts)."
  }),
  automaticTransferStatistics: endpoint({
    service: 'humanAgent',
    method: 'GET',
    path: '/api/statistics/organization/{idOrg}/attention/agent/automaticTransferToAgent',
    params: IdOrgParams,
    query: FilterQuery,
    response: ReasonStatistics,
    access: HUMAN_STATS_READERS,
    ipc: ['analytics'],
    org: ORG_PATH,
    note: 'Conversations handed to a human agent per automatic-transfer reason in the range (SPEC §3 reason statistics: Causales map and Total).'
  })
} as const;
