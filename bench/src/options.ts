/** Command-line options of `pnpm bench` (see bench/README.md). */
import type { Budget } from './timing.js';
import { FORMATS, type Format } from './registry.js';

export interface Options {
  quick: boolean;
  /**
   * `steady` (the default, `steady.ts`): each case warmed up alone, then short slices in a new
   * shuffled order per round, gc() between rounds. `mixed` (`mixed.ts`): one shuffled order over
   * all cases per round with gc() before each measurement. `cold` (`cold.ts`): fresh processes,
   * the first 1,000 calls.
   */
  mode: 'steady' | 'mixed' | 'cold';
  /** Untimed run of each case before the steady rounds, in milliseconds. */
  warmupMs: number;
  /** `--node <22|24|26|path>`: run the whole bench under that Node binary (scripts/node-binary.mjs). */
  node?: string;
  /** Seed of the steady and mixed modes' orders (default: from the clock, printed and reported). */
  seed: number;
  rounds: number;
  budget: Budget;
  /** Substring of a codec id or label (case-insensitive): time only those and the peers. */
  only?: string;
  /** Substring of a payload name: load only those. */
  payload?: string;
  format?: Format;
  /** Base name of the files written to bench/results/. */
  out: string;
  /** Runs in fresh processes (the steady mode: one per format each), one after another; the report takes the fastest round over them, the median of their medians beside it. */
  processes: number;
  /** Internal (a child of `--processes`): write the round timings to this file, no report. */
  timingsOut?: string;
}

export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

const USAGE = `usage: pnpm bench [--steady | --mixed | --cold] [--node 22|24|26|PATH] [--quick] [--seed N] [--rounds N] [--time MS] [--warmup MS] [--processes N] [--only TEXT] [--payload NAME] [--format cbor|ubjson|msgpack] [--out NAME]`;

export function parseOptions(argv: string[]): Options {
  const values = new Map<string, string>();
  const flags = new Set<string>();
  for (let index = 0; index < argv.length; index++) {
    const arg = argv[index];
    if (arg === '--') continue;
    if (['--quick', '--steady', '--mixed', '--cold', '--help'].includes(arg)) {
      flags.add(arg);
    } else if (['--rounds', '--seed', '--time', '--warmup', '--processes', '--only', '--payload', '--format', '--out', '--node', '--timings-out'].includes(arg)) {
      const value = argv[++index];
      if (value === undefined) throw new UsageError(`${arg} needs a value\n${USAGE}`);
      values.set(arg, value);
    } else {
      throw new UsageError(`unknown argument ${arg}\n${USAGE}`);
    }
  }
  if (flags.has('--help')) throw new UsageError(USAGE);
  const quick = flags.has('--quick');
  const modes = (['steady', 'mixed', 'cold'] as const).filter((mode) => flags.has(`--${mode}`));
  if (modes.length > 1) throw new UsageError(`--${modes.join(' and --')} exclude each other\n${USAGE}`);
  const mode = modes[0] ?? 'steady';
  const mixed = mode === 'mixed';
  const format = values.get('--format') as Format | undefined;
  if (format !== undefined && !(FORMATS as readonly string[]).includes(format)) throw new UsageError(`--format is ${FORMATS.join(', ')}\n${USAGE}`);
  const filtered = values.has('--only') || values.has('--payload') || format !== undefined;
  const options: Options = {
    quick,
    mode,
    // Issue 23: at least 300 ms of warm-up per case, then at least 15 rounds of 20-30 ms slices.
    warmupMs: positive(values.get('--warmup'), quick ? 0 : 300, '--warmup', true),
    node: values.get('--node'),
    seed: values.has('--seed') ? Number(values.get('--seed')) : Date.now() % 1_000_000,
    // Steady full run: ~730 cases × (300 ms + 15 × 25 ms) ≈ 8 minutes on 2 cores, plus the checks; mixed: 5 rounds of 40 ms.
    rounds: positive(values.get('--rounds'), quick ? 1 : mixed ? 5 : 15, '--rounds'),
    budget: {
      timeMs: positive(values.get('--time'), quick ? 2 : mixed ? 40 : 25, '--time'),
      sampleUs: quick ? 200 : 500,
      minSamples: quick ? 2 : 8,
      estimateMs: quick ? 0.5 : 4,
      // The mixed mode is about what a collection does to the codecs, so it always collects; the
      // steady mode collects between rounds only (steady.ts).
      gc: !quick || mixed,
      warmupSamples: quick ? 1 : 8,
    },
    only: values.get('--only'),
    payload: values.get('--payload'),
    format,
    out: values.get('--out') ?? defaultOut(mode, quick, filtered),
    processes: positive(values.get('--processes'), 1, '--processes'),
    timingsOut: values.get('--timings-out'),
  };
  if (!Number.isInteger(options.seed) || options.seed < 0) throw new UsageError(`--seed must be a whole number ≥ 0, got ${values.get('--seed')}`);
  if (!Number.isInteger(options.processes)) throw new UsageError(`--processes must be a whole number, got ${options.processes}`);
  return options;
}

/** `latest` (steady), `mixed`, `cold`; `-quick` or `-partial` (filtered) appended, never over the committed names. */
function defaultOut(mode: Options['mode'], quick: boolean, filtered: boolean): string {
  const base = mode === 'steady' ? '' : mode;
  const suffix = quick ? 'quick' : filtered ? 'partial' : '';
  if (base === '') return suffix === '' ? 'latest' : suffix;
  return suffix === '' ? base : `${base}-${suffix}`;
}

function positive(text: string | undefined, fallback: number, name: string, zeroAllowed = false): number {
  if (text === undefined) return fallback;
  const value = Number(text);
  if (!(value > 0 || (zeroAllowed && value === 0))) throw new UsageError(`${name} must be a positive number, got ${text}`);
  return value;
}
