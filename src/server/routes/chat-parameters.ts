import { endpoints } from '../../shared/api/catalogue';
import { MSG } from '../../shared/messages';
import { HttpError } from '../http/errors';
import { routeWaitingChats } from '../settings/engine-effects';
import { chatParameterRepository as parameters } from '../settings/repositories/chat-parameters';
import { pauseEventRepository as pauseEvents } from '../settings/repositories/pause-events';
import { defineRoutes } from './module';
import { implement } from './register';

/** general: the chat parameters and the pause events (src/server/settings/repositories). */
export const chatParameterRoutes = defineRoutes('parameters', (app) => {
  implement(app, endpoints.chatParameters, async ({ db, orgId }) => {
    const stored = await parameters.get(db, orgId);
    // An organisation without parameters has none to show: no invented defaults.
    if (!stored) throw new HttpError(404, MSG.parameters.loadFailed);
    return stored;
  });

  /**
   * Whatever changed, the router then runs: a higher max chats or wider hours let waiting chats
   * through at once, a lower max holds from the next assignment (the router counts each agent's
   * open chats against it).
   */
  implement(app, endpoints.updateChatParameters, async ({ db, orgId, body, services }) => {
    const stored = await parameters.update(db, orgId, body, services.now());
    await routeWaitingChats(services);
    return stored;
  });

  implement(app, endpoints.pauseEvents, ({ db, orgId, query }) => pauseEvents.list(db, orgId, query.alsoDeleted));
  implement(app, endpoints.createPauseEvent, ({ db, orgId, body, services }) => pauseEvents.create(db, orgId, body, services.now()));
  implement(app, endpoints.updatePauseEvent, ({ db, orgId, body, services }) => pauseEvents.update(db, orgId, body, services.now()));
  implement(app, endpoints.deletePauseEvent, async ({ db, orgId, query, services }) => {
    await pauseEvents.remove(db, orgId, query.id, services.now());
    return { success: true };
  });
});
