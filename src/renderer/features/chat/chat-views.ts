import { dequal } from 'dequal';
import type { AgentChatView } from '../../../shared/chat-console';

/**
 * The chats of a new 'chat:changed' push, each replaced by the previous push's object when it
 * describes the chat the same way (every field, deeply). Every push is parsed afresh at the IPC
 * boundary, so without this every entry of the list — the finished chats of a whole shift
 * included — re-renders and keeps a second copy of its props on every change of any chat; with
 * it, the memoised entries of unchanged chats are skipped. Answers `previous` itself when nothing
 * changed, order included.
 */
export function keepUnchangedChats(previous: AgentChatView[], next: AgentChatView[]): AgentChatView[] {
  if (previous.length === 0) return next;
  const before = new Map(previous.map((chat) => [chat.conversationId, chat]));
  let same = previous.length === next.length;
  const kept = next.map((chat, i) => {
    const old = before.get(chat.conversationId);
    const chosen = old !== undefined && dequal(old, chat) ? old : chat;
    if (chosen !== previous[i]) same = false;
    return chosen;
  });
  return same ? previous : kept;
}
