import { useEffect } from 'react';
import { useSetAtom } from 'jotai';
import { useNotify } from '../../app/toasts';
import { applyConsoleStateAtom, receiveMessageAtom, reportViewAtom, selectChatAtom } from './actions';
import { playAlert } from './sound';

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
  const notify = useNotify();

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
