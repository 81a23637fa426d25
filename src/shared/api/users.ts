import { z } from 'zod';
import { endpoint } from './endpoint';
import { FILTER_LIST_READERS, ORG_QUERY, SETTINGS_EDITORS } from './access';
import { IdParam, OrgQuery, SuccessResult } from '../domain/common';
import {
  Agent,
  AutoUnlockBody,
  AutoUnlockParameter,
  CreateCompanyUser,
  CreateUser,
  LockedUser,
  LoginAttemptsBody,
  LoginAttemptsParameter,
  PasswordExpirationBody,
  PasswordExpirationParameter,
  UpdateUser,
  User,
  UserAccessEvent,
  UserAccessLogQuery,
  UserFlagsUpdate,
  UserIdParams,
  UsersQuery
} from '../domain/user';

const IdParams = z.object({ id: IdParam });
const OrgParams = z.object({ org: IdParam });

/**
 * Who an administrator reaches (every users call): role 1 any organisation's users; role 3 the users
 * of roles 3–6 of its own organisation (anyone else answers 404, as if absent). Deleted users are
 * nobody's. A deactivated, locked or deleted user, or one given a new password, loses its sessions
 * at once (src/server/auth/revocation.ts).
 */
const REACH = "Role 1: any organisation's users; role 3: the users of roles 3–6 of its organisation (any other answers 404).";

