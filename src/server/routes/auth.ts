import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../shared/api/catalogue';
import { MSG } from '../../shared/messages';
import { callerId } from '../auth/accounts';
import { signIn } from '../auth/login';
import { changeOwnPassword, mustChangePassword } from '../auth/password';
import { rotateRefreshToken } from '../auth/refresh';
import { throttle } from '../auth/throttle';
import { HttpError } from '../http/errors';
import { implement } from './register';

export function registerAuthRoutes(app: FastifyInstance): void {
  const { config } = app.services;
  implement(app, endpoints.login, ({ db, services, body, request }) => signIn(db, services.tokens, body, { ip: request.ip, at: services.now() }), {
    rateLimit: throttle('sign-in', config)
  });

  // No LDAP directory can be configured on this platform yet: say so rather than pretend.
  implement(
    app,
    endpoints.loginLdap,
    async () => {
      throw new HttpError(501, MSG.session.ldapNotConfigured);
    },
    { rateLimit: throttle('sign-in-ldap', config) }
  );

  implement(app, endpoints.refreshSession, ({ db, services, body }) => rotateRefreshToken(db, services.tokens, body.refreshToken), {
    rateLimit: throttle('refresh', config)
  });

  implement(app, endpoints.changePasswordByExpiration, async ({ db, services, user }) => ({
    changePassword: await mustChangePassword(db, callerId(user), services.now())
  }));

  implement(app, endpoints.updatePasswordByUserName, ({ db, services, user, body }) => changeOwnPassword(db, callerId(user), body, services.now()), {
    rateLimit: throttle('password', config)
  });
}
