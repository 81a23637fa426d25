import { endpoints } from '../../shared/api/catalogue';
import { LDAP_TEXT, roleForGroups, type LdapProbeResult, type LdapProbeStage } from '../../shared/domain/ldap';
import { throttle } from '../auth/throttle';
import { DirectoryError, verifyPerson } from '../ldap/directory';
import { directoryFromForm, listEnabledDirectories, readLdapSettings, saveLdapSettings } from '../ldap/settings';
import { defineRoutes } from './module';
import { implement } from './register';

/** Spanish for where a probe stopped, when the directory itself failed. */
function failureText(error: DirectoryError): string {
  if (error.kind === 'unreachable') return LDAP_TEXT.probeUnreachable;
  const byStage: Record<LdapProbeStage, string> = {
    connect: LDAP_TEXT.probeUnreachable,
    'service-bind': LDAP_TEXT.probeServiceBind,
    search: LDAP_TEXT.refused,
    'user-bind': LDAP_TEXT.probeBadPassword,
    groups: LDAP_TEXT.refused
  };
  return byStage[error.stage];
}

/**
 * The organisations' LDAP directories (src/shared/api/ldap.ts): the public list the login page
 * reads, and each directory's settings and 'Probar' for roles 1 and 3 (the organisation from the
 * path, checked by implement()). The sign-in itself is in auth.ts.
 */
export const ldapRoutes = defineRoutes('ldap', (app) => {
  implement(app, endpoints.ldapDirectories, ({ db }) => listEnabledDirectories(db));

  implement(app, endpoints.ldapSettings, ({ db, orgId }) => readLdapSettings(db, orgId));

  implement(app, endpoints.saveLdapSettings, ({ db, orgId, body, services }) => saveLdapSettings(db, orgId, body, services.now()));

  // Tries the form's settings as they stand: nothing is saved, no user is created. Throttled per
  // address like a sign-in: it binds with whatever password is typed.
  implement(app, endpoints.probeLdap, async ({ db, orgId, body }): Promise<LdapProbeResult> => {
    const config = await directoryFromForm(db, orgId, body.settings);
    try {
      const verdict = await verifyPerson(config, body.username, body.password);
      if (verdict.ok) {
        const { person } = verdict;
        const role = roleForGroups(person.groups, body.settings.roleMappings);
        return { ok: true, ...person, role, message: role === null ? LDAP_TEXT.probeNoRole : LDAP_TEXT.probeOk };
      }
      if (verdict.reason === 'bad-password') return { ok: false, stage: 'user-bind', message: LDAP_TEXT.probeBadPassword, detail: verdict.dn };
      return { ok: false, stage: 'search', message: verdict.reason === 'ambiguous' ? LDAP_TEXT.probeManyUsers : LDAP_TEXT.probeNoUser, detail: '' };
    } catch (error) {
      if (!(error instanceof DirectoryError)) throw error;
      return { ok: false, stage: error.stage, message: failureText(error), detail: error.message.slice(0, 500) };
    }
  }, { rateLimit: throttle('ldap-probe', app.services.config) });
});
