import { endpoints } from '../../shared/api/catalogue';
import type { TokenClaims } from '../../shared/domain/session';
import { securityParameterRepository as parameters } from '../settings/repositories/security-parameters';
import { defineRoutes } from './module';
import { implement } from './register';

/** Role 1 sees every organisation's parameters; role 3 its own (SPEC §3 "Block/expiry parameters"). */
const seen = (user: TokenClaims): number | null => (user.role === 1 ? null : user.company);

/** parametros (roles 1 and 3): the block and expiry parameters and the automatic unlock, per organisation. */
export const securityParameterRoutes = defineRoutes('users', (app) => {
  implement(app, endpoints.loginAttempts, ({ db, user }) => parameters.loginAttempts(db, seen(user)));
  implement(app, endpoints.updateLoginAttempts, ({ db, orgId, body, services }) => parameters.setLoginAttempts(db, orgId, body.loginAttemptsAllowed, services.now()));
  implement(app, endpoints.passwordExpiration, ({ db, user }) => parameters.passwordExpiration(db, seen(user)));
  implement(app, endpoints.updatePasswordExpiration, ({ db, orgId, body, services }) =>
    parameters.setPasswordExpiration(db, orgId, body.passwordExpirationDays, services.now())
  );
  implement(app, endpoints.autoUnlock, ({ db, user }) => parameters.autoUnlock(db, seen(user)));
  implement(app, endpoints.updateAutoUnlock, ({ db, orgId, body, services }) => parameters.setAutoUnlock(db, orgId, body.autoUnlockMinutes, services.now()));
});
