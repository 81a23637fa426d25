import { memo, useCallback, useRef, useState } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { Button, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, Text, makeStyles, tokens, useId } from '@fluentui/react-components';
import type { WaitingChat } from '../../../shared/api/queue-supervision';
import { UI } from '../../../shared/constants';
import { formatDateTime, formatHms } from '../../../shared/format';
import { CONVERSATION_STATE_LABELS, labelOf, shortConversationId } from '../../../shared/labels';
import { secondsSince } from '../home/alerts';
import { useNow } from '../../components/use-now';
import { QUEUE_TEXT, customerLine } from './texts';

/**
 * Every row is one line ROW_PX tall, whatever the customer typed: a text too long for its column
 * ends in an ellipsis, the whole of it in the cell's title (a tooltip) and in the document for
 * screen readers and find-in-page. So the virtualiser's estimate is every row's real height, and
 * a 1366×768 screen shows a dozen waiting chats at once rather than two rows wrapped ten lines deep.
 */
export const ROW_PX = UI.queueRowPx;

/**
 * The columns' content widths (table-layout: fixed; each cell adds its padding): what their texts
 * take at 14 px ('#6b788b05', '28/11/2026 12:51:00', 'En cola', 'Atención general', '00:12:34', the
 * two small buttons). The customer's data takes the rest — about 340 px of a 1366 px screen with the
 * menu open, at least what the table's minimum width leaves.
 */
const COLUMN_PX = { idConv: 88, entered: 140, status: 64, split: 128, waited: 64, actions: 140 } as const;

const oneLine = { whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' } as const;

const useStyles = makeStyles({
  caption: { display: 'block', fontWeight: tokens.fontWeightSemibold, padding: `${tokens.spacingVerticalXS} 0` },
  // The table scrolls inside its own box: only the rows in view (and a few around) are in the document.
  wrap: { overflow: 'auto', maxWidth: '100%', maxHeight: '70vh' },
  spacer: { padding: 0, border: 'none' },
  // Narrower than this, the box scrolls sideways rather than squeezing the customer's data to nothing.
  table: { fontSize: tokens.fontSizeBase300, minWidth: '1000px' },
  header: { position: 'sticky', top: 0, zIndex: 1, backgroundColor: tokens.colorNeutralBackground3 },
  headerCell: { fontWeight: tokens.fontWeightSemibold, ...oneLine },
  // The row's height is its cells' (its 1 px bottom border included, border-collapse): one line, never more.
  row: { height: `${ROW_PX}px` },
  cell: { height: `${ROW_PX - 1}px`, boxSizing: 'border-box', paddingTop: 0, paddingBottom: 0, ...oneLine },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS }
});

export type QueueAction = 'assign' | 'move';

/** How long it has waited, on the page's shared clock: the tick re-renders this cell, never its row. */
function Wait({ since }: { since: string }) {
  const nowMs = useNow();
  return <>{formatHms(secondsSince(since, nowMs))}</>;
}

interface QueueRowProps {
  chat: WaitingChat;
  actions: boolean;
  onAct(kind: QueueAction, chat: WaitingChat): void;
  /** aria-rowindex: its place among all the rows (the header is 1), since only those in view are in the document. */
  position: number;
}

/**
 * One waiting chat. Memoised on its props: with stableChats keeping the objects of unchanged chats
 * and a stable onAct, a live reload re-renders only the rows whose chat changed.
 */
export const QueueRow = memo(function QueueRow({ chat, actions, onAct, position }: QueueRowProps) {
  const styles = useStyles();
  const id = shortConversationId(chat.idConv);
  const customer = customerLine(chat.datosCliente);
  return (
    <TableRow aria-rowindex={position} className={styles.row}>
      <TableCell role="rowheader" className={styles.cell} title={chat.idConv}>
        {id}
      </TableCell>
      <TableCell className={styles.cell}>{formatDateTime(chat.fechaEntrada)}</TableCell>
      <TableCell className={styles.cell}>{labelOf(CONVERSATION_STATE_LABELS, chat.status)}</TableCell>
      <TableCell className={styles.cell} title={chat.split ?? undefined}>
        {chat.split ?? ''}
      </TableCell>
      <TableCell className={styles.cell}>
        <Wait since={chat.fechaEntrada} />
      </TableCell>
      <TableCell className={styles.cell} title={customer || undefined}>
        {customer}
      </TableCell>
      {actions ? (
        <TableCell className={styles.cell}>
          <div className={styles.actions}>
            <Button size="small" appearance="primary" onClick={() => onAct('assign', chat)} aria-label={`${QUEUE_TEXT.assign} ${id}`}>
              {QUEUE_TEXT.assign}
            </Button>
            <Button size="small" onClick={() => onAct('move', chat)} aria-label={`${QUEUE_TEXT.move} ${id}`}>
              {QUEUE_TEXT.move}
            </Button>
          </div>
        </TableCell>
      ) : null}
    </TableRow>
  );
});

function sameRecord(a: Record<string, string>, b: Record<string, string>): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => Object.hasOwn(b, k) && a[k] === b[k]);
}

