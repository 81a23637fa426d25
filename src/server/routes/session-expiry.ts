import { endpoints } from '../../shared/api/catalogue';
import { sessionExpiryRepository as expiry } from '../settings/repositories/session-expiry';
import { defineRoutes } from './module';
import { implement } from './register';

/**
 * expiracion-sesion: the session-expiry types of a virtual agent. The sweeper reads them at each
 * sweep, so a saved message or time closes the next silent conversation, with no restart.
 */
export const sessionExpiryRoutes = defineRoutes('sessionExpiry', (app) => {
  implement(app, endpoints.sessionExpirationTypes, ({ db, orgId, query }) => expiry.list(db, orgId, query.idVa));
  implement(app, endpoints.updateSessionExpirationType, ({ db, orgId, body, services }) => expiry.update(db, orgId, body, services.now()));
});
