import { z } from 'zod';
import { endpoint } from './endpoint';
import { FILTER_LIST_READERS, ORG_QUERY, SETTINGS_EDITORS } from './access';
import { IdParam, OrgQuery, SuccessResult } from '../domain/common';
import {
  Agent,
  CreateCompanyUser,
  CreateUser,
  LoginAttemptsBody,
  LoginAttemptsParameter,
  PasswordExpirationBody,
  PasswordExpirationParameter,
  UpdateUser,
  User,
  UserFlagsUpdate,
  UserIdParams
} from '../domain/user';

const IdParams = z.object({ id: IdParam });
const OrgParams = z.object({ org: IdParam });

/** SPEC §7 "Users and parameters" (the password update lives in auth.ts). */
export const userEndpoints = {
  users: endpoint({
    service: 'virtualAgent',
    method: 'GET',
    path: '/api/users',
    query: OrgQuery,
    response: z.array(User),
    access: SETTINGS_EDITORS,
    org: ORG_QUERY,
    note: 'List shape not shown in SPEC: the users of one organisation (SPEC §3 User plus name, email, company, isActive, isLocked), newest first.'
  }),
  createUser: endpoint({
    service: 'virtualAgent',
    method: 'POST',
    path: '/api/users',
    body: CreateUser,
    response: User,
    access: [1],
    org: { in: 'body', name: 'company' },
    note: 'Role 1 only (SPEC §6); names the organisation in company. 422 when the e-mail is taken (SPEC §5). The initial password must be changed on first sign-in.'
  }),
  createCompanyUser: endpoint({
    service: 'virtualAgent',
    method: 'POST',
    path: '/api/users/company',
    body: CreateCompanyUser,
    response: User,
    access: [3],
    note: "The company variant (SPEC §6): the user joins the caller's organisation. 422 when the e-mail is taken."
  }),
  updateUser: endpoint({
    service: 'virtualAgent',
    method: 'PUT',
    path: '/api/users',
    body: UpdateUser,
    response: User,
    access: SETTINGS_EDITORS,
    note: "Body not shown in SPEC: idUser with name, email and role. 422 on a validation conflict. Role 3 may only edit its organisation's users."
  }),
  updateUserFlags: endpoint({
    service: 'virtualAgent',
    method: 'PUT',
    path: '/api/users/{idUser}',
    params: UserIdParams,
    body: UserFlagsUpdate,
    response: User,
    access: SETTINGS_EDITORS,
    note: 'Either { isActive } (toggle active) or { isLocked: false } (unlock, which also resets the failed sign-in count).'
  }),
  deleteUser: endpoint({
    service: 'virtualAgent',
    method: 'DELETE',
    path: '/api/users/{id}',
    params: IdParams,
    response: SuccessResult,
    access: [1],
    note: 'Role 1 only (SPEC §6). Response shape not shown in SPEC: { success }.'
  }),
  deleteCompanyUser: endpoint({
    service: 'virtualAgent',
    method: 'DELETE',
    path: '/api/users/company/{id}',
    params: IdParams,
    response: SuccessResult,
    access: [3],
    note: "The company variant: only users of the caller's organisation. Response { success }."
  }),
  agents: endpoint({
    service: 'virtualAgent',
    method: 'GET',
    path: '/api/users/agents',
    query: OrgQuery,
    response: z.array(Agent),
    access: FILTER_LIST_READERS,
    org: ORG_QUERY,
    note: 'Shape not shown in SPEC: the human agents (role 5) of the organisation, for filters and split assignment.'
  }),
  loginAttempts: endpoint({
    service: 'virtualAgent',
    method: 'GET',
    path: '/api/loginAttempsAllowed',
    response: z.array(LoginAttemptsParameter),
    access: SETTINGS_EDITORS,
    note: 'One record per organisation the caller may see (all for role 1, its own for role 3).'
  }),
  updateLoginAttempts: endpoint({
    service: 'virtualAgent',
    method: 'POST',
    path: '/api/loginAttempsAllowed/byOrganization/{org}',
    params: OrgParams,
    body: LoginAttemptsBody,
    response: LoginAttemptsParameter,
    access: SETTINGS_EDITORS,
    org: { in: 'path', name: 'org' },
    note: 'Answers the stored record. Bounds not shown in SPEC: 1..20.'
  }),
  passwordExpiration: endpoint({
    service: 'virtualAgent',
    method: 'GET',
    path: '/api/passwordExpirationDays',
    response: z.array(PasswordExpirationParameter),
    access: SETTINGS_EDITORS,
    note: 'One record per organisation the caller may see (all for role 1, its own for role 3).'
  }),
  updatePasswordExpiration: endpoint({
    service: 'virtualAgent',
    method: 'POST',
    path: '/api/passwordExpirationDays/byOrganization/{org}',
    params: OrgParams,
    body: PasswordExpirationBody,
    response: PasswordExpirationParameter,
    access: SETTINGS_EDITORS,
    org: { in: 'path', name: 'org' },
    note: 'Answers the stored record. Bounds not shown in SPEC: 1..365 days.'
  })
} as const;
