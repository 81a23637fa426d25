import type { AnalyticsQueryState } from './use-analytics-query';

/** The load part of a ChartPanel's props from a query's state. */
export function loadProps<T>(state: AnalyticsQueryState<T>) {
  return { status: state.status, errorDetail: state.error?.message ?? null, onRetry: state.reload };
}
