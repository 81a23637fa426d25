import { describe, expect, it } from 'vitest';
import { concurrencySteps, kbPerClient, perAgentLimit, processCounts, rssVerdict } from '../bench/cluster';
import { arrivals, compressed, isErrorLogLine } from '../bench/soak';

describe('the soak bench schedule', () => {
  it('spreads each hour’s arrivals over that hour, one per slot, in order', () => {
    const hourMs = 20_000;
    const times = arrivals(8, 60, hourMs, 0);
    expect(times).toHaveLength(480);
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    for (let h = 0; h < 8; h++) {
      const inHour = times.filter((t) => t >= h * hourMs && t < (h + 1) * hourMs);
      expect(inHour).toHaveLength(60);
      // One arrival per slot of the hour: never two in the same 1/60th.
      expect(new Set(inHour.map((t) => Math.floor((t - h * hourMs) / (hourMs / 60)))).size).toBe(60);
    }
    expect(arrivals(8, 60, hourMs, 0)).toEqual(times);
    expect(arrivals(2, 0, hourMs, 0)).toEqual([]);
  });

  it('compresses real time by 3600 ÷ the seconds an hour lasts', () => {
    expect(compressed(60_000, 20)).toBeCloseTo(333.33, 1);
    expect(compressed(3_600_000, 20)).toBe(20_000);
  });

  it('counts pino error and fatal lines only', () => {
    expect(isErrorLogLine('{"level":50,"time":1,"msg":"realtime: redis"}')).toBe(true);
    expect(isErrorLogLine('{"level":60,"msg":"x"}')).toBe(true);
    expect(isErrorLogLine('{"level":40,"msg":"slow"}')).toBe(false);
    expect(isErrorLogLine('{"level":30,"msg":"50 chats"}')).toBe(false);
  });
});

describe('the cluster bench', () => {
  it('runs 1 then N processes', () => {
    expect(processCounts(3)).toEqual([1, 3]);
    expect(processCounts(1)).toEqual([1]);
  });

  it('fills the warm-up agents to their limit so the later customers go to the later agents', () => {
    for (const [agents, customers] of [
      [200, 2000],
      [20, 100],
      [10, 45],
      [2, 30]
    ] as const) {
      const steps = concurrencySteps(agents, customers);
      const limit = perAgentLimit(agents, customers);
      expect(steps.warmAgents + steps.restAgents).toBe(agents);
      expect(steps.warmCustomers + steps.restCustomers).toBe(customers);
      // The warm-up agents are full: none of the later customers can land on them.
      expect(steps.warmCustomers).toBe(steps.warmAgents * limit);
      expect(steps.restCustomers).toBeLessThanOrEqual(steps.restAgents * limit);
      expect(steps.restCustomers).toBeGreaterThan(0);
    }
    expect(concurrencySteps(200, 2000)).toEqual({ warmAgents: 20, warmCustomers: 220, restAgents: 180, restCustomers: 1780 });
    expect(() => concurrencySteps(2, 3)).toThrow();
  });

  it('gives the RSS growth per client in KB', () => {
    expect(kbPerClient(100 * 1024 * 1024, 160 * 1024 * 1024, 2048)).toBe(30);
    expect(() => kbPerClient(0, 1, 0)).toThrow();
  });

  it('calls an RSS reading inconclusive only when V8 or the rest gave memory back inside the window', () => {
    // V8 filled pages it had committed before: the heap in use grew more than the RSS, and that is no sign.
    expect(rssVerdict({ rss: 11.4, heap: 12.4, v8: 3 })).toBe('met');
    expect(rssVerdict({ rss: 30, heap: 12, v8: 10 })).toBe('met');
    expect(rssVerdict({ rss: 30.1, heap: 12, v8: 10 })).toBe('not met');
    expect(rssVerdict({ rss: 20, heap: 12, v8: -0.1 })).toMatch(/^inconclusive/);
    expect(rssVerdict({ rss: 20, heap: 12, v8: 20.1 })).toMatch(/^inconclusive/);
  });
});
