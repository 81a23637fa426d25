import { z } from 'zod';
import { nowMs, until } from './report';

/** What an agent socket reads of a forwarded message (the same check on the real path and the baseline). */
export const Forwarded = z.object({ conversationId: z.string(), clientId: z.string().nullable() });

/** Times each message from the customer's emit (`sent`) to an agent socket receiving it (`received`). */
export class LatencyProbe {
  private readonly inFlight = new Map<string, number>();
  private samples: number[] = [];

  sent(clientId: string): void {
    this.inFlight.set(clientId, nowMs());
  }

  /** Counts a message the probe is waiting for; anything else (bot, system, repeats) is ignored. */
  received(raw: unknown): void {
    const message = Forwarded.safeParse(raw);
    if (!message.success || message.data.clientId === null) return;
    const start = this.inFlight.get(message.data.clientId);
    if (start === undefined) return;
    this.inFlight.delete(message.data.clientId);
    this.samples.push(nowMs() - start);
  }

  /** Waits until every sent message reached its agent. */
  settled(ms: number): Promise<void> {
    return until(() => this.inFlight.size === 0, ms, `${this.inFlight.size} messages to reach their agents`);
  }

  /** The samples so far, and a fresh start (after the warm-up). */
  take(): number[] {
    const taken = this.samples;
    this.samples = [];
    return taken;
  }
}

/** A customer's send: emits one message and resolves on its ack. */
export type Send = (clientId: string, text: string) => Promise<void>;

/**
 * Every customer sends `messages` messages one after the other (the next once the previous is
 * acked), all customers at once; resolves when every message reached its agent, with the
 * time that took (ms). With `paceMs` > 0 each customer first waits a pause drawn evenly from
 * [paceMs/2, 3·paceMs/2] before each message, as people typing do; 0 sends back to back
 * (a saturation run: the latency is then mostly time spent queueing).
 */
export async function driveCustomers(sends: readonly Send[], messages: number, probe: LatencyProbe, tag: string, paceMs = 0): Promise<number> {
  const start = nowMs();
  let seed = 0x2545f491;
  // A fixed pseudo-random sequence: every run (and both engines) sees the same pauses.
  const next = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  await Promise.all(
    sends.map(async (send, c) => {
      for (let k = 1; k <= messages; k++) {
        if (paceMs > 0) await new Promise((resolve) => setTimeout(resolve, paceMs / 2 + next() * paceMs));
        const clientId = `${tag}-c${c + 1}-m${k}`;
        probe.sent(clientId);
        await send(clientId, `Mensaje ${k} del cliente ${c + 1}`);
      }
    })
  );
  await probe.settled(60_000);
  return nowMs() - start;
}
