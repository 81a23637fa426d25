import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../shared/api/catalogue';
import type { EndMessage } from '../../shared/domain/end-message';
import { endMessages } from '../db/schema';
import type { Db } from '../db/types';
import { HttpError } from '../http/errors';
import { SETTINGS_TEXT } from '../settings/texts';
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

  /**
   * Changes the client text of one end type of the organisation; its acronym, place in the SPEC §9
   * order and fin flag stay. The engine reads the text each time a conversation ends, so the next
   * one already says it.
   */
  implement(app, endpoints.updateEndMessage, async ({ db, orgId, body }) => {
    const [row] = await db
      .update(endMessages)
      .set({ clientMessage: body.clientMessage })
      .where(and(eq(endMessages.organizationId, orgId), eq(endMessages.idEndTypeConversation, body.idEndTypeConversation)))
      .returning({
        acronym: endMessages.acronym,
        clientMessage: endMessages.clientMessage,
        idEndTypeConversation: endMessages.idEndTypeConversation,
        fin: endMessages.fin
      });
    if (!row) throw new HttpError(404, SETTINGS_TEXT.endMessageNotFound);
    return row;
  });
}
