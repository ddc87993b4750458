/**
 * Timing on top of mitata's `measure()`: mitata generates the measuring loop per case (batched,
 * with its parameters computed outside the timed section), which is more careful than a loop of
 * our own. We drive it in short slices: every round measures every case once, rounds are
 * interleaved so a noisy moment hits all codecs alike, and each case's fastest round is reported
 * with its median over rounds beside it (summary.ts).
 */
import { do_not_optimize, measure } from 'mitata';

export interface Budget {
  /** Time spent in timed calls per case per round, in milliseconds. */
  timeMs: number;
  /** Target duration of one batched sample, in microseconds (sets the batch size). */
  sampleUs: number;
  minSamples: number;
  /** Time for the first estimate of each case (half warm-up, half single-call timing). */
  estimateMs: number;
  /** Collect garbage before each case (only when node runs with --expose-gc). */
  gc: boolean;
  /** Untimed samples before the timed ones (at least 1: mitata picks the batch size there). */
  warmupSamples: number;
}

export interface Timed {
  run: (input: any) => unknown;
  makeInput: () => unknown;
}

const gcFunction = (globalThis as { gc?: () => void }).gc;

/**
 * Rough nanoseconds per call, to size the first round's batches (later rounds use the previous
 * round's result): warm-up calls, then the median of single calls (each for half `estimateMs`).
 * The median, because the first calls of freshly generated code can be 10-100x slower.
 */
export function estimate(timed: Timed, budget: Pick<Budget, 'estimateMs'>): number {
  const warmUntil = performance.now() + budget.estimateMs / 2;
  for (let calls = 0; calls < 5 || (performance.now() < warmUntil && calls < 10_000); calls++) {
    do_not_optimize(timed.run(timed.makeInput()));
  }
  const times: number[] = [];
  let spent = 0;
  while ((spent < (budget.estimateMs / 2) * 1e6 || times.length < 5) && times.length < 10_000) {
    const input = timed.makeInput();
    const start = process.hrtime.bigint();
    do_not_optimize(timed.run(input));
    const ns = Number(process.hrtime.bigint() - start);
    spent += ns;
    times.push(ns);
  }
  return median(times);
}

/**
 * Nanoseconds per call in this round: the median of mitata's samples (each the mean of a batch
 * of calls). The median, not the mean, because on a shared machine another process only ever
 * adds time, in bursts (the mean moved by 10-80% between runs where the median moved by 2-4%).
 * Garbage-collection pauses land in a minority of samples and are left out with them; much of
 * that garbage is the harness's own fresh inputs, so the mean would charge it to the codec.
 * The price: a codec's own collection cost is not counted, only its allocation.
 */
export async function timeOnce(timed: Timed, estimateNs: number, budget: Budget): Promise<number> {
  const { run, makeInput } = timed;
  // Batch so one sample lasts about `sampleUs`; mitata wants a multiple of its unroll (4).
  const batch = Math.max(4, Math.min(4096, Math.round((budget.sampleUs * 1000) / estimateNs / 4) * 4));
  const single = estimateNs > budget.sampleUs * 1000;
  const stats = await measure(
    function* () {
      yield {
        [0]: makeInput,
        bench(input: unknown) {
          do_not_optimize(run(input));
        },
      };
    },
    {
      min_cpu_time: budget.timeMs * 1e6,
      min_samples: budget.minSamples,
      max_samples: 100_000,
      batch_samples: batch,
      batch_unroll: 4,
      // Decide batching here, not from mitata's own first-call timing (which includes JIT).
      batch_threshold: single ? -1 : Number.POSITIVE_INFINITY,
      // mitata decides batching inside its warm-up, so always warm up. Several samples, because
      // the collection before each case can deoptimise large generated functions ("weak
      // objects"), and re-optimising them on a busy 2-core machine takes a few milliseconds.
      warmup_samples: budget.warmupSamples,
      warmup_threshold: Number.POSITIVE_INFINITY,
      gc: budget.gc && gcFunction !== undefined ? gcFunction : false,
    } as Parameters<typeof measure>[1],
  );
  return stats.p50;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/**
 * Runs `rounds` interleaved rounds over `groups` (one group per payload × format × direction).
 * Within a group the starting codec rotates each round, so no codec is always first after a GC.
 * A case that throws while timed (it passed the check, so this is a state-dependent bug) is
 * dropped from later rounds and returned in `failed`.
 */
export async function timeRounds<T extends Timed>(
  groups: T[][],
  estimates: Map<T, number>,
  rounds: number,
  budget: Budget,
  progress: (round: number) => void,
): Promise<{ results: Map<T, number[]>; failed: Map<T, unknown> }> {
  const results = new Map<T, number[]>();
  const failed = new Map<T, unknown>();
  for (let round = 0; round < rounds; round++) {
    progress(round);
    for (const group of groups) {
      for (let step = 0; step < group.length; step++) {
        const timed = group[(step + round) % group.length];
        if (failed.has(timed)) continue;
        try {
          const ns = await timeOnce(timed, estimates.get(timed)!, budget);
          estimates.set(timed, ns);
          results.set(timed, [...(results.get(timed) ?? []), ns]);
        } catch (error) {
          failed.set(timed, error);
          results.delete(timed);
        }
      }
    }
  }
  return { results, failed };
}
