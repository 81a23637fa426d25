import { useEffect, useRef } from 'react';
import { useSetAtom } from 'jotai';
import { useNotify } from '../../app/toasts';
import { applyConsoleStateAtom, receiveMessageAtom, reportViewAtom, selectChatAtom, setCustomerTypingAtom } from './actions';
import { playAlert } from './sound';
import { TYPING_SHOWN_MS } from './typing';

/**
 * Follows the main process's chat link: the whole state on every change, the messages of the
 * chat in view, notification clicks (show that chat) and alerts (play the sound). Reports to it
 * whether the agent can see the console whenever the window is shown, hidden, focused or left.
 */
export function useConsoleEvents(): void {
  const apply = useSetAtom(applyConsoleStateAtom);
  const receive = useSetAtom(receiveMessageAtom);
  const select = useSetAtom(selectChatAtom);
  const report = useSetAtom(reportViewAtom);
  const setTyping = useSetAtom(setCustomerTypingAtom);
  const notify = useNotify();
  const typingTimers = useRef(new Map<string, ReturnType<typeof setTimeout>>());

  useEffect(() => {
    const timers = typingTimers.current;
    /** The indicator shows until a 'false', the customer's message, or TYPING_SHOWN_MS without news. */
    const typing = (conversationId: string, on: boolean) => {
      clearTimeout(timers.get(conversationId));
      timers.delete(conversationId);
      setTyping({ conversationId, typing: on });
      if (on) timers.set(conversationId, setTimeout(() => typing(conversationId, false), TYPING_SHOWN_MS));
    };
    const offs = [
      window.atiende.on('chat:typing', ({ conversationId, typing: on }) => typing(conversationId, on)),
      window.atiende.on('chat:message', ({ conversationId, message }) => {
        if (message.tipoUsuario === 'CLIENTE' && timers.has(conversationId)) typing(conversationId, false);
      })
    ];
    return () => {
      for (const off of offs) off();
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
    };
  }, [setTyping]);

  useEffect(() => {
    const offs = [
      window.atiende.on('chat:changed', (state) => apply(state)),
      window.atiende.on('chat:message', (payload) => receive(payload)),
      window.atiende.on('chat:focus', ({ conversationId }) => {
        void select(conversationId).then((failure) => {
          if (failure) notify.error(failure);
        });
      }),
      window.atiende.on('chat:alert', () => playAlert())
    ];
    return () => {
      for (const off of offs) off();
    };
  }, [apply, receive, select, notify]);

  useEffect(() => {
    const onChange = () => report();
    report();
    document.addEventListener('visibilitychange', onChange);
    window.addEventListener('focus', onChange);
    window.addEventListener('blur', onChange);
    return () => {
      document.removeEventListener('visibilitychange', onChange);
      window.removeEventListener('focus', onChange);
      window.removeEventListener('blur', onChange);
      // Leaving the console: nothing is in view any more, so notifications keep coming.
      void window.atiende.chat.view({ conversationId: null, visible: false });
    };
  }, [report]);
}
