import { and, eq, inArray } from 'drizzle-orm';
import { endpoints } from '../../shared/api/catalogue';
import { MSG } from '../../shared/messages';
import { callerId } from '../auth/accounts';
import { businessReasons, conversationBusinessReasons, conversationFinalReasons, finalReasons } from '../db/schema';
import { HttpError } from '../http/errors';
import { conversationOfOrg, requireAttendedBy, requireSplitOfOrg, type ConversationRef } from './conversation-access';
import { defineRoutes } from './module';
import { implement } from './register';

/** Reasons are recorded once an agent has the conversation: never while it is still with the assistant. */
function requireEscalated(conversation: ConversationRef): void {
  if (conversation.status === 'BOT') throw new HttpError(409, MSG.chat.conversationNotEscalated);
}

/**
 * The agent records the reasons of a conversation it attends (the chat console): its business
 * reasons (replacing its own earlier list) and the finalisation reason, each an active reason of
 * the organisation.
 */
export const conversationReasonRoutes = defineRoutes('reasons', (app) => {
  implement(app, endpoints.saveConversationBusinessReasons, async ({ db, orgId, user, body, services }) => {
    const reasonIds = [...new Set(body.business)];
    if (reasonIds.length === 0) throw new HttpError(400, MSG.chat.businessReasonsRequired);
    const agentId = callerId(user);
    await db.transaction(async (tx) => {
      const conversation = await conversationOfOrg(tx, orgId, body.conversationId, true);
      await requireAttendedBy(tx, conversation, user);
      requireEscalated(conversation);
      if (body.splitId !== null) await requireSplitOfOrg(tx, orgId, body.splitId);
      const usable = await tx
        .select({ idCausal: businessReasons.idCausal })
        .from(businessReasons)
        .where(
          and(
            eq(businessReasons.organizationId, orgId),
            inArray(businessReasons.idCausal, reasonIds),
            eq(businessReasons.activo, true),
            eq(businessReasons.logicDelete, false)
          )
        );
      if (usable.length !== reasonIds.length) throw new HttpError(400, MSG.chat.businessReasonUnavailable);
      // This agent's list for the conversation is replaced; another agent's (before a transfer) stays.
      await tx
        .delete(conversationBusinessReasons)
        .where(and(eq(conversationBusinessReasons.conversationId, conversation.idConv), eq(conversationBusinessReasons.agentId, agentId)));
      const createdAt = services.now();
      await tx.insert(conversationBusinessReasons).values(
        reasonIds.map((reasonId) => ({
          conversationId: conversation.idConv,
          reasonId,
          agentId,
          splitId: body.splitId,
          transfer: body.transfer,
          createdAt
        }))
      );
    });
    return { success: true };
  });

  implement(app, endpoints.saveConversationFinalReason, async ({ db, orgId, user, body, services }) => {
    const agentId = callerId(user);
    await db.transaction(async (tx) => {
      const conversation = await conversationOfOrg(tx, orgId, body.conversationId, true);
      await requireAttendedBy(tx, conversation, user);
      requireEscalated(conversation);
      const [reason] = await tx
        .select({ idCausal: finalReasons.idCausal })
        .from(finalReasons)
        .where(
          and(eq(finalReasons.organizationId, orgId), eq(finalReasons.idCausal, body.ending), eq(finalReasons.activo, true), eq(finalReasons.logicDelete, false))
        )
        .limit(1);
      if (!reason) throw new HttpError(400, MSG.chat.finalReasonUnavailable);
      const row = { reasonId: reason.idCausal, agentId, createdAt: services.now() };
      await tx
        .insert(conversationFinalReasons)
        .values({ conversationId: conversation.idConv, ...row })
        .onConflictDoUpdate({ target: conversationFinalReasons.conversationId, set: row });
    });
    return { success: true };
  });
});
