import { useAtomValue, useSetAtom } from 'jotai';
import { useCallback, type KeyboardEvent } from 'react';
import { Body1, Caption1, Subtitle2, makeStyles, tokens } from '@fluentui/react-components';
import type { AgentChatView } from '../../../shared/chat-console';
import { useNotify } from '../../app/toasts';
import { endMessagesAtom } from '../platform/atoms';
import { activeChatIdAtom } from './atoms';
import { selectChatAtom } from './actions';
import { ChatListItem, useChatListItemStyles } from './ChatListItem';
import { CHAT_TEXT } from './texts';

const useStyles = makeStyles({
  panel: {
    display: 'flex',
    flexDirection: 'column',
    minHeight: 0,
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusMedium,
    boxShadow: tokens.shadow2,
    overflow: 'hidden'
  },
  heading: { margin: 0, padding: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalM}` },
  scroll: { flexGrow: 1, overflowY: 'auto', minHeight: 0 },
  group: { margin: 0 },
  groupHeading: {
    margin: 0,
    padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalM}`,
    color: tokens.colorNeutralForeground2,
    fontSize: tokens.fontSizeBase200,
    fontWeight: tokens.fontWeightSemibold,
    textTransform: 'uppercase'
  },
  list: { listStyle: 'none', margin: 0, padding: 0 },
  empty: { padding: tokens.spacingHorizontalM, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS }
});

const MOVES = new Set(['ArrowDown', 'ArrowUp', 'Home', 'End']);

/** Arrow keys, Home and End move between the chats (Tab still leaves the list). */
function moveFocus(e: KeyboardEvent<HTMLDivElement>) {
  if (!MOVES.has(e.key)) return;
  const buttons = [...e.currentTarget.querySelectorAll<HTMLButtonElement>('button[data-conversation]')];
  const at = buttons.findIndex((b) => b === document.activeElement);
  if (at < 0) return;
  e.preventDefault();
  const last = buttons.length - 1;
  const next = e.key === 'Home' ? 0 : e.key === 'End' ? last : Math.min(last, Math.max(0, at + (e.key === 'ArrowDown' ? 1 : -1)));
  buttons[next]?.focus();
}

/**
 * The agent's chats in the order the main process sorted them (SPEC §4: open chats first, then
 * newest last message first), in two groups: in progress (ENTRANTE, ACTIVO) and finished.
 * Arrow keys move between chats.
 */
export function ChatList({ chats }: { chats: readonly AgentChatView[] }) {
  const styles = useStyles();
  const itemClasses = useChatListItemStyles();
  const activeId = useAtomValue(activeChatIdAtom);
  const endMessages = useAtomValue(endMessagesAtom).data;
  const select = useSetAtom(selectChatAtom);
  const notify = useNotify();

  // Stable, as the entries' other props: an entry renders again only when its chat changed (or its selection).
  const onSelect = useCallback(
    (conversationId: string) => {
      void select(conversationId).then((failure) => {
        if (failure) notify.error(failure);
      });
    },
    [select, notify]
  );

  const groups = [
    { id: 'chats-en-curso', title: CHAT_TEXT.openChats, chats: chats.filter((c) => c.status !== 'FINALIZADO') },
    { id: 'chats-finalizados', title: CHAT_TEXT.finishedChats, chats: chats.filter((c) => c.status === 'FINALIZADO') }
  ].filter((g) => g.chats.length > 0);

  return (
    <nav className={styles.panel} aria-labelledby="lista-chats-titulo">
      <Subtitle2 as="h2" id="lista-chats-titulo" className={styles.heading}>
        {CHAT_TEXT.chatList}
      </Subtitle2>
      <div className={styles.scroll} onKeyDown={moveFocus}>
        {groups.length === 0 ? (
          <div className={styles.empty}>
            <Body1>{CHAT_TEXT.noChats}</Body1>
            <Caption1>{CHAT_TEXT.noChatsHint}</Caption1>
          </div>
        ) : (
          groups.map((group) => (
            <section key={group.id} className={styles.group} aria-labelledby={group.id}>
              <h3 id={group.id} className={styles.groupHeading}>
                {`${group.title} (${group.chats.length})`}
              </h3>
              <ul className={styles.list}>
                {group.chats.map((chat) => (
                  <ChatListItem
                    key={chat.conversationId}
                    chat={chat}
                    selected={chat.conversationId === activeId}
                    endMessages={endMessages}
                    classes={itemClasses}
                    onSelect={onSelect}
                  />
                ))}
              </ul>
            </section>
          ))
        )}
      </div>
    </nav>
  );
}
