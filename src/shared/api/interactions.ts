import { z } from 'zod';
import { endpoint } from './endpoint';
import { ANALYTICS_READERS, HUMAN_REPORT_READERS, IdOrgParams, ORG_PATH } from './access';
import { IdParam } from '../domain/common';
import { ConversationId } from '../domain/fields';
import { FilterQuery, PagedFilterQuery } from '../domain/filter';
import { AgentChatsPage, InteractionHistoryPage, PageQuery } from '../domain/paged';
import { AverageInteraction, ChartSeries, IndicatorResult, InteractionTotals } from '../domain/statistics';

const I = '/api/statistics/organization/{idOrg}/interactions';

/** One indicator tile of the attention/experience pages over the filter range (SPEC §9 ids). */
function indicator<const P extends string>(path: P, note: string) {
  return endpoint({
    service: 'virtualAgent',
    method: 'GET',
    path,
    params: IdOrgParams,
    query: FilterQuery,
    response: IndicatorResult,
    access: ANALYTICS_READERS,
    ipc: ['analytics'],
    org: ORG_PATH,
    note
  });
}

/** SPEC §7 "Statistics": the interactions group (indicators, history, totals). */
export const interactionEndpoints = {
  fcr: indicator(`${I}/fcr`, 'Indicator FCR: percentage of conversations resolved in the first contact (no escalation, no return within the day). Shape not shown in SPEC.'),
  tmAsignacion: indicator(`${I}/TMAsignacion`, 'Indicator TMAsignacion: average seconds from escalation to agent assignment.'),
  tmAtencionAH: indicator(`${I}/TMAtencionAH`, 'Indicator TMAtencionAH: average seconds a human agent attends a chat.'),
  tmAtencionAV: indicator(`${I}/TMAtencionAV`, 'Indicator TMAtencionAV: average seconds the virtual assistant attends a conversation.'),
  tmo: indicator(`${I}/TMO`, 'Indicator TMO: average operation seconds of a whole conversation (assistant plus agent).'),
  missingBotResponse: indicator(`${I}/missingBotResponse`, 'Indicator NivelRespuestaBOT: percentage of client messages the assistant understood.'),
  satisfaction: indicator(`${I}/satisfaction`, 'Indicator NS (experience): percentage of ratings at 4 or 5 stars.'),
  intentsUnified: endpoint({
    service: 'virtualAgent',
    method: 'GET',
    path: `${I}/intentsUnificado/`,
    params: IdOrgParams,
    query: FilterQuery,
    response: ChartSeries,
    access: ANALYTICS_READERS,
    ipc: ['analytics'],
    org: ORG_PATH,
    note: 'Path kept with its trailing slash as SPEC writes it. Shape not shown: recognised intents per time bucket (resolution), all channels unified, one dataset per top intent, named as its response node.'
  }),
  humanAgentChats: endpoint({
    service: 'virtualAgent',
    method: 'GET',
    path: `${I}/agent/interactions/chats`,
    params: IdOrgParams,
    query: PagedFilterQuery,
    response: AgentChatsPage,
    access: HUMAN_REPORT_READERS,
    ipc: ['analytics'],
    org: ORG_PATH,
    note: 'The attended chats of the human-agent chats report, paged. Shape not shown in SPEC: chats (each with its customer, cliente) plus the paging fields.'
  }),
  humanAgentNotAttended: endpoint({
    service: 'virtualAgent',
    method: 'GET',
    path: `${I}/agent/interactions/notAttended`,
    params: IdOrgParams,
    query: PagedFilterQuery,
    response: AgentChatsPage,
    access: HUMAN_REPORT_READERS,
    ipc: ['analytics'],
    org: ORG_PATH,
    note: 'The not-attended chats of the human-agent chats report, paged (same row shape; no agent, events narrow it).'
  }),
  conversationInteractions: endpoint({
    service: 'virtualAgent',
    method: 'GET',
    path: `${I}/conversation/{id}`,
    params: z.object({ idOrg: IdParam, id: ConversationId }),
    query: PageQuery,
    response: InteractionHistoryPage,
    access: ANALYTICS_READERS,
    ipc: ['analytics'],
    org: ORG_PATH,
    note: 'The interactions of one conversation (SPEC §3 interaction history page), oldest first, with the customer of the conversation (cliente, ours, for the title of the page); the history report links here by idConv.'
  }),
  interactionTotals: endpoint({
    service: 'virtualAgent',
    method: 'GET',
    path: `${I}/total`,
    params: IdOrgParams,
    query: FilterQuery,
    response: InteractionTotals,
    access: ANALYTICS_READERS,
    ipc: ['analytics'],
    org: ORG_PATH,
    note: 'Shape not shown in SPEC: conversations in the range, in total and per channel label.'
  }),
  averageInteraction: endpoint({
    service: 'virtualAgent',
    method: 'GET',
    path: `${I}/AverageInteraction`,
    params: IdOrgParams,
    query: FilterQuery,
    response: AverageInteraction,
    access: ANALYTICS_READERS,
    ipc: ['analytics'],
    org: ORG_PATH,
    note: 'Shape not shown in SPEC: average seconds per interaction as a number (null without data).'
  })
} as const;
