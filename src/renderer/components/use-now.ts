import { useCallback, useSyncExternalStore } from 'react';

interface Ticker {
  now: number;
  listeners: Set<() => void>;
  timer: ReturnType<typeof setInterval> | null;
}

/** One timer per interval for every caller: the queue's 500 waits tick together, not on 500 timers. */
const tickers = new Map<number, Ticker>();

function tickerOf(intervalMs: number): Ticker {
  let ticker = tickers.get(intervalMs);
  if (!ticker) {
    ticker = { now: Date.now(), listeners: new Set(), timer: null };
    tickers.set(intervalMs, ticker);
  }
  return ticker;
}

function subscribe(intervalMs: number, listener: () => void): () => void {
  const ticker = tickerOf(intervalMs);
  ticker.listeners.add(listener);
  if (ticker.timer === null) {
    ticker.timer = setInterval(() => {
      ticker.now = Date.now();
      for (const l of [...ticker.listeners]) l();
    }, intervalMs);
  }
  return () => {
    ticker.listeners.delete(listener);
    if (ticker.listeners.size === 0 && ticker.timer !== null) {
      clearInterval(ticker.timer);
      ticker.timer = null;
    }
  };
}

/** The ticker's instant; an idle one (no timer) catches up once it is an interval old, so consecutive reads agree. */
function snapshot(intervalMs: number): number {
  const ticker = tickerOf(intervalMs);
  if (ticker.timer === null && Date.now() - ticker.now >= intervalMs) ticker.now = Date.now();
  return ticker.now;
}

/**
 * A local clock for the waits on screen ('lleva 00:02:30 esperando'): it re-renders, it never asks
 * the platform — the data itself comes with the monitor link's notices. Callers of one interval
 * share its timer and read the same instant.
 */
export function useNow(intervalMs = 1000): number {
  // A stable subscribe: a new one each render would resubscribe (and restart the timer) on every render.
  const listen = useCallback((listener: () => void) => subscribe(intervalMs, listener), [intervalMs]);
  const read = useCallback(() => snapshot(intervalMs), [intervalMs]);
  return useSyncExternalStore(listen, read);
}
