import { atom } from 'jotai';
import type { ConsoleMessage, ConsoleState } from '../../../shared/chat-console';
import { MAX_UPLOAD_BYTES } from '../../../shared/domain/media';
import { MSG } from '../../../shared/messages';
import { MessageText } from '../../../shared/realtime';
import { loadState } from '../../app/load-state';
import { tracked } from '../../app/loading';
import {
  customerTypingAtom,
  EMPTY_DRAFT,
  EMPTY_THREAD,
  activeChatIdAtom,
  composerFocusAtom,
  consoleAtom,
  directoryOpenAtom,
  draftsAtom,
  pauseEventsAtom,
  templatesAtom,
  threadAtom,
  uploadsAtom,
  type Draft
} from './atoms';
import { keepUnchangedChats } from './chat-views';
import { fileToBase64, uploadContentType } from './files';
import { mergeMessage, mergeMessages } from './messages';
import { CHAT_TEXT } from './texts';

/** Whether the agent can see the console now: the window shown and focused. */
export function isWindowVisible(): boolean {
  return document.visibilityState === 'visible' && document.hasFocus();
}

/** Tells the main process which chat is in view and whether the agent can see it (notifications repeat until then). */
export const reportViewAtom = atom(null, (get) => {
  void window.atiende.chat.view({ conversationId: get(activeChatIdAtom), visible: isWindowVisible() });
});

function without<T>(record: Readonly<Record<string, T>>, key: string): Record<string, T> {
  const next = { ...record };
  delete next[key];
  return next;
}

/** Loads the messages of the chat in view and merges what arrived meanwhile. Resolves to the failure text, if any. */
const loadThreadAtom = atom(null, async (get, set, conversationId: string): Promise<string | null> => {
  const result = await window.atiende.chat.messages({ conversationId });
  const current = get(threadAtom);
  if (current.conversationId !== conversationId) return null; // the agent moved on
  if (!result.ok) {
    set(threadAtom, { ...current, status: 'rejected' });
    return result.error.message;
  }
  set(threadAtom, { conversationId, status: 'resolved', messages: mergeMessages(result.data, current.messages) });
  return null;
});

/**
 * Shows a chat (null: none): the previous thread is dropped, the main process is told (its unread
 * count clears), and its messages load. Resolves to the failure text, if any.
 */
export const selectChatAtom = atom(null, async (get, set, conversationId: string | null): Promise<string | null> => {
  if (get(activeChatIdAtom) === conversationId) {
    set(reportViewAtom);
    const thread = get(threadAtom);
    if (conversationId === null || thread.status !== 'rejected') return null;
    set(threadAtom, { ...thread, status: 'pending' });
    return set(loadThreadAtom, conversationId);
  }
  set(activeChatIdAtom, conversationId);
  set(threadAtom, conversationId === null ? EMPTY_THREAD : { conversationId, status: 'pending', messages: [] });
  set(reportViewAtom);
  if (conversationId === null) return null;
  return set(loadThreadAtom, conversationId);
});

/** A whole console state from the main process ('chat:changed' or the first 'chat:state'). */
export const applyConsoleStateAtom = atom(null, (get, set, pushed: ConsoleState) => {
  // Unchanged chats keep their objects, so their entries in the list are not rendered again.
  const state: ConsoleState = { ...pushed, chats: keepUnchangedChats(get(consoleAtom).data?.chats ?? [], pushed.chats) };
  set(consoleAtom, (prev) => ({ status: 'resolved', data: state, revision: prev.revision + 1 }));
  const ids = new Set(state.chats.map((c) => c.conversationId));
  const activeId = get(activeChatIdAtom);
  if (activeId !== null && !ids.has(activeId)) {
    // Transferred away or taken back by the platform: nothing to show any more.
    set(activeChatIdAtom, null);
    set(threadAtom, EMPTY_THREAD);
    set(reportViewAtom);
  }
  const drafts = get(draftsAtom);
  if (Object.keys(drafts).some((id) => !ids.has(id))) {
    set(draftsAtom, Object.fromEntries(Object.entries(drafts).filter(([id]) => ids.has(id))));
  }
  const uploads = get(uploadsAtom);
  if (Object.keys(uploads).some((id) => !ids.has(id))) {
    set(uploadsAtom, Object.fromEntries(Object.entries(uploads).filter(([id]) => ids.has(id))));
  }
  // The main process holds more than we have (e.g. it resynced after a reconnect): fetch the thread again.
  const thread = get(threadAtom);
  const active = state.chats.find((c) => c.conversationId === thread.conversationId);
  if (active && thread.status === 'resolved' && active.messageCount > thread.messages.length) {
    set(threadAtom, { ...thread, status: 'pending' });
    void set(loadThreadAtom, active.conversationId);
  }
});

/**
 * Loads the console ('chat:state'); a push that arrived meanwhile wins. Selects the chat the main
 * process still has in view (after a reload). Resolves to the failure text, if any.
 */
