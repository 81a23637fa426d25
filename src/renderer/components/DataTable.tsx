import type { ReactNode } from 'react';
import { Button, Label, Select, Text, makeStyles, mergeClasses, tokens, useId } from '@fluentui/react-components';
import { ArrowSortDown20Regular, ArrowSortUp20Regular, ChevronLeft20Regular, ChevronRight20Regular } from '@fluentui/react-icons';
import { formatNumber } from '../../shared/format';
import { DATA_TEXT } from './texts';

const useStyles = makeStyles({
  wrap: { overflow: 'auto', maxWidth: '100%' },
  table: {
    borderCollapse: 'collapse',
    width: '100%',
    fontSize: tokens.fontSizeBase300,
    '& th': { padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalS}`, borderBottom: `1px solid ${tokens.colorNeutralStroke2}` },
    '& td': { padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalS}`, borderBottom: `1px solid ${tokens.colorNeutralStroke2}` },
    // The header stays in view while a long table scrolls inside its panel.
    '& thead th': { backgroundColor: tokens.colorNeutralBackground3, fontWeight: tokens.fontWeightSemibold, position: 'sticky', top: 0, zIndex: 1 },
    '& tbody tr:hover': { backgroundColor: tokens.colorNeutralBackground1Hover }
  },
  caption: { textAlign: 'left', fontWeight: tokens.fontWeightSemibold, padding: `${tokens.spacingVerticalXS} 0` },
  hiddenCaption: { position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' },
  text: { textAlign: 'left' },
  numeric: { textAlign: 'right', fontVariantNumeric: 'tabular-nums' },
  rowHeader: { fontWeight: tokens.fontWeightRegular },
  footer: { fontWeight: tokens.fontWeightSemibold },
  sortButton: { fontWeight: tokens.fontWeightSemibold, padding: 0, minWidth: 0 },
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
  /** The table's <caption>: its accessible name. */
  caption: string;
  /** Keep the caption for assistive technology only (a heading above already says it). */
  captionHidden?: boolean;
  columns: readonly DataColumn<T>[];
  rows: readonly T[];
  rowKey(row: T, index: number): string;
  /** A last row in <tfoot> (totals). */
  footer?: readonly ReactNode[];
  paging?: DataPaging;
  /** The column the server sorts by (a paged report's date): its header toggles newest ↔ oldest first. */
  sort?: DataSort;
  /** Scrolls inside this height (CSS length) with the header kept in view. */
  maxHeight?: string;
}

/** The one table of the app's data pages: a real <table> with a caption, headers and optional paging. */
export function DataTable<T>({ caption, captionHidden, columns, rows, rowKey, footer, paging, sort, maxHeight }: DataTableProps<T>) {
  const styles = useStyles();
  return (
    <div>
      <div className={styles.wrap} style={maxHeight ? { maxHeight } : undefined}>
        <table className={styles.table}>
          <caption className={captionHidden ? styles.hiddenCaption : styles.caption}>{caption}</caption>
          <thead>
            <tr>
              {columns.map((c) =>
                sort?.columnKey === c.key ? (
                  <th key={c.key} scope="col" className={c.numeric ? styles.numeric : styles.text} aria-sort={sort.order === 'asc' ? 'ascending' : 'descending'}>
                    <Button
                      size="small"
                      appearance="transparent"
                      className={styles.sortButton}
                      icon={sort.order === 'asc' ? <ArrowSortUp20Regular /> : <ArrowSortDown20Regular />}
                      iconPosition="after"
                      aria-label={DATA_TEXT.sortBy(c.header, sort.order === 'asc' ? 'desc' : 'asc')}
                      onClick={() => sort.onChange(sort.order === 'asc' ? 'desc' : 'asc')}
                    >
                      {c.header}
                    </Button>
                  </th>
                ) : (
                  <th key={c.key} scope="col" className={c.numeric ? styles.numeric : styles.text}>
                    {c.header}
                  </th>
                )
              )}
            </tr>
          </thead>
          <tbody>
            {rows.map((row, index) => (
              <tr key={rowKey(row, index)}>
                {columns.map((c, i) =>
                  i === 0 ? (
                    <th key={c.key} scope="row" className={mergeClasses(styles.rowHeader, c.numeric ? styles.numeric : styles.text)}>
                      {c.render(row)}
                    </th>
                  ) : (
                    <td key={c.key} className={c.numeric ? styles.numeric : styles.text}>
                      {c.render(row)}
                    </td>
                  )
                )}
              </tr>
            ))}
          </tbody>
          {footer ? (
            <tfoot>
              <tr className={styles.footer}>
                {footer.map((cell, i) =>
                  i === 0 ? (
                    <th key={i} scope="row" className={styles.text}>
                      {cell}
                    </th>
                  ) : (
                    <td key={i} className={columns[i]?.numeric ? styles.numeric : styles.text}>
                      {cell}
                    </td>
                  )
                )}
              </tr>
            </tfoot>
          ) : null}
        </table>
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
