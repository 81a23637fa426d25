import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../shared/api/catalogue';
import type { BusinessReason, FinalReason } from '../../shared/domain/reason';
import { MSG } from '../../shared/messages';
import { callerId } from '../auth/accounts';
import { automaticTransferReasons, businessReasons, conversationBusinessReasons, conversationFinalReasons, finalReasons } from '../db/schema';
import type { Db } from '../db/types';
import { HttpError } from '../http/errors';
import { conversationOfOrg, requireAttendedBy, requireSplitOfOrg, type ConversationRef } from './conversation-access';
import { byName, iso } from './listing';
import { implement } from './register';

const businessColumns = {
  idCausal: businessReasons.idCausal,
  codigoCausal: businessReasons.codigoCausal,
  nombre: businessReasons.nombre,
  descripcion: businessReasons.descripcion,
  activo: businessReasons.activo,
  fechaCreacion: businessReasons.fechaCreacion,
  fechaActualizacion: businessReasons.fechaActualizacion,
  logic_delete: businessReasons.logicDelete
};

const finalColumns = {
  idCausal: finalReasons.idCausal,
  codigoCausalFinalizacion: finalReasons.codigoCausalFinalizacion,
  nombre: finalReasons.nombre,
  descripcion: finalReasons.descripcion,
  activo: finalReasons.activo,
  fechaCreacion: finalReasons.fechaCreacion,
  fechaActualizacion: finalReasons.fechaActualizacion,
  logic_delete: finalReasons.logicDelete
};

function withIsoDates<R extends { fechaCreacion: Date; fechaActualizacion: Date }>(row: R) {
  return { ...row, fechaCreacion: iso(row.fechaCreacion), fechaActualizacion: iso(row.fechaActualizacion) };
}

/** Every business reason not deleted, newest first; or only the active ones, by name (the console's checklist). */
async function listBusinessReasons(db: Db, orgId: number, activeOnly: boolean): Promise<BusinessReason[]> {
  const rows = await db
    .select(businessColumns)
    .from(businessReasons)
    .where(and(eq(businessReasons.organizationId, orgId), eq(businessReasons.logicDelete, false), activeOnly ? eq(businessReasons.activo, true) : undefined))
    .orderBy(desc(businessReasons.fechaCreacion), desc(businessReasons.idCausal));
  const listed = rows.map(withIsoDates);
  return activeOnly ? byName(listed, (r) => r.nombre, (r) => r.idCausal) : listed;
}

async function listFinalReasons(db: Db, orgId: number, activeOnly: boolean): Promise<FinalReason[]> {
  const rows = await db
    .select(finalColumns)
    .from(finalReasons)
    .where(and(eq(finalReasons.organizationId, orgId), eq(finalReasons.logicDelete, false), activeOnly ? eq(finalReasons.activo, true) : undefined))
    .orderBy(desc(finalReasons.fechaCreacion), desc(finalReasons.idCausal));
  const listed = rows.map(withIsoDates);
  return activeOnly ? byName(listed, (r) => r.nombre, (r) => r.idCausal) : listed;
}

/** Reasons are recorded once an agent has the conversation: never while it is still with the assistant. */
function requireEscalated(conversation: ConversationRef): void {
  if (conversation.status === 'BOT') throw new HttpError(409, MSG.chat.conversationNotEscalated);
}

export function registerReasonRoutes(app: FastifyInstance): void {
  implement(app, endpoints.businessReasons, ({ db, orgId }) => listBusinessReasons(db, orgId, false));
  // SPEC §8: the not-found case of the active lists is an empty list, so none is simply [].
  implement(app, endpoints.activeBusinessReasons, ({ db, orgId }) => listBusinessReasons(db, orgId, true));
  implement(app, endpoints.finalReasons, ({ db, orgId }) => listFinalReasons(db, orgId, false));
  implement(app, endpoints.activeFinalReasons, ({ db, orgId }) => listFinalReasons(db, orgId, true));

  implement(app, endpoints.automaticTransferReasons, ({ db }) =>
    db
      .select({ idCause: automaticTransferReasons.idCause, nombre: automaticTransferReasons.nombre })
      .from(automaticTransferReasons)
      .orderBy(asc(automaticTransferReasons.idCause))
  );

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
}
