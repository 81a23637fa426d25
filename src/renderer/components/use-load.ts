import { useCallback, useEffect, useEffectEvent, useRef, useState } from 'react';
import type { IpcError, IpcResult } from '../../shared/ipc';
import type { LoadStatus } from '../app/load-state';
import { useTrackLoading } from '../app/loading';

export interface Load<T> {
  status: LoadStatus;
  /** Empty (null) while pending and after a failure (SPEC §4). */
  data: T | null;
  error: IpcError | null;
  /** Asks again (the error state's 'Reintentar'), showing the pending state. */
  reload(): void;
  /** Asks again quietly, the current data on screen until the answer comes (as a live reload does): after a write the page cannot apply itself. */
  refresh(): void;
  /** Changes the loaded data in place after a write (SPEC §4 "Lists": prepend, replace, remove). */
  update(change: (data: T) => T): void;
}

export interface LoadOptions {
  /** false: nothing is asked and the state stays idle (no virtual agent chosen yet, a list the page does not use). */
  enabled?: boolean;
  /** Bumped by a live notice (useLiveReload): asked again while the current data stays on screen. */
  liveKey?: number;
}

/** An answer and the request it answers. */
interface Answer<T> {
  request: string;
  status: 'resolved' | 'rejected';
  data: T | null;
  error: IpcError | null;
}

/**
 * One load, kept for the page to change after its writes. `key` names what is asked: a new key (or
 * a reload) asks again and shows the pending state at once. Stale-safe: an answer is kept only while
 * its request is the current one, so a slow answer (an earlier filter, an earlier virtual agent, a
 * page already left) never overwrites a newer one. The loading bar runs while it loads; a live
 * reload (`liveKey`) asks quietly and keeps the current data on screen until the answer comes.
 */
export function useLoad<T>(key: string, load: () => Promise<IpcResult<T>>, { enabled = true, liveKey = 0 }: LoadOptions = {}): Load<T> {
  const [nonce, setNonce] = useState(0);
  const [quiet, setQuiet] = useState(0);
  const request = enabled ? `${nonce}:${key}` : null;
  const [answer, setAnswer] = useState<Answer<T> | null>(null);
  const track = useTrackLoading();
  const ask = useEffectEvent(load);
  /** The request whose data is on screen: asking it again (a live reload) is quiet. */
  const shown = useRef<string | null>(null);

  // Switched off: what was loaded goes, so switching on again starts from pending.
  if (request === null && answer !== null) setAnswer(null);

  useEffect(() => {
    if (request === null) {
      shown.current = null;
      return;
    }
    let current = true;
    const work = ask();
    void (shown.current === request ? work : track(work)).then((result) => {
      if (!current) return;
      shown.current = result.ok ? request : null;
      setAnswer(result.ok ? { request, status: 'resolved', data: result.data, error: null } : { request, status: 'rejected', data: null, error: result.error });
    });
    return () => {
      // A newer request (or leaving the page) makes this one's answer stale.
      current = false;
    };
  }, [request, liveKey, quiet, track]);

  const reload = useCallback(() => setNonce((n) => n + 1), []);
  const refresh = useCallback(() => setQuiet((n) => n + 1), []);
  const update = useCallback((change: (data: T) => T) => {
    setAnswer((a) => (a !== null && a.status === 'resolved' && a.data !== null ? { ...a, data: change(a.data) } : a));
  }, []);

  if (request === null) return { status: 'idle', data: null, error: null, reload, refresh, update };
  if (answer === null || answer.request !== request) return { status: 'pending', data: null, error: null, reload, refresh, update };
  return { status: answer.status, data: answer.data, error: answer.error, reload, refresh, update };
}
