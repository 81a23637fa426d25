import { useMemo, type ReactNode } from 'react';
import {
  Button,
  DataGrid,
  DataGridBody,
  DataGridCell,
  DataGridHeader,
  DataGridHeaderCell,
  DataGridRow,
  Label,
  Select,
  TableBody,
  TableCell,
  TableRow,
  Text,
  createTableColumn,
  makeStyles,
  mergeClasses,
  tokens,
  useId,
  type TableColumnDefinition
} from '@fluentui/react-components';
import { ChevronLeft20Regular, ChevronRight20Regular } from '@fluentui/react-icons';
import { formatNumber } from '../../shared/format';
import { DATA_TEXT } from './texts';

const useStyles = makeStyles({
  wrap: { overflow: 'auto', maxWidth: '100%' },
  grid: { fontSize: tokens.fontSizeBase300 },
  // The header stays in view while a long table scrolls inside its panel.
  header: { position: 'sticky', top: 0, zIndex: 1, backgroundColor: tokens.colorNeutralBackground3 },
  // A header wraps between its words, never inside one ('Interac-ciones'); cells may break long ids.
  headerCell: { fontWeight: tokens.fontWeightSemibold, overflowWrap: 'normal', wordBreak: 'keep-all', hyphens: 'manual' },
  cell: { minWidth: 0, overflowWrap: 'anywhere', paddingTop: tokens.spacingVerticalXS, paddingBottom: tokens.spacingVerticalXS },
  numeric: { justifyContent: 'flex-end', textAlign: 'right', fontVariantNumeric: 'tabular-nums' },
  // The first column names the row (an event, an agent, a day): twice a value column's share, so its words fit.
  first: { flexGrow: 2 },
  footer: { fontWeight: tokens.fontWeightSemibold },
  caption: { display: 'block', fontWeight: tokens.fontWeightSemibold, padding: `${tokens.spacingVerticalXS} 0` },
  pager: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, paddingTop: tokens.spacingVerticalS, flexWrap: 'wrap' }
});

export interface DataColumn<T> {
  key: string;
  header: string;
  /** Numbers align right. */
  numeric?: boolean;
  render(row: T): ReactNode;
}

export interface DataPaging {
  /** From 1. */
  page: number;
  totalPages: number;
  totalResult: number;
  onPage(page: number): void;
  /** With both: a 'Filas por página:' choice (the server pages by it). */
  pageSize?: number;
  onPageSize?(size: number): void;
}

export interface DataSort {
  columnKey: string;
  order: 'asc' | 'desc';
  onChange(order: 'asc' | 'desc'): void;
}

/** The page sizes a paged report offers. */
export const PAGE_SIZES = [10, 20, 50, 100] as const;

export interface DataTableProps<T> {
  /** The table's accessible name, shown above it unless `captionHidden`. */
  caption: string;
  /** Keep the caption for assistive technology only (a heading above already says it). */
  captionHidden?: boolean;
  columns: readonly DataColumn<T>[];
  rows: readonly T[];
  rowKey(row: T, index: number): string;
  /** A last row of totals. */
  footer?: readonly ReactNode[];
  paging?: DataPaging;
  /** The column the server sorts by (a paged report's date): its header toggles newest ↔ oldest first. */
  sort?: DataSort;
  /** Scrolls inside this height (CSS length) with the header kept in view. */
  maxHeight?: string;
}

interface Item<T> {
  row: T;
  key: string;
}

/** A DD/MM/YYYY date, the longest word most text cells hold (a name, a channel, a state are shorter or wrap between words). */
const TEXT_COLUMN_CHARS = 10;

/**
 * A column's narrowest width: its header's longest word (a text column: at least a date's width)
 * and the cell's padding, so a header wraps between words and never spills into its neighbour,
 * and a date does not break in two; a table wider than its panel scrolls.
 */
export function columnMinWidth(header: string, numeric = false): string {
  const longest = Math.max(numeric ? 0 : TEXT_COLUMN_CHARS, ...header.split(/\s+/).map((word) => word.length));
  return `calc(${longest}ch + 16px)`;
}

/** A comparison that keeps the server's order (two parameters: Fluent takes the column as sortable). */
const serverOrder = (_a: unknown, _b: unknown): number => 0;

/**
 * The one table of the app's data pages: a Fluent DataGrid with each row named by its first cell,
 * an optional totals row, the server's paging and the server's sort. It reads as a table (role
 * table, cells, row headers) and the buttons in its cells are in the page's Tab order, as in a
 * native table: its rows are records to read and act on, not a spreadsheet to move through cell by
 * cell (focusMode 'none' also keeps tabster's focus redirectors, hidden but focusable, out of it).
 */
