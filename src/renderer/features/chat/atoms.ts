import { atom } from 'jotai';
import type { z } from 'zod';
import type { AgentChatView, ConsoleMessage, ConsoleState } from '../../../shared/chat-console';
import type { AttachmentRef } from '../../../shared/realtime';
import type { PauseEvent } from '../../../shared/domain/parameters';
import type { ResponseTemplate } from '../../../shared/domain/response-template';
import { loadState, type LoadState, type LoadStatus } from '../../app/load-state';

/**
 * The console as the renderer holds it: the chat list (pushed whole by the main process) and the
 * messages of the chat in view only — switching chats drops the previous thread, so a shift of
 * eight hours keeps the renderer's memory flat. Everything else stays in the main process.
 */

export type Attachment = z.infer<typeof AttachmentRef>;

/** The console state; `revision` counts the pushes, so an older 'chat:state' answer never overwrites a newer push. */
export const consoleAtom = atom<{ status: LoadStatus; data: ConsoleState | null; revision: number }>({
  status: 'idle',
  data: null,
  revision: 0
});

/** The chat in view. */
export const activeChatIdAtom = atom<string | null>(null);

export const activeChatAtom = atom<AgentChatView | null>((get) => {
  const id = get(activeChatIdAtom);
  if (id === null) return null;
  return get(consoleAtom).data?.chats.find((c) => c.conversationId === id) ?? null;
});

/** The messages of the chat in view (raw: COMMAND messages still carry their acronym). */
export interface Thread {
  conversationId: string | null;
  status: LoadStatus;
  messages: ConsoleMessage[];
}
export const EMPTY_THREAD: Thread = { conversationId: null, status: 'idle', messages: [] };
export const threadAtom = atom<Thread>(EMPTY_THREAD);

/** What the agent is writing in each chat: kept per chat when switching, and after a failed send. */
export interface Draft {
  text: string;
  attachment: Attachment | null;
}
export const EMPTY_DRAFT: Draft = { text: '', attachment: null };
export const draftsAtom = atom<Readonly<Record<string, Draft>>>({});

/** Uploads under way or failed, per chat. */
export const uploadsAtom = atom<Readonly<Record<string, 'uploading' | 'error'>>>({});

/** The chats whose customer is typing now (the platform's 'chat:typing'; cleared after a silence). */
export const customerTypingAtom = atom<ReadonlySet<string>>(new Set<string>());

/** Bumped to ask the composer to take the focus (after inserting a template or a directory message). */
export const composerFocusAtom = atom(0);

export const directoryOpenAtom = atom(false);

/** The active pause events (the Pausa choice, and the name of the current pause). */
export const pauseEventsAtom = atom<LoadState<PauseEvent[]>>(loadState('idle', []));

/** The organisation's response templates, loaded when the picker first opens. */
export const templatesAtom = atom<LoadState<ResponseTemplate[]>>(loadState('idle', []));
