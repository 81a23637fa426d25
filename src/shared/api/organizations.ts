import { z } from 'zod';
import { endpoint } from './endpoint';
import { IdParam, SuccessResult } from '../domain/common';
import { NO_NUL, PositiveInt, hasNoNul } from '../domain/fields';
import { ChannelTypesMap, Organization, VirtualAgent } from '../domain/organization';

const OrganizationInput = Organization.omit({ idOrg: true }).extend({
  name: z.string().trim().min(1, { message: 'El nombre es obligatorio' }).max(120).refine(hasNoNul, NO_NUL),
  schemaName: z.string().trim().min(1, { message: 'El esquema es obligatorio' }).max(63).regex(/^[a-z][a-z0-9_]*$/, { message: 'El esquema solo admite minúsculas, números y _' }),
  organizationType: z.string().trim().min(1).max(60).refine(hasNoNul, NO_NUL)
});

/** SPEC §7 "Organisations and channels". */
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
    response: z.array(Organization),
    access: [1, 2]
  }),
  organizationsActive: endpoint({
    service: 'virtualAgent',
    method: 'GET',
    path: '/api/organizations/actives',
    response: z.array(Organization),
    access: [1, 2]
  }),
  createOrganization: endpoint({
    service: 'virtualAgent',
    method: 'POST',
    path: '/api/organizations',
    body: OrganizationInput,
    response: Organization,
    access: [1]
  }),
  updateOrganization: endpoint({
    service: 'virtualAgent',
    method: 'PUT',
    path: '/api/organizations',
    body: OrganizationInput.extend({ idOrg: PositiveInt }),
    response: Organization,
    access: [1]
  }),
  deleteOrganization: endpoint({
    service: 'virtualAgent',
    method: 'DELETE',
    path: '/api/organizations/{idOrg}',
    params: z.object({ idOrg: IdParam }),
    response: SuccessResult,
    access: [1],
    note: 'The answer has success (SPEC §5: the delete fails unless success is true).'
  }),
  virtualAgents: endpoint({
    service: 'virtualAgent',
    method: 'GET',
    path: '/api/organization/{idOrg}/virtualAgents',
    params: z.object({ idOrg: IdParam }),
    response: z.array(VirtualAgent),
    access: 'any',
    org: { in: 'path', name: 'idOrg' }
  })
} as const;
