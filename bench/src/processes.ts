/**
 * The steady mode times in child processes, one per format, one after another (never side by
 * side), each holding every payload's codecs of its format: a program speaks one format, and a
 * process that mixes every format makes the peers' shared code polymorphic and moves them by up
 * to 2x (issue 37; json-pack's CborEncoderFast took 3.8-4.0 µs on typical-object in the process of
 * every format against 2.2 µs alone, Node 26, bench README). The parent merges
 * their round timings into one report. `--processes N` runs that N times over, each time in fresh
 * processes; rounds in one process share one set of JIT decisions and a second process can make
 * other ones (the same generated decoder measured 371 and 473 ns/op in two processes, a
 * difference no number of rounds in one process shows). The mixed mode's `--processes` children
 * each hold every format, as that mode means to.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Case, CheckResult } from './check.js';
import type { Format } from './registry.js';
import type { Timings } from './summary.js';

/** What a child process writes: who it was, the round timings and the failures by case key, the entries it could not load by `format/id`. */
interface ChildTimings {
  pid: number;
  timings: Record<string, number[]>;
  failed: Record<string, string>;
  skipped: Record<string, string>;
}

/** One child process of a run: which run of `--processes` it belongs to, its format (absent: all), its arguments. */
export interface ChildRun {
  run: number;
  format?: Format;
  args: string[];
}

/** A child that ran: the report lists them, so a reader sees which process timed which format. */
export interface ChildRecord {
  run: number;
  format?: Format;
  pid: number;
}

function caseKey(item: Pick<Case, 'payload' | 'format' | 'direction'> & { entry: { id: string } }): string {
  return `${item.payload}/${item.format}/${item.direction}/${item.entry.id}`;
}

/** Child side: writes the timings of this process for the parent to merge. */
export function writeTimings(file: string, check: Pick<CheckResult, 'cases' | 'skipped'>, timings: Map<Case, number[]>): void {
  const { cases } = check;
  const out: ChildTimings = { pid: process.pid, timings: {}, failed: {}, skipped: {} };
  for (const { entry, reason } of check.skipped) out.skipped[`${entry.format}/${entry.id}`] = reason;
  for (const item of cases) {
    const rounds = timings.get(item);
    if (rounds !== undefined) out.timings[caseKey(item)] = rounds;
    if (item.status === 'failing' && item.reason !== undefined) out.failed[caseKey(item)] = item.reason;
  }
  writeFileSync(file, JSON.stringify(out));
}

/**
 * The children of a run: for each of `processes` runs, one child per format in `formats` (or one
 * child for all formats when `formats` is undefined), each with the parent's arguments (`argv`,
 * without the options only the parent acts on), its format and a seed of its own run.
 */
export function planChildren(argv: string[], processes: number, formats: readonly Format[] | undefined, seed: number): ChildRun[] {
  const plan: ChildRun[] = [];
  for (let run = 0; run < processes; run++) {
    const seedArgs = ['--seed', String(seed + run)];
    if (formats === undefined) plan.push({ run: run + 1, args: [...childArguments(argv), ...seedArgs] });
    else for (const format of formats) plan.push({ run: run + 1, format, args: [...childArguments(argv), '--format', format, ...seedArgs] });
  }
  return plan;
}

/**
 * Parent side: runs the children one after another (this process's Node binary and flags, the
 * same entry script) and returns, per case, one array of round timings per process that timed
 * it. A case that failed in a child is marked failing here; a child that timed a case of another
 * format than its own is an error.
 */
export function timeInProcesses(cases: Case[], plan: ChildRun[]): { timings: Timings; children: ChildRecord[] } {
  const dir = mkdtempSync(join(tmpdir(), 'binschema-bench-'));
  const timings: Timings = new Map();
  const children: ChildRecord[] = [];
  try {
    plan.forEach((child, index) => {
      console.log(`process ${index + 1}/${plan.length}: run ${child.run}, ${child.format ?? 'every format'}`);
      const file = join(dir, `timings-${index}.json`);
      const spawned = spawnSync(process.execPath, [...process.execArgv, process.argv[1], ...child.args, '--timings-out', file], { stdio: 'inherit' });
      if (spawned.status !== 0) throw new Error(`bench process ${index + 1} of ${plan.length} failed (exit ${spawned.status ?? spawned.signal})`);
      const written = JSON.parse(readFileSync(file, 'utf8')) as ChildTimings;
      mergeChild(cases, child, written, timings);
      children.push({ run: child.run, format: child.format, pid: written.pid });
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  for (const item of cases) if (item.status === 'failing') timings.delete(item);
  return { timings, children };
}

/**
 * Adds one child's rounds to `timings` (one more process per case it timed). A case the parent
 * checked but the child failed, or whose entry the child could not load, is failing with why.
 */
export function mergeChild(cases: Case[], child: Pick<ChildRun, 'run' | 'format'>, written: Omit<ChildTimings, 'pid'>, timings: Timings): void {
  if (child.format !== undefined) {
    const foreign = Object.keys(written.timings).find((key) => key.split('/')[1] !== child.format);
    if (foreign !== undefined) throw new Error(`the ${child.format} process timed ${foreign}`);
  }
  const which = `process ${child.run}${child.format === undefined ? '' : ` (${child.format})`}`;
  for (const item of cases.filter((one) => child.format === undefined || one.format === child.format)) {
    const key = caseKey(item);
    const skipped = written.skipped[`${item.format}/${item.entry.id}`];
    if (item.status === 'ok' && written.failed[key] !== undefined) Object.assign(item, { status: 'failing', reason: `${which}: ${written.failed[key]}` });
    if (item.status === 'ok' && skipped !== undefined) Object.assign(item, { status: 'failing', reason: `${which} could not load it: ${skipped}` });
    const rounds = written.timings[key];
    if (rounds !== undefined && rounds.length > 0) timings.set(item, [...(timings.get(item) ?? []), rounds]);
  }
}

/** The parent's arguments for a child: the same run, minus the options the parent sets for it or acts on alone. */
export function childArguments(argv: string[]): string[] {
  const out: string[] = [];
  for (let index = 0; index < argv.length; index++) {
    if (['--processes', '--out', '--format', '--seed'].includes(argv[index])) index++;
    else out.push(argv[index]);
  }
  return out;
}
