/**
 * `pnpm --filter @binschema/bench run compare-runs <a.json> <b.json> [--statistic min|median] [--out results/x.md]`:
 * do two runs of the same code on the same machine agree? For every case both runs timed, the
 * ratio to the fastest peer in each and how far apart they are (|a/b − 1|), plus the geometric
 * means; the issue 23 bar is that no ratio moves by more than 10%. Reads the JSON `pnpm bench`
 * writes. Both runs are scored from their rounds: by default from each case's fastest round (the
 * bench's figure since issue 37), with `--statistic median` from each case's median over rounds.
 * Runs written before issue 37 reported medians as `nsPerOp`; both statistics read them too.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { Row } from './summary.js';

/** The part of a run's JSON read here. */
interface Results {
  machine: { node: string; v8: string; cpu: string; date: string; commit: string };
  settings: Record<string, unknown>;
  cases: Row[];
}

export interface Agreement {
  key: string;
  a: number;
  b: number;
  /** |a / b − 1|. */
  apart: number;
}

/** How a case's rounds become its figure: the fastest round (the bench's figure) or the median over rounds. */
export type Statistic = 'min' | 'median';

/** Every ratio present in both runs (cases, then geometric means), farthest apart first. */
export function compareRuns(a: Results, b: Results, statistic: Statistic = 'min'): Agreement[] {
  const figure = statistic === 'min' ? fastestRound : medianOverRounds;
  const second = ratios(b, figure);
  const out: Agreement[] = [];
  for (const [key, ratio] of ratios(a, figure)) {
    const other = second.get(key);
    if (other !== undefined) out.push({ key, a: ratio, b: other, apart: Math.abs(ratio / other - 1) });
  }
  return out.sort((x, y) => y.apart - x.apart);
}

const fastestRound = (row: Row) => (row.rounds === undefined || row.rounds.length === 0 ? undefined : Math.min(...row.rounds));
// Before issue 37 `nsPerOp` was the median and there was no `medianNs`.
const medianOverRounds = (row: Row) => row.medianNs ?? row.nsPerOp;

/**
 * The ratios from each case's `figure`: the fastest peer's figure over the codec's, per payload,
 * format and direction; geometric means over the payloads per codec.
 */
function ratios(results: Results, figure: (row: Row) => number | undefined): Map<string, number> {
  const timed = results.cases.filter((row) => figure(row) !== undefined);
  const out = new Map<string, number>();
  const logs = new Map<string, number[]>();
  for (const row of timed) {
    const peers = timed.filter((other) => other.origin === 'peer' && other.payload === row.payload && other.format === row.format && other.direction === row.direction);
    if (peers.length === 0) continue;
    const ratio = Math.min(...peers.map((peer) => figure(peer)!)) / figure(row)!;
    out.set(`${row.payload} ${row.format} ${row.direction} ${row.codec}`, ratio);
    const mean = `geomean ${row.format} ${row.direction} ${row.codec}`;
    (logs.get(mean) ?? logs.set(mean, []).get(mean)!).push(Math.log(ratio));
  }
  for (const [key, values] of logs) out.set(key, Math.exp(values.reduce((sum, value) => sum + value, 0) / values.length));
  return out;
}

function render(fileA: string, fileB: string, a: Results, b: Results, agreements: Agreement[], limit: number, statistic: Statistic): string {
  const over = agreements.filter((item) => item.apart > limit);
  const run = (name: string, results: Results) => `- ${name}: ${results.machine.date}, Node ${results.machine.node} (V8 ${results.machine.v8}), ${results.machine.cpu}, commit ${results.machine.commit}, mode ${JSON.stringify(results.settings.mode)}, seed ${JSON.stringify(results.settings.seed)}`;
  const table = (items: Agreement[]) => ['| ratio | run A | run B | apart |', '| --- | ---: | ---: | ---: |', ...items.map((item) => `| ${item.key} | ${item.a.toFixed(2)}x | ${item.b.toFixed(2)}x | ${(item.apart * 100).toFixed(1)}% |`)];
  return [
    '# Two runs of the same code',
    '',
    run(`A (${fileA})`, a),
    run(`B (${fileB})`, b),
    '',
    `**${agreements.length - over.length} of ${agreements.length} ratios agree within ${limit * 100}%**${over.length === 0 ? '.' : `; ${over.length} do not (listed first below).`}`,
    '',
    statistic === 'min' ? 'Scored from each case\'s fastest round (the bench\'s figure).' : 'Scored from each case\'s median over rounds (`--statistic median`).',
    '',
    '## Geometric means',
    '',
    ...table(agreements.filter((item) => item.key.startsWith('geomean')).sort((x, y) => (x.key < y.key ? -1 : 1))),
    '',
    '## The 20 cases farthest apart',
    '',
    ...table(agreements.filter((item) => !item.key.startsWith('geomean')).slice(0, 20)),
    '',
  ].join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const args = process.argv.slice(2).filter((arg) => arg !== '--');
  const outIndex = args.indexOf('--out');
  const out = outIndex >= 0 ? args.splice(outIndex, 2)[1] : undefined;
  const statisticIndex = args.indexOf('--statistic');
  const statistic = statisticIndex >= 0 ? args.splice(statisticIndex, 2)[1] : 'min';
  if (args.length !== 2 || (statistic !== 'median' && statistic !== 'min')) {
    console.error('usage: compare-runs <a.json> <b.json> [--statistic min|median] [--out file.md]');
    process.exit(2);
  }
  const [fileA, fileB] = args;
  const a = JSON.parse(readFileSync(fileA, 'utf8')) as Results;
  const b = JSON.parse(readFileSync(fileB, 'utf8')) as Results;
  const text = render(fileA.split('/').pop()!, fileB.split('/').pop()!, a, b, compareRuns(a, b, statistic), 0.1, statistic);
  if (out === undefined) console.log(text);
  else writeFileSync(out, text);
}
