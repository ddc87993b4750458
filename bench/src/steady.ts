/**
 * `pnpm bench` (the steady mode, the default for committed results): figures that noise on a
 * shared machine cannot fake. Every case (codec × payload × direction) is first warmed up on its
 * own for `warmupMs`; then in each of `rounds` rounds every case runs one short slice, in an order
 * shuffled anew each round, so drift (another process, frequency changes) hits every case alike.
 * `gc()` runs between rounds, never inside a slice. A case's figure is its fastest round, the
 * median beside it, and ratios are ratios of fastest rounds taken in the same process (see
 * summary.ts). The parent runs this in one child process per format (processes.ts).
 *
 * The order is shuffled by comparison: the cases a ratio compares (one payload, format and
 * direction) run one after another, in a new order each round, and those groups in a new order.
 * This machine slows everything by 1.4-2x for stretches of seconds; a round of ~700 slices lasts
 * ~18 s, so with one shuffle over all cases a codec and the peer it is compared with landed in
 * different stretches, and two runs' medians disagreed by more than 10% on most ratios. A group
 * lasts ~0.25 s: its cases mostly share a stretch, so their ratio holds (bench README, "Method").
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
    for (const item of groupedOrder(live(), settings.seed - 1)) await time(item, { ...slice, timeMs: settings.warmupMs });
    collect(budget);
  }
  for (let round = 0; round < settings.rounds; round++) {
    settings.progress(round);
    for (const item of groupedOrder(live(), settings.seed + round * 7919)) {
      const ns = await time(item, slice);
      if (ns !== undefined) results.set(item, [...(results.get(item) ?? []), ns]);
    }
    collect(budget);
  }
  return { results, failed };
}

/**
 * `cases` with those of one payload, format and direction together: the groups in a shuffled
 * order, each group's cases shuffled too (seeded).
 */
export function groupedOrder<T extends Pick<Case, 'payload' | 'format' | 'direction'>>(cases: T[], seed: number): T[] {
  const groups = new Map<string, T[]>();
  for (const item of cases) {
    const key = `${item.payload} ${item.format} ${item.direction}`;
    (groups.get(key) ?? groups.set(key, []).get(key)!).push(item);
  }
  return shuffled([...groups.values()], seed).flatMap((group, index) => shuffled(group, seed + 1 + index));
}

function collect(budget: Budget): void {
  if (budget.gc && gcFunction !== undefined) gcFunction();
}
