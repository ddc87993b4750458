/**
 * `pnpm bench`: checks every registered codec on every payload, times the ones that pass in
 * interleaved rounds (the steady mode by default, or `--mixed`), and writes
 * bench/results/<name>.{md,json,svg}; `--cold` runs the fresh-process mode (cold.ts) instead, and
 * `--node <line|path>` runs the whole bench under another Node binary. See bench/README.md.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { basename, dirname, isAbsolute } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
// @ts-expect-error: a plain ES module of the workspace's scripts, without type declarations.
import { nodeBinary } from '../../scripts/node-binary.mjs';
import { runCold } from './cold.js';
import { checkAll, describe, type Case } from './check.js';
import { describeMachine } from './machine.js';
import { renderConsole, renderMarkdown, type ReportInput } from './markdown.js';
import { parseOptions, UsageError, type Options } from './options.js';
import { loadPayloads } from './payloads.js';
import { FORMATS, registry, type CodecEntry } from './registry.js';
import { judgeBars } from './bars.js';
import { buildRows, geoMeans, type Timings } from './summary.js';
import { renderSvg } from './svg.js';
import { estimate } from './timing.js';
import { planChildren, timeInProcesses, writeTimings, type ChildRecord, type ChildRun } from './processes.js';
import { timeMixedRounds } from './mixed.js';
import { timeSteadyRounds } from './steady.js';

const STEADY_NOTE = 'Steady mode: one process per format, one after another, each holding every payload\'s codecs of its format (a program speaks one format; a process of every format makes the peers\' shared code polymorphic). In it every case is warmed up alone first (warmupMs), then in each round every case runs one slice of timeMs, in an order shuffled anew each round (seeded, see settings) with the cases of one payload, format and direction one after another, so a ratio compares slices taken within a quarter of a second; gc() between rounds, never inside a slice; nothing kept alive between measurements (no live copy of the payloads\' shapes, no decoder output). A case\'s figure is its fastest round, printed with the median over rounds beside it; ratios are ratios of fastest rounds from one process.';

const MIXED_NOTE = 'Mixed mode: every case of every payload, format and direction in one process, in a new shuffled order each round (seeded, see settings), gc() before each measurement, and nothing kept alive between measurements: no live copy of the payloads\' shapes and no decoder output (the standard mode keeps both). A case\'s figure is its fastest round, the median beside it.';

const NOTES = [
  'Every timed call gets a fresh input made outside the timed section: encoders a deep copy of the payload, decoders a copy of the bytes in its own ArrayBuffer (an ArrayBuffer for @shelacek/ubjson, a Buffer for JSON), so nothing can be memoised on identity.',
  'Timing: mitata 1.0.34 measure() with computed parameters, driven in slices; a slice\'s ns/op is the median of its samples (batches of ~0.5 ms); a case\'s figure is its fastest slice (round), the median over rounds beside it.',
  'Checks compare values after normalising: BigInt equals the number it converts to (cborg returns BigInt beyond 2^53), typed arrays equal arrays (UBJSON typed containers), key order is ignored.',
  'JSON is a baseline shown in each table; it never counts as the fastest peer. Nor do the user\'s alternatives (a generic codec + ajv), which have their own table.',
  'Ours: the ahead-of-time modules (`binschema compile --target js`, default options, imported: what users take) and compileCodec\'s output of the same code, and of `codeSize: \'small\'` (record tables, opt-in); the bars are judged on the ahead-of-time modules. MessagePack has its own tables (msgpackr with useRecords: false is its bar peer).',
  'These machines are noisy (±40% between 100 ms windows): noise only ever adds time, so the fastest round is the figure; the median and the slowest round show how far a case moved (with --processes N: over every round of every process).',
];

/**
 * Checks, times and summarises `entries`; prints progress and the summary. `children`: the
 * command line to re-run in child processes (the steady mode's one process per format, and
 * `--processes`); without it everything is timed in this process (a child itself, ab-devices).
 */
export async function runBench(options: Options, entries: CodecEntry[], children?: { argv: string[] }): Promise<ReportInput> {
  const machine = describeMachine();
  console.log(`${machine.cpu} (${machine.cores} cores) · Node ${machine.node} · ${machine.date}`);
  if (options.budget.gc && typeof (globalThis as { gc?: unknown }).gc !== 'function') {
    console.log('note: node runs without --expose-gc, so no garbage collection between cases (pnpm bench passes it)');
  }
  const payloads = loadPayloads(options.payload);
  if (payloads.length === 0) throw new UsageError(`no payload matches ${options.payload}`);
  const selected = entries.filter((entry) => options.format === undefined || entry.format === options.format);
  // Nothing of the check stays alive while timing: what a real process would hold.
  const check = await checkAll(payloads, selected, { keepShapes: false });
  for (const { entry, reason } of check.skipped) console.log(`skip ${entry.format} ${entry.label}: ${reason}`);
  for (const item of check.cases.filter((one) => one.status === 'failing')) {
    console.log(`FAIL ${item.payload} ${item.format} ${item.direction} ${item.entry.label}: ${item.reason}`);
  }

  const plan = children === undefined || options.timingsOut !== undefined ? undefined : planFor(options, children.argv, check.cases);
  let timings: Timings;
  let childRecords: ChildRecord[] = [];
  if (plan === undefined) {
    const rounds = await timeCases(check.cases, options);
    if (options.timingsOut !== undefined) writeTimings(options.timingsOut, check, rounds);
    timings = new Map([...rounds].map(([item, values]) => [item, [values]]));
  } else {
    ({ timings, children: childRecords } = timeInProcesses(check.cases, plan));
  }
  const rows = buildRows(check.cases, timings);
  const mode = `${options.mode} ${options.quick ? 'quick' : 'full'}`;
  const timedIn = plan === undefined ? 'this process' : plan.some((child) => child.format !== undefined) ? 'one process per format' : 'one process per run';
  const settings = { mode, seed: options.seed, processes: options.processes, timedIn, rounds: options.rounds, warmupMs: options.mode === 'steady' ? options.warmupMs : undefined, ...options.budget };
  const report: ReportInput = {
    machine,
    settings: { ...settings, only: options.only, payload: options.payload, format: options.format },
    rows,
    means: geoMeans(rows),
    bars: judgeBars(rows, payloads.length),
    check,
    entries,
    children: childRecords,
    notes: [options.mode === 'mixed' ? MIXED_NOTE : STEADY_NOTE, ...NOTES],
  };
  if (options.timingsOut === undefined) console.log(renderConsole(report));
  return report;
}

