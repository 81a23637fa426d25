import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/types';
import { conversations } from '../db/schema';
import { conflict, notFound } from './errors';
import type { Notifier } from './effects';
import type { AgentIdentity } from './presence';
import { CHAT_TEXT } from './texts';

/**
 * Typing indicators: relayed between the agent holding an open chat and its customer, and
 * nothing else. Nothing is stored; a read decides who may hear it, so an indicator never crosses
 * to another conversation, another agent or another organisation.
 */

const OPEN = ['ASIGNADA', 'ACTIVA'] as const;

/** The agent types in a chat it holds: its customer hears it. Refused (404/409) otherwise. */
export async function relayAgentTyping(db: Db, notifier: Notifier, agent: AgentIdentity, conversationId: string, typing: boolean): Promise<void> {
  const [conv] = await db
    .select({ agentId: conversations.agentId, status: conversations.status })
    .from(conversations)
    .where(and(eq(conversations.idConv, conversationId), eq(conversations.organizationId, agent.organizationId)));
  if (!conv) throw notFound(CHAT_TEXT.conversationNotFound);
  if (conv.agentId !== agent.userId || !OPEN.some((s) => s === conv.status)) throw conflict(CHAT_TEXT.notAssignedToYou);
  notifier.toConversation(conversationId, 'widget:typing', { typing });
}

/** The customer types: the agent holding the chat hears it; with no holder (assistant, queue, ended) nobody does. */
export async function relayCustomerTyping(db: Db, notifier: Notifier, conversationId: string, typing: boolean): Promise<void> {
  const [conv] = await db
    .select({ agentId: conversations.agentId })
    .from(conversations)
    .where(and(eq(conversations.idConv, conversationId), inArray(conversations.status, [...OPEN])));
  if (conv?.agentId == null) return;
  notifier.toAgent(conv.agentId, 'chat:typing', { conversationId, typing });
}
