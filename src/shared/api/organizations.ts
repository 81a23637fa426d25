import { z } from 'zod';
import { endpoint } from './endpoint';
import { IdParam, SuccessResult } from '../domain/common';
import { ChannelTypesMap, CreateOrganization, Organization, OrganizationsQuery, UpdateOrganization, VirtualAgent } from '../domain/organization';

/**
 * SPEC §7 "Organisations and channels". A deleted organisation (logical: its data stays) is no
 * longer listed nor chosen, and its users cannot sign in.
 */
export const organizationEndpoints = {
  channelTypes: endpoint({
    service: 'virtualAgent',
    method: 'GET',
    path: '/api/types/channels',
    response: ChannelTypesMap,
    access: 'any'
  }),
  organizations: endpoint({
    service: 'virtualAgent',
    method: 'GET',
    path: '/api/organizations',
    query: OrganizationsQuery,
    response: z.array(Organization),
    access: [1, 2],
    ipc: ['settings'],
    note: 'Every organisation not deleted, by id; search (ours) keeps those whose name, schema or type holds the text (accents and case ignored).'
  }),
  organizationsActive: endpoint({
    service: 'virtualAgent',
    method: 'GET',
    path: '/api/organizations/actives',
    response: z.array(Organization),
    access: [1, 2],
    ipc: ['settings']
  }),
  createOrganization: endpoint({
    service: 'virtualAgent',
    method: 'POST',
    path: '/api/organizations',
    body: CreateOrganization,
    response: Organization,
    access: [1],
    ipc: ['settings'],
    note: "Answers the organisation ('Compañía creada exitosamente'). 409 when the schema name is taken (deleted organisations included). It works at once: the default block and expiry parameters, chat parameters and end messages, and a first virtual agent with the default entry form and widget theme."
  }),
  updateOrganization: endpoint({
    service: 'virtualAgent',
    method: 'PUT',
    path: '/api/organizations',
    body: UpdateOrganization,
    response: Organization,
    access: [1],
    ipc: ['settings'],
    note: "Name, schema, type and isActive (activate/deactivate: the same body with isActive changed). Deactivating ends its users' sessions; they cannot sign in until it is active again. 409 for deactivating the caller's own organisation or a schema name taken; 404 when deleted or unknown."
  }),
  deleteOrganization: endpoint({
    service: 'virtualAgent',
    method: 'DELETE',
    path: '/api/organizations/{idOrg}',
    params: z.object({ idOrg: IdParam }),
    response: SuccessResult,
    access: [1],
    ipc: ['settings'],
    note: "The answer has success (SPEC §5: the delete fails unless success is true). Logical: conversations, reports and settings stay; it is no longer listed and its users cannot sign in (their sessions end). 409 for the caller's own organisation."
  }),
  virtualAgents: endpoint({
    service: 'virtualAgent',
    method: 'GET',
    path: '/api/organization/{idOrg}/virtualAgents',
    params: z.object({ idOrg: IdParam }),
    response: z.array(VirtualAgent),
    access: 'any',
    ipc: ['settings'],
    org: { in: 'path', name: 'idOrg' }
  })
} as const;
