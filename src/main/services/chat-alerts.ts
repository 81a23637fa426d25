import type { ConsoleMessage } from '../../shared/chat-console';
import type { ChatBook, ChatSummary } from './chat-book';
import type { EventBus } from './event-bus';
import type { ChatNotification, Clock, Notifier } from './ports';

/** How often a notification repeats while something stays unseen (DESIGN §3: "repeating until the agent looks"). */
export const NOTIFY_REPEAT_MS = 30_000;
const PREVIEW_CHARS = 140;

/** The notification texts (es-CO). */
export const ALERT_TEXT = {
  incomingTitle: 'Nuevo chat entrante',
  transferredTitle: 'Chat transferido',
  messageTitle: (name: string) => `Nuevo mensaje de ${name}`,
  unreadBody: (count: number) => `${count} mensajes sin leer`,
  attachmentBody: (name: string) => `Archivo adjunto: ${name}`,
  defaultCustomer: 'Cliente'
} as const;

type Chat = Pick<ChatSummary, 'conversationId' | 'customer' | 'split' | 'canal' | 'transfer'>;

function customerName(chat: Pick<Chat, 'customer'>): string {
  return chat.customer.nombre.trim() || ALERT_TEXT.defaultCustomer;
}

function preview(message: Pick<ConsoleMessage, 'mensaje' | 'adjunto'>): string {
  const text = message.mensaje.replace(/\s+/g, ' ').trim();
  if (text === '' && message.adjunto) return ALERT_TEXT.attachmentBody(message.adjunto.name);
  return text.length > PREVIEW_CHARS ? `${text.slice(0, PREVIEW_CHARS - 1)}…` : text;
}

function incomingNotice(chat: Chat): ChatNotification {
  return {
    title: chat.transfer ? ALERT_TEXT.transferredTitle : ALERT_TEXT.incomingTitle,
    body: `${customerName(chat)} · ${chat.split?.nombre ?? chat.canal}`,
    conversationId: chat.conversationId
  };
}

export interface ChatAlertsDeps {
  notifier: Notifier;
  bus: EventBus;
  clock: Clock;
  book: ChatBook;
  repeatMs?: number;
}

/**
 * The notification rule (DESIGN §3): a notification and an alert sound for every incoming or
 * transferred chat and for every client message the agent is not looking at; while anything stays
 * unseen the most pressing one is raised again every `repeatMs`; the badge counts what is unseen.
 */
export function createChatAlerts({ notifier, bus, clock, book, repeatMs = NOTIFY_REPEAT_MS }: ChatAlertsDeps) {
  let stopRepeat: (() => void) | null = null;
  let badge = 0;

  function raise(notice: ChatNotification, kind: 'incoming' | 'message'): void {
    notifier.notify(notice);
    bus.emit('chat:alert', { kind, conversationId: notice.conversationId });
  }

  /** A fresh notification starts the repeat period again, so a repeat never follows it closely. */
  function restartRepeat(): void {
    stopRepeat?.();
    stopRepeat = clock.every(repeatMs, repeat);
  }

  function stop(): void {
    stopRepeat?.();
    stopRepeat = null;
  }

  function repeat(): void {
    const chats = book.summaries();
    const incoming = chats.filter((c) => c.unseenIncoming).sort((a, b) => a.arrived - b.arrived)[0];
    if (incoming) return raise(incomingNotice(incoming), 'incoming');
    const unread = chats
      .filter((c) => c.unread > 0 && c.lastClientMessage)
      .sort((a, b) => (b.lastClientMessage?.fechaMensaje ?? '').localeCompare(a.lastClientMessage?.fechaMensaje ?? ''))[0];
    if (!unread?.lastClientMessage) return stop();
    const body = unread.unread > 1 ? ALERT_TEXT.unreadBody(unread.unread) : preview(unread.lastClientMessage);
    raise({ title: ALERT_TEXT.messageTitle(customerName(unread)), body, conversationId: unread.conversationId }, 'message');
  }

  return {
    incoming(chat: Chat): void {
      raise(incomingNotice(chat), 'incoming');
      restartRepeat();
    },

    message(chat: Chat, message: ConsoleMessage): void {
      raise({ title: ALERT_TEXT.messageTitle(customerName(chat)), body: preview(message), conversationId: chat.conversationId }, 'message');
      restartRepeat();
    },

    /** After any change: the badge follows what is unseen, and the repeat stops once nothing is. */
    update(): void {
      const count = book.unseenCount();
      if (count !== badge) {
        badge = count;
        notifier.setBadge(count);
      }
      if (count === 0) stop();
    },

    dispose(): void {
      stop();
      if (badge !== 0) notifier.setBadge(0);
      badge = 0;
    }
  };
}

export type ChatAlerts = ReturnType<typeof createChatAlerts>;
