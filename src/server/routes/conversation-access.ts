import { and, eq } from 'drizzle-orm';
import type { TokenClaims } from '../../shared/domain/session';
import { MSG } from '../../shared/messages';
import { callerId } from '../auth/accounts';
import { conversationAssignments, conversations, splits } from '../db/schema';
import type { Db } from '../db/types';
import { HttpError } from '../http/errors';

export interface ConversationRef {
  idConv: string;
  status: string;
  agentId: number | null;
}

/**
 * The conversation of the organisation, locked for the rest of the transaction when `lock` is
 * set (so two saves of the same conversation do not interleave). Another organisation's
 * conversation answers 404 like one that does not exist.
 */
export async function conversationOfOrg(db: Db, orgId: number, conversationId: string, lock = false): Promise<ConversationRef> {
  const query = db
    .select({ idConv: conversations.idConv, status: conversations.status, agentId: conversations.agentId })
    .from(conversations)
    .where(and(eq(conversations.idConv, conversationId), eq(conversations.organizationId, orgId)))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw new HttpError(404, MSG.chat.conversationNotFound);
  return row;
}

const AGENT_ROLE = 5;

/**
 * An agent (role 5) may record reasons only on a conversation it attends or attended: its current
 * agent, or one it was assigned before (a transfer moved it on). Supervisors may on any.
 */
export async function requireAttendedBy(db: Db, conversation: ConversationRef, user: TokenClaims): Promise<void> {
  if (user.role !== AGENT_ROLE) return;
  const agentId = callerId(user);
  if (conversation.agentId === agentId) return;
  const [earlier] = await db
    .select({ id: conversationAssignments.id })
    .from(conversationAssignments)
    .where(and(eq(conversationAssignments.conversationId, conversation.idConv), eq(conversationAssignments.agentId, agentId)))
    .limit(1);
  if (!earlier) throw new HttpError(403, MSG.chat.conversationNotAssigned);
}

/** An attachment goes only to an open conversation; an agent's only to one assigned to it now. */
export function requireOpenFor(conversation: ConversationRef, user: TokenClaims): void {
  if (conversation.status === 'FINALIZADA') throw new HttpError(409, MSG.chat.conversationNotOpen);
  if (user.role === AGENT_ROLE && conversation.agentId !== callerId(user)) throw new HttpError(403, MSG.chat.conversationNotAssigned);
}

/** A split of the organisation that is not deleted; 404 otherwise (another organisation's included). */
export async function requireSplitOfOrg(db: Db, orgId: number, idSplit: number): Promise<void> {
  const [row] = await db
    .select({ idSplit: splits.idSplit })
    .from(splits)
    .where(and(eq(splits.idSplit, idSplit), eq(splits.organizationId, orgId), eq(splits.logicDelete, false)))
    .limit(1);
  if (!row) throw new HttpError(404, MSG.chat.splitNotFound);
}
