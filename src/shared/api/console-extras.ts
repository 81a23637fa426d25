import { endpoint } from './endpoint';
import { CHAT_AND_EDITORS, ORG_QUERY } from './access';
import { OrgQuery } from '../domain/common';
import {
  ConversationNote,
  ConversationParams,
  NewConversationNote,
  PreviousConversationParams,
  PreviousConversations,
  PreviousTranscript
} from '../domain/console-extras';
import { z } from 'zod';

/**
 * The agent console's extras (issue 17): internal notes on a conversation and the customer's
 * earlier conversations. An agent (5) reaches only the conversation it holds (and, for the
 * history, only while it is open); supervisors (6) and administrators (1, 3) any of their
 * organisation's. Another organisation's conversation answers 404.
 */
export const consoleExtraEndpoints = {
  conversationNotes: endpoint({
    service: 'humanAgent',
    method: 'GET',
    path: '/api/conversaciones/{id}/notas',
    params: ConversationParams,
    query: OrgQuery,
    response: z.array(ConversationNote),
    access: CHAT_AND_EDITORS,
    org: ORG_QUERY,
    note: 'Path and shape not shown in SPEC (issue 17): the internal notes of a conversation, oldest first. Never sent to the customer.'
  }),
  addConversationNote: endpoint({
    service: 'humanAgent',
    method: 'POST',
    path: '/api/conversaciones/{id}/notas',
    params: ConversationParams,
    query: OrgQuery,
    body: NewConversationNote,
    response: ConversationNote,
    access: CHAT_AND_EDITORS,
    org: ORG_QUERY,
    note: 'Path and shape not shown in SPEC (issue 17): writes an internal note signed by the caller; answers it.'
  }),
  previousConversations: endpoint({
    service: 'humanAgent',
    method: 'GET',
    path: '/api/conversaciones/{id}/anteriores',
    params: ConversationParams,
    query: OrgQuery,
    response: PreviousConversations,
    access: CHAT_AND_EDITORS,
    org: ORG_QUERY,
    note: "Path and shape not shown in SPEC (issue 17): the same customer's (customers row: document type and number) other conversations in the organisation, newest first (at most 20)."
  }),
  previousConversationMessages: endpoint({
    service: 'humanAgent',
    method: 'GET',
    path: '/api/conversaciones/{id}/anteriores/{previousId}',
    params: PreviousConversationParams,
    query: OrgQuery,
    response: PreviousTranscript,
    access: CHAT_AND_EDITORS,
    org: ORG_QUERY,
    note: 'Path and shape not shown in SPEC (issue 17): the messages of an earlier conversation of the customer of {id}; 404 when it is not that customer’s.'
  })
} as const;
