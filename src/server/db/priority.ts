import type pg from 'pg';

/**
 * The chat goes first. On PGlite one connection runs a statement on the event loop's thread and
 * cannot be interrupted: the chat's statements are small and come in short bursts (a message: its
 * insert, its routing, its acknowledgement), the statistics' and exports' are larger and, with
 * several readers looping, always ready; served in arrival order, each of a chat message's
 * statements found a reader's ahead of it. On PostgreSQL the statistics have a pool of their own,
 * but their statements, their answers' JS and the chat share the machine's cores: readers looping
 * as fast as answers come took them from the chat (issue 18's abuse figure on both engines).
 *
 * So a background statement (statistics, and on PGlite the reports' batches) is asked for only
 * after a poll of the event loop for I/O and once no chat statement is running and none has ended
 * for QUIET_MS (the gap between one chat statement and the next of the same message); none waits
 * longer than MAX_DEFER_MS, so the statistics still answer under a steady chat. A background
 * statement already running is not interrupted: on PGlite the chat waits for it, on PostgreSQL it
 * keeps a core the chat shares — which is why statistics read their series a few buckets at a time
 * on both engines (stats/run.ts, stats/series.ts's bucketSlices).
 *
 * While the chat is active (a chat statement running or ended within ACTIVE_MS), the background
 * takes at most BUSY_SHARE of the time: after a piece of d ms the next waits d × (1 / share − 1).
 * Readers looping as fast as answers come otherwise fill every gap between messages, and the
 * platform's own work for them (building each slice's statement, reading its rows) allocates
 * enough for the garbage collector to pause the process several times a second — pauses a chat
 * message then lands in (issue 18: on PostgreSQL, 15 young-generation collections a second of ~2.6 ms
 * with 4 looping readers, 4 with the share). Nobody chatting, the statistics run at full speed.
 */
export const QUIET_MS = 3;
export const MAX_DEFER_MS = 250;
export const ACTIVE_MS = 100;
export const BUSY_SHARE = 0.5;

/** Runs a piece of work in one side's turn (Priority's chat or background). */
export type Turn = <T>(work: () => Promise<T>) => Promise<T>;

export interface Priority {
  /** Runs chat work: it is asked for at once and holds the background back until QUIET_MS after it. */
  chat: Turn;
  /** Chat work began or ended elsewhere (a pooled connection checked out and back: watchPool). */
  chatBegan(): void;
  chatEnded(): void;
  /** Runs background work once the chat is quiet (or after MAX_DEFER_MS). */
  background: Turn;
  /** Whether the chat is active now: a chat statement running or ended within ACTIVE_MS (background work that paces itself reads it: the notification worker). */
  chatActive(): boolean;
}

export interface PriorityOptions {
  quietMs?: number;
  maxDeferMs?: number;
  /** How many pieces of background work may run at once (PGlite: 1; PostgreSQL: the executor's admission decides). */
  backgroundSlots?: number;
  /** The share of the time background work may take while the chat is active (1: no limit). */
  busyShare?: number;
  activeMs?: number;
}

export function priority({ quietMs = QUIET_MS, maxDeferMs = MAX_DEFER_MS, backgroundSlots = 1, busyShare = BUSY_SHARE, activeMs = ACTIVE_MS }: PriorityOptions = {}): Priority {
  let chatRunning = 0;
  let lastChatEnded = -Infinity;
  let backgroundRunning = 0;
  /** Background work waiting for its turn, oldest first, each with when it began to wait. */
  const queue: { since: number; start: () => void }[] = [];
  let timer: NodeJS.Timeout | null = null;
  let looking = false;
  /** While the chat is active, background work rests until then after each piece (busyShare). */
  let restUntil = -Infinity;
  const rest = 1 / Math.min(1, Math.max(busyShare, 0.01)) - 1;

  /**
   * Looks, after the event loop's next poll for I/O (setImmediate), whether the oldest background
   * work may start. Always after a poll: a piece of background work ends in a microtask, and
   * starting the next one there would chain statements without the loop ever reading the socket
   * a chat message waits on.
   */
  const next = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    if (looking || backgroundRunning >= backgroundSlots || queue.length === 0) return;
    looking = true;
    setImmediate(look);
  };
  const look = () => {
    looking = false;
    const now = performance.now();
    // How long until the chat has been quiet for quietMs and the background has rested (busyShare).
    const waitIn = Math.max(chatRunning > 0 ? quietMs : quietMs - (now - lastChatEnded), restUntil - now);
    for (let first = queue[0]; first && backgroundRunning < backgroundSlots; first = queue[0]) {
      const deferLeft = maxDeferMs - (now - first.since);
      if (waitIn > 0 && deferLeft > 0) {
        timer = setTimeout(next, Math.min(waitIn, deferLeft));
        return;
      }
      queue.shift();
      backgroundRunning++;
      first.start();
    }
  };

  const chatBegan = () => {
    chatRunning++;
  };
  const chatEnded = () => {
    chatRunning = Math.max(0, chatRunning - 1);
    lastChatEnded = performance.now();
    if (chatRunning === 0 && queue.length > 0) next();
  };

  return {
    async chat(work) {
      chatBegan();
      try {
        return await work();
      } finally {
        chatEnded();
      }
    },
    chatBegan,
    chatEnded,
    chatActive: () => chatRunning > 0 || performance.now() - lastChatEnded < activeMs,
    async background(work) {
      await new Promise<void>((start) => {
        queue.push({ since: performance.now(), start });
        next();
      });
      const began = performance.now();
      try {
        return await work();
      } finally {
        const ended = performance.now();
        if (chatRunning > 0 || ended - lastChatEnded < activeMs) restUntil = Math.max(restUntil, ended + (ended - began) * rest);
        backgroundRunning--;
        next();
      }
    }
  };
}

/**
 * The same client, seen by one side: the named methods (PGlite's query, exec and transaction; a
 * pool's query) run through `run` (the chat's or the background's turn); everything else is the
 * client's own, bound to it (PGlite keeps private fields, so its methods must see the real instance
 * as `this`).
 */
export function prioritised<C extends object>(client: C, run: Turn, entryPoints: readonly string[]): C {
  const named = new Set<PropertyKey>(entryPoints);
  return new Proxy(client, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== 'function') return value;
      const bound = (value as (...args: unknown[]) => unknown).bind(target);
      if (!named.has(property)) return bound;
      return (...args: unknown[]) => run(() => Promise.resolve(bound(...args)));
    }
  });
}

/** A pool's work as chat work: from each connection's checkout to its return (a statement, a transaction). */
export function watchPool(pool: pg.Pool, turns: Priority): void {
  pool.on('acquire', turns.chatBegan);
  pool.on('release', turns.chatEnded);
}
