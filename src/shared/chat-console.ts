import { z } from 'zod';
import { AgentChatStatus, LoadStatus } from './domain/chat';
import { AgentStatusView, ChatCustomer, LiveMessage } from './realtime';

/**
 * What the agent console shows, as the main process's chat link keeps it and pushes it to the
 * renderer (IPC events 'chat:changed' and 'chat:message'). The renderer holds the list and only
 * the messages of the chat in view; the main process holds the rest.
 */

/** A message as the console shows it: stored (pending false, seq > 0) or still being sent (pending true, seq 0). */
export const ConsoleMessage = LiveMessage.extend({ seq: z.number().int().nonnegative(), pending: z.boolean() });
export type ConsoleMessage = z.infer<typeof ConsoleMessage>;

/** The link to the platform: connecting (first time or after a drop), online, offline (retrying), or refused (signed out). */
export const ConnectionState = z.enum(['connecting', 'online', 'offline', 'unauthorized']);
export type ConnectionState = z.infer<typeof ConnectionState>;

/** SPEC §3 "Agent chat (client-side)", without its messages (fetched with 'chat:messages'). */
export const AgentChatView = z.object({
  conversationId: z.string(),
  status: AgentChatStatus,
  active: z.boolean(),
  unreadMessages: z.number().int().nonnegative(),
  /** Messages held for this chat (what 'chat:messages' answers). */
  messageCount: z.number().int().nonnegative(),
  lastMessage: ConsoleMessage.nullable(),
  lastInteraction: z.string().nullable(),
  /** Finished by recovery: it was missing from the platform's list after a reconnect (SPEC §4). */
  recover: z.boolean(),
  /** It came by a transfer: business and end reasons are required again (SPEC §4). */
  transfer: z.boolean(),
  /** A transfer of it is under way. */
  transfering: z.boolean(),
  causalsChecked: LoadStatus,
  businessCausals: z.boolean(),
  endCausals: z.boolean(),
  causalsSetted: z.boolean(),
  sendingMessage: z.boolean(),
  uploadFile: z.object({ uploading: z.boolean(), error: z.boolean() }),
  customer: ChatCustomer,
  canal: z.string(),
  idVa: z.number().int(),
  split: z.object({ idSplit: z.number().int(), nombre: z.string() }).nullable(),
  fechaEntrada: z.string().nullable(),
  endAcronym: z.string().nullable()
});
export type AgentChatView = z.infer<typeof AgentChatView>;

export const ConsoleState = z.object({
  connection: ConnectionState,
  /** null until the platform has answered the first sync. */
  agentStatus: AgentStatusView.nullable(),
  /** Sorted as SPEC §4 says (sortAgentChats). */
  chats: z.array(AgentChatView),
  /** Conversations waiting in the agent's splits. */
  waiting: z.number().int().nonnegative()
});
export type ConsoleState = z.infer<typeof ConsoleState>;

/** SPEC §4: active or incoming chats ahead of finished ones; otherwise newest last message first. */
export function sortAgentChats<T extends Pick<AgentChatView, 'status' | 'lastInteraction'>>(chats: readonly T[]): T[] {
  const open = (c: T) => (c.status === 'FINALIZADO' ? 1 : 0);
  return [...chats].sort((a, b) => open(a) - open(b) || (b.lastInteraction ?? '').localeCompare(a.lastInteraction ?? ''));
}
