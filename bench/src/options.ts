/** Command-line options of `pnpm bench` (see bench/README.md). */
import type { Budget } from './timing.js';

export interface Options {
  quick: boolean;
  /** The mixed mode (`mixed.ts`): one shuffled order over all cases per round, nothing kept alive. */
  mixed: boolean;
  /** Seed of the mixed mode's orders (default: from the clock, printed and reported). */
  seed: number;
  rounds: number;
  budget: Budget;
  /** Substring of a codec id or label (case-insensitive): time only those and the peers. */
  only?: string;
  /** Substring of a payload name: load only those. */
  payload?: string;
  format?: 'cbor' | 'ubjson';
  /** Base name of the files written to bench/results/. */
  out: string;
  /** Full runs in separate processes, one after another; the report takes the median over them. */
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

const USAGE = `usage: pnpm bench [--quick] [--mixed [--seed N]] [--rounds N] [--time MS] [--processes N] [--only TEXT] [--payload NAME] [--format cbor|ubjson] [--out NAME]`;

export function parseOptions(argv: string[]): Options {
  const values = new Map<string, string>();
  const flags = new Set<string>();
  for (let index = 0; index < argv.length; index++) {
    const arg = argv[index];
    if (arg === '--') continue;
    if (arg === '--quick' || arg === '--mixed' || arg === '--help') {
      flags.add(arg);
    } else if (['--rounds', '--seed', '--time', '--processes', '--only', '--payload', '--format', '--out', '--timings-out'].includes(arg)) {
      const value = argv[++index];
      if (value === undefined) throw new UsageError(`${arg} needs a value\n${USAGE}`);
      values.set(arg, value);
    } else {
      throw new UsageError(`unknown argument ${arg}\n${USAGE}`);
    }
  }
  if (flags.has('--help')) throw new UsageError(USAGE);
  const quick = flags.has('--quick');
  const mixed = flags.has('--mixed');
  const format = values.get('--format');
  if (format !== undefined && format !== 'cbor' && format !== 'ubjson') throw new UsageError(`--format is cbor or ubjson\n${USAGE}`);
  const filtered = values.has('--only') || values.has('--payload') || format !== undefined;
  const options: Options = {
    quick,
    mixed,
    seed: values.has('--seed') ? Number(values.get('--seed')) : Date.now() % 1_000_000,
    // Full run: ~300 cases × (5 rounds + a warm-up round) × ~60 ms ≈ 2 minutes on 2 cores.
    rounds: positive(values.get('--rounds'), quick ? 1 : 5, '--rounds'),
    budget: {
      timeMs: positive(values.get('--time'), quick ? 2 : 40, '--time'),
      sampleUs: quick ? 200 : 500,
      minSamples: quick ? 2 : 8,
      estimateMs: quick ? 0.5 : 4,
      // The mixed mode is about what a collection does to the codecs, so it always collects.
      gc: !quick || mixed,
      warmupSamples: quick ? 1 : 8,
    },
    only: values.get('--only'),
    payload: values.get('--payload'),
    format,
    out: values.get('--out') ?? `${mixed ? 'mixed' : ''}${mixed && (quick || filtered) ? '-' : ''}${quick ? 'quick' : filtered ? 'partial' : mixed ? '' : 'latest'}`,
    processes: positive(values.get('--processes'), 1, '--processes'),
    timingsOut: values.get('--timings-out'),
  };
  if (!Number.isInteger(options.seed) || options.seed < 0) throw new UsageError(`--seed must be a whole number ≥ 0, got ${values.get('--seed')}`);
  if (!Number.isInteger(options.processes)) throw new UsageError(`--processes must be a whole number, got ${options.processes}`);
  return options;
}

function positive(text: string | undefined, fallback: number, name: string): number {
  if (text === undefined) return fallback;
  const value = Number(text);
  if (!(value > 0)) throw new UsageError(`${name} must be a positive number, got ${text}`);
  return value;
}
