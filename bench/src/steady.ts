/**
 * `pnpm bench` (the steady mode, the default for committed results): figures that noise on a
 * shared machine cannot fake. Every case (codec × payload × direction) is first warmed up on its
 * own for `warmupMs`; then in each of `rounds` rounds every case runs one short slice, in an order
 * shuffled anew each round, so drift (another process, frequency changes) hits every case alike.
 * `gc()` runs between rounds, never inside a slice. A case's figure is the median of its rounds,
 * and ratios are ratios of medians taken in the same process (see summary.ts).
 */
import type { Case } from './check.js';
import { shuffled } from './mixed.js';
import { timeOnce, type Budget } from './timing.js';

export interface SteadySettings {
  rounds: number;
  /** Untimed run per case before the rounds, in milliseconds. */
  warmupMs: number;
  seed: number;
  progress: (round: number) => void;
}

const gcFunction = (globalThis as { gc?: () => void }).gc;

export async function timeSteadyRounds<T extends Required<Case>>(
  timed: T[],
  estimates: Map<T, number>,
  budget: Budget,
  settings: SteadySettings,
): Promise<{ results: Map<T, number[]>; failed: Map<T, unknown> }> {
  const results = new Map<T, number[]>();
  const failed = new Map<T, unknown>();
  // Slices never collect: a collection lands between rounds, where it costs no case anything.
  const slice: Budget = { ...budget, gc: false };
  const time = async (item: T, sliceBudget: Budget): Promise<number | undefined> => {
    try {
      const ns = await timeOnce(item, estimates.get(item)!, sliceBudget);
      estimates.set(item, ns);
      return ns;
    } catch (error) {
      failed.set(item, error);
      results.delete(item);
      return undefined;
    }
  };
  const live = () => timed.filter((item) => !failed.has(item));
  if (settings.warmupMs > 0) {
    for (const item of shuffled(live(), settings.seed - 1)) await time(item, { ...slice, timeMs: settings.warmupMs });
    collect(budget);
  }
  for (let round = 0; round < settings.rounds; round++) {
    settings.progress(round);
    for (const item of shuffled(live(), settings.seed + round * 7919)) {
      const ns = await time(item, slice);
      if (ns !== undefined) results.set(item, [...(results.get(item) ?? []), ns]);
    }
    collect(budget);
  }
  return { results, failed };
}

function collect(budget: Budget): void {
  if (budget.gc && gcFunction !== undefined) gcFunction();
}
