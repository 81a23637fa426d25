/**
 * Deterministic pseudo-randomness for the activity generator: every draw is a pure function of
 * integers (organisation, conversation number, agent, day…), computed with 32-bit integer
 * arithmetic, so the same inputs give the same data on every machine and every database engine.
 */

function fmix(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** A 32-bit hash of integers (each taken modulo 2^32). */
export function hash32(...parts: number[]): number {
  let h = 0x2545f491;
  for (const part of parts) {
    const low = part % 4294967296 >>> 0;
    const high = Math.floor(part / 4294967296) >>> 0;
    h = fmix((h ^ fmix(low + 0x9e3779b9)) + Math.imul(high, 0x27d4eb2f));
  }
  return h;
}

/** A 32-bit hash of a string (FNV-1a, then mixed). */
export function hashText(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return fmix(h >>> 0);
}

/** A stream of draws in [0, 1) (mulberry32) from one seed. */
export class Rng {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  next(): number {
    this.state = (this.state + 0x6d2b79f5) | 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  /** Milliseconds in [minSeconds, maxSeconds) seconds, skewed towards the low end by `power` (1: uniform). */
  seconds(minSeconds: number, maxSeconds: number, power = 1): number {
    return Math.round((minSeconds + (maxSeconds - minSeconds) * this.next() ** power) * 1000);
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    const item = items[Math.floor(this.next() * items.length)];
    if (item === undefined) throw new Error('Rng.pick: no items');
    return item;
  }
}

/** Picks values with probabilities proportional to their weights (weights ≤ 0 are never picked). */
export class Weighted<T> {
  private readonly values: T[] = [];
  private readonly cumulative: number[] = [];
  private total = 0;

  constructor(entries: readonly { value: T; weight: number }[]) {
    for (const { value, weight } of entries) {
      if (!(weight > 0)) continue;
      this.total += weight;
      this.values.push(value);
      this.cumulative.push(this.total);
    }
  }

  get size(): number {
    return this.values.length;
  }

  /** The values that can be picked, in the order given. */
  get items(): readonly T[] {
    return this.values;
  }

  /** The value at `u` ∈ [0, 1) of the cumulative distribution. */
  at(u: number): T {
    if (this.values.length === 0) throw new Error('Weighted.at: no values');
    const target = u * this.total;
    let lo = 0;
    let hi = this.cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((this.cumulative[mid] ?? 0) > target) hi = mid;
      else lo = mid + 1;
    }
    return this.values[lo] as T;
  }

  pick(rng: Rng): T {
    return this.at(rng.next());
  }
}
