import type { BucketSpec, SocketRateLimits } from '../config';
import { tooMany, type ChatError } from '../chat/errors';
import { CHAT_TEXT } from '../chat/texts';

/**
 * Per-socket rate limits of the live chat (issue 18). Every socket gets two token buckets: one for
 * what stores a message or wakes the assistant (MESSAGE_EVENTS), one for every event it sends.
 * Over either, the event is answered through its ack with 429 and a Spanish text, before its
 * payload reaches the engine: nothing is stored and the assistant is not called.
 *
 * A token bucket written here rather than a library (rate-limiter-flexible and the like): the
 * state is two numbers per socket that live and die with the socket object (no keyed store to
 * sweep, no timers), the check is synchronous on the hot path of every chat message (those
 * libraries answer a Promise per event), and the whole rule is the dozen lines below.
 */

/** What stores a message or calls the assistant: charged to the message bucket. */
const MESSAGE_EVENTS: ReadonlySet<string> = new Set(['widget:start', 'widget:message', 'widget:upload', 'chat:send']);

/** How many admitted clientIds a socket remembers, so a retry of one is not charged again. */
const REMEMBERED_CLIENT_IDS = 64;

export class TokenBucket {
  private tokens: number;
  private last: number;

  constructor(
    private readonly spec: BucketSpec,
    private readonly now: () => number = () => performance.now()
  ) {
    this.tokens = spec.burst;
    this.last = this.now();
  }

  /** Takes one token if there is one. */
  take(): boolean {
    const now = this.now();
    this.tokens = Math.min(this.spec.burst, this.tokens + ((now - this.last) / 1000) * this.spec.perSecond);
    this.last = now;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}

export class SocketThrottle {
  private readonly events: TokenBucket;
  private readonly messages: TokenBucket;
  private readonly admitted = new Set<string>();

  constructor(limits: SocketRateLimits, now?: () => number) {
    this.events = new TokenBucket(limits.events, now);
    this.messages = new TokenBucket(limits.messages, now);
  }

  /** Any event, before its payload is parsed: null to go on, or the refusal. */
  admitEvent(): ChatError | null {
    return this.events.take() ? null : tooMany(CHAT_TEXT.tooManyEvents);
  }

  /**
   * A parsed payload of `event`: message events take a message token, except a repeat of a
   * clientId this socket already had admitted (a retry waiting for its ack, or copies sent at
   * once): the engine answers those with the stored row, so they cost the general cap only.
   */
  admitPayload(event: string, payload: unknown): ChatError | null {
    if (!MESSAGE_EVENTS.has(event)) return null;
    const clientId = clientIdOf(payload);
    if (clientId !== null && this.admitted.has(clientId)) return null;
    if (!this.messages.take()) return tooMany(CHAT_TEXT.tooManyMessages);
    if (clientId !== null) this.remember(clientId);
    return null;
  }

  private remember(clientId: string): void {
    this.admitted.add(clientId);
    if (this.admitted.size <= REMEMBERED_CLIENT_IDS) return;
    const oldest = this.admitted.values().next();
    if (!oldest.done) this.admitted.delete(oldest.value);
  }
}

function clientIdOf(payload: unknown): string | null {
  if (typeof payload !== 'object' || payload === null || !('clientId' in payload)) return null;
  return typeof payload.clientId === 'string' ? payload.clientId : null;
}

/** The throttle of each connected socket (set by the namespaces' first middleware, read by bindEvent). */
const throttles = new WeakMap<object, SocketThrottle>();

export function throttleSocket(socket: object, limits: SocketRateLimits): void {
  throttles.set(socket, new SocketThrottle(limits));
}

export function throttleOf(socket: object): SocketThrottle | undefined {
  return throttles.get(socket);
}
