import { useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useAtomValue } from 'jotai';
import { useVirtualizer } from '@tanstack/react-virtual';
import { Button, Divider, makeStyles, tokens } from '@fluentui/react-components';
import { ArrowDown16Regular } from '@fluentui/react-icons';
import type { AgentChatView, ConsoleMessage } from '../../../shared/chat-console';
import { formatDateTime } from '../../../shared/format';
import { endMessagesAtom } from '../platform/atoms';
import { buildRows, displayMessages, messageKey, type ThreadRow } from './messages';
import { MessageBubble } from './MessageBubble';
import { useVisuallyHidden } from './a11y';
import { CHAT_TEXT, SENDER_LABEL } from './texts';

/** How close to the end still counts as "at the newest message". */
const AT_BOTTOM_PX = 48;

const useStyles = makeStyles({
  wrap: { position: 'relative', flexGrow: 1, minHeight: 0, display: 'flex' },
  scroller: {
    flexGrow: 1,
    overflowY: 'auto',
    overflowAnchor: 'none',
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}`, outlineOffset: '-2px' }
  },
  canvas: { position: 'relative', width: '100%' },
  item: { position: 'absolute', top: 0, left: 0, width: '100%' },
  section: {
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalL}`,
    backgroundColor: tokens.colorNeutralBackground3,
    color: tokens.colorNeutralForeground2,
    fontSize: tokens.fontSizeBase200,
    fontWeight: tokens.fontWeightSemibold
  },
  divider: { padding: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalL}`, fontSize: tokens.fontSizeBase200, fontWeight: tokens.fontWeightSemibold },
  pill: { position: 'absolute', bottom: tokens.spacingVerticalM, left: '50%', transform: 'translateX(-50%)', boxShadow: tokens.shadow8 }
});

function Row({ row }: { row: ThreadRow }) {
  const styles = useStyles();
  if (row.kind === 'bot-start') return <div className={styles.section}>{CHAT_TEXT.botHistory}</div>;
  if (row.kind === 'divider') {
    const when = formatDateTime(row.fechaEntrada);
    return (
      <div className={styles.divider}>
        <Divider appearance="brand">{when ? CHAT_TEXT.escalationSince(when) : CHAT_TEXT.escalation}</Divider>
      </div>
    );
  }
  return <MessageBubble message={row.message} phase={row.phase} />;
}

/**
 * The conversation, virtualised: only the rows on screen are in the DOM, so thousands of messages
 * stay fast. Follows the newest message unless the agent scrolled up; then a 'Nuevos mensajes'
 * pill brings them back down.
 */
export function MessageList({ chat, messages }: { chat: AgentChatView; messages: ConsoleMessage[] }) {
  const styles = useStyles();
  const hidden = useVisuallyHidden().hidden;
  const endMessages = useAtomValue(endMessagesAtom).data;
  const shown = useMemo(() => displayMessages(messages, endMessages), [messages, endMessages]);
  const rows = useMemo(() => buildRows(shown, chat.fechaEntrada), [shown, chat.fechaEntrada]);
  const scrollRef = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const rowCount = useRef(0);
  const [unseen, setUnseen] = useState(false);

  // The rule warns that the React Compiler would skip memoizing this component (TanStack's virtualizer is one
  // mutable object whose methods read its latest state). This app does not run the compiler, and nothing here
  // memoizes a value read from the virtualizer without depending on it.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: (i) => (rows[i]?.kind === 'message' ? 76 : 40),
    getItemKey: (i) => rows[i]?.key ?? i,
    overscan: 6,
    useFlushSync: false
  });

  const toNewest = useCallback(() => {
    if (rows.length > 0) virtualizer.scrollToIndex(rows.length - 1, { align: 'end' });
    atBottom.current = true;
    setUnseen(false);
  }, [rows.length, virtualizer]);

  // New rows: follow them when at the end (or when the agent just sent one), else offer the pill.
  useLayoutEffect(() => {
    const previous = rowCount.current;
    rowCount.current = rows.length;
    if (rows.length <= previous) return;
    const last = rows[rows.length - 1];
    const ownMessage = last?.kind === 'message' && last.message.tipoUsuario === 'ASESOR' && last.message.pending;
    if (previous === 0 || atBottom.current || ownMessage) toNewest();
    else setUnseen(true);
  }, [rows, toNewest]);

  // Rows measured taller than estimated push the end down: stay on it.
  const totalSize = virtualizer.getTotalSize();
  useLayoutEffect(() => {
    const el = scrollRef.current;
    if (el && atBottom.current) el.scrollTop = el.scrollHeight;
  }, [totalSize]);

  const onScroll = () => {
    const el = scrollRef.current;
    if (!el) return;
    atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight <= AT_BOTTOM_PX;
    if (atBottom.current) setUnseen(false);
  };

  const latestIncoming = useMemo(() => {
    for (let i = shown.length - 1; i >= 0; i--) {
      const m = shown[i];
      if (m && m.tipoUsuario !== 'ASESOR') return m;
    }
    return null;
  }, [shown]);
  // Announce customer messages that arrive while the chat is open, not the history it opened with.
  const [openedWith] = useState(() => (latestIncoming ? messageKey(latestIncoming) : null));
  const announce = latestIncoming && messageKey(latestIncoming) !== openedWith ? `${SENDER_LABEL[latestIncoming.tipoUsuario]}: ${latestIncoming.mensaje}` : '';

  return (
    <div className={styles.wrap}>
      <div ref={scrollRef} className={styles.scroller} onScroll={onScroll} tabIndex={0} role="region" aria-label={CHAT_TEXT.messagesLabel} data-testid="mensajes">
        <div className={styles.canvas} style={{ height: `${totalSize}px` }} role="list">
          {virtualizer.getVirtualItems().map((item) => {
            const row = rows[item.index];
            if (!row) return null;
            return (
              <div
                key={item.key}
                data-index={item.index}
                ref={virtualizer.measureElement}
                className={styles.item}
                style={{ transform: `translateY(${item.start}px)` }}
                role="listitem"
                aria-setsize={rows.length}
                aria-posinset={item.index + 1}
              >
                <Row row={row} />
              </div>
            );
          })}
        </div>
      </div>
      {unseen && (
        <Button className={styles.pill} appearance="primary" shape="circular" size="small" icon={<ArrowDown16Regular />} onClick={toNewest}>
          {CHAT_TEXT.newMessages}
        </Button>
      )}
      <div className={hidden} aria-live="polite" aria-atomic="true">
        {announce}
      </div>
    </div>
  );
}
