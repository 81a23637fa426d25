import { useEffect, useState } from 'react';
import { UI } from '../../shared/constants';

const { intervalMs, step, max } = UI.loadingBar;

/** One tick of the loading bar (SPEC §9): +20 each tick, never past 99 % until the work resolves. */
export function nextProgress(value: number): number {
  return Math.min(value + step, max);
}

export interface LoadingProgress {
  /** Whether the bar is shown. */
  visible: boolean;
  /** 0–100. */
  value: number;
}

/** How long the completed (100 %) bar stays before it hides. */
export const COMPLETE_HOLD_MS = 200;

/**
 * Drives the loading bar from a busy flag: while busy the value grows every 400 ms by 20 up to
 * 99 %; when the work resolves it jumps to 100 % and then hides.
 */
export function useLoadingProgress(busy: boolean): LoadingProgress {
  const [state, setState] = useState<LoadingProgress>({ visible: busy, value: 0 });
  // Work starting restarts the bar at 0; work ending completes it at 100 (adjusted while rendering, so no frame shows the old value).
  const [wasBusy, setWasBusy] = useState(busy);
  if (busy !== wasBusy) {
    setWasBusy(busy);
    setState({ visible: true, value: busy ? 0 : 100 });
  }

  useEffect(() => {
    if (busy) {
      const timer = setInterval(() => {
        setState((s) => ({ visible: true, value: nextProgress(s.value) }));
      }, intervalMs);
      return () => clearInterval(timer);
    }
    // A completed bar hides after a moment (a hidden one stays as it is).
    const timer = setTimeout(() => setState((s) => (s.visible ? { visible: false, value: 0 } : s)), COMPLETE_HOLD_MS);
    return () => clearTimeout(timer);
  }, [busy]);

  return state;
}