/** Whether two answers describe a chat the same way (everything a row shows or acts on). */
export function sameChat(a: WaitingChat, b: WaitingChat): boolean {
  return a.idConv === b.idConv && a.fechaEntrada === b.fechaEntrada && a.status === b.status && a.idSplit === b.idSplit && a.split === b.split && sameRecord(a.datosCliente, b.datosCliente);
}

/**
 * The chats of a new answer, each replaced by the previous answer's object when it describes the
 * chat the same way: every reload parses fresh objects, and a memoised row compares by identity.
 */
export function useStableChats(chats: readonly WaitingChat[]): readonly WaitingChat[] {
  const [kept, setKept] = useState(() => ({ input: chats, output: chats }));
  if (kept.input === chats) return kept.output;
  // React's pattern for state derived from the previous render: set during render, re-rendered before commit.
  const before = new Map(kept.output.map((c) => [c.idConv, c]));
  const output = chats.map((chat) => {
    const previous = before.get(chat.idConv);
    return previous && sameChat(previous, chat) ? previous : chat;
  });
  setKept({ input: chats, output });
  return output;
}

/** Rows rendered beyond each edge of the view: a fast scroll shows rows, not a gap. */
export const OVERSCAN = 10;
/** Up to this many rows the whole table is rendered: cheap enough, and every row is there for find-in-page and screen readers. */
export const WHOLE_TABLE_ROWS = 100;

/**
 * The waiting chats, oldest first, as a table read by row (each named by its conversation).
 * Virtualised (@tanstack/react-virtual) beyond WHOLE_TABLE_ROWS: with hundreds waiting only the rows
 * in view are rendered, the rest stand in as two spacer rows, and aria-rowcount / aria-rowindex say
 * where a row is. Every row is one line of ROW_PX, so the rows are never measured: the estimate is
 * their height, the spacers are exact and a scroll lands where the scrollbar says.
 * Memoised rows keep a live update to the rows that changed.
 */
export function QueueTable({ chats, actions, onAct }: { chats: readonly WaitingChat[]; actions: boolean; onAct: QueueRowProps['onAct'] }) {
  const styles = useStyles();
  const captionId = useId('cola');
  const rows = useStableChats(chats);
  const scrollRef = useRef<HTMLDivElement>(null);
  // Stable while the rows are: a new key function makes the virtualiser lay out every row again (each scroll frame renders this).
  const itemKey = useCallback((i: number) => rows[i]?.idConv ?? i, [rows]);
  // The virtualizer's methods change with scrolling: nothing here is memoised on them (as in the chat's message list).
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    // Exact (one-line rows): nothing to measure, nothing shifts when a row comes into view.
    estimateSize: () => ROW_PX,
    getItemKey: itemKey,
    overscan: OVERSCAN,
    useFlushSync: false,
    enabled: rows.length > WHOLE_TABLE_ROWS
  });
  const windowed = rows.length > WHOLE_TABLE_ROWS;
  const items = windowed ? virtualizer.getVirtualItems() : rows.map((_, index) => ({ index, start: 0, end: 0 }));
  const above = windowed ? (items[0]?.start ?? 0) : 0;
  const below = windowed ? Math.max(0, virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0)) : 0;
  const headers: { text: string; px?: number }[] = [
    { text: QUEUE_TEXT.idConv, px: COLUMN_PX.idConv },
    { text: QUEUE_TEXT.entered, px: COLUMN_PX.entered },
    { text: QUEUE_TEXT.status, px: COLUMN_PX.status },
    { text: QUEUE_TEXT.split, px: COLUMN_PX.split },
    { text: QUEUE_TEXT.waited, px: COLUMN_PX.waited },
    { text: QUEUE_TEXT.customer },
    ...(actions ? [{ text: QUEUE_TEXT.actions, px: COLUMN_PX.actions }] : [])
  ];
  const spacer = (height: number) => (
    <tr aria-hidden="true" style={{ height }}>
      <td className={styles.spacer} colSpan={headers.length} />
    </tr>
  );
  return (
    <div>
      <Text id={captionId} className={styles.caption}>
        {QUEUE_TEXT.list}
      </Text>
      <div ref={scrollRef} className={styles.wrap}>
        <Table aria-labelledby={captionId} aria-rowcount={rows.length + 1} size="small" className={styles.table}>
          <TableHeader className={styles.header}>
            <TableRow aria-rowindex={1}>
              {headers.map((h) => (
                <TableHeaderCell key={h.text} className={styles.headerCell} style={h.px === undefined ? undefined : { width: h.px }}>
                  {h.text}
                </TableHeaderCell>
              ))}
            </TableRow>
          </TableHeader>
          <TableBody>
            {above > 0 ? spacer(above) : null}
            {items.map((item) => {
              const chat = rows[item.index];
              return chat ? <QueueRow key={chat.idConv} chat={chat} actions={actions} onAct={onAct} position={item.index + 2} /> : null;
            })}
            {below > 0 ? spacer(below) : null}
          </TableBody>
        </Table>
      </div>
    </div>
  );
}
