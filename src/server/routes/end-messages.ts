import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../shared/api/catalogue';
import type { EndMessage } from '../../shared/domain/end-message';
import { endMessages } from '../db/schema';
import type { Db } from '../db/types';
import { implement } from './register';

/** The organisation's end messages in SPEC §9 order (id_end_type_conversation follows it). */
function listEndMessages(db: Db, orgId: number): Promise<EndMessage[]> {
  return db
    .select({
      acronym: endMessages.acronym,
      clientMessage: endMessages.clientMessage,
      idEndTypeConversation: endMessages.idEndTypeConversation,
      fin: endMessages.fin
    })
    .from(endMessages)
    .where(eq(endMessages.organizationId, orgId))
    .orderBy(asc(endMessages.idEndTypeConversation));
}

export function registerEndMessageRoutes(app: FastifyInstance): void {
  implement(app, endpoints.endMessagesClient, ({ db, orgId }) => listEndMessages(db, orgId));
  implement(app, endpoints.endMessages, ({ db, orgId }) => listEndMessages(db, orgId));
}
