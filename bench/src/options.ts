/** Command-line options of `pnpm bench` (see bench/README.md). */
import type { Budget } from './timing.js';

export interface Options {
  quick: boolean;
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

const USAGE = `usage: pnpm bench [--quick] [--rounds N] [--time MS] [--processes N] [--only TEXT] [--payload NAME] [--format cbor|ubjson] [--out NAME]`;

export function parseOptions(argv: string[]): Options {
  const values = new Map<string, string>();
  const flags = new Set<string>();
  for (let index = 0; index < argv.length; index++) {
    const arg = argv[index];
    if (arg === '--') continue;
    if (arg === '--quick' || arg === '--help') {
      flags.add(arg);
    } else if (['--rounds', '--time', '--processes', '--only', '--payload', '--format', '--out', '--timings-out'].includes(arg)) {
      const value = argv[++index];
      if (value === undefined) throw new UsageError(`${arg} needs a value\n${USAGE}`);
      values.set(arg, value);
    } else {
      throw new UsageError(`unknown argument ${arg}\n${USAGE}`);
    }
  }
  if (flags.has('--help')) throw new UsageError(USAGE);
  const quick = flags.has('--quick');
  const format = values.get('--format');
  if (format !== undefined && format !== 'cbor' && format !== 'ubjson') throw new UsageError(`--format is cbor or ubjson\n${USAGE}`);
  const filtered = values.has('--only') || values.has('--payload') || format !== undefined;
  const options: Options = {
    quick,
    // Full run: ~300 cases × (5 rounds + a warm-up round) × ~60 ms ≈ 2 minutes on 2 cores.
    rounds: positive(values.get('--rounds'), quick ? 1 : 5, '--rounds'),
    budget: {
      timeMs: positive(values.get('--time'), quick ? 2 : 40, '--time'),
      sampleUs: quick ? 200 : 500,
      minSamples: quick ? 2 : 8,
      estimateMs: quick ? 0.5 : 4,
      gc: !quick,
      warmupSamples: quick ? 1 : 8,
    },
    only: values.get('--only'),
    payload: values.get('--payload'),
    format,
    out: values.get('--out') ?? (quick ? 'quick' : filtered ? 'partial' : 'latest'),
    processes: positive(values.get('--processes'), 1, '--processes'),
    timingsOut: values.get('--timings-out'),
  };
  if (!Number.isInteger(options.processes)) throw new UsageError(`--processes must be a whole number, got ${options.processes}`);
  return options;
}

function positive(text: string | undefined, fallback: number, name: string): number {
  if (text === undefined) return fallback;
  const value = Number(text);
  if (!(value > 0)) throw new UsageError(`${name} must be a positive number, got ${text}`);
  return value;
}
