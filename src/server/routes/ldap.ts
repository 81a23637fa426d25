import type { FastifyBaseLogger } from 'fastify';
import { endpoints } from '../../shared/api/catalogue';
import { LDAP_TEXT, roleForGroups, type LdapProbeResult, type LdapProbeStage } from '../../shared/domain/ldap';
import { throttle } from '../auth/throttle';
import { HttpError } from '../http/errors';
import { AddressRules } from '../ldap/address-rules';
import { DirectoryError, verifyPerson } from '../ldap/directory';
import { AddressRefused, resolveEndpoint, type DirectoryEndpoint } from '../ldap/endpoint';
import { ProbeBudget } from '../ldap/probe-budget';
import { directoryFromForm, ldapSignInOffer, readLdapSettings, saveLdapSettings } from '../ldap/settings';
import { defineRoutes } from './module';
import { implement } from './register';

/** Spanish for where a probe stopped when the directory answered with an error (a failed connection has one text: probeUnreachable). */
const REFUSED_AT: Record<LdapProbeStage, string> = {
  connect: LDAP_TEXT.probeUnreachable,
  'service-bind': LDAP_TEXT.probeServiceBind,
  search: LDAP_TEXT.refused,
  'user-bind': LDAP_TEXT.probeBadPassword,
  groups: LDAP_TEXT.refused
};

/**
 * What a probe that failed answers. A connection that could not be made or used — refused, closed,
 * reset, timed out, TLS — answers one generic text at 'connect' with no detail, whatever happened
 * on the socket: otherwise the answer would tell an open port from a closed one (and what listens
 * there). The real error goes to the server's log only. An answer of the directory itself (a
 * result code: only an LDAP server sends one) keeps its stage and message.
 */
function failureOf(error: DirectoryError, log: FastifyBaseLogger): LdapProbeResult {
  if (error.kind === 'unreachable') {
    log.warn({ err: error.cause ?? error, stage: error.stage }, 'LDAP probe: the directory could not be reached');
    return { ok: false, stage: 'connect', message: LDAP_TEXT.probeUnreachable, detail: '' };
  }
  return { ok: false, stage: error.stage, message: REFUSED_AT[error.stage], detail: error.message.slice(0, 500) };
}

/**
 * The organisations' LDAP directories (src/shared/api/ldap.ts): what the login page is told, and
 * each directory's settings and 'Probar' for roles 1 and 3 (the organisation from the path, checked
 * by implement()). The sign-in itself is in auth.ts. The directory's URL is checked against the
 * address rules (ldap/address-rules.ts, LDAP_ALLOWED_HOSTS) when it is saved and when it is tried.
 */
export const ldapRoutes = defineRoutes('ldap', (app) => {
  const { config, limiters } = app.services;
  const rules = new AddressRules(config.ldapAllowedHosts);
  const probes = ProbeBudget.create(limiters, config);

  /**
   * The URL's checked endpoint, or the one Spanish 400 for a host that does not resolve or is not
   * allowed (`field`: the body's field it is said of, as a validation message is, so a form shows it there).
   */
  const endpointOf = async (url: string, log: FastifyBaseLogger, field?: string): Promise<DirectoryEndpoint> => {
    try {
      return await resolveEndpoint(url, rules);
    } catch (error) {
      if (!(error instanceof AddressRefused)) throw error;
      log.info({ host: error.host, reason: error.reason }, 'LDAP directory address refused');
      throw new HttpError(400, field ? `${field}: ${LDAP_TEXT.addressRefused}` : LDAP_TEXT.addressRefused);
    }
  };

  implement(app, endpoints.ldapSignInOffer, ({ db }) => ldapSignInOffer(db));

  implement(app, endpoints.ldapSettings, ({ db, orgId }) => readLdapSettings(db, orgId));

  implement(app, endpoints.saveLdapSettings, async ({ db, orgId, body, services, request }) => {
    await endpointOf(body.url, request.log, 'url');
    return saveLdapSettings(db, orgId, body, services.now());
  });

  // Tries the form's settings as they stand: nothing is saved, no user is created. Throttled per
  // address like a sign-in (it binds with whatever password is typed), and per organisation.
  implement(
    app,
    endpoints.probeLdap,
    ({ db, orgId, body, request }): Promise<LdapProbeResult> =>
      probes.run(orgId, async () => {
        // Resolved once: the connections go to the address checked here.
        const endpoint = await endpointOf(body.settings.url, request.log);
        const settings = await directoryFromForm(db, orgId, body.settings);
        try {
          const verdict = await verifyPerson(settings, body.username, body.password, { endpoint, deadlineMs: config.ldapProbeDeadlineMs });
          if (verdict.ok) {
            const { person } = verdict;
            const role = roleForGroups(person.groups, body.settings.roleMappings);
            return { ok: true, ...person, role, message: role === null ? LDAP_TEXT.probeNoRole : LDAP_TEXT.probeOk };
          }
          if (verdict.reason === 'bad-password') return { ok: false, stage: 'user-bind', message: LDAP_TEXT.probeBadPassword, detail: verdict.dn };
          return { ok: false, stage: 'search', message: verdict.reason === 'ambiguous' ? LDAP_TEXT.probeManyUsers : LDAP_TEXT.probeNoUser, detail: '' };
        } catch (error) {
          if (!(error instanceof DirectoryError)) throw error;
          return failureOf(error, request.log);
        }
      }),
    { rateLimit: throttle('ldap-probe', config) }
  );
});
