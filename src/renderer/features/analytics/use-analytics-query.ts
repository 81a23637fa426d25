import { useCallback, useEffect, useRef, useState } from 'react';
import type { AnalyticsCall, AnalyticsResponse } from '../../../shared/analytics-calls';
import type { IpcError } from '../../../shared/ipc';
import type { LoadStatus } from '../../app/load-state';
import { useTrackLoading } from '../../app/loading';
import { queryAnalytics, type AnalyticsRequest } from './query';

export interface AnalyticsQueryState<T> {
  status: LoadStatus;
  /** Empty (null) while pending and after a failure (SPEC §4). */
  data: T | null;
  error: IpcError | null;
  /** Asks again with the same filter (the error state's 'Reintentar'). */
  reload(): void;
}

export interface AnalyticsQueryOptions {
  /** false: nothing is asked and the state stays idle (a filter list the page does not use). */
  enabled?: boolean;
  /**
   * Bumped by a live notice (useLiveReload): the same query is asked again while the current
   * numbers stay on screen, instead of the pending state of a new filter.
   */
  liveKey?: number;
}

type Snapshot<T> = Omit<AnalyticsQueryState<T>, 'reload'>;

/**
 * One statistics call for the current filter. Stale-safe: every request takes a sequence number
 * and only the answer of the latest one is kept, so a slow answer for an old filter (or for a
 * page already left) never overwrites a newer one. The loading bar runs while a new filter loads.
 */
export function useAnalyticsQuery<C extends AnalyticsCall>(
  call: C,
  request: AnalyticsRequest<C>,
  { enabled = true, liveKey = 0 }: AnalyticsQueryOptions = {}
): AnalyticsQueryState<AnalyticsResponse<C>> {
  const [state, setState] = useState<Snapshot<AnalyticsResponse<C>>>({ status: 'idle', data: null, error: null });
  const [nonce, setNonce] = useState(0);
  const track = useTrackLoading();
  const seq = useRef(0);
  const latest = useRef(request);
  latest.current = request;
  const status = useRef<LoadStatus>('idle');
  status.current = state.status;
  const previous = useRef<{ key: string; nonce: number } | null>(null);

  const key = JSON.stringify([call, request.query ?? null, request.params ?? null, request.idOrg ?? null]);

  useEffect(() => {
    if (!enabled) {
      previous.current = null;
      setState({ status: 'idle', data: null, error: null });
      return;
    }
    const id = ++seq.current;
    const silent = previous.current?.key === key && previous.current.nonce === nonce && status.current === 'resolved';
    previous.current = { key, nonce };
    if (!silent) setState({ status: 'pending', data: null, error: null });
    const work = queryAnalytics(call, latest.current);
    void (silent ? work : track(work)).then((result) => {
      if (id !== seq.current) return;
      setState(result.ok ? { status: 'resolved', data: result.data, error: null } : { status: 'rejected', data: null, error: result.error });
    });
    return () => {
      // A newer request (or leaving the page) makes this one's answer stale.
      seq.current++;
    };
  }, [call, key, enabled, nonce, liveKey, track]);

  const reload = useCallback(() => setNonce((n) => n + 1), []);
  return { ...state, reload };
}
