import type { Socket } from 'socket.io-client';
import type { ConsoleMessage } from '../../shared/chat-console';
import type { LiveMessage } from '../../shared/realtime';
import { parseAck } from './agent-requests';
import type { Clock, Logger } from './ports';

export interface OutboxMessage {
  conversationId: string;
  clientId: string;
  text: string;
  attachment: ConsoleMessage['adjunto'];
}

export interface ChatOutboxDeps {
  /** The socket to send on while it may (connected and synced); null otherwise. */
  socket: () => Socket | null;
  clock: Clock;
  logger: Logger;
  /** How long a send waits for its ack before it goes again. */
  retryMs: number;
  /** The platform stored it (the ack's message). */
  stored: (message: LiveMessage) => void;
  /** The platform refused it for good (the chat ended, a bad attachment). */
  refused: (message: OutboxMessage) => void;
  /** How long sending pauses after the platform answered 429 (this socket sends too fast). */
  throttleMs: number;
  /** The platform answered 429: the outbox holds everything for `throttleMs`. */
  throttled: () => void;
}

/**
 * The messages the agent wrote that the platform has not acked (DESIGN §3: no loss, no duplicates).
 * Each goes out with its clientId and again with the same clientId after `retryMs` without an ack,
 * and again after every reconnect, until an ack — or the stored message arriving another way —
 * settles it; the platform drops repeats by clientId. A 429 (over the socket's message rate)
 * holds the whole outbox for `throttleMs` — no retry loop — and then sends what is still owed in
 * the order it was written.
 */
export function createChatOutbox(deps: ChatOutboxDeps) {
  const entries = new Map<string, { message: OutboxMessage; cancelRetry: (() => void) | null }>();
  /** Set while a 429 holds sending: cancels the hold. */
  let holding: (() => void) | null = null;

  function transmit(clientId: string): void {
    const entry = entries.get(clientId);
    const socket = deps.socket();
    if (!entry || !socket?.connected || holding) return;
    entry.cancelRetry?.();
    entry.cancelRetry = deps.clock.after(deps.retryMs, () => {
      entry.cancelRetry = null;
      transmit(clientId);
    });
    socket.emit('chat:send', entry.message, (raw: unknown) => {
      if (!entries.has(clientId)) return;
      const ack = parseAck('chat:send', raw, deps.logger);
      if (ack.ok) return deps.stored(ack.data);
      const { status, message } = ack.error;
      if (status === 429) return hold();
      // A platform failure (or a malformed ack) is retried by the timer; a refusal never succeeds.
      if (status === 0 || status >= 500) return;
      deps.logger.warn(`chat:send refused (${status}): ${message}`);
      settle(clientId);
      deps.refused(entry.message);
    });
  }

  function settle(clientId: string): void {
    entries.get(clientId)?.cancelRetry?.();
    entries.delete(clientId);
  }

  function hold(): void {
    if (holding) return;
    pause();
    holding = deps.clock.after(deps.throttleMs, () => {
      holding = null;
      for (const clientId of [...entries.keys()]) transmit(clientId);
    });
    deps.throttled();
  }

  function pause(): void {
    for (const entry of entries.values()) {
      entry.cancelRetry?.();
      entry.cancelRetry = null;
    }
  }

  return {
    add(message: OutboxMessage): void {
      entries.set(message.clientId, { message, cancelRetry: null });
      transmit(message.clientId);
    },
    settle,
    /** The socket dropped: retries wait for the next connect. */
    pause,
    /** After a sync: sends what is still owed to open chats; answers the ones whose chat is gone (now dropped). */
    resume(isOpen: (conversationId: string) => boolean): OutboxMessage[] {
      const gone: OutboxMessage[] = [];
      for (const [clientId, entry] of [...entries]) {
        if (isOpen(entry.message.conversationId)) transmit(clientId);
        else {
          settle(clientId);
          gone.push(entry.message);
        }
      }
      return gone;
    },
    clear(): void {
      pause();
      holding?.();
      holding = null;
      entries.clear();
    }
  };
}

export type ChatOutbox = ReturnType<typeof createChatOutbox>;
