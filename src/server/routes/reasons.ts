import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../shared/api/catalogue';
import type { BusinessReason, FinalReason } from '../../shared/domain/reason';
import { MSG } from '../../shared/messages';
import { callerId } from '../auth/accounts';
import { automaticTransferReasons, businessReasons, conversationBusinessReasons, conversationFinalReasons, finalReasons } from '../db/schema';
import type { Db } from '../db/types';
import { HttpError } from '../http/errors';
import { DUPLICATE_TEXT } from '../../shared/domain/unique-name';
import { duplicateAs } from '../settings/conflicts';
import { SETTINGS_TEXT } from '../settings/texts';
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

const business = businessReasons;
const final = finalReasons;

/** A code or name another live reason of the same kind in the organisation already has is refused with 409 (unique indexes). */
const BUSINESS_DUPLICATES = { business_reasons_org_code_unique: DUPLICATE_TEXT.reasonCode, business_reasons_org_name_unique: DUPLICATE_TEXT.reason };
const FINAL_DUPLICATES = { final_reasons_org_code_unique: DUPLICATE_TEXT.reasonCode, final_reasons_org_name_unique: DUPLICATE_TEXT.reason };

/** A written reason as the lists show it; 404 when the write matched none of the organisation's reasons. */
function shown<R extends { fechaCreacion: Date; fechaActualizacion: Date }>(row: R | undefined) {
  if (!row) throw new HttpError(404, SETTINGS_TEXT.reasonNotFound);
  return withIsoDates(row);
}

/**
 * Creating, editing and deleting the organisation's business and finalisation reasons. A code, and
 * a name (unique-name.ts), is unique among its kind's reasons not deleted; an edit changes nombre, descripcion, activo and
 * fechaActualizacion (SPEC §4); a delete is logical. The chat reads them on every save, so a reason
 * switched off or deleted is at once no longer offered on finish (the active lists) nor accepted.
 */
function registerReasonWrites(app: FastifyInstance): void {
  implement(app, endpoints.createBusinessReason, async ({ db, orgId, body, services }) => {
    const now = services.now();
    const [row] = await db
      .insert(business)
      .values({ ...body, organizationId: orgId, fechaCreacion: now, fechaActualizacion: now })
      .returning(businessColumns)
      .catch(duplicateAs(BUSINESS_DUPLICATES));
    return shown(row);
  });

  implement(app, endpoints.updateBusinessReason, async ({ db, orgId, body, services }) => {
    const { idCausal, ...fields } = body;
    const [row] = await db
      .update(business)
      .set({ ...fields, fechaActualizacion: services.now() })
      .where(and(eq(business.idCausal, idCausal), eq(business.organizationId, orgId), eq(business.logicDelete, false)))
      .returning(businessColumns)
      .catch(duplicateAs(BUSINESS_DUPLICATES));
    return shown(row);
  });

  implement(app, endpoints.deleteBusinessReason, async ({ db, orgId, query, services }) => {
    const deleted = await db
      .update(business)
      .set({ logicDelete: true, activo: false, fechaActualizacion: services.now() })
      .where(and(eq(business.idCausal, query.idCausal), eq(business.organizationId, orgId), eq(business.logicDelete, false)))
      .returning({ id: business.idCausal });
    if (deleted.length === 0) throw new HttpError(404, SETTINGS_TEXT.reasonNotFound);
    return true;
  });

  implement(app, endpoints.createFinalReason, async ({ db, orgId, body, services }) => {
    const now = services.now();
    const [row] = await db
      .insert(final)
      .values({ ...body, organizationId: orgId, fechaCreacion: now, fechaActualizacion: now })
      .returning(finalColumns)
      .catch(duplicateAs(FINAL_DUPLICATES));
    return shown(row);
  });

  implement(app, endpoints.updateFinalReason, async ({ db, orgId, body, services }) => {
    const { idCausal, ...fields } = body;
    const [row] = await db
      .update(final)
      .set({ ...fields, fechaActualizacion: services.now() })
      .where(and(eq(final.idCausal, idCausal), eq(final.organizationId, orgId), eq(final.logicDelete, false)))
      .returning(finalColumns)
      .catch(duplicateAs(FINAL_DUPLICATES));
    return shown(row);
  });

  implement(app, endpoints.deleteFinalReason, async ({ db, orgId, query, services }) => {
    const deleted = await db
      .update(final)
      .set({ logicDelete: true, activo: false, fechaActualizacion: services.now() })
      .where(and(eq(final.idCausal, query.idCausal), eq(final.organizationId, orgId), eq(final.logicDelete, false)))
      .returning({ id: final.idCausal });
    if (deleted.length === 0) throw new HttpError(404, SETTINGS_TEXT.reasonNotFound);
    return true;
  });
}

export function registerReasonRoutes(app: FastifyInstance): void {
  registerReasonWrites(app);
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
