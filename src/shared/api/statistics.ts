import { z } from 'zod';
import { endpoint } from './endpoint';
import { HUMAN_STATS_READERS, IdOrgParams, ORG_PATH } from './access';
import { IdParam } from '../domain/common';
import { EscalatedChatMessage } from '../domain/chat';
import { ConversationId } from '../domain/fields';
import { FilterQuery, PagedFilterQuery } from '../domain/filter';
import { EscalatedChatsPage } from '../domain/paged';
import { ReasonStatistics } from '../domain/reason';
import { ChatShare, ChatStatusCounts, IndicatorResult } from '../domain/statistics';

const A = '/api/statistics/organization/{idOrg}/attention';

/** SPEC §7 "Statistics": the attention group (human-agent chats, reasons, abandonment). */
export const statisticsEndpoints = {
  businessCausalStatistics: endpoint({
    service: 'virtualAgent',
    method: 'GET',
    path: `${A}/agent/businessCausals`,
    params: IdOrgParams,
    query: FilterQuery,
    response: ReasonStatistics,
    access: HUMAN_STATS_READERS,
    ipc: ['analytics'],
    org: ORG_PATH,
    note: 'Conversations per business reason in the range (SPEC §3 reason statistics). causalesNegocio, splits and agents narrow it.'
  }),
  finalCausalStatistics: endpoint({
    service: 'virtualAgent',
    method: 'GET',
    path: `${A}/agent/finalCausals`,
    params: IdOrgParams,
    query: FilterQuery,
    response: ReasonStatistics,
    access: HUMAN_STATS_READERS,
    ipc: ['analytics'],
    org: ORG_PATH,
    note: 'Conversations per finalisation reason in the range (SPEC §3 reason statistics). causalesFin narrows it.'
  }),
  humanAgentTypingStatistics: endpoint({
    service: 'virtualAgent',
    method: 'GET',
    path: `${A}/agent/humanAgentTyping`,
    params: IdOrgParams,
    query: FilterQuery,
    response: ReasonStatistics,
    access: HUMAN_STATS_READERS,
    ipc: ['analytics'],
    org: ORG_PATH,
    note: "Shape not shown in SPEC: finished human-agent conversations by typing state, Causales { 'Tipificadas', 'Sin tipificar' } and Total."
  }),
  attendedChatsShare: endpoint({
    service: 'virtualAgent',
    method: 'GET',
    path: `${A}/agent/percentage/attended`,
    params: IdOrgParams,
    query: FilterQuery,
    response: ChatShare,
    access: HUMAN_STATS_READERS,
    ipc: ['analytics'],
    org: ORG_PATH,
    note: 'Indicator AttendedChats: escalated chats an agent attended (value), of all escalated chats (total), and the percentage (null without chats).'
  }),
  notAttendedChatsShare: endpoint({
    service: 'virtualAgent',
    method: 'GET',
    path: `${A}/agent/percentage/notAttended`,
    params: IdOrgParams,
    query: FilterQuery,
    response: ChatShare,
    access: HUMAN_STATS_READERS,
    ipc: ['analytics'],
    org: ORG_PATH,
    note: 'Indicator NotAttendedChats: escalated chats no agent attended, of all escalated chats, and the percentage.'
  }),
  abandonmentLevel: endpoint({
    service: 'virtualAgent',
    method: 'GET',
    path: `${A}/percentage/abandonmentLevel`,
    params: IdOrgParams,
    query: FilterQuery,
    response: IndicatorResult,
    access: HUMAN_STATS_READERS,
    ipc: ['analytics'],
    org: ORG_PATH,
    note: 'Indicator NivelAbandono: percentage of conversations the client left before being answered (null without data).'
  }),
  chatStatusCounts: endpoint({
    service: 'virtualAgent',
    method: 'GET',
    path: `${A}/agent/chatStatus`,
    params: IdOrgParams,
    query: FilterQuery,
    response: ChatStatusCounts,
    access: HUMAN_STATS_READERS,
    ipc: ['analytics'],
    org: ORG_PATH,
    note: "Path not shown in SPEC (agent statistics): escalated chats of the range per state, for 'Estado de chats'."
  }),
  escalatedChats: endpoint({
    service: 'virtualAgent',
    method: 'GET',
    path: `${A}/agent/escalatedChats`,
    params: IdOrgParams,
    query: PagedFilterQuery,
    response: EscalatedChatsPage,
    access: HUMAN_STATS_READERS,
    ipc: ['analytics'],
    org: ORG_PATH,
    note: "Path not shown in SPEC (agent statistics): the escalated chats of the range, paged, for 'Chats escalados'; each with its customer's name (cliente, null when not identified)."
  }),
  escalatedChatMessages: endpoint({
    service: 'virtualAgent',
    method: 'GET',
    path: `${A}/agent/escalatedChats/{idConv}/messages`,
    params: z.object({ idOrg: IdParam, idConv: ConversationId }),
    response: z.array(EscalatedChatMessage),
    access: HUMAN_STATS_READERS,
    ipc: ['analytics'],
    org: ORG_PATH,
    note: 'Path not shown in SPEC (agent statistics): the messages of one escalated chat (SPEC §3 escalated-chat message), oldest first; COMMAND messages carry the end-message acronym.'
  })
} as const;
