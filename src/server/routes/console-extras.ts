import { and, asc, desc, eq, ne } from 'drizzle-orm';
import { endpoints } from '../../shared/api/catalogue';
import { PREVIOUS_CONVERSATIONS_MAX, type PreviousConversation } from '../../shared/domain/console-extras';
import type { TokenClaims } from '../../shared/domain/session';
import { MSG } from '../../shared/messages';
import { CONVERSATION_STATES, type ConversationState } from '../../shared/realtime';
import { callerId } from '../auth/accounts';
import { listMessages, toLiveMessage } from '../chat/message-store';
import { channelTypes, conversationFinalReasons, conversationNotes, conversations, finalReasons, users } from '../db/schema';
import type { Db } from '../db/types';
import { forbidden, HttpError } from '../http/errors';
import { iso } from '../http/listing';
import { defineRoutes } from './module';
import { implement } from './register';

const AGENT_ROLE = 5;
const OPEN = new Set(['ASIGNADA', 'ACTIVA']);

interface Target {
  idConv: string;
  status: string;
  agentId: number | null;
  customerId: number | null;
}

/**
 * The conversation a console call is about, if the caller may use it: any of the organisation's
 * for supervisors and administrators; for an agent, only one it holds (its current or last
 * agent) — and with `open`, only while it is ASIGNADA/ACTIVA. Another organisation's answers 404.
 */
async function reachable(db: Db, orgId: number, conversationId: string, user: TokenClaims, open: boolean): Promise<Target> {
  const [row] = await db
    .select({ idConv: conversations.idConv, status: conversations.status, agentId: conversations.agentId, customerId: conversations.customerId })
    .from(conversations)
    .where(and(eq(conversations.idConv, conversationId), eq(conversations.organizationId, orgId)))
    .limit(1);
  if (!row) throw new HttpError(404, MSG.chat.conversationNotFound);
  if (user.role === AGENT_ROLE) {
    if (row.agentId !== callerId(user)) throw new HttpError(403, MSG.chat.conversationNotAssigned);
    if (open && !OPEN.has(row.status)) throw new HttpError(409, MSG.chat.conversationNotOpen);
  }
  return row;
}

const asState = (value: string): ConversationState => CONVERSATION_STATES.find((s) => s === value) ?? 'FINALIZADA';

const noteColumns = {
  id: conversationNotes.id,
  conversationId: conversationNotes.conversationId,
  authorId: conversationNotes.authorId,
  authorName: conversationNotes.authorName,
  text: conversationNotes.text,
  createdAt: conversationNotes.createdAt
};

export const consoleExtraRoutes = defineRoutes('consoleExtras', (app) => {
  implement(app, endpoints.conversationNotes, async ({ db, orgId, user, params }) => {
    const conv = await reachable(db, orgId, params.id, user, false);
    const rows = await db
      .select(noteColumns)
      .from(conversationNotes)
      .where(and(eq(conversationNotes.conversationId, conv.idConv), eq(conversationNotes.organizationId, orgId)))
      .orderBy(asc(conversationNotes.createdAt), asc(conversationNotes.id));
    return rows.map((r) => ({ ...r, createdAt: iso(r.createdAt) }));
  });

  implement(app, endpoints.addConversationNote, async ({ db, orgId, user, params, body, services }) => {
    const conv = await reachable(db, orgId, params.id, user, false);
    const authorId = callerId(user);
    const [author] = await db.select({ name: users.name }).from(users).where(eq(users.idUser, authorId)).limit(1);
    if (!author) throw forbidden();
    const [row] = await db
      .insert(conversationNotes)
      .values({ organizationId: orgId, conversationId: conv.idConv, authorId, authorName: author.name, text: body.text, createdAt: services.now() })
      .returning(noteColumns);
    if (!row) throw new Error('conversation note not stored');
    return { ...row, createdAt: iso(row.createdAt) };
  });

  implement(app, endpoints.previousConversations, async ({ db, orgId, user, params }) => {
    const conv = await reachable(db, orgId, params.id, user, true);
    if (conv.customerId === null) return { identified: false, conversations: [] };
    const rows = await db
      .select({
        idConv: conversations.idConv,
        startedAt: conversations.startedAt,
        endedAt: conversations.endedAt,
        canal: channelTypes.label,
        status: conversations.status,
        endedBy: conversations.endedBy,
        endAcronym: conversations.endAcronym,
        finalReason: finalReasons.nombre,
        agentName: users.name
      })
      .from(conversations)
      .innerJoin(channelTypes, eq(channelTypes.idChannel, conversations.channelId))
      .leftJoin(conversationFinalReasons, eq(conversationFinalReasons.conversationId, conversations.idConv))
      .leftJoin(finalReasons, eq(finalReasons.idCausal, conversationFinalReasons.reasonId))
      .leftJoin(users, eq(users.idUser, conversations.agentId))
      .where(and(eq(conversations.organizationId, orgId), eq(conversations.customerId, conv.customerId), ne(conversations.idConv, conv.idConv)))
      .orderBy(desc(conversations.startedAt), desc(conversations.idConv))
      .limit(PREVIOUS_CONVERSATIONS_MAX);
    const list: PreviousConversation[] = rows.map((r) => ({
      ...r,
      state: asState(r.status),
      startedAt: iso(r.startedAt),
      endedAt: r.endedAt ? iso(r.endedAt) : null
    }));
    return { identified: true, conversations: list };
  });

  implement(app, endpoints.previousConversationMessages, async ({ db, orgId, user, params }) => {
    const conv = await reachable(db, orgId, params.id, user, true);
    const [previous] =
      conv.customerId === null || params.previousId === conv.idConv
        ? []
        : await db
            .select({ idConv: conversations.idConv })
            .from(conversations)
            .where(and(eq(conversations.idConv, params.previousId), eq(conversations.organizationId, orgId), eq(conversations.customerId, conv.customerId)))
            .limit(1);
    if (!previous) throw new HttpError(404, MSG.chat.conversationNotFound);
    return (await listMessages(db, previous.idConv)).map((m) => toLiveMessage(m, 'agent'));
  });
});
