import { endpoint } from './endpoint';
import { ANALYTICS_READERS, HUMAN_STATS_READERS, IdOrgParams, ORG_PATH, ORG_PATH_ID, OrgIdParams } from './access';
import { FilterQuery } from '../domain/filter';
import { ChartSeries, TopRating } from '../domain/statistics';

const L = '/api/statistics/lines';
const B = '/api/statistics/bars';
const ID_IS_ORG = 'The {id} of this path is the organisation.';

/** SPEC §7 "Statistics": the line and bar charts. Shapes not shown in SPEC: a labelled series set. */
export const chartEndpoints = {
  attendedChatsLine: endpoint({
    service: 'virtualAgent',
    method: 'GET',
    path: `${L}/chats/attended/{idOrg}`,
    params: IdOrgParams,
    query: FilterQuery,
    response: ChartSeries,
    access: HUMAN_STATS_READERS,
    ipc: ['analytics'],
    org: ORG_PATH,
    note: "Chats per time bucket; attention chooses attended or not attended; one dataset per channel. For 'Chats'."
  }),
  conversationsLine: endpoint({
    service: 'virtualAgent',
    method: 'GET',
    path: `${L}/conversations/organization/{idOrg}`,
    params: IdOrgParams,
    query: FilterQuery,
    response: ChartSeries,
    access: ANALYTICS_READERS,
    ipc: ['analytics'],
    org: ORG_PATH,
    note: "Conversations per time bucket, one dataset per channel. For 'Conversaciones por canal'."
  }),
  ratingsLine: endpoint({
    service: 'virtualAgent',
    method: 'GET',
    path: `${L}/calificaciones/organization/{idOrg}`,
    params: IdOrgParams,
    query: FilterQuery,
    response: ChartSeries,
    access: ANALYTICS_READERS,
    ipc: ['analytics'],
    org: ORG_PATH,
    note: "Ratings per time bucket, one dataset per score (1–5). For 'Calificaciones'."
  }),
  scaledChatsBars: endpoint({
    service: 'virtualAgent',
    method: 'GET',
    path: `${B}/totalchats/scaled/{id}`,
    params: OrgIdParams,
    query: FilterQuery,
    response: ChartSeries,
    access: HUMAN_STATS_READERS,
    ipc: ['analytics'],
    org: ORG_PATH_ID,
    note: `${ID_IS_ORG} Escalated chats per split, attended and not attended as two datasets.`
  }),
  agentAverageTimeBars: endpoint({
    service: 'virtualAgent',
    method: 'GET',
    path: `${B}/average/time/agents/{id}`,
    params: OrgIdParams,
    query: FilterQuery,
    response: ChartSeries,
    access: HUMAN_STATS_READERS,
    ipc: ['analytics'],
    org: ORG_PATH_ID,
    note: `${ID_IS_ORG} Average attention seconds per agent (one label per agent).`
  }),
  agentChatsBars: endpoint({
    service: 'virtualAgent',
    method: 'GET',
    path: `${B}/totalchats/agents/{id}`,
    params: OrgIdParams,
    query: FilterQuery,
    response: ChartSeries,
    access: HUMAN_STATS_READERS,
    ipc: ['analytics'],
    org: ORG_PATH_ID,
    note: `${ID_IS_ORG} Chats attended per agent (one label per agent).`
  }),
  intentRatingsBars: endpoint({
    service: 'virtualAgent',
    method: 'GET',
    path: `${B}/intentions/ratings/organization/{idOrg}`,
    params: IdOrgParams,
    query: FilterQuery,
    response: TopRating,
    access: ANALYTICS_READERS,
    ipc: ['analytics'],
    org: ORG_PATH,
    note: 'SPEC §3 top rating: the number of ratings and the best-rated intents (name, ratings, average score).'
  }),
  intentsBars: endpoint({
    service: 'virtualAgent',
    method: 'GET',
    path: `${B}/intentions/organization/{idOrg}`,
    params: IdOrgParams,
    query: FilterQuery,
    response: ChartSeries,
    access: ANALYTICS_READERS,
    ipc: ['analytics'],
    org: ORG_PATH,
    note: 'The most frequent intents of the range (one label per intent, named as its response node; one dataset).'
  })
} as const;
