/**
 * `pnpm bench --mixed`: the bench as an outside user would run it. Every codec of every payload,
 * format and direction is timed in one process, in an order shuffled anew each round (not grouped
 * by payload), with mitata's `gc()` before each measurement and nothing of ours kept alive
 * between measurements: no live copy of the payloads' shapes, no decoder output (the standard
 * mode keeps both, see `Case.liveShapes`). So a codec's speed here includes what the garbage
 * collector and the other codecs in the process do to its optimised code: maps that die at a
 * collection ("weak objects" deopts), helpers shared with other codecs turning polymorphic.
 */
import type { Case } from './check.js';
import { timeRounds, type Budget } from './timing.js';

/** A small deterministic PRNG (mulberry32), so a run's orders can be repeated from its seed. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = Math.imul(state ^ (state >>> 15), 1 | state);
    mixed ^= mixed + Math.imul(mixed ^ (mixed >>> 7), 61 | mixed);
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4294967296;
  };
}

/** The cases in a random order (Fisher–Yates), one order per `seed`. */
export function shuffled<T>(items: T[], seed: number): T[] {
  const next = random(seed);
  const out = [...items];
  for (let index = out.length - 1; index > 0; index--) {
    const other = Math.floor(next() * (index + 1));
    [out[index], out[other]] = [out[other], out[index]];
  }
  return out;
}

/** Drops what the check kept alive for the standard mode, so only the payload's source value remains. */
export function forgetShapes(cases: Case[]): void {
  for (const item of cases) delete item.liveShapes;
}

/**
 * Times `timed` in `rounds` rounds, each in its own shuffled order over all cases (seeded by
 * `seed` and the round), after an untimed warm-up round in another order unless `quick`.
 */
export async function timeMixedRounds<T extends Required<Case>>(
  timed: T[],
  estimates: Map<T, number>,
  rounds: number,
  budget: Budget,
  options: { seed: number; quick: boolean; progress: (round: number) => void },
): Promise<{ results: Map<T, number[]>; failed: Map<T, unknown> }> {
  const results = new Map<T, number[]>();
  const failed = new Map<T, unknown>();
  const run = async (round: number, roundBudget: Budget, record: boolean) => {
    const order = shuffled(timed.filter((item) => !failed.has(item)), options.seed + round * 7919);
    // One group, one round: timeRounds' rotation does nothing here, the shuffle sets the order.
    const once = await timeRounds([order], estimates, 1, roundBudget, () => {});
    for (const [item, error] of once.failed) failed.set(item, error);
    if (!record) return;
    for (const [item, [ns]] of once.results) results.set(item, [...(results.get(item) ?? []), ns]);
  };
  if (!options.quick) await run(-1, { ...budget, timeMs: budget.timeMs / 4 }, false);
  for (let round = 0; round < rounds; round++) {
    options.progress(round);
    await run(round, budget, true);
  }
  for (const item of failed.keys()) results.delete(item);
  return { results, failed };
}
