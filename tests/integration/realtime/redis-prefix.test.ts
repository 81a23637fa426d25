import { afterAll, describe, expect, it } from 'vitest';
import { createServer } from 'node:http';
import { Server } from 'socket.io';
import { redisAdapter, type RedisAdapter } from '../../../src/server/realtime/redis';
import { TEST_REDIS_KEY_PREFIX } from '../../support/app';
import { eventually } from '../../support/platform';

const REDIS_URL = process.env.REDIS_URL;
if (!REDIS_URL) console.warn('Redis key prefix test skipped: it needs REDIS_URL (e.g. redis://127.0.0.1:6379)');

/**
 * REDIS_KEY_PREFIX (config.redisKeyPrefix): platforms on one Redis with different prefixes are
 * different clusters — they neither count each other as instances nor hear each other's
 * server-side events — while the instances of one prefix do both.
 */
describe.skipIf(!REDIS_URL)('platforms sharing one Redis under different prefixes', () => {
  const opened: { io: Server; redis: RedisAdapter }[] = [];

  async function instance(prefix: string): Promise<Server> {
    const redis = await redisAdapter(REDIS_URL!, () => undefined, () => undefined, prefix);
    // Attached to an HTTP server (never listening) so that close() has an engine to close.
    const io = new Server(createServer());
    io.adapter(redis.adapter);
    // A namespace's adapter subscribes when the namespace is made: before anyone counts.
    io.of('/chat');
    opened.push({ io, redis });
    return io;
  }

  afterAll(async () => {
    for (const { io, redis } of opened) {
      await new Promise<void>((done) => void io.close(() => done()));
      await redis.close();
    }
  });

  it('count and hear only the instances of their own prefix', async () => {
    const red = `${TEST_REDIS_KEY_PREFIX}red:`;
    const blue = `${TEST_REDIS_KEY_PREFIX}blue:`;
    const [redOne, redTwo, blueOne] = [await instance(red), await instance(red), await instance(blue)];
    await eventually(async () => {
      expect(await redOne.of('/chat').adapter.serverCount()).toBe(2);
      expect(await blueOne.of('/chat').adapter.serverCount()).toBe(1);
    });

    const heard: string[] = [];
    redTwo.of('/chat').on('ping-test', (from: string) => heard.push(`red two: ${from}`));
    blueOne.of('/chat').on('ping-test', (from: string) => heard.push(`blue one: ${from}`));
    redOne.of('/chat').serverSideEmit('ping-test', 'red one');
    await eventually(async () => expect(heard).toContain('red two: red one'));
    // The blue platform had as long as the red instance took, and more, to hear it.
    await new Promise((done) => setTimeout(done, 300));
    expect(heard).toEqual(['red two: red one']);
  });
});