/**
 * Which child processes time the cases: the steady mode one per format that has cases to time
 * (per run of `--processes`), the mixed mode one per run when `--processes` > 1, else none.
 */
function planFor(options: Options, argv: string[], cases: Case[]): ChildRun[] | undefined {
  if (options.mode === 'steady') {
    const formats = FORMATS.filter((format) => cases.some((item) => item.format === format && item.status === 'ok'));
    return planChildren(argv, options.processes, formats, options.seed);
  }
  return options.processes > 1 ? planChildren(argv, options.processes, undefined, options.seed) : undefined;
}

/** Times the cases that passed (with --only, the matching ones and the peers) in rounds. */
async function timeCases(cases: Case[], options: Options): Promise<Map<Case, number[]>> {
  // Without the peers there would be no ratios, so --only never drops them.
  const only = options.only?.toLowerCase();
  const timed = cases.filter((item): item is Required<Case> => item.status === 'ok' && (only === undefined || item.entry.origin === 'peer'
    || item.entry.id.toLowerCase().includes(only) || item.entry.label.toLowerCase().includes(only)));
  const estimates = new Map(timed.map((item) => [item, estimate(item, options.budget)]));
  console.log(`checked ${cases.length} cases; timing ${timed.length} in ${options.rounds} round(s) of ${options.budget.timeMs} ms each, ${options.mode} (seed ${options.seed})`);
  const started = Date.now();
  const progress = (round: number) => console.log(`round ${round + 1}/${options.rounds} (${((Date.now() - started) / 1000).toFixed(0)} s)`);
  const { results, failed } = options.mode === 'mixed'
    ? await timeMixedRounds(timed, estimates, options.rounds, options.budget, { seed: options.seed, quick: options.quick, progress })
    : await timeSteadyRounds(timed, estimates, options.budget, { rounds: options.rounds, warmupMs: options.warmupMs, seed: options.seed, progress });
  for (const [item, error] of failed) {
    Object.assign(item, { status: 'failing', reason: `threw while timed: ${describe(error)}` });
    console.log(`FAIL ${item.payload} ${item.format} ${item.direction} ${item.entry.label}: ${item.reason}`);
  }
  return results;
}

/** `name`: a base name under bench/results/, or an absolute path without extension (tests). */
export function writeResults(name: string, report: ReportInput): void {
  const base = isAbsolute(name) ? name : fileURLToPath(new URL(`../results/${name}`, import.meta.url));
  mkdirSync(dirname(base), { recursive: true });
  const json = {
    machine: report.machine,
    settings: report.settings,
    bars: report.bars,
    geometricMeans: report.means,
    cases: report.rows,
    skipped: report.check.skipped.map(({ entry, reason }) => ({ format: entry.format, codec: entry.id, reason })),
    decoderInput: report.check.references,
    processes: report.children,
    notes: report.notes,
  };
  writeFileSync(`${base}.md`, renderMarkdown(report, `${basename(base)}.svg`));
  writeFileSync(`${base}.json`, `${JSON.stringify(json, null, 2)}\n`);
  // The chart shows the map-layout comparison with the peers; schema'd layouts, alternatives and the one-payload reference have their own tables.
  writeFileSync(`${base}.svg`, renderSvg(report.means.filter((mean) => mean.origin !== 'schemad' && mean.origin !== 'reference' && mean.origin !== 'alternative'), report.machine, String(report.settings.mode)));
  console.log(`\nwrote ${base}.md, .json, .svg`);
}

/**
 * `--node`: the same command under the chosen binary (fetched on first use), with this process's
 * Node flags; returns its exit code, or undefined when this process is already that binary.
 */
function runUnderNode(wanted: string, argv: string[]): number | undefined {
  const binary: string = nodeBinary(wanted);
  if (binary === process.execPath) return undefined;
  const rest = argv.filter((arg, index) => arg !== '--node' && argv[index - 1] !== '--node');
  const child = spawnSync(binary, [...process.execArgv, fileURLToPath(import.meta.url), ...rest], { stdio: 'inherit' });
  return child.status ?? 1;
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const options = parseOptions(argv);
  if (options.node !== undefined) {
    const status = runUnderNode(options.node, argv);
    if (status !== undefined) {
      process.exitCode = status;
      return;
    }
  }
  if (options.mode === 'cold') {
    const report = await runCold({ payload: options.payload, format: options.format, processes: options.processes > 1 ? options.processes : 3, quick: options.quick, out: options.out });
    for (const bar of report.bars) console.log(`${bar.status}: ${bar.format} ${bar.direction} (${bar.detail})`);
    return;
  }
  const report = await runBench(options, registry(), { argv });
  // A child (the steady mode's per format, or of `--processes`) hands its timings to the parent instead.
  if (options.timingsOut === undefined) writeResults(options.out, report);
}

// Run only as the entry point, so scratch scripts can import `runBench` with other entries.
if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  try {
    await main();
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(error.message);
    process.exitCode = 2;
  }
}
