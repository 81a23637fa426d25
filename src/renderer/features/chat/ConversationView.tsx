import { useAtomValue, useSetAtom } from 'jotai';
import { Body1, Button, MessageBar, MessageBarBody, Spinner, makeStyles, tokens } from '@fluentui/react-components';
import { useNotify } from '../../app/toasts';
import { activeChatAtom, threadAtom } from './atoms';
import { selectChatAtom } from './actions';
import { CustomerHeader } from './CustomerHeader';
import { MessageList } from './MessageList';
import { Composer } from './Composer';
import { CHAT_TEXT } from './texts';

const useStyles = makeStyles({
  panel: {
    display: 'flex',
    flexDirection: 'column',
    minHeight: 0,
    minWidth: 0,
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusMedium,
    boxShadow: tokens.shadow2,
    overflow: 'hidden'
  },
  thread: { flexGrow: 1, minHeight: 0, display: 'flex', flexDirection: 'column' },
  centre: { flexGrow: 1, display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', gap: tokens.spacingVerticalM, padding: tokens.spacingHorizontalL }
});

/** The chat in view: who the customer is, the actions, the messages and the composer. */
export function ConversationView() {
  const styles = useStyles();
  const chat = useAtomValue(activeChatAtom);
  const thread = useAtomValue(threadAtom);
  const select = useSetAtom(selectChatAtom);
  const notify = useNotify();

  if (!chat) {
    return (
      <section className={styles.panel} aria-label={CHAT_TEXT.conversation}>
        <div className={styles.centre}>
          <Body1>{CHAT_TEXT.noSelection}</Body1>
        </div>
      </section>
    );
  }

  const loading = thread.status === 'pending' && thread.messages.length === 0;
  return (
    <section className={styles.panel} aria-labelledby="conversacion-cliente">
      <CustomerHeader chat={chat} />
      {chat.recover && (
        <MessageBar intent="warning">
          <MessageBarBody>{CHAT_TEXT.recovered}</MessageBarBody>
        </MessageBar>
      )}
      <div className={styles.thread}>
        {loading ? (
          <div className={styles.centre}>
            <Spinner size="small" label={CHAT_TEXT.loadingMessages} />
          </div>
        ) : thread.status === 'rejected' ? (
          <div className={styles.centre}>
            <Body1>{CHAT_TEXT.messagesFailed}</Body1>
            <Button
              onClick={() =>
                void select(chat.conversationId).then((failure) => {
                  if (failure) notify.error(failure);
                })
              }
            >
              {CHAT_TEXT.retry}
            </Button>
          </div>
        ) : (
          <MessageList key={chat.conversationId} chat={chat} messages={thread.messages} />
        )}
      </div>
      <Composer key={chat.conversationId} chat={chat} />
    </section>
  );
}
