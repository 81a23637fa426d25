/**
 * Calls `fn` at most once per `intervalMs`: the first call runs at once, later calls within the
 * interval are dropped. `now` is injectable so tests need no real clock.
 */
export function throttle(fn: () => void, intervalMs: number, now: () => number = Date.now): () => void {
  let last = Number.NEGATIVE_INFINITY;
  return () => {
    const t = now();
    if (t - last < intervalMs) return;
    last = t;
    fn();
  };
}
