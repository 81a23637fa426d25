import { z } from 'zod';
import { endpoint } from './endpoint';
import { ANALYTICS_READERS, IdOrgParams, ORG_PATH } from './access';
import { FilterQuery, PagedFilterQuery } from '../domain/filter';
import { IntegrationLogPage } from '../domain/paged';
import { ChartSeries, DocumentType, IndicatorResult, Intent, MaxCountEntries } from '../domain/statistics';

const S = '/api/statistics/organization/{idOrg}';

/** SPEC §7 "Statistics": customer entries, integrations, intents and the net promoter score. */
export const clientStatisticsEndpoints = {
  recurringClients: endpoint({
    service: 'virtualAgent',
    method: 'GET',
    path: `${S}/entries_clients/recurring_clients`,
    params: IdOrgParams,
    query: FilterQuery,
    response: IndicatorResult,
    access: ANALYTICS_READERS,
    ipc: ['analytics'],
    org: ORG_PATH,
    note: 'Indicator RU (experience): percentage of customers in the range who had entered before. Shape not shown in SPEC.'
  }),
  consumerClientsStatistics: endpoint({
    service: 'virtualAgent',
    method: 'GET',
    path: `${S}/entries_clients/consumerClients`,
    params: IdOrgParams,
    query: FilterQuery,
    response: ChartSeries,
    access: ANALYTICS_READERS,
    ipc: ['analytics'],
    org: ORG_PATH,
    note: 'Shape not shown in SPEC: customer entries per time bucket, one dataset per channel.'
  }),
  maxCountEntries: endpoint({
    service: 'virtualAgent',
    method: 'GET',
    path: `${S}/entries_clients/maxCountEntries`,
    params: IdOrgParams,
    query: FilterQuery,
    response: MaxCountEntries,
    access: ANALYTICS_READERS,
    ipc: ['analytics'],
    org: ORG_PATH,
    note: 'The most entries one customer made in the range (the client shows 0 when not positive, SPEC §5).'
  }),
  typeDocuments: endpoint({
    service: 'virtualAgent',
    method: 'GET',
    path: `${S}/entries_clients/typeDocuments`,
    params: IdOrgParams,
    query: FilterQuery,
    response: z.array(DocumentType),
    access: ANALYTICS_READERS,
    ipc: ['analytics'],
    org: ORG_PATH,
    note: 'The document types customers identified with (SPEC §3 nameTypeDocument); they fill the idType filter.'
  }),
  consumerIntegrations: endpoint({
    service: 'virtualAgent',
    method: 'GET',
    path: `${S}/integrations/consumerIntegrations`,
    params: IdOrgParams,
    query: PagedFilterQuery,
    response: IntegrationLogPage,
    access: ANALYTICS_READERS,
    ipc: ['analytics'],
    org: ORG_PATH,
    note: 'The integration log (its path is not shown in SPEC): SPEC §3 integrationsResult, totalFailed, totalSuccess and paging; integrationStatus and integrationService narrow it.'
  }),
  intentsQuantity: endpoint({
    service: 'virtualAgent',
    method: 'GET',
    path: `${S}/intents/quantity`,
    params: IdOrgParams,
    query: FilterQuery,
    response: z.array(Intent),
    access: ANALYTICS_READERS,
    ipc: ['analytics'],
    org: ORG_PATH,
    note: 'Recognised intents with how many times each matched (SPEC §3 intent), most frequent first; they fill the intents filter.'
  }),
  netPromoterScore: endpoint({
    service: 'virtualAgent',
    method: 'GET',
    path: '/api/experience/organization/{idOrg}/agent/calculateNetPromoterScore',
    params: IdOrgParams,
    query: FilterQuery,
    response: IndicatorResult,
    access: ANALYTICS_READERS,
    ipc: ['analytics'],
    org: ORG_PATH,
    note: 'Indicator NPS: % promoters (9–10) minus % detractors (0–6) of the ratings in the range, -100..100 (null without ratings).'
  })
} as const;
