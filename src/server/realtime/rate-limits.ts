import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';
import { normalizeIP } from '@fastify/rate-limit';
import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { THROTTLE_TEXT, waitInWords } from '../auth/throttle';
import type { BucketSpec, ServerConfig, SocketRateLimits } from '../config';
import { tooMany, type ChatError } from '../chat/errors';
import { CHAT_TEXT } from '../chat/texts';
import type { RateLimiters } from '../rate-limiters';

/**
 * Per-socket rate limits of the live chat (issue 18). Every socket gets two token buckets: one for
 * what stores a message or wakes the assistant (MESSAGE_EVENTS), one for every event it sends.
 * Over either, the event is answered through its ack with 429 and a Spanish text, before its
 * payload reaches the engine: nothing is stored and the assistant is not called.
 *
 * A token bucket written here rather than a library (rate-limiter-flexible, which counts the
 * per-address budgets shared between instances — WidgetConnectBudget below, auth/throttle.ts): the
 * state is two numbers per socket that live and die with the socket object (no keyed store to
 * sweep, no timers), the check is synchronous on the hot path of every chat message (those
 * libraries answer a Promise per event), and the whole rule is the dozen lines below.
 */

/** What stores a message or calls the assistant: charged to the message bucket. */
const MESSAGE_EVENTS: ReadonlySet<string> = new Set(['widget:start', 'widget:message', 'widget:upload', 'chat:send']);

/** How many admitted clientIds a socket remembers, so a retry of one is not charged again. */
const REMEMBERED_CLIENT_IDS = 64;

/** The buckets' default clock: one function for all of them, not a closure per bucket. */
const monotonicNow = (): number => performance.now();

export class TokenBucket {
  private tokens: number;
  private last: number;

  constructor(
    private readonly spec: BucketSpec,
    private readonly now: () => number = monotonicNow
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
  /** Made at the first admitted clientId: a socket that sends no message holds none. */
  private admitted: Set<string> | null = null;

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
    if (clientId !== null && this.admitted?.has(clientId)) return null;
    if (!this.messages.take()) return tooMany(CHAT_TEXT.tooManyMessages);
    if (clientId !== null) this.remember(clientId);
    return null;
  }

  private remember(clientId: string): void {
    const admitted = (this.admitted ??= new Set());
    admitted.add(clientId);
    if (admitted.size <= REMEMBERED_CLIENT_IDS) return;
    const oldest = admitted.values().next();
    if (!oldest.done) admitted.delete(oldest.value);
  }
}

function clientIdOf(payload: unknown): string | null {
  if (typeof payload !== 'object' || payload === null || !('clientId' in payload)) return null;
  return typeof payload.clientId === 'string' ? payload.clientId : null;
}

/** The throttle of each connected socket (set by the namespaces' first middleware, read by eventBinding's listeners). */
const throttles = new WeakMap<object, SocketThrottle>();

export function throttleSocket(socket: object, limits: SocketRateLimits): void {
  throttles.set(socket, new SocketThrottle(limits));
}

export function throttleOf(socket: object): SocketThrottle | undefined {
  return throttles.get(socket);
}

/**
 * The widget namespace's handshakes that may start a chat ({ org, va }), per client address (issue
 * 18): a customer needs no account, so without it one address could open sockets — each a new
 * conversation candidate — without end. A fixed window (config.widgetConnectLimit, 60 a minute by
 * default) counted by rate-limiter-flexible: in Redis when REDIS_URL is set, so every instance
 * shares one budget per address (rate-limiters.ts, which also says what happens if Redis drops),
 * in memory otherwise. The address is the one the HTTP throttle keys by: the connection's, or the
 * client a trusted proxy names (TRUST_PROXY, resolved as Fastify resolves request.ip), an IPv6
 * client by its /64. Resuming a conversation is not counted: it needs the conversation's token,
 * and refusing it would make the widget forget the customer's conversation.
 */
export class WidgetConnectBudget {
  private readonly trust: (address: string, hop: number) => boolean;

  constructor(
    private readonly limiter: RateLimiterAbstract,
    trustProxy: ServerConfig['trustProxy']
  ) {
    this.trust = trustProxy === false ? () => false : proxyAddr.compile(trustProxy);
  }

  static create(limiters: RateLimiters, config: Pick<ServerConfig, 'widgetConnectLimit' | 'trustProxy'>): WidgetConnectBudget {
    const { max, windowSeconds } = config.widgetConnectLimit;
    return new WidgetConnectBudget(limiters.limiter('widget-connect', { points: max, durationSeconds: windowSeconds }), config.trustProxy);
  }

  /** The client's address as the HTTP throttle sees it. */
  address(request: IncomingMessage): string {
    return normalizeIP(proxyAddr(request, this.trust));
  }

  /** Counts one handshake from the request's address: null to go on, or the refusal (429, how long to wait). */
  async admit(request: IncomingMessage): Promise<ChatError | null> {
    try {
      await this.limiter.consume(this.address(request));
      return null;
    } catch (error) {
      if (error instanceof RateLimiterRes) return tooMany(THROTTLE_TEXT.newChats(waitInWords(error.msBeforeNext)));
      throw error;
    }
  }
}
