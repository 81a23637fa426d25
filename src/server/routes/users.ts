import { endpoints } from '../../shared/api/catalogue';
import { callerId } from '../auth/accounts';
import { endUserSessions } from '../auth/revocation';
import { reachOf, userRepository as users } from '../settings/repositories/users';
import { defineRoutes } from './module';
import { implement } from './register';

/**
 * usuarios (roles 1 and 3, src/server/settings/repositories/users.ts). Deactivating, deleting, or
 * changing a user's role, e-mail or password ends its sessions at once (auth/revocation.ts).
 */
export const userRoutes = defineRoutes('users', (app) => {
  implement(app, endpoints.users, ({ db, user, orgId, query }) => users.list(db, reachOf(user), orgId, query.search));
  implement(app, endpoints.agents, ({ db, orgId }) => users.agents(db, orgId));

  // The organisation comes from company (role 1, checked by implement) or the caller's (role 3).
  implement(app, endpoints.createUser, ({ db, orgId, body, services }) => users.create(db, orgId, body, services.now()));
  implement(app, endpoints.createCompanyUser, ({ db, orgId, body, services }) => users.create(db, orgId, body, services.now()));

  implement(app, endpoints.updateUser, async ({ db, user, body, services }) => {
    const updated = await users.update(db, reachOf(user), body, callerId(user), services.now());
    if (updated.endSessions) await endUserSessions(db, services, updated.user.idUser);
    return updated.user;
  });

  implement(app, endpoints.updateUserFlags, async ({ db, user, params, body, services }) => {
    const reach = reachOf(user);
    if ('isLocked' in body) return users.unlock(db, reach, params.idUser, callerId(user), services.now());
    const changed = await users.setActive(db, reach, params.idUser, body.isActive, callerId(user), services.now());
    if (!body.isActive) await endUserSessions(db, services, changed.idUser);
    return changed;
  });

  implement(app, endpoints.deleteUser, async ({ db, user, params, services }) => {
    await users.remove(db, reachOf(user), params.id, callerId(user), services.now());
    await endUserSessions(db, services, params.id);
    return { success: true };
  });
  implement(app, endpoints.deleteCompanyUser, async ({ db, user, params, services }) => {
    await users.remove(db, reachOf(user), params.id, callerId(user), services.now());
    await endUserSessions(db, services, params.id);
    return { success: true };
  });

  implement(app, endpoints.lockedUsers, ({ db, user, orgId, services }) => users.locked(db, reachOf(user), orgId, services.now()));
  implement(app, endpoints.userAccessLog, ({ db, user, orgId, query }) => users.accessLog(db, reachOf(user), orgId, query.idUser));
});
