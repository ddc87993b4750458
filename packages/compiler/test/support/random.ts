/**
 * A small seeded PRNG for the test generators, so every failure names a seed that replays it.
 * mulberry32 (Tommy Ettinger, public domain): 32-bit state, period 2^32, good enough for test
 * data and a few lines long; Math.random cannot be seeded.
 */
export class Random {
  private state: number;
  readonly seed: number;

  constructor(seed: number) {
    this.seed = seed >>> 0;
    this.state = this.seed;
  }

  /** Uniform in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** Integer in [min, max] (both inclusive, both safe integers). */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  /** True with probability `p`. */
  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new RangeError('pick from an empty list');
    return items[Math.floor(this.next() * items.length)];
  }

  /** A copy of `items` in random order (Fisher–Yates). */
  shuffle<T>(items: readonly T[]): T[] {
    const out = items.slice();
    for (let index = out.length - 1; index > 0; index--) {
      const other = Math.floor(this.next() * (index + 1));
      [out[index], out[other]] = [out[other], out[index]];
    }
    return out;
  }

  /** A child generator whose stream does not depend on how much of this one is used later. */
  fork(): Random {
    return new Random(Math.floor(this.next() * 4294967296));
  }
}

/** Iterations per schema: 200 by default, `BINSCHEMA_FUZZ_ITERATIONS` for longer local runs. */
export function fuzzIterations(fallback = 200): number {
  const raw = process.env.BINSCHEMA_FUZZ_ITERATIONS;
  if (raw === undefined || raw === '') return fallback;
  const parsed = Number(raw);
  if (!Number.isInteger(parsed) || parsed < 1) throw new RangeError(`BINSCHEMA_FUZZ_ITERATIONS must be a positive integer, got ${raw}`);
  return parsed;
}

/** Base seed: `BINSCHEMA_FUZZ_SEED` replays a reported failure; fixed otherwise so CI is stable. */
export function fuzzSeed(fallback = 0x5eed): number {
  const raw = process.env.BINSCHEMA_FUZZ_SEED;
  return raw === undefined || raw === '' ? fallback : Number(raw) >>> 0;
}

/** A seed per test, from its name (FNV-1a) and the base seed, so adding a test shifts no other. */
export function seedFor(name: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < name.length; index++) hash = Math.imul(hash ^ name.charCodeAt(index), 0x01000193);
  return (hash ^ fuzzSeed()) >>> 0;
}
