import { z } from 'zod';
import { endpoint } from './endpoint';
import { CHAT_AND_EDITORS, HUMAN_SETTINGS_EDITORS, ORG_QUERY } from './access';
import { IdParam, OrgQuery, SuccessResult } from '../domain/common';
import { AgentDirectoryContact, CreateContact, DirectoryContact, UpdateContact } from '../domain/directory';

/** SPEC §7 "Contact directory" (human-agent service). */
export const directoryEndpoints = {
  directoryContacts: endpoint({
    service: 'humanAgent',
    method: 'GET',
    path: '/api/directory/contacts',
    query: z.object({ idVa: IdParam, idOrg: IdParam.optional() }),
    response: z.array(DirectoryContact),
    access: HUMAN_SETTINGS_EDITORS,
    ipc: ['settings'],
    org: ORG_QUERY,
    note: 'Settings shape (SPEC §3 directory contact): idContact, city {id,name}, department {id,name} and the contact fields.'
  }),
  activeDirectoryContacts: endpoint({
    service: 'humanAgent',
    method: 'GET',
    path: '/api/directory/contacts/actives',
    query: z.object({ idVa: IdParam.optional(), idOrg: IdParam.optional() }),
    response: z.array(AgentDirectoryContact),
    access: CHAT_AND_EDITORS,
    org: ORG_QUERY,
    note: 'Chat shape (SPEC §3 agent directory contact), active contacts only; all virtual agents when idVa is absent.'
  }),
  createDirectoryContact: endpoint({
    service: 'humanAgent',
    method: 'POST',
    path: '/api/directory/contacts',
    query: OrgQuery,
    body: CreateContact,
    response: DirectoryContact,
    access: HUMAN_SETTINGS_EDITORS,
    ipc: ['settings'],
    org: ORG_QUERY,
    note: 'Body not shown in SPEC: the contact fields with idCity (its department follows from the city). Answers the created contact.'
  }),
  updateDirectoryContact: endpoint({
    service: 'humanAgent',
    method: 'PUT',
    path: '/api/directory/contacts',
    query: OrgQuery,
    body: UpdateContact,
    response: DirectoryContact,
    access: HUMAN_SETTINGS_EDITORS,
    ipc: ['settings'],
    org: ORG_QUERY,
    note: 'Body: idContact with the contact fields. Answers the updated contact.'
  }),
  deleteDirectoryContact: endpoint({
    service: 'humanAgent',
    method: 'DELETE',
    path: '/api/directory/contacts/{idContact}',
    params: z.object({ idContact: IdParam }),
    response: SuccessResult,
    access: HUMAN_SETTINGS_EDITORS,
    ipc: ['settings'],
    note: "Only contacts of the caller's organisation (roles 1–2: any). Answers { success }."
  })
} as const;
