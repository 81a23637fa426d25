import { z } from 'zod';
import { endpoint } from './endpoint';
import { CHAT_AND_EDITORS, FILTER_LIST_READERS, ORG_QUERY } from './access';
import { OrgQuery } from '../domain/common';
import { ChatInQueue, NotAttendedEvent } from '../domain/chat';

/** SPEC §7 "Chats and events". */
export const chatEndpoints = {
  chatsInQueue: endpoint({
    service: 'humanAgent',
    method: 'GET',
    path: '/api/obtenerChatsEnCola',
    query: OrgQuery,
    response: z.array(ChatInQueue),
    access: CHAT_AND_EDITORS,
    org: ORG_QUERY,
    note: 'The conversations waiting for an agent, oldest first (SPEC §3 idConv, fechaEntrada, status).'
  }),
  notAttendedEvents: endpoint({
    service: 'humanAgent',
    method: 'GET',
    path: '/api/notAttendedEvents',
    query: OrgQuery,
    response: z.array(NotAttendedEvent),
    access: FILTER_LIST_READERS,
    ipc: ['analytics'],
    org: ORG_QUERY,
    note: 'Shape not shown in SPEC: the kinds of event that leave a chat not attended (out of hours, no agent available, client left…); they fill the events filter.'
  })
} as const;
