import { endpoint } from './endpoint';
import { IdOrgParams, ORG_PATH, SETTINGS_EDITORS } from './access';
import { LdapProbeBody, LdapProbeResult, LdapSettingsBody, LdapSettingsView, LdapSignInOffer } from '../domain/ldap';

/**
 * The organisations' LDAP directories (issue 19; SPEC §7 shows only POST /api/auth/auth_ldap, in
 * auth.ts): which organisations offer directory sign-in, and each directory's settings for its
 * administrators — roles 1 (any organisation) and 3 (its own). The service account's password goes
 * in, never out.
 */
export const ldapEndpoints = {
  ldapSignInOffer: endpoint({
    service: 'virtualAgent',
    method: 'GET',
    path: '/api/auth/ldap_directories',
    response: LdapSignInOffer,
    access: 'public',
    note: "Path not shown in SPEC (ours): whether the login page offers LDAP sign-in (SPEC §6 loginbepro) — some active organisation has it enabled — and whether the person must type their organisation's name (several have). No organisation's name or id is ever answered here."
  }),
  ldapSettings: endpoint({
    service: 'virtualAgent',
    method: 'GET',
    path: '/api/ldap/configuracion/{idOrg}',
    params: IdOrgParams,
    response: LdapSettingsView,
    access: SETTINGS_EDITORS,
    org: ORG_PATH,
    ipc: ['settings'],
    note: "Path not shown in SPEC (ours): the organisation's directory settings (defaults with configured=false before the first save). The bind password is never answered: only hasBindPassword."
  }),
  saveLdapSettings: endpoint({
    service: 'virtualAgent',
    method: 'PUT',
    path: '/api/ldap/configuracion/{idOrg}',
    params: IdOrgParams,
    body: LdapSettingsBody,
    response: LdapSettingsView,
    access: SETTINGS_EDITORS,
    org: ORG_PATH,
    ipc: ['settings'],
    note: "Path not shown in SPEC (ours): creates or replaces the settings; bindPassword absent keeps the stored one. Enabled needs a group mapped to a role 3–6 (400 otherwise); the user filter must parse as LDAP; the URL's host must resolve to a public address or one LDAP_ALLOWED_HOSTS allows (400 otherwise)."
  }),
  probeLdap: endpoint({
    service: 'virtualAgent',
    method: 'POST',
    path: '/api/ldap/probar/{idOrg}',
    params: IdOrgParams,
    body: LdapProbeBody,
    response: LdapProbeResult,
    access: SETTINGS_EDITORS,
    org: ORG_PATH,
    ipc: ['settings'],
    note: "Path not shown in SPEC (ours). 'Probar': binds as the given person through the settings in the body (unsaved; a bindPassword left out is the stored one) and answers their DN, groups and role, or the stage that failed (any connection failure as one generic answer). The URL's host is checked as when saving (400). Per organisation one probe at a time and a budget per window (429 with Retry-After), and a deadline for the whole probe. Saves nothing, creates no user."
  })
} as const;
