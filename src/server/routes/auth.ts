import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../shared/api/catalogue';
import { MSG } from '../../shared/messages';
import { callerId } from '../auth/accounts';
import { signIn } from '../auth/login';
import { changeOwnPassword, mustChangePassword } from '../auth/password';
import { rotateRefreshToken } from '../auth/refresh';
import { HttpError } from '../http/errors';
import { implement } from './register';

export function registerAuthRoutes(app: FastifyInstance): void {
  implement(app, endpoints.login, ({ db, services, body }) => signIn(db, services.tokens, body));

  // No LDAP directory can be configured on this platform yet: say so rather than pretend.
  implement(app, endpoints.loginLdap, async () => {
    throw new HttpError(501, MSG.session.ldapNotConfigured);
  });

  implement(app, endpoints.refreshSession, ({ db, services, body }) => rotateRefreshToken(db, services.tokens, body.refreshToken));

  implement(app, endpoints.changePasswordByExpiration, async ({ db, services, user }) => ({
    changePassword: await mustChangePassword(db, callerId(user), services.now())
  }));

  implement(app, endpoints.updatePasswordByUserName, ({ db, services, user, body }) =>
    changeOwnPassword(db, callerId(user), body, services.now())
  );
}