export function DataTable<T>({ caption, captionHidden, columns, rows, rowKey, footer, paging, sort, maxHeight }: DataTableProps<T>) {
  const styles = useStyles();
  const captionId = useId('tabla');
  const items = useMemo(() => rows.map((row, index) => ({ row, key: rowKey(row, index) })), [rows, rowKey]);
  const gridColumns = useMemo<TableColumnDefinition<Item<T>>[]>(
    () =>
      columns.map((c) =>
        createTableColumn<Item<T>>({
          columnId: c.key,
          renderHeaderCell: () => c.header,
          renderCell: (item) => c.render(item.row),
          ...(sort?.columnKey === c.key ? { compare: serverOrder } : {})
        })
      ),
    [columns, sort?.columnKey]
  );
  const byKey = new Map(columns.map((c, i) => [c.key, { column: c, first: i === 0, style: { minWidth: columnMinWidth(c.header, c.numeric) } }]));
  const cellClass = (key: string) => mergeClasses(styles.cell, byKey.get(key)?.column.numeric ? styles.numeric : undefined, byKey.get(key)?.first ? styles.first : undefined);
  const labelled = captionHidden ? { 'aria-label': caption } : { 'aria-labelledby': captionId };
  return (
    <div>
      {captionHidden ? null : (
        <Text id={captionId} className={styles.caption}>
          {caption}
        </Text>
      )}
      <div className={styles.wrap} style={maxHeight ? { maxHeight } : undefined}>
        <DataGrid
          {...labelled}
          className={styles.grid}
          role="table"
          focusMode="none"
          items={items}
          columns={gridColumns}
          getRowId={(item: Item<T>) => item.key}
          size="small"
          sortable={sort !== undefined}
          sortState={sort ? { sortColumn: sort.columnKey, sortDirection: sort.order === 'asc' ? 'ascending' : 'descending' } : undefined}
          onSortChange={(_, state) => sort?.onChange(state.sortDirection === 'ascending' ? 'asc' : 'desc')}
        >
          <DataGridHeader className={styles.header}>
            <DataGridRow>
              {({ renderHeaderCell, columnId }) => {
                const key = String(columnId);
                const header = byKey.get(key)?.column.header ?? '';
                const numeric = byKey.get(key)?.column.numeric === true;
                return (
                  <DataGridHeaderCell
                    focusMode="none"
                    className={mergeClasses(cellClass(key), styles.headerCell)}
                    style={byKey.get(key)?.style}
                    button={{
                      className: numeric ? styles.numeric : undefined,
                      ...(sort?.columnKey === key ? { 'aria-label': DATA_TEXT.sortBy(header, sort.order === 'asc' ? 'desc' : 'asc') } : {})
                    }}
                  >
                    {renderHeaderCell()}
                  </DataGridHeaderCell>
                );
              }}
            </DataGridRow>
          </DataGridHeader>
          <DataGridBody<Item<T>>>
            {({ item, rowId }) => (
              <DataGridRow<Item<T>> key={rowId}>
                {({ renderCell, columnId }) => (
                  <DataGridCell role={byKey.get(String(columnId))?.first ? 'rowheader' : 'cell'} className={cellClass(String(columnId))} style={byKey.get(String(columnId))?.style}>
                    {renderCell(item)}
                  </DataGridCell>
                )}
              </DataGridRow>
            )}
          </DataGridBody>
          {footer ? (
            <TableBody>
              <TableRow className={styles.footer}>
                {footer.map((cell, i) => (
                  <TableCell key={i} role={i === 0 ? 'rowheader' : 'cell'} className={cellClass(columns[i]?.key ?? '')} style={byKey.get(columns[i]?.key ?? '')?.style}>
                    {cell}
                  </TableCell>
                ))}
              </TableRow>
            </TableBody>
          ) : null}
        </DataGrid>
      </div>
      {paging && (paging.totalPages > 1 || paging.onPageSize) ? <Pager {...paging} /> : null}
    </div>
  );
}

/** The pager of a paged table ('Paginador'), also on its own for paged lists that are not tables. */
export function Pager({ page, totalPages, totalResult, onPage, pageSize, onPageSize }: DataPaging) {
  const styles = useStyles();
  const sizeId = useId('filas');
  return (
    <nav className={styles.pager} aria-label={DATA_TEXT.paginator}>
      {onPageSize && pageSize !== undefined ? (
        <>
          <Label htmlFor={sizeId}>{DATA_TEXT.rowsPerPage}</Label>
          <Select id={sizeId} size="small" value={String(pageSize)} onChange={(_, data) => onPageSize(Number(data.value))}>
            {PAGE_SIZES.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </Select>
        </>
      ) : null}
      <Button size="small" icon={<ChevronLeft20Regular />} aria-label={DATA_TEXT.previousPage} disabled={page <= 1} onClick={() => onPage(page - 1)} />
      <Text aria-live="polite">{DATA_TEXT.pageOf(page, Math.max(1, totalPages))}</Text>
      <Button size="small" icon={<ChevronRight20Regular />} aria-label={DATA_TEXT.nextPage} disabled={page >= totalPages} onClick={() => onPage(page + 1)} />
      <Text>{DATA_TEXT.results(formatNumber(totalResult))}</Text>
    </nav>
  );
}
