import { memo } from 'react';
import { CounterBadge, makeStyles, mergeClasses, shorthands, tokens } from '@fluentui/react-components';
import type { AgentChatView } from '../../../shared/chat-console';
import type { AgentChatStatus } from '../../../shared/domain/chat';
import type { EndMessage } from '../../../shared/domain/end-message';
import { formatInteractionTime } from '../../../shared/format';
import { previewText } from './messages';
import { useVisuallyHidden } from './a11y';
import { WaitTime } from './wait-time';
import { CHAT_STATUS_LABEL, CHAT_TEXT } from './texts';

/** The status badge's colours: Fluent's Badge appearance="tint" (warning, success, subtle). */
const STATUS_BADGE = { ENTRANTE: 'warning', ACTIVO: 'success', FINALIZADO: 'subtle' } as const satisfies Record<AgentChatStatus, string>;

/**
 * The entries' classes, computed once by the list and handed to every entry: an entry calls no
 * hook of its own (a style hook is a hook, an insertion effect and two context reads per entry
 * and per render), so the list keeps a shift of finished chats for little more than their DOM.
 */
export const useChatListItemStyles = makeStyles({
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
  wait: { flexShrink: 0, marginLeft: 'auto', color: tokens.colorPaletteMarigoldForeground2, fontSize: tokens.fontSizeBase100, fontWeight: tokens.fontWeightSemibold },
  // Fluent's small tint Badge (the same tokens), as a plain span: no component and no style hooks per entry.
  badge: {
    display: 'inline-flex',
    flexShrink: 0,
    boxSizing: 'border-box',
    alignItems: 'center',
    justifyContent: 'center',
    height: '16px',
    minWidth: '16px',
    padding: `0 calc(${tokens.spacingHorizontalXXS} + ${tokens.spacingHorizontalXXS})`,
    borderRadius: tokens.borderRadiusCircular,
    border: `${tokens.strokeWidthThin} solid`,
    fontFamily: tokens.fontFamilyBase,
    fontSize: tokens.fontSizeBase100,
    fontWeight: tokens.fontWeightSemibold,
    lineHeight: tokens.lineHeightBase100
  },
  warning: { backgroundColor: tokens.colorPaletteYellowBackground1, color: tokens.colorPaletteYellowForeground1, ...shorthands.borderColor(tokens.colorPaletteYellowBorder1) },
  success: { backgroundColor: tokens.colorPaletteGreenBackground1, color: tokens.colorPaletteGreenForeground1, ...shorthands.borderColor(tokens.colorPaletteGreenBorder1) },
  subtle: { backgroundColor: tokens.colorNeutralBackground1, color: tokens.colorNeutralForeground3, ...shorthands.borderColor(tokens.colorNeutralStroke2) }
});

export type ChatListItemClasses = ReturnType<typeof useChatListItemStyles>;

/** The unread count, shown and spoken: only entries with unread messages render it (and its hook). */
function Unread({ count }: { count: number }) {
  const hidden = useVisuallyHidden().hidden;
  return (
    <>
      <CounterBadge count={count} overflowCount={99} size="small" aria-hidden data-testid="no-leidos" />
      <span className={hidden}>{CHAT_TEXT.unread(count)}</span>
    </>
  );
}

/** One chat of the list: customer, status, split, last message and its time, unread count. */
export const ChatListItem = memo(function ChatListItem({
  chat,
  selected,
  endMessages,
  classes,
  onSelect
}: {
  chat: AgentChatView;
  selected: boolean;
  endMessages: readonly EndMessage[];
  classes: ChatListItemClasses;
  onSelect(conversationId: string): void;
}) {
  const when = formatInteractionTime(chat.lastInteraction ?? chat.lastMessage?.fechaMensaje ?? chat.fechaEntrada);
  const preview = previewText(chat.lastMessage, endMessages);
  return (
    <li>
      <button
        type="button"
        className={mergeClasses(classes.item, chat.status === 'ENTRANTE' && classes.incoming, selected && classes.selected)}
        aria-current={selected ? 'true' : undefined}
        onClick={() => onSelect(chat.conversationId)}
        data-conversation={chat.conversationId}
      >
        <span className={classes.row}>
          <span className={classes.name}>{chat.customer.nombre || CHAT_TEXT.customerFallback}</span>
          {when && <span className={classes.time}>{when}</span>}
        </span>
        <span className={classes.row}>
          <span className={mergeClasses(classes.badge, classes[STATUS_BADGE[chat.status]])}>{CHAT_STATUS_LABEL[chat.status]}</span>
          {chat.split && <span className={classes.split}>{chat.split.nombre}</span>}
          {chat.status === 'ENTRANTE' && <WaitTime since={chat.fechaEntrada} className={classes.wait} />}
        </span>
        <span className={classes.row}>
          <span className={mergeClasses(classes.preview, chat.unreadMessages > 0 && classes.unreadPreview)}>{preview}</span>
          {chat.unreadMessages > 0 && <Unread count={chat.unreadMessages} />}
        </span>
      </button>
    </li>
  );
});
