import { useEffect, useState } from 'react';
import type { MonitorTopic } from '../../shared/realtime';

/** Notices that come within this long of the first one become one reload. */
export const LIVE_COALESCE_MS = 300;

/**
 * A counter that moves when the platform says the live state of `topic` changed ('analytics:live'
 * from the main process's monitor link): pass it as useAnalyticsQuery's liveKey. One subscription
 * for the page's life, no timer unless a notice came, a burst of notices is one reload — nothing polls.
 * `idOrg` is the organisation the page shows (its filter's: null for the session's own or the one
 * administered): the link follows it ('analytics:follow'), so the notices are that organisation's.
 */
export function useLiveReload(topic: MonitorTopic, idOrg: number | null, coalesceMs = LIVE_COALESCE_MS): number {
  const [tick, setTick] = useState(0);
  useEffect(() => {
    // A refusal needs no word here: the page's own calls for that organisation are refused the same way and say so.
    void window.atiende.analytics.follow({ idOrg });
  }, [idOrg]);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | null = null;
    const off = window.atiende.on('analytics:live', (payload) => {
      if (payload.topic !== topic || timer !== null) return;
      timer = setTimeout(() => {
        timer = null;
        setTick((n) => n + 1);
      }, coalesceMs);
    });
    return () => {
      off();
      if (timer !== null) clearTimeout(timer);
    };
  }, [topic, coalesceMs]);
  return tick;
}
