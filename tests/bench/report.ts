/** Sampling and printing shared by the bench's parts: every figure is a ratio to a raw baseline of the same run. */
import { readFile } from 'node:fs/promises';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { Worker } from 'node:worker_threads';

export const LABEL_WIDTH = 64;

/** Milliseconds since an arbitrary origin, with sub-millisecond resolution. */
export const nowMs = (): number => Number(process.hrtime.bigint()) / 1e6;

/** The p-th percentile (0–100) of the samples, nearest-rank; NaN when there are none. */
export function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) return NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1] ?? NaN;
}

/** The median duration (ms) of `times` sequential runs, after up to 20 unmeasured warm-up runs. */
export async function median(times: number, run: () => Promise<unknown>): Promise<number> {
  for (let i = 0; i < Math.min(20, times); i++) await run(); // warm-up
  const samples: number[] = [];
  for (let i = 0; i < times; i++) {
    const start = nowMs();
    await run();
    samples.push(nowMs() - start);
  }
  return percentile(samples, 50);
}

/** One figure: `value ÷ raw`, with both raw values (ms) behind it, and an optional goal. */
export function ratioLine(label: string, value: number, raw: number, rawLabel: string, goal?: string): string {
  const head = `${label.padEnd(LABEL_WIDTH)} ${(value / raw).toFixed(2).padStart(8)} × ${rawLabel} (${value.toFixed(3)} ms vs ${raw.toFixed(3)} ms)`;
  return goal ? `${head}  ${goal}` : head;
}

/** "goal ≤ 3× — met" / "— not met", for a ratio that must stay at or under `max`. */
export function atMost(ratio: number, max: number): string {
  return `goal ≤ ${max}× — ${ratio <= max ? 'met' : 'not met'}`;
}

/** A positive integer from the environment, or the default. */
export function envInt(env: NodeJS.ProcessEnv, name: string, fallback: number, min = 1): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) throw new Error(`${name} must be an integer of at least ${min} (got ${raw})`);
  return value;
}

/** Runs `fn` on every item with at most `limit` at a time. */
export async function inBatches<T>(items: readonly T[], limit: number, fn: (item: T, index: number) => Promise<void>): Promise<void> {
  const queue = items.entries(); // shared: each worker takes the next item
  const worker = async () => {
    for (const [index, item] of queue) await fn(item, index);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/** Resolves once `test` holds (checked every `everyMs`), rejects with `what` after `ms`. */
export async function until(test: () => boolean, ms: number, what: string, everyMs = 20): Promise<void> {
  const deadline = Date.now() + ms;
  while (!test()) {
    if (Date.now() > deadline) throw new Error(`bench: timed out waiting for ${what}`);
    await new Promise((done) => setTimeout(done, everyMs));
  }
}

/** A process's resident set (bytes), from /proc (Linux). */
export async function rssBytes(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = /^VmRSS:\s+(\d+)\s+kB$/m.exec(status)?.[1];
  if (kb === undefined) throw new Error(`bench: no VmRSS for process ${pid}`);
  return Number(kb) * 1024;
}

/**
 * Samples this process's resident set (/proc/self/status VmRSS, Linux) every 5 ms from a thread of
 * its own, so that a synchronous stretch of the main thread (a JSON.parse of megabytes, an NLP.js
 * model loaded) does not hide its peak. The kernel's own high-water mark (VmHWM after a
 * clear_refs reset) was tried: it misses memory given back through madvise, and said 2 MB for an
 * import sampling saw grow by hundreds.
 */
const SAMPLER_SOURCE = `
const { parentPort } = require('node:worker_threads');
const { readFileSync } = require('node:fs');
const rss = () => Number(/^VmRSS:\\s+(\\d+)\\s+kB$/m.exec(readFileSync('/proc/self/status', 'utf8'))[1]) * 1024;
let peak = 0;
let timer = null;
parentPort.on('message', (message) => {
  if (message === 'start') {
    peak = rss();
    timer = setInterval(() => { peak = Math.max(peak, rss()); }, 5);
  } else {
    clearInterval(timer);
    parentPort.postMessage(Math.max(peak, rss()));
  }
});
`;

/**
 * The peak resident-set growth of this process (bytes; its worker threads included) while `run`
 * runs, from its resident set after a garbage collection.
 */
export async function peakRssGrowth<T>(run: () => Promise<T>): Promise<{ result: T; growth: number }> {
  const sampler = new Worker(SAMPLER_SOURCE, { eval: true });
  try {
    await new Promise((resolve) => setTimeout(resolve, 200)); // the sampler's own thread up before the base
    collectGarbage();
    const base = await rssBytes(process.pid);
    const peak = new Promise<number>((resolve) => sampler.once('message', (value: number) => resolve(value)));
    sampler.postMessage('start');
    const result = await run();
    sampler.postMessage('stop');
    return { result, growth: (await peak) - base };
  } finally {
    await sampler.terminate();
  }
}

/** A full garbage collection, whether or not node was started with --expose-gc. */
export function collectGarbage(): void {
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
}
