/**
 * `pnpm bench --processes N`: the same timing run N times, each in a fresh Node process, one after
 * another, and the report takes the median over the processes of each process's median over its
 * rounds. Rounds in one process share one set of JIT decisions; a second process can make other
 * ones. The same generated decoder measured 371 and 473 ns/op in two processes (.tmp A/B of
 * identical code), a difference that no number of rounds in one process shows.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Case } from './check.js';
import { median } from './timing.js';

/** What a child process writes: the round timings and the failures, by case key. */
interface ChildTimings {
  timings: Record<string, number[]>;
  failed: Record<string, string>;
}

function caseKey(item: Case): string {
  return `${item.payload}/${item.format}/${item.direction}/${item.entry.id}`;
}

/** Child side: writes the timings of this process for the parent to merge. */
export function writeTimings(file: string, cases: Case[], timings: Map<Case, number[]>): void {
  const out: ChildTimings = { timings: {}, failed: {} };
  for (const item of cases) {
    const rounds = timings.get(item);
    if (rounds !== undefined) out.timings[caseKey(item)] = rounds;
    if (item.status === 'failing' && item.reason !== undefined) out.failed[caseKey(item)] = item.reason;
  }
  writeFileSync(file, JSON.stringify(out));
}

/**
 * Parent side: runs `count` child processes with the parent's own arguments (`argv`, without
 * `--processes` and `--out`) and returns, per case, one ns/op per process (that process's median
 * over its rounds). A case that failed in a child is marked failing here.
 */
export function timeInProcesses(cases: Case[], argv: string[], count: number): Map<Case, number[]> {
  const dir = mkdtempSync(join(tmpdir(), 'binschema-bench-'));
  const merged = new Map<Case, number[]>();
  try {
    for (let run = 0; run < count; run++) {
      console.log(`process ${run + 1}/${count}`);
      const file = join(dir, `timings-${run}.json`);
      const args = [...process.execArgv, process.argv[1], ...childArguments(argv), '--timings-out', file];
      const child = spawnSync(process.execPath, args, { stdio: 'inherit' });
      if (child.status !== 0) throw new Error(`bench process ${run + 1} of ${count} failed (exit ${child.status ?? child.signal})`);
      const { timings, failed } = JSON.parse(readFileSync(file, 'utf8')) as ChildTimings;
      for (const item of cases) {
        const key = caseKey(item);
        if (failed[key] !== undefined) Object.assign(item, { status: 'failing', reason: `process ${run + 1}: ${failed[key]}` });
        const rounds = timings[key];
        if (rounds !== undefined && rounds.length > 0) merged.set(item, [...(merged.get(item) ?? []), median(rounds)]);
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  for (const item of cases) if (item.status === 'failing') merged.delete(item);
  return merged;
}

/** The parent's arguments for a child: the same run, minus the options only the parent acts on. */
export function childArguments(argv: string[]): string[] {
  const out: string[] = [];
  for (let index = 0; index < argv.length; index++) {
    if (argv[index] === '--processes' || argv[index] === '--out') index++;
    else out.push(argv[index]);
  }
  return out;
}
