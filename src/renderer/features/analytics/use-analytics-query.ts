import type { AnalyticsCall, AnalyticsResponse } from '../../../shared/analytics-calls';
import { useLoad, type Load, type LoadOptions } from '../../components/use-load';
import { queryAnalytics, type AnalyticsRequest } from './query';

/** A statistics call's state: its status, its data (empty while pending and after a failure) and 'Reintentar'. */
export type AnalyticsQueryState<T> = Omit<Load<T>, 'update'>;

/** `enabled: false` for a filter list the page does not use; `liveKey` from useLiveReload. */
export type AnalyticsQueryOptions = LoadOptions;

/**
 * One statistics call for the current filter (the app's one load hook, components/use-load.ts):
 * stale-safe, so a slow answer for an old filter (or for a page already left) never overwrites a
 * newer one; the loading bar runs while a new filter loads; a live reload keeps the numbers on screen.
 */
export function useAnalyticsQuery<C extends AnalyticsCall>(call: C, request: AnalyticsRequest<C>, options: AnalyticsQueryOptions = {}): AnalyticsQueryState<AnalyticsResponse<C>> {
  const key = JSON.stringify([call, request.query ?? null, request.params ?? null, request.idOrg ?? null]);
  return useLoad(key, () => queryAnalytics(call, request), options);
}