export const loadConsoleAtom = atom(null, async (get, set): Promise<string | null> => {
  const before = get(consoleAtom).revision;
  if (get(consoleAtom).data === null) set(consoleAtom, (prev) => ({ ...prev, status: 'pending' }));
  const result = await tracked(set, window.atiende.chat.state());
  if (!result.ok) {
    if (get(consoleAtom).data === null) set(consoleAtom, (prev) => ({ ...prev, status: 'rejected' }));
    return MSG.dashboard.chatsLoadFailed;
  }
  if (get(consoleAtom).revision === before) set(applyConsoleStateAtom, result.data);
  const inView = result.data.chats.find((c) => c.active);
  if (get(activeChatIdAtom) === null && inView) return set(selectChatAtom, inView.conversationId);
  return null;
});

/** Forgets the console (leaving the page, signing out): the next agent on this window starts clean. */
export const resetConsoleAtom = atom(null, (_get, set) => {
  set(consoleAtom, { status: 'idle', data: null, revision: 0 });
  set(activeChatIdAtom, null);
  set(threadAtom, EMPTY_THREAD);
  set(draftsAtom, {});
  set(uploadsAtom, {});
  set(pauseEventsAtom, loadState('idle', []));
  set(templatesAtom, loadState('idle', []));
  set(directoryOpenAtom, false);
  set(customerTypingAtom, new Set<string>());
});

/** The customer of a chat is (or stopped) typing. */
export const setCustomerTypingAtom = atom(null, (get, set, { conversationId, typing }: { conversationId: string; typing: boolean }) => {
  const current = get(customerTypingAtom);
  if (current.has(conversationId) === typing) return;
  const next = new Set(current);
  if (typing) next.add(conversationId);
  else next.delete(conversationId);
  set(customerTypingAtom, next);
});

/** A message pushed by the main process: kept only when its chat is in view. */
export const receiveMessageAtom = atom(null, (get, set, payload: { conversationId: string; message: ConsoleMessage }) => {
  const thread = get(threadAtom);
  if (thread.conversationId !== payload.conversationId) return;
  set(threadAtom, { ...thread, messages: mergeMessage(thread.messages, payload.message) });
});

export const updateDraftAtom = atom(null, (get, set, { conversationId, patch }: { conversationId: string; patch: Partial<Draft> }) => {
  const drafts = get(draftsAtom);
  const next = { ...(drafts[conversationId] ?? EMPTY_DRAFT), ...patch };
  set(draftsAtom, next.text === '' && next.attachment === null ? without(drafts, conversationId) : { ...drafts, [conversationId]: next });
});

/** Adds a text (a template, a directory message) to a chat's draft and hands the focus to the composer. */
export const insertIntoDraftAtom = atom(null, (get, set, { conversationId, text }: { conversationId: string; text: string }) => {
  const current = (get(draftsAtom)[conversationId] ?? EMPTY_DRAFT).text;
  const joined = current === '' ? text : `${current}${/\s$/.test(current) ? '' : ' '}${text}`;
  set(updateDraftAtom, { conversationId, patch: { text: joined } });
  set(composerFocusAtom, (n) => n + 1);
});

/**
 * Sends a chat's draft (text and staged attachment). The draft clears only once the main process
 * took the message; a failure keeps it. Resolves to the failure text, if any.
 */
export const sendDraftAtom = atom(null, async (get, set, conversationId: string): Promise<string | null> => {
  const draft = get(draftsAtom)[conversationId] ?? EMPTY_DRAFT;
  const text = draft.text.trim();
  if (text === '' && draft.attachment === null) return null;
  const valid = MessageText.safeParse(text);
  if (!valid.success) return valid.error.issues[0]?.message ?? MSG.generic.invalidInput;
  const result = await window.atiende.chat.send({ conversationId, text, attachment: draft.attachment });
  if (!result.ok) return result.error.message;
  // Clear what was sent; anything typed or attached meanwhile stays.
  const now = get(draftsAtom)[conversationId] ?? EMPTY_DRAFT;
  set(updateDraftAtom, {
    conversationId,
    patch: { text: now.text === draft.text ? '' : now.text, attachment: now.attachment === draft.attachment ? null : now.attachment }
  });
  return null;
});

/**
 * Uploads a file for a chat and stages it in the draft, to go with the next message.
 * Resolves to the failure text, if any.
 */
export const uploadFileAtom = atom(null, async (get, set, { conversationId, file }: { conversationId: string; file: File }): Promise<string | null> => {
  if (file.size > MAX_UPLOAD_BYTES) return CHAT_TEXT.fileTooLarge;
  if (file.size === 0) return CHAT_TEXT.fileEmpty;
  set(uploadsAtom, (u) => ({ ...u, [conversationId]: 'uploading' }));
  let failure: string | null = MSG.files.uploadFailed;
  try {
    const data = await fileToBase64(file);
    const result = await window.atiende.chat.upload({
      conversationId,
      data,
      format_type: 'base64',
      content_type: uploadContentType(file),
      name: file.name.slice(0, 200)
    });
    if (result.ok) {
      set(updateDraftAtom, { conversationId, patch: { attachment: result.data } });
      failure = null;
    }
  } catch {
    // Reading the file failed: reported as an upload failure below.
  }
  set(uploadsAtom, (u) => (failure === null ? without(u, conversationId) : { ...u, [conversationId]: 'error' }));
  return failure;
});

export const clearUploadErrorAtom = atom(null, (get, set, conversationId: string) => {
  if (get(uploadsAtom)[conversationId] === 'error') set(uploadsAtom, without(get(uploadsAtom), conversationId));
});
