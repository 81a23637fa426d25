import { endpoints } from '../../shared/api/catalogue';
import { ChatError } from '../chat/errors';
import { HttpError } from '../http/errors';
import { liveQueue } from '../stats/live-queue';
import { defineRoutes } from './module';
import { implement } from './register';

/** A refusal of the engine (409 in Spanish) as the route's answer. */
async function engineAction<T>(action: () => Promise<T>): Promise<T> {
  try {
    return await action();
  } catch (error) {
    if (error instanceof ChatError) throw new HttpError(error.status, error.message);
    throw error;
  }
}

/** The supervisor's live queue and its actions (assign, move), through the chat engine. */
export const queueSupervisionRoutes = defineRoutes('queueSupervision', (app) => {
  implement(app, endpoints.liveQueue, ({ db, orgId, services }) => liveQueue(db, orgId, services.now(), services.config.agentDisconnectGraceMs));

  implement(app, endpoints.assignQueuedChat, ({ orgId, body, services }) => engineAction(() => services.chat.supervisorAssign(orgId, body.idConv, body.idUser)));

  implement(app, endpoints.moveQueuedChat, ({ orgId, body, services }) => engineAction(() => services.chat.supervisorMove(orgId, body.idConv, body.idSplit)));
});
