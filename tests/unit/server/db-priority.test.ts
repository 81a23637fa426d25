import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EventEmitter } from 'node:events';
import type pg from 'pg';
import { priority, watchPool } from '../../../src/server/db/priority';

/** A piece of work the test ends by hand, recording when it started. */
function work(log: string[], name: string) {
  let end: () => void = () => undefined;
  const run = () =>
    new Promise<string>((resolve) => {
      log.push(`start ${name}`);
      end = () => resolve(name);
    });
  return { run, end: () => end() };
}

/** Chat work running, then background work asked for (3 ms quiet time, 250 ms cap). */
function chatThenReport() {
  const turns = priority({ quietMs: 3, maxDeferMs: 250 });
  const log: string[] = [];
  const message = work(log, 'message');
  const sent = turns.chat(message.run);
  const report = work(log, 'report');
  void turns.background(report.run);
  return { log, message, sent, report };
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setImmediate', 'performance'] });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('database priority: the chat first, the background in quiet moments', () => {
  it('starts background work at once when the chat has been quiet', async () => {
    const turns = priority({ quietMs: 3, maxDeferMs: 250 });
    const log: string[] = [];
    const report = work(log, 'report');
    const answer = turns.background(report.run);
    await vi.advanceTimersByTimeAsync(0);
    expect(log).toEqual(['start report']);
    report.end();
    await expect(answer).resolves.toBe('report');
  });

  it('holds background work while chat work runs and until the chat has been quiet for the quiet time', async () => {
    const { log, message, sent } = chatThenReport();
    await vi.advanceTimersByTimeAsync(50);
    expect(log).toEqual(['start message']);
    message.end();
    await sent;
    await vi.advanceTimersByTimeAsync(2);
    expect(log).toEqual(['start message']);
    await vi.advanceTimersByTimeAsync(2);
    expect(log).toEqual(['start message', 'start report']);
  });

  it('runs background work one piece at a time, oldest first, each after its own quiet moment', async () => {
    const turns = priority({ quietMs: 3, maxDeferMs: 250 });
    const log: string[] = [];
    const first = work(log, 'first');
    const second = work(log, 'second');
    const done = [turns.background(first.run), turns.background(second.run)];
    await vi.advanceTimersByTimeAsync(10);
    expect(log).toEqual(['start first']);
    const message = work(log, 'message');
    const sent = turns.chat(message.run);
    first.end();
    await vi.advanceTimersByTimeAsync(10);
    // The chat arrived while the first ran: the second waits for it.
    expect(log).toEqual(['start first', 'start message']);
    message.end();
    await sent;
    await vi.advanceTimersByTimeAsync(5);
    expect(log).toEqual(['start first', 'start message', 'start second']);
    second.end();
    await expect(Promise.all(done)).resolves.toEqual(['first', 'second']);
  });

  it('starts the next piece of background work only after a turn of the event loop, never in the microtasks of the one before', async () => {
    const turns = priority({ quietMs: 3, maxDeferMs: 250 });
    const log: string[] = [];
    const first = work(log, 'first');
    const second = work(log, 'second');
    const done = [turns.background(first.run), turns.background(second.run)];
    await vi.advanceTimersByTimeAsync(0);
    expect(log).toEqual(['start first']);
    first.end();
    for (let i = 0; i < 20; i++) await Promise.resolve();
    expect(log).toEqual(['start first']);
    await vi.advanceTimersByTimeAsync(0);
    expect(log).toEqual(['start first', 'start second']);
    second.end();
    await Promise.all(done);
  });

  it('never defers background work longer than its cap under a steady chat', async () => {
    const { log, message, sent, report } = chatThenReport();
    await vi.advanceTimersByTimeAsync(249);
    expect(log).toEqual(['start message']);
    await vi.advanceTimersByTimeAsync(2);
    expect(log).toEqual(['start message', 'start report']);
    message.end();
    report.end();
    await sent;
  });

  it('while the chat is active, rests after each piece of background work as long as it ran (a share of one half)', async () => {
    const turns = priority({ quietMs: 3, maxDeferMs: 250, busyShare: 0.5, activeMs: 100 });
    const log: string[] = [];
    await turns.chat(() => Promise.resolve());
    const first = work(log, 'first');
    const second = work(log, 'second');
    const done = [turns.background(first.run), turns.background(second.run)];
    // The first piece starts once the chat has been quiet 3 ms, and runs 16 ms.
    await vi.advanceTimersByTimeAsync(4);
    expect(log).toEqual(['start first']);
    await vi.advanceTimersByTimeAsync(15);
    first.end();
    // The chat was active 19 ms ago: the second waits 16 ms more.
    await vi.advanceTimersByTimeAsync(14);
    expect(log).toEqual(['start first']);
    await vi.advanceTimersByTimeAsync(4);
    expect(log).toEqual(['start first', 'start second']);
    second.end();
    await Promise.all(done);
  });

  it('runs background work back to back once the chat has been idle for the active time', async () => {
    const turns = priority({ quietMs: 3, maxDeferMs: 250, busyShare: 0.5, activeMs: 100 });
    const log: string[] = [];
    await turns.chat(() => Promise.resolve());
    await vi.advanceTimersByTimeAsync(100);
    const first = work(log, 'first');
    const second = work(log, 'second');
    const done = [turns.background(first.run), turns.background(second.run)];
    await vi.advanceTimersByTimeAsync(15);
    first.end();
    await vi.advanceTimersByTimeAsync(0);
    expect(log).toEqual(['start first', 'start second']);
    second.end();
    await Promise.all(done);
  });

  it('tells whether the chat is active: while its work runs and for the active time after, not for background work', async () => {
    const turns = priority({ quietMs: 3, maxDeferMs: 250, activeMs: 100 });
    expect(turns.chatActive()).toBe(false);
    const log: string[] = [];
    const message = work(log, 'message');
    const sent = turns.chat(message.run);
    expect(turns.chatActive()).toBe(true);
    await vi.advanceTimersByTimeAsync(500);
    expect(turns.chatActive()).toBe(true);
    message.end();
    await sent;
    await vi.advanceTimersByTimeAsync(99);
    expect(turns.chatActive()).toBe(true);
    await vi.advanceTimersByTimeAsync(2);
    expect(turns.chatActive()).toBe(false);
    const report = work(log, 'report');
    const answered = turns.background(report.run);
    await vi.advanceTimersByTimeAsync(0);
    expect(log).toContain('start report');
    expect(turns.chatActive()).toBe(false);
    report.end();
    await answered;
  });

  it('a failed piece of work frees the turn for the next', async () => {
    const turns = priority({ quietMs: 3, maxDeferMs: 250 });
    const failed = turns.background(() => Promise.reject(new Error('boom')));
    const refused = expect(failed).rejects.toThrow('boom');
    await vi.advanceTimersByTimeAsync(0);
    await refused;
    const chatFailed = turns.chat(() => Promise.reject(new Error('chat boom')));
    await expect(chatFailed).rejects.toThrow('chat boom');
    const later = turns.background(() => Promise.resolve('ok'));
    await vi.advanceTimersByTimeAsync(5);
    await expect(later).resolves.toBe('ok');
  });
});

describe('database priority: a pool watched as the chat', () => {
  it('holds background work while one of the chat pool’s connections is checked out, and lets several run at once after', async () => {
    const turns = priority({ quietMs: 3, maxDeferMs: 250, backgroundSlots: Infinity });
    const pool = new EventEmitter();
    watchPool(pool as unknown as pg.Pool, turns);
    const log: string[] = [];
    pool.emit('acquire', {});
    const first = work(log, 'first');
    const second = work(log, 'second');
    const done = [turns.background(first.run), turns.background(second.run)];
    await vi.advanceTimersByTimeAsync(100);
    expect(log).toEqual([]);
    pool.emit('release', undefined, {});
    await vi.advanceTimersByTimeAsync(2);
    expect(log).toEqual([]);
    await vi.advanceTimersByTimeAsync(2);
    expect(log).toEqual(['start first', 'start second']);
    first.end();
    second.end();
    await Promise.all(done);
  });
});
