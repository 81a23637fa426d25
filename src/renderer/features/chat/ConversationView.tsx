import { useId, useState } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { Body1, Button, Caption1, MessageBar, MessageBarBody, Spinner, makeStyles, tokens } from '@fluentui/react-components';
import type { AgentChatView } from '../../../shared/chat-console';
import { useNotify } from '../../app/toasts';
import { activeChatAtom, customerTypingAtom, threadAtom } from './atoms';
import { selectChatAtom } from './actions';
import { CustomerHeader } from './CustomerHeader';
import { MessageList } from './MessageList';
import { Composer } from './Composer';
import { NotesPanel } from './NotesPanel';
import { PreviousPanel } from './PreviousPanel';
import { SectionTabs } from './SectionTabs';
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
  centre: { flexGrow: 1, display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', gap: tokens.spacingVerticalM, padding: tokens.spacingHorizontalL },
  section: { flexGrow: 1, minHeight: 0, display: 'flex', flexDirection: 'column' },
  typing: { minHeight: '20px', padding: `0 ${tokens.spacingHorizontalL}`, color: tokens.colorNeutralForeground2, fontStyle: 'italic' }
});

type Section = 'conversation' | 'notes' | 'previous';
const SECTIONS: readonly { key: Section; label: string }[] = [
  { key: 'conversation', label: CHAT_TEXT.tabConversation },
  { key: 'notes', label: CHAT_TEXT.tabNotes },
  { key: 'previous', label: CHAT_TEXT.tabPrevious }
];

/** The chat in view: who the customer is, the actions, the messages and the composer. */
export function ConversationView() {
  const styles = useStyles();
  const chat = useAtomValue(activeChatAtom);

  if (!chat) {
    return (
      <section className={styles.panel} aria-label={CHAT_TEXT.conversation}>
        <div className={styles.centre}>
          <Body1>{CHAT_TEXT.noSelection}</Body1>
        </div>
      </section>
    );
  }

  return (
    <section className={styles.panel} aria-labelledby="conversacion-cliente">
      <CustomerHeader chat={chat} />
      {chat.recover && (
        <MessageBar intent="warning">
          <MessageBarBody>{CHAT_TEXT.recovered}</MessageBarBody>
        </MessageBar>
      )}
      <Sections key={chat.conversationId} chat={chat} />
    </section>
  );
}

/** The chat's sections: the conversation with its composer, the internal notes, the customer's earlier conversations. */
function Sections({ chat }: { chat: AgentChatView }) {
  const styles = useStyles();
  const [section, setSection] = useState<Section>('conversation');
  const base = useId();
  const panelId = (key: Section) => `${base}-${key}`;
  const typing = useAtomValue(customerTypingAtom).has(chat.conversationId) && chat.status !== 'FINALIZADO';
  return (
    <>
      <SectionTabs label={CHAT_TEXT.tabsLabel} tabs={SECTIONS} selected={section} panelId={panelId} onSelect={setSection} />
      <div role="tabpanel" id={panelId(section)} aria-labelledby={`${panelId(section)}-tab`} className={styles.section}>
        {section === 'notes' ? (
          <NotesPanel chat={chat} />
        ) : section === 'previous' ? (
          <PreviousPanel chat={chat} />
        ) : (
          <>
            <Thread chat={chat} />
            <Caption1 className={styles.typing} role="status" aria-live="polite">
              {typing ? CHAT_TEXT.customerTyping : ''}
            </Caption1>
            <Composer chat={chat} />
          </>
        )}
      </div>
    </>
  );
}

function Thread({ chat }: { chat: AgentChatView }) {
  const styles = useStyles();
  const thread = useAtomValue(threadAtom);
  const select = useSetAtom(selectChatAtom);
  const notify = useNotify();
  const loading = thread.status === 'pending' && thread.messages.length === 0;
  return (
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
  );
}
