import { useCallback, useEffect, useRef, useState } from 'react';
import type { IpcError, IpcResult } from '../../../../shared/ipc';
import type { SettingsCall, SettingsResponse } from '../../../../shared/settings-calls';
import type { LoadStatus } from '../../../app/load-state';
import { useTrackLoading } from '../../../app/loading';
import { callSettings, type SettingsRequest } from './settings-client';

export interface SettingsLoad<T> {
  status: LoadStatus;
  /** Empty (null) while pending and after a failure (SPEC §4). */
  data: T | null;
  error: IpcError | null;
  /** Asks again (the error state's 'Reintentar'). */
  reload(): void;
  /** Changes the loaded data in place after a write (SPEC §4 "Lists": prepend, replace, remove). */
  update(change: (data: T) => T): void;
}

export interface SettingsLoadOptions {
  /** false: nothing is asked and the state stays idle (no virtual agent chosen yet). */
  enabled?: boolean;
  /** Bumped by a live notice (useLiveReload): asked again while the current data stays on screen. */
  liveKey?: number;
}

type Snapshot<T> = Pick<SettingsLoad<T>, 'status' | 'data' | 'error'>;

/**
 * One load, kept for the page to change after its writes. `key` names what is asked (a new key
 * asks again, showing the pending state). Stale-safe: only the answer of the latest request is
 * kept, so a slow answer (an earlier virtual agent, a page already left) never overwrites a newer
 * one. The loading bar runs while it loads; a live reload keeps the current data on screen.
 */
export function useLoad<T>(key: string, load: () => Promise<IpcResult<T>>, { enabled = true, liveKey = 0 }: SettingsLoadOptions = {}): SettingsLoad<T> {
  const [state, setState] = useState<Snapshot<T>>({ status: 'idle', data: null, error: null });
  const [nonce, setNonce] = useState(0);
  const track = useTrackLoading();
  const seq = useRef(0);
  const latest = useRef(load);
  latest.current = load;
  const status = useRef<LoadStatus>('idle');
  status.current = state.status;
  const previous = useRef<{ key: string; nonce: number } | null>(null);

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
    const work = latest.current();
    void (silent ? work : track(work)).then((result) => {
      if (id !== seq.current) return;
      setState(result.ok ? { status: 'resolved', data: result.data, error: null } : { status: 'rejected', data: null, error: result.error });
    });
    return () => {
      seq.current++;
    };
  }, [key, enabled, nonce, liveKey, track]);

  const reload = useCallback(() => setNonce((n) => n + 1), []);
  const update = useCallback((change: (data: T) => T) => {
    setState((current) => (current.status === 'resolved' && current.data !== null ? { ...current, data: change(current.data) } : current));
  }, []);
  return { ...state, reload, update };
}

/** One settings read ('settings:call'), kept for the page to change after its writes. */
export function useSettingsLoad<C extends SettingsCall>(call: C, request: SettingsRequest<C> = {}, options: SettingsLoadOptions = {}): SettingsLoad<SettingsResponse<C>> {
  const key = JSON.stringify([call, request.query ?? null, request.params ?? null, request.body ?? null]);
  return useLoad(key, () => callSettings(call, request), options);
}
