import { useEffect, useState } from 'react';

/**
 * A local clock for the waits on screen ('lleva 00:02:30 esperando'): it re-renders, it never asks
 * the platform — the data itself comes with the monitor link's notices.
 */
export function useNow(intervalMs = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
