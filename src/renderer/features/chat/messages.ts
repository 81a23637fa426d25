import type { ConsoleMessage } from '../../../shared/chat-console';
import type { EndMessage } from '../../../shared/domain/end-message';
import { AttachmentRef } from '../../../shared/realtime';
import { resolveEscalatedMessages } from '../../../shared/domain/chat';
import { CHAT_TEXT } from './texts';

/** The same message: the same client id (a pending one and its stored copy), or the same seq. */
function sameMessage(a: ConsoleMessage, b: ConsoleMessage): boolean {
  if (a.clientId !== null && a.clientId === b.clientId) return true;
  return a.seq > 0 && a.seq === b.seq;
}

/**
 * Puts one message into a thread: stored messages in seq order, pending ones after every stored
 * one in the order they were sent. A message already there (by client id or seq) is replaced.
 */
export function mergeMessage(list: readonly ConsoleMessage[], message: ConsoleMessage): ConsoleMessage[] {
  const rest = list.filter((m) => !sameMessage(m, message));
  if (message.pending) {
    rest.push(message);
    return rest;
  }
  let at = rest.length;
  for (let i = 0; i < rest.length; i++) {
    const m = rest[i] as ConsoleMessage;
    if (m.pending || m.seq > message.seq) {
      at = i;
      break;
    }
  }
  rest.splice(at, 0, message);
  return rest;
}

export function mergeMessages(base: readonly ConsoleMessage[], extra: readonly ConsoleMessage[]): ConsoleMessage[] {
  let list = [...base];
  for (const m of extra) list = mergeMessage(list, m);
  return list;
}

export type ThreadRow =
  | { kind: 'bot-start'; key: string }
  | { kind: 'divider'; key: string; fechaEntrada: string | null }
  | { kind: 'message'; key: string; message: ConsoleMessage; phase: 'bot' | 'human' };

export function messageKey(m: ConsoleMessage): string {
  return m.clientId !== null ? `c:${m.clientId}` : `s:${m.seq}`;
}

/**
 * The rows of a conversation: the history with the virtual assistant (everything up to its last
 * answer, under its own heading), a divider where the human exchange starts, then the human
 * exchange. Without bot messages there is neither heading nor divider.
 */
export function buildRows(messages: readonly ConsoleMessage[], fechaEntrada: string | null): ThreadRow[] {
  let lastBot = -1;
  for (let i = messages.length - 1; i >= 0; i--) {
    if (messages[i]?.tipoUsuario === 'BOT') {
      lastBot = i;
      break;
    }
  }
  const rows: ThreadRow[] = lastBot >= 0 ? [{ kind: 'bot-start', key: 'bot-start' }] : [];
  messages.forEach((message, i) => {
    rows.push({ kind: 'message', key: messageKey(message), message, phase: i <= lastBot ? 'bot' : 'human' });
    if (i === lastBot) rows.push({ kind: 'divider', key: 'escalation', fechaEntrada });
  });
  return rows;
}

/** The messages as the agent reads them: COMMAND messages replaced by their end-message text, or dropped (SPEC §3). */
export function displayMessages(messages: readonly ConsoleMessage[], endMessages: readonly EndMessage[]): ConsoleMessage[] {
  return resolveEscalatedMessages(messages, endMessages);
}

/** One line for the chat list: the last message's text (or its file), COMMAND resolved. */
export function previewText(message: ConsoleMessage | null, endMessages: readonly EndMessage[]): string {
  if (!message) return '';
  const [shown] = resolveEscalatedMessages([message], endMessages);
  if (!shown) return '';
  const text = shown.mensaje.replace(/\s+/g, ' ').trim();
  const body = shown.adjunto ? `📎 ${shown.adjunto.name}${text ? ` · ${text}` : ''}` : text;
  return shown.tipoUsuario === 'ASESOR' ? `${CHAT_TEXT.you}${body}` : body;
}

/** Whether a file can be saved through the main process: only files this platform serves. */
export function isSavable(url: string): boolean {
  return AttachmentRef.shape.url.safeParse(url).success;
}
