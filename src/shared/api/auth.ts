import { endpoint } from './endpoint';
import {
  ChangePasswordCheck,
  LdapLoginBody,
  LoginBody,
  LoginResult,
  RefreshBody,
  UpdatePasswordBody,
  UpdatePasswordResult
} from '../domain/session';

/** SPEC §7 "Auth", plus the password update of "Users and parameters". */
export const authEndpoints = {
  login: endpoint({
    service: 'virtualAgent',
    method: 'POST',
    path: '/api/auth',
    body: LoginBody,
    response: LoginResult,
    access: 'public',
    note: 'JSON { email, password }. 401 invalid credentials, 403 locked account.'
  }),
  loginLdap: endpoint({
    service: 'virtualAgent',
    method: 'POST',
    path: '/api/auth/auth_ldap',
    body: LdapLoginBody,
    response: LoginResult,
    access: 'public',
    note: "{ username, password, organization? } against the directory of the organisation named (typed by the person; left out while only one has LDAP enabled) (api/ldap.ts). 401 invalid credentials (also: no group mapped to a role, or no organisation of that name with LDAP enabled), 403 locked or inactive, 400 no directory enabled or the organisation's name missing, 409 the account cannot be made or kept (no usable e-mail, or the e-mail is another account's: one text), 503 directory unreachable, 502 directory refused the service account. Creates the user on the first sign-in."
  }),
  refreshSession: endpoint({
    service: 'virtualAgent',
    method: 'POST',
    path: '/api/auth/refreshSesion',
    body: RefreshBody,
    response: LoginResult,
    access: 'public',
    note: 'Rotates the refresh token. Presenting an already-used one revokes its whole family (401).'
  }),
  changePasswordByExpiration: endpoint({
    service: 'virtualAgent',
    method: 'GET',
    path: '/api/auth/changePasswordByExpiration',
    response: ChangePasswordCheck,
    access: 'any',
    beforePasswordChange: true
  }),
  updatePasswordByUserName: endpoint({
    service: 'virtualAgent',
    method: 'PUT',
    path: '/api/users/UpdatePasswordByUserName',
    body: UpdatePasswordBody,
    response: UpdatePasswordResult,
    access: 'any',
    beforePasswordChange: true,
    note: "The caller's own password. 400 'La contraseña Actual no es válida.' when oldPassword is wrong."
  })
} as const;

