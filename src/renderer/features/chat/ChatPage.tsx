import { useEffect, useEffectEvent } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { Body1, Button, Spinner, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { MSG } from '../../../shared/messages';
import { StatePanel } from '../../components/StatePanel';
import { useNotify } from '../../app/toasts';
import { consoleAtom, directoryOpenAtom } from './atoms';
import { loadConsoleAtom, resetConsoleAtom } from './actions';
import { useConsoleEvents } from './use-console-events';
import { ConsoleHeader } from './ConsoleHeader';
import { ChatList } from './ChatList';
import { ConversationView } from './ConversationView';
import { DirectoryPanel } from './DirectoryPanel';
import { CHAT_TEXT } from './texts';

const useStyles = makeStyles({
  page: { height: '100%', minHeight: '480px', display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  body: {
    flexGrow: 1,
    minHeight: 0,
    display: 'grid',
    gap: tokens.spacingHorizontalM,
    gridTemplateColumns: 'minmax(220px, 300px) minmax(0, 1fr)'
  },
  withDirectory: { gridTemplateColumns: 'minmax(220px, 300px) minmax(0, 1fr) minmax(240px, 320px)' }
});

/** /chat for the human agent (role 5): the console of SPEC §2 — chats, the conversation, the directory. */
export function ChatPage() {
  const styles = useStyles();
  const state = useAtomValue(consoleAtom);
  const directoryOpen = useAtomValue(directoryOpenAtom);
  const load = useSetAtom(loadConsoleAtom);
  const reset = useSetAtom(resetConsoleAtom);
  const notify = useNotify();
  useConsoleEvents();

  function runLoad() {
    void load().then((failure) => {
      if (failure) notify.error(failure);
    });
  }
  const loadOnOpen = useEffectEvent(runLoad);

  useEffect(() => {
    loadOnOpen();
    return () => reset();
  }, [reset]);

  if (state.data === null) {
    if (state.status === 'rejected') {
      return (
        <StatePanel
          landmark={false}
          title={MSG.dashboard.chatsLoadFailed}
          actions={
            <Button appearance="primary" onClick={runLoad}>
              {CHAT_TEXT.retry}
            </Button>
          }
        >
          <Body1>{CHAT_TEXT.loadFailedHint}</Body1>
        </StatePanel>
      );
    }
    return (
      <StatePanel landmark={false} title={CHAT_TEXT.loading} actions={null}>
        <Spinner aria-hidden size="medium" />
      </StatePanel>
    );
  }

  return (
    <div className={styles.page}>
      <ConsoleHeader state={state.data} />
      <div className={mergeClasses(styles.body, directoryOpen && styles.withDirectory)}>
        <ChatList chats={state.data.chats} />
        <ConversationView />
        {directoryOpen && <DirectoryPanel />}
      </div>
    </div>
  );
}
