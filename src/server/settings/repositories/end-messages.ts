import { and, asc, eq } from 'drizzle-orm';
import { END_MESSAGE_ORDER, type EndMessage } from '../../../shared/domain/end-message';
import { endMessages } from '../../db/schema';
import type { Db } from '../../db/types';
import { found } from '../repository';
import { SETTINGS_TEXT } from '../texts';

/** The organisation's end-of-conversation messages: one per end type, in SPEC §9 order (id_end_type_conversation follows it). */

const messageColumns = {
  acronym: endMessages.acronym,
  clientMessage: endMessages.clientMessage,
  idEndTypeConversation: endMessages.idEndTypeConversation,
  fin: endMessages.fin
};

export const endMessageRepository = {
  list(db: Db, orgId: number): Promise<EndMessage[]> {
    return db.select(messageColumns).from(endMessages).where(eq(endMessages.organizationId, orgId)).orderBy(asc(endMessages.idEndTypeConversation));
  },

  /**
   * Changes the client text of one end type of the organisation; its acronym, place in the SPEC §9
   * order and fin flag stay. The engine reads the text each time a conversation ends.
   */
  async updateText(db: Db, orgId: number, idEndTypeConversation: number, clientMessage: string): Promise<EndMessage> {
    const [row] = await db
      .update(endMessages)
      .set({ clientMessage })
      .where(and(eq(endMessages.organizationId, orgId), eq(endMessages.idEndTypeConversation, idEndTypeConversation)))
      .returning(messageColumns);
    return found(row, SETTINGS_TEXT.endMessageNotFound);
  },

  /** A new organisation's messages: `texts` by acronym, each end type in SPEC §9 order (the last is fin). */
  async createAll(db: Db, orgId: number, texts: readonly { acronym: string; clientMessage: string }[]): Promise<void> {
    const rows = texts.map(({ acronym, clientMessage }) => {
      const position = END_MESSAGE_ORDER.indexOf(acronym as (typeof END_MESSAGE_ORDER)[number]);
      if (position < 0) throw new Error(`Unknown end-message acronym ${acronym}`);
      return { organizationId: orgId, idEndTypeConversation: position + 1, acronym, clientMessage, fin: position === END_MESSAGE_ORDER.length - 1 };
    });
    await db.insert(endMessages).values(rows);
  }
};
