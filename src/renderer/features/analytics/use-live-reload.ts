import { useEffect, useState } from 'react';
import type { MonitorTopic } from '../../../shared/realtime';

/** Notices that come within this long of the first one become one reload. */
export const LIVE_COALESCE_MS = 300;

/**
 * A counter that moves when the platform says the live state of `topic` changed ('analytics:live'
 * from the main process's monitor link): pass it as useAnalyticsQuery's liveKey. One subscription
 * for the page's life, no timer unless a notice came, a burst of notices is one reload — nothing polls.
 */
export function useLiveReload(topic: MonitorTopic, coalesceMs = LIVE_COALESCE_MS): number {
  const [tick, setTick] = useState(0);
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
