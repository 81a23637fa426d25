import { createAdapter } from '@socket.io/redis-adapter';
import { createClient } from 'redis';

export interface RedisAdapter {
  adapter: ReturnType<typeof createAdapter>;
  close(): Promise<void>;
}

/**
 * The socket.io Redis adapter (rooms shared by every instance on that Redis): a publishing and a
 * subscribing client. `resubscribed` runs each time the subscriber is ready again after a drop:
 * what was published meanwhile never reached this instance.
 */
export async function redisAdapter(url: string, report: (error: unknown) => void, resubscribed: () => void = () => undefined): Promise<RedisAdapter> {
  const pub = createClient({ url });
  const sub = pub.duplicate();
  pub.on('error', report);
  sub.on('error', report);
  await Promise.all([pub.connect(), sub.connect()]);
  sub.on('ready', resubscribed);
  return {
    adapter: createAdapter(pub, sub),
    close: async () => {
      await Promise.allSettled([pub.close(), sub.close()]);
    }
  };
}
