import { endpoints } from '../../shared/api/catalogue';
import { callerId } from '../auth/accounts';
import { readRollout, setRollout } from '../updates/rollout';
import { defineRoutes } from './module';
import { implement } from './register';

/** Issue 41: the published desktop version and its staged rollout (the feed itself: src/server/updates/feed.ts). */
export const updateRoutes = defineRoutes('updates', (app) => {
  const dir = () => app.services.config.updatesDir;
  implement(app, endpoints.updateRollout, ({ db }) => readRollout(db, dir()));
  implement(app, endpoints.setUpdateRollout, ({ db, body, user, services }) => setRollout(db, dir(), body, callerId(user), services.now()));
});
