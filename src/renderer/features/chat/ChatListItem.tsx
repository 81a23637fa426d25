import { memo } from 'react';
import { Badge, CounterBadge, makeStyles, mergeClasses, tokens, type BadgeProps } from '@fluentui/react-components';
import type { AgentChatView } from '../../../shared/chat-console';
import type { AgentChatStatus } from '../../../shared/domain/chat';
import type { EndMessage } from '../../../shared/domain/end-message';
import { formatInteractionTime } from '../../../shared/format';
import { previewText } from './messages';
import { useVisuallyHidden } from './a11y';
import { WaitTime } from './wait-time';
import { CHAT_STATUS_LABEL, CHAT_TEXT } from './texts';

const STATUS_COLOR: Record<AgentChatStatus, BadgeProps['color']> = { ENTRANTE: 'warning', ACTIVO: 'success', FINALIZADO: 'subtle' };

const useStyles = makeStyles({
  item: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXXS,
    width: '100%',
    boxSizing: 'border-box',
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    border: 'none',
    borderLeft: `3px solid transparent`,
    borderBottom: `1px solid ${tokens.colorNeutralStroke3}`,
    background: 'none',
    textAlign: 'left',
    cursor: 'pointer',
    fontFamily: tokens.fontFamilyBase,
    color: tokens.colorNeutralForeground1,
    ':hover': { backgroundColor: tokens.colorNeutralBackground1Hover },
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}`, outlineOffset: '-2px' }
  },
  incoming: { borderLeftColor: tokens.colorPaletteMarigoldBorderActive },
  selected: { backgroundColor: tokens.colorBrandBackground2, borderLeftColor: tokens.colorBrandStroke1, ':hover': { backgroundColor: tokens.colorBrandBackground2Hover } },
  row: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, minWidth: 0 },
  name: { flexGrow: 1, fontWeight: tokens.fontWeightSemibold, fontSize: tokens.fontSizeBase300, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  time: { flexShrink: 0, color: tokens.colorNeutralForeground2, fontSize: tokens.fontSizeBase100 },
  split: { color: tokens.colorNeutralForeground2, fontSize: tokens.fontSizeBase200, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  preview: { flexGrow: 1, color: tokens.colorNeutralForeground2, fontSize: tokens.fontSizeBase200, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  unreadPreview: { color: tokens.colorNeutralForeground1, fontWeight: tokens.fontWeightSemibold },
  wait: { flexShrink: 0, marginLeft: 'auto', color: tokens.colorPaletteMarigoldForeground2, fontSize: tokens.fontSizeBase100, fontWeight: tokens.fontWeightSemibold }
});

/** One chat of the list: customer, status, split, last message and its time, unread count. */
export const ChatListItem = memo(function ChatListItem({
  chat,
  selected,
  endMessages,
  onSelect
}: {
  chat: AgentChatView;
  selected: boolean;
  endMessages: readonly EndMessage[];
  onSelect(conversationId: string): void;
}) {
  const styles = useStyles();
  const hidden = useVisuallyHidden().hidden;
  const when = formatInteractionTime(chat.lastInteraction ?? chat.lastMessage?.fechaMensaje ?? chat.fechaEntrada);
  const preview = previewText(chat.lastMessage, endMessages);
  return (
    <li>
      <button
        type="button"
        className={mergeClasses(styles.item, chat.status === 'ENTRANTE' && styles.incoming, selected && styles.selected)}
        aria-current={selected ? 'true' : undefined}
        onClick={() => onSelect(chat.conversationId)}
        data-conversation={chat.conversationId}
      >
        <span className={styles.row}>
          <span className={styles.name}>{chat.customer.nombre || CHAT_TEXT.customerFallback}</span>
          {when && <span className={styles.time}>{when}</span>}
        </span>
        <span className={styles.row}>
          <Badge size="small" appearance="tint" color={STATUS_COLOR[chat.status]}>
            {CHAT_STATUS_LABEL[chat.status]}
          </Badge>
          {chat.split && <span className={styles.split}>{chat.split.nombre}</span>}
          {chat.status === 'ENTRANTE' && <WaitTime since={chat.fechaEntrada} className={styles.wait} />}
        </span>
        <span className={styles.row}>
          <span className={mergeClasses(styles.preview, chat.unreadMessages > 0 && styles.unreadPreview)}>{preview}</span>
          {chat.unreadMessages > 0 && (
            <>
              <CounterBadge count={chat.unreadMessages} overflowCount={99} size="small" aria-hidden data-testid="no-leidos" />
              <span className={hidden}>{CHAT_TEXT.unread(chat.unreadMessages)}</span>
            </>
          )}
        </span>
      </button>
    </li>
  );
});
