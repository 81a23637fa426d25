import { memo, useRef, useState } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { Button, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, Text, makeStyles, tokens, useId } from '@fluentui/react-components';
import type { WaitingChat } from '../../../shared/api/queue-supervision';
import { formatDateTime, formatHms } from '../../../shared/format';
import { secondsSince } from '../home/alerts';
import { useNow } from '../../components/use-now';
import { QUEUE_TEXT, customerLine } from './texts';

const useStyles = makeStyles({
  caption: { display: 'block', fontWeight: tokens.fontWeightSemibold, padding: `${tokens.spacingVerticalXS} 0` },
  // The table scrolls inside its own box: only the rows in view (and a few around) are in the document.
  wrap: { overflow: 'auto', maxWidth: '100%', maxHeight: '70vh' },
  spacer: { padding: 0, border: 'none' },
  table: { fontSize: tokens.fontSizeBase300 },
  header: { position: 'sticky', top: 0, zIndex: 1, backgroundColor: tokens.colorNeutralBackground3 },
  headerCell: { fontWeight: tokens.fontWeightSemibold },
  cell: { overflowWrap: 'anywhere', paddingTop: tokens.spacingVerticalXS, paddingBottom: tokens.spacingVerticalXS },
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
  return (
    <TableRow aria-rowindex={position}>
      <TableCell role="rowheader" className={styles.cell}>
        {chat.idConv}
      </TableCell>
      <TableCell className={styles.cell}>{formatDateTime(chat.fechaEntrada)}</TableCell>
      <TableCell className={styles.cell}>{chat.status}</TableCell>
      <TableCell className={styles.cell}>{chat.split ?? ''}</TableCell>
      <TableCell className={styles.cell}>
        <Wait since={chat.fechaEntrada} />
      </TableCell>
      <TableCell className={styles.cell}>{customerLine(chat.datosCliente)}</TableCell>
      {actions ? (
        <TableCell className={styles.cell}>
          <div className={styles.actions}>
            <Button size="small" appearance="primary" onClick={() => onAct('assign', chat)} aria-label={`${QUEUE_TEXT.assign} ${chat.idConv}`}>
              {QUEUE_TEXT.assign}
            </Button>
            <Button size="small" onClick={() => onAct('move', chat)} aria-label={`${QUEUE_TEXT.move} ${chat.idConv}`}>
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

/** A small Fluent table row with its small buttons; rows that wrap are taller, which only shifts the range a little. */
const ROW_PX = 36;
/** Rows rendered beyond each edge of the view: a fast scroll shows rows, not a gap. */
const OVERSCAN = 10;
/** Up to this many rows the whole table is rendered: cheap enough, and every row is there for find-in-page and screen readers. */
export const WHOLE_TABLE_ROWS = 100;

/**
 * The waiting chats, oldest first, as a table read by row (each named by its conversation).
 * Virtualised (@tanstack/react-virtual) beyond WHOLE_TABLE_ROWS: with hundreds waiting only the rows
 * in view are rendered, the rest stand in as two spacer rows, and aria-rowcount / aria-rowindex say
 * where a row is.
 * Memoised rows keep a live update to the rows that changed.
 */
export function QueueTable({ chats, actions, onAct }: { chats: readonly WaitingChat[]; actions: boolean; onAct: QueueRowProps['onAct'] }) {
  const styles = useStyles();
  const captionId = useId('cola');
  const rows = useStableChats(chats);
  const scrollRef = useRef<HTMLDivElement>(null);
  // The virtualizer's methods change with scrolling: nothing here is memoised on them (as in the chat's message list).
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_PX,
    getItemKey: (i) => rows[i]?.idConv ?? i,
    overscan: OVERSCAN,
    useFlushSync: false,
    enabled: rows.length > WHOLE_TABLE_ROWS
  });
  const windowed = rows.length > WHOLE_TABLE_ROWS;
  const items = windowed ? virtualizer.getVirtualItems() : rows.map((_, index) => ({ index, start: 0, end: 0 }));
  const above = windowed ? (items[0]?.start ?? 0) : 0;
  const below = windowed ? Math.max(0, virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0)) : 0;
  const headers = [QUEUE_TEXT.idConv, QUEUE_TEXT.entered, QUEUE_TEXT.status, QUEUE_TEXT.split, QUEUE_TEXT.waited, QUEUE_TEXT.customer, ...(actions ? [QUEUE_TEXT.actions] : [])];
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
                <TableHeaderCell key={h} className={styles.headerCell}>
                  {h}
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
