/**
 * Issue 39: the one place that wakes the outbox worker after a commit that queued notifications,
 * so it sends them now rather than at its next poll. Every raiser calls kickNotifyWorker() once its
 * transaction committed — the chat through its effects (Effects.notify(), dispatched after the
 * commit by the engine), the sign-in lock, the export-failed route and the password-expiry job
 * directly. The worker (src/server/notify/worker.ts) connects its kick() here with
 * connectNotifyKick when it starts, and disconnects when it stops. Waking costs nothing but a
 * function call: no rendering, no network, nothing awaited. With none connected (a platform whose
 * worker is off), a kick is nothing and the rows wait in the outbox for the worker's next poll.
 */

export type NotifyKick = () => void;

const connected = new Set<NotifyKick>();

/** Connects a worker's wake-up; answers the function that disconnects it. */
export function connectNotifyKick(kick: NotifyKick): () => void {
  connected.add(kick);
  return () => {
    connected.delete(kick);
  };
}

/** Wakes the connected workers (every platform of this process: a worker with nothing of its own due finds nothing). Never throws. */
export function kickNotifyWorker(): void {
  for (const kick of connected) {
    try {
      kick();
    } catch {
      // A wake-up that failed leaves the rows to the worker's poll: nothing is lost.
    }
  }
}
