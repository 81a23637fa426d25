import type { PGlite } from '@electric-sql/pglite';

/**
 * PGlite is one connection on the event loop's thread: a statement, once started, holds the engine
 * and the thread until it ends. The chat's statements are small and come in short bursts (a
 * message: its insert, its routing, its acknowledgement); the statistics' and exports' statements
 * are larger and, with several readers looping, always ready. Served in arrival order, each of a
 * chat message's statements found a reader's statement ahead of it (issue 18's abuse figure).
 *
 * So the chat goes first: the background's statements (statistics, reports) are asked for one at a
 * time, oldest first, each after a poll of the event loop for I/O and once no chat statement is
 * running and none has ended for QUIET_MS (the gap between one chat statement and the next of the
 * same message); none waits longer than MAX_DEFER_MS, so the statistics still answer under a steady
 * chat. A background statement already running is not interrupted: the chat waits for it, which is
 * why statistics read their series a few buckets at a time on PGlite (stats/series.ts, bucketSlices).
 */
export const QUIET_MS = 3;
export const MAX_DEFER_MS = 250;

export interface Priority {
  /** Runs chat work: it is asked for at once and holds the background back until QUIET_MS after it. */
  chat<T>(work: () => Promise<T>): Promise<T>;
  /** Runs background work once the chat is quiet (or after MAX_DEFER_MS). */
  background<T>(work: () => Promise<T>): Promise<T>;
}

export function priority(quietMs = QUIET_MS, maxDeferMs = MAX_DEFER_MS): Priority {
  let chatRunning = 0;
  let chatEnded = -Infinity;
  let backgroundRunning = false;
  /** Background work waiting for its turn, oldest first, each with when it began to wait. */
  const queue: { since: number; start: () => void }[] = [];
  let timer: NodeJS.Timeout | null = null;
  let looking = false;

  /**
   * Looks, after the event loop's next poll for I/O (setImmediate), whether the oldest background
   * work may start. Always after a poll: a piece of background work ends in a microtask, and
   * starting the next one there would chain statements without the loop ever reading the socket
   * a chat message waits on.
   */
  const next = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    if (looking || backgroundRunning || queue.length === 0) return;
    looking = true;
    setImmediate(look);
  };
  const look = () => {
    looking = false;
    const first = queue[0];
    if (!first || backgroundRunning) return;
    const now = performance.now();
    const quietIn = chatRunning > 0 ? quietMs : quietMs - (now - chatEnded);
    const deferLeft = maxDeferMs - (now - first.since);
    if (quietIn <= 0 || deferLeft <= 0) {
      queue.shift();
      backgroundRunning = true;
      first.start();
      return;
    }
    timer = setTimeout(next, Math.min(quietIn, deferLeft));
  };

  return {
    async chat(work) {
      chatRunning++;
      try {
        return await work();
      } finally {
        chatRunning--;
        chatEnded = performance.now();
        if (chatRunning === 0 && queue.length > 0) next();
      }
    },
    async background(work) {
      await new Promise<void>((start) => {
        queue.push({ since: performance.now(), start });
        next();
      });
      try {
        return await work();
      } finally {
        backgroundRunning = false;
        next();
      }
    }
  };
}

/** The calls through which drizzle and our own code ask PGlite for work. */
const ENTRY_POINTS = new Set<PropertyKey>(['query', 'exec', 'transaction']);

/**
 * The same PGlite, seen by one side: its query, exec and transaction run through `run` (the chat's
 * or the background's turn); everything else is the engine's own, bound to it (PGlite keeps private
 * fields, so its methods must see the real instance as `this`).
 */
export function prioritised(client: PGlite, run: <T>(work: () => Promise<T>) => Promise<T>): PGlite {
  return new Proxy(client, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== 'function') return value;
      const bound = (value as (...args: unknown[]) => unknown).bind(target);
      if (!ENTRY_POINTS.has(property)) return bound;
      return (...args: unknown[]) => run(() => Promise.resolve(bound(...args)));
    }
  });
}
