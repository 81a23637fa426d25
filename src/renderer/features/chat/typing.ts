import { useCallback, useEffect, useRef } from 'react';

/** While the agent types, 'typing' is repeated at most this often (the customer's page clears it after a silence). */
export const TYPING_REFRESH_MS = 2000;
/** No keystroke for this long: the agent stopped typing. */
export const TYPING_IDLE_MS = 3000;
/** The customer's indicator goes away after this long without news (a lost 'false'). */
export const TYPING_SHOWN_MS = 6000;

/**
 * Tells the platform when the agent types in a chat: 'true' on the first keystroke and again at
 * most every TYPING_REFRESH_MS while typing, 'false' after TYPING_IDLE_MS of silence, on send,
 * on an emptied composer and when the chat is left. Best effort: a failed signal is not retried.
 */
export function useTypingSignal(conversationId: string, closed: boolean) {
  const state = useRef({ active: false, sentAt: 0, idle: null as ReturnType<typeof setTimeout> | null });

  const signal = useCallback(
    (typing: boolean) => {
      void window.atiende.chat.typing({ conversationId, typing }).catch(() => undefined);
    },
    [conversationId]
  );

  const stop = useCallback(() => {
    const s = state.current;
    if (s.idle) clearTimeout(s.idle);
    s.idle = null;
    if (s.active) signal(false);
    s.active = false;
  }, [signal]);

  const typed = useCallback(
    (text: string) => {
      if (closed || text.trim() === '') return stop();
      const s = state.current;
      const now = Date.now();
      if (!s.active || now - s.sentAt >= TYPING_REFRESH_MS) {
        signal(true);
        s.sentAt = now;
        s.active = true;
      }
      if (s.idle) clearTimeout(s.idle);
      s.idle = setTimeout(stop, TYPING_IDLE_MS);
    },
    [closed, signal, stop]
  );

  useEffect(() => stop, [stop]);
  useEffect(() => {
    if (closed) stop();
  }, [closed, stop]);

  return { typed, stop };
}
