import { createAdapter } from '@socket.io/redis-streams-adapter';
import { createClient } from 'redis';

type Client = ReturnType<typeof createClient>;
type Duplicate = ReturnType<Client['duplicate']>;

export interface RedisAdapter {
  adapter: ReturnType<typeof createAdapter>;
  /** PING on the publishing connection (the readiness route): rejects when Redis cannot be reached. */
  ping(): Promise<void>;
  /** Leaves Redis; call after every namespace's adapter is closed (their stream readers stop then). */
  close(): Promise<void>;
}

/** The adapter's own names (its defaults), each put after the platform's prefix (config.redisKeyPrefix). */
export function adapterNames(prefix: string): { streamName: string; channelPrefix: string; sessionKeyPrefix: string } {
  return { streamName: `${prefix}socket.io`, channelPrefix: `${prefix}socket.io`, sessionKeyPrefix: `${prefix}sio:session:` };
}

/** How long a stream reader blocks in XREAD before asking again; also bounds how long one lingers after close. */
const STREAM_BLOCK_MS = 1000;
/**
 * After this instance's Redis connections come back, how long it does not trust the number of
 * instances Redis reports: every instance's subscriber reconnects on its own backoff (up to ~2 s),
 * and one not subscribed yet would not be asked (fetchSockets would miss its sockets).
 */
export const RECONNECT_SETTLE_MS = 5000;
/** A drop in the number of instances subscribed is believed once it has lasted this long (a peer's subscriber may be reconnecting). */
export const SERVER_COUNT_MEMORY_MS = 10_000;

/**
 * The socket.io Redis streams adapter (@socket.io/redis-streams-adapter): rooms shared by every
 * instance on that Redis, broadcasts kept in a Redis stream so that a socket that drops and comes
 * back within connectionStateRecovery's window — on any instance — gets the packets it missed, and
 * its session (id, rooms) kept in Redis for that window.
 *
 * The adapter opens its own connections by duplicating the client given: a stream reader and a
 * pub/sub subscriber, over which server-side events (serverSideEmit) travel. Stream entries are read
 * again from the last offset after a drop, but pub/sub messages published meanwhile are gone:
 * `resubscribed` runs each time one of those connections is ready again after a drop. Every name
 * it uses in Redis starts with `prefix`: platforms on one Redis with different prefixes neither
 * hear each other's broadcasts nor count each other as instances.
 */
export async function redisAdapter(url: string, report: (error: unknown) => void, resubscribed: () => void = () => undefined, prefix = ''): Promise<RedisAdapter> {
  const client = createClient({ url });
  client.on('error', report);
  const duplicates: Duplicate[] = [];
  let distrustUntil = 0;
  const duplicate = client.duplicate.bind(client);
  client.duplicate = ((...args: Parameters<Client['duplicate']>) => {
    const copy = duplicate(...args);
    duplicates.push(copy);
    let connected = false;
    copy.on('ready', () => {
      if (connected) {
        distrustUntil = Date.now() + RECONNECT_SETTLE_MS;
        resubscribed();
      }
      connected = true;
    });
    return copy;
  }) as Client['duplicate'];
  let closing = false;
  // The adapter sends these without waiting for the answer (pub/sub messages, a dropped socket's
  // session): a failure (Redis unreachable, or this instance closing) is reported, never left unhandled.
  for (const name of ['publish', 'sPublish', 'set'] as const) {
    const send = client[name].bind(client) as (...args: unknown[]) => Promise<unknown>;
    (client as unknown as Record<string, unknown>)[name] = (...args: unknown[]) => {
      const sent = send(...args);
      sent.catch((error: unknown) => {
        if (!closing) report(error);
      });
      return sent;
    };
  }
  await client.connect();
  const streams = createAdapter(client, { blockTimeInMs: STREAM_BLOCK_MS, ...adapterNames(prefix) });
  // How many instances answer a cluster request (fetchSockets: who is connected anywhere) comes from
  // Redis's count of subscribers, which dips while one reconnects. Never under-count: right after
  // this instance's own reconnect the count is refused (the request fails, and the engine's callers
  // treat that as "unknown"), and a lower count than recently seen is believed only once it lasts.
  // socket.io calls it with `new`: a function, not an arrow (the object it returns is the adapter).
  const adapter = function (nsp: Parameters<typeof streams>[0]) {
    const created = streams(nsp);
    const count = created.serverCount.bind(created);
    let peak = 0;
    let peakAt = 0;
    created.serverCount = async () => {
      if (Date.now() < distrustUntil) throw new Error('Redis reconnected moments ago: the instances may not all be subscribed again');
      const n = await count();
      const now = Date.now();
      if (n >= peak || now - peakAt > SERVER_COUNT_MEMORY_MS) {
        peak = n;
        peakAt = now;
      }
      return peak;
    };
    return created;
  } as typeof streams;
  // The adapter connects its reader and subscriber by itself: ready means they are connected too.
  await Promise.all(duplicates.map((copy) => (copy.isReady ? undefined : new Promise<void>((resolve) => copy.once('ready', () => resolve())))));
  return {
    adapter,
    ping: async () => {
      await client.ping();
      if (duplicates.some((copy) => !copy.isReady)) throw new Error('A Redis connection of the socket.io adapter is down');
    },
    close: async () => {
      closing = true;
      // The adapter's own connections carry nothing to wait for (a blocking read, subscriptions).
      for (const copy of duplicates) copy.destroy();
      await client.close().catch(() => client.destroy());
    }
  };
}
