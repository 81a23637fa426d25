import { endpoints } from '../../shared/api/catalogue';
import { endMessageRepository as messages } from '../settings/repositories/end-messages';
import { defineRoutes } from './module';
import { implement } from './register';

/** mensajes: the end-of-conversation messages (the console reads them too). */
export const endMessageRoutes = defineRoutes('endMessages', (app) => {
  implement(app, endpoints.endMessagesClient, ({ db, orgId }) => messages.list(db, orgId));
  implement(app, endpoints.endMessages, ({ db, orgId }) => messages.list(db, orgId));
  implement(app, endpoints.updateEndMessage, ({ db, orgId, body }) => messages.updateText(db, orgId, body.idEndTypeConversation, body.clientMessage));
});
