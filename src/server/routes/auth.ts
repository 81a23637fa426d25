import { endpoints } from '../../shared/api/catalogue';
import { callerId } from '../auth/accounts';
import { SignInFailureBudget } from '../auth/failure-budget';
import { signInWithDirectory } from '../auth/ldap-login';
import { signIn } from '../auth/login';
import { changeOwnPassword, mustChangePassword } from '../auth/password';
import { rotateRefreshToken } from '../auth/refresh';
import { throttle } from '../auth/throttle';
import { sessionOf } from '../auth/tokens';
import { HttpError } from '../http/errors';
import { AddressRules } from '../ldap/address-rules';
import { DirectoryConnections, DirectoryError } from '../ldap/directory';
import { defineRoutes } from './module';
import { implement } from './register';

export const authRoutes = defineRoutes('auth', (app) => {
  const { config, limiters } = app.services;
  // How many different accounts one address may get wrong passwords on (AUTH_FAILED_ACCOUNTS_MAX).
  const failures = SignInFailureBudget.create(limiters, config);
  implement(app, endpoints.login, ({ db, services, body, request }) => signIn(db, services, failures, body, { ip: request.ip, at: services.now() }), {
    rateLimit: throttle('sign-in', config)
  });

  // The organisation's directory checks the password (auth/ldap-login.ts); same budget per address as the sign-in.
  // The connections to the directories stay open between sign-ins, and close with the platform;
  // each new one goes only where the address rules allow (LDAP_ALLOWED_HOSTS).
  const directories = new DirectoryConnections({ rules: new AddressRules(config.ldapAllowedHosts) });
  app.addHook('onClose', () => directories.close());
  implement(
    app,
    endpoints.loginLdap,
    async ({ db, services, body, request }) => {
      try {
        return await signInWithDirectory(db, services, directories, body, { ip: request.ip, at: services.now() });
      } catch (error) {
        // The person reads a generic 503/502; what the directory's connection actually did is for the log.
        if (error instanceof HttpError && error.cause instanceof DirectoryError) {
          request.log.warn({ err: error.cause.cause ?? error.cause, stage: error.cause.stage, kind: error.cause.kind }, 'LDAP sign-in: the directory failed');
        }
        throw error;
      }
    },
    { rateLimit: throttle('sign-in-ldap', config) }
  );

  implement(app, endpoints.refreshSession, ({ db, services, body }) => rotateRefreshToken(db, services, body.refreshToken), {
    rateLimit: throttle('refresh', config)
  });

  implement(app, endpoints.changePasswordByExpiration, async ({ db, services, user }) => ({
    changePassword: await mustChangePassword(db, callerId(user), services.now())
  }));

  // The session that changes its own password goes on; the user's others end (endUserSessions).
  implement(
    app,
    endpoints.updatePasswordByUserName,
    ({ db, services, user, body }) => changeOwnPassword(db, services, { idUser: callerId(user), session: sessionOf(user) }, body),
    { rateLimit: throttle('password', config) }
  );
});
