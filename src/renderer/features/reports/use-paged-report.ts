import { useState } from 'react';
import type { AnalyticsQuery, AnalyticsResponse } from '../../../shared/analytics-calls';
import type { SortOrder } from '../../../shared/domain/filter';
import { PAGE_SIZE_DEFAULT } from '../../../shared/domain/paged';
import type { DataPaging } from '../../components/DataTable';
import { useAnalyticsQuery, type AnalyticsQueryState } from '../analytics/use-analytics-query';
import { usePage } from '../analytics/use-paged';
import type { FilterQueryValue } from '../analytics/filter';

/** The paged reports (their answers carry totalPages and totalResult). */
type PagedCall = 'accessLog' | 'conversationsReport' | 'humanAgentChats' | 'humanAgentNotAttended' | 'causalReport' | 'agentConnectionHistory' | 'notificationLog';

export interface PagedReport<C extends PagedCall> {
  load: AnalyticsQueryState<AnalyticsResponse<C>>;
  /** For DataTable: the server's page, the page size ('Filas por página:'), back to page 1 when the filter or the size changes. */
  paging: DataPaging | undefined;
  /** The rows the filter selects (the download's expected count), once known. */
  total: number | null;
  /** The server's order by date (newest first unless the table's date header is toggled); DataTable's `sort` with the column's key. */
  order: { order: SortOrder; onChange(order: SortOrder): void };
}

/** One page of a paged report for the page's filter, the page and its size chosen in the table. */
export function usePagedReport<C extends PagedCall>(call: C, query: FilterQueryValue, idOrg: number | null): PagedReport<C> {
  const [size, setSize] = useState<number>(PAGE_SIZE_DEFAULT);
  const [order, setOrder] = useState<SortOrder>('desc');
  const [page, setPage] = usePage(JSON.stringify([call, query, size, order]));
  // Every paged report takes the filter plus page and size (their catalogue queries); the union of calls hides it from TS.
  const load = useAnalyticsQuery(call, { query: { ...query, page, size, order } as unknown as AnalyticsQuery<C>, idOrg });
  const data = load.data as { totalPages: number; totalResult: number } | null;
  return {
    load,
    paging: data ? { page, totalPages: data.totalPages, totalResult: data.totalResult, onPage: setPage, pageSize: size, onPageSize: setSize } : undefined,
    total: data ? data.totalResult : null,
    order: { order, onChange: setOrder }
  };
}