/** SPEC §7 "Users and parameters" (the password update lives in auth.ts). */
export const userEndpoints = {
  users: endpoint({
    service: 'virtualAgent',
    method: 'GET',
    path: '/api/users',
    query: UsersQuery,
    response: z.array(User),
    access: SETTINGS_EDITORS,
    ipc: ['settings'],
    org: ORG_QUERY,
    note: 'List shape not shown in SPEC: the users of one organisation not deleted (SPEC §3 User plus name, email, company, isActive, isLocked), newest first; search keeps those whose name or e-mail holds the text. Role 3 sees the roles 3–6 only.'
  }),
  createUser: endpoint({
    service: 'virtualAgent',
    method: 'POST',
    path: '/api/users',
    body: CreateUser,
    response: User,
    access: [1],
    ipc: ['settings'],
    org: { in: 'body', name: 'company' },
    note: "Role 1 only (SPEC §6); names the organisation in company (any role). 422 'El nombre de usuario ingresado no está disponible, inténtelo nuevamente' when the e-mail is taken. The initial password must be changed at the first sign-in."
  }),
  createCompanyUser: endpoint({
    service: 'virtualAgent',
    method: 'POST',
    path: '/api/users/company',
    body: CreateCompanyUser,
    response: User,
    access: [3],
    ipc: ['settings'],
    note: "The company variant (SPEC §6): the user joins the caller's organisation with a role 3–6 (400 otherwise). 422 when the e-mail is taken. The initial password must be changed at the first sign-in."
  }),
  updateUser: endpoint({
    service: 'virtualAgent',
    method: 'PUT',
    path: '/api/users',
    body: UpdateUser,
    response: User,
    access: SETTINGS_EDITORS,
    ipc: ['settings'],
    note: `Body not shown in SPEC: idUser with name, email and role, and optionally a new initial password (to be changed at the next sign-in; the user's sessions end). 422 when the e-mail is another user's. Role 3 gives roles 3–6 only (400). ${REACH}`
  }),
  updateUserFlags: endpoint({
    service: 'virtualAgent',
    method: 'PUT',
    path: '/api/users/{idUser}',
    params: UserIdParams,
    body: UserFlagsUpdate,
    response: User,
    access: SETTINGS_EDITORS,
    ipc: ['settings'],
    note: `Either { isActive } (toggle active; deactivating ends the user's sessions) or { isLocked: false } (unlock: resets the failed sign-in count and is written to the access log). 409 for the caller itself deactivated. ${REACH}`
  }),
  deleteUser: endpoint({
    service: 'virtualAgent',
    method: 'DELETE',
    path: '/api/users/{id}',
    params: IdParams,
    response: SuccessResult,
    access: [1],
    ipc: ['settings'],
    note: "Role 1 only (SPEC §6). Response shape not shown in SPEC: { success }. Logical: the reports keep the person's name; the user cannot sign in and the e-mail is free again. 409 for the caller itself."
  }),
  deleteCompanyUser: endpoint({
    service: 'virtualAgent',
    method: 'DELETE',
    path: '/api/users/company/{id}',
    params: IdParams,
    response: SuccessResult,
    access: [3],
    ipc: ['settings'],
    note: "The company variant: only users of roles 3–6 of the caller's organisation (404 otherwise). Response { success }; logical as deleteUser."
  }),
  agents: endpoint({
    service: 'virtualAgent',
    method: 'GET',
    path: '/api/users/agents',
    query: OrgQuery,
    response: z.array(Agent),
    access: FILTER_LIST_READERS,
    ipc: ['settings', 'analytics'],
    org: ORG_QUERY,
    note: "Shape not shown in SPEC: the users of the organisation who may take chats — human agents (role 5) and human-agent supervisors (role 6, 'Atender chats') — not deleted, by name, with their role, for filters and split assignment."
  }),
  lockedUsers: endpoint({
    service: 'virtualAgent',
    method: 'GET',
    path: '/api/users/locked',
    query: OrgQuery,
    response: z.array(LockedUser),
    access: SETTINGS_EDITORS,
    ipc: ['settings'],
    org: ORG_QUERY,
    note: "Path not shown in SPEC (ours, the parametros screen): the organisation's accounts locked now (an automatic unlock whose time has passed is no longer locked), the latest lock first. Unlock with updateUserFlags { isLocked: false }. Role 3 sees the roles 3–6 only."
  }),
  userAccessLog: endpoint({
    service: 'virtualAgent',
    method: 'GET',
    path: '/api/users/accessLog',
    query: UserAccessLogQuery,
    response: z.array(UserAccessEvent),
    access: SETTINGS_EDITORS,
    ipc: ['settings'],
    org: ORG_QUERY,
    note: "Path not shown in SPEC (ours): the staff access log of the organisation (sign-ins, locks, unlocks by an administrator — who — and automatic ones), newest first, the latest 200; idUser narrows to one user (404 when out of the caller's reach)."
  }),
  loginAttempts: endpoint({
    service: 'virtualAgent',
    method: 'GET',
    path: '/api/loginAttempsAllowed',
    response: z.array(LoginAttemptsParameter),
    access: SETTINGS_EDITORS,
    ipc: ['settings'],
    note: 'One record per organisation the caller may see (all not deleted for role 1, its own for role 3).'
  }),
  updateLoginAttempts: endpoint({
    service: 'virtualAgent',
    method: 'POST',
    path: '/api/loginAttempsAllowed/byOrganization/{org}',
    params: OrgParams,
    body: LoginAttemptsBody,
    response: LoginAttemptsParameter,
    access: SETTINGS_EDITORS,
    ipc: ['settings'],
    org: { in: 'path', name: 'org' },
    note: 'Answers the stored record. Bounds not shown in SPEC: 1..20. Accounts already locked stay locked.'
  }),
  passwordExpiration: endpoint({
    service: 'virtualAgent',
    method: 'GET',
    path: '/api/passwordExpirationDays',
    response: z.array(PasswordExpirationParameter),
    access: SETTINGS_EDITORS,
    ipc: ['settings'],
    note: 'One record per organisation the caller may see (all not deleted for role 1, its own for role 3).'
  }),
  updatePasswordExpiration: endpoint({
    service: 'virtualAgent',
    method: 'POST',
    path: '/api/passwordExpirationDays/byOrganization/{org}',
    params: OrgParams,
    body: PasswordExpirationBody,
    response: PasswordExpirationParameter,
    access: SETTINGS_EDITORS,
    ipc: ['settings'],
    org: { in: 'path', name: 'org' },
    note: 'Answers the stored record. Bounds not shown in SPEC: 1..365 days.'
  }),
  autoUnlock: endpoint({
    service: 'virtualAgent',
    method: 'GET',
    path: '/api/autoUnlockMinutes',
    response: z.array(AutoUnlockParameter),
    access: SETTINGS_EDITORS,
    ipc: ['settings'],
    note: 'Path not shown in SPEC (ours, beside the block parameters): the automatic unlock of each organisation the caller may see (all not deleted for role 1, its own for role 3); null: off.'
  }),
  updateAutoUnlock: endpoint({
    service: 'virtualAgent',
    method: 'POST',
    path: '/api/autoUnlockMinutes/byOrganization/{org}',
    params: OrgParams,
    body: AutoUnlockBody,
    response: AutoUnlockParameter,
    access: SETTINGS_EDITORS,
    ipc: ['settings'],
    org: { in: 'path', name: 'org' },
    note: 'Path not shown in SPEC (ours). Body { autoUnlockMinutes: 1..1440 | null }: an account locked by failed sign-ins unlocks by itself that many minutes after the lock (at its next sign-in attempt); null turns it off. Answers the stored record.'
  })
} as const;
