/**
 * `pnpm --filter @binschema/bench run compare-runs <a.json> <b.json> [--statistic median|min] [--out results/x.md]`:
 * do two runs of the same code on the same machine agree? For every case both runs timed, the
 * ratio to the fastest peer in each and how far apart they are (|a/b − 1|), plus the geometric
 * means; the issue 23 bar is that no ratio moves by more than 10%. Reads the JSON `pnpm bench`
 * writes. `--statistic min` scores both runs again from their rounds with each case's fastest
 * round instead of its median: on a machine whose noise only ever slows a slice down, a median of
 * 15 slices can land in a slow stretch or a fast one by chance (see the bench README).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { GeoMean, Row } from './summary.js';

interface Results {
  machine: { node: string; v8: string; cpu: string; date: string; commit: string };
  settings: Record<string, unknown>;
  geometricMeans: GeoMean[];
  cases: Row[];
}

export interface Agreement {
  key: string;
  a: number;
  b: number;
  /** |a / b − 1|. */
  apart: number;
}

/** How a case's rounds become its figure: the median (what `pnpm bench` reports) or the fastest round. */
export type Statistic = 'median' | 'min';

/** Every ratio present in both runs (cases, then geometric means), farthest apart first. */
export function compareRuns(a: Results, b: Results, statistic: Statistic = 'median'): Agreement[] {
  const ratios = statistic === 'median' ? reportedRatios : fastestRoundRatios;
  const second = ratios(b);
  const out: Agreement[] = [];
  for (const [key, ratio] of ratios(a)) {
    const other = second.get(key);
    if (other !== undefined) out.push({ key, a: ratio, b: other, apart: Math.abs(ratio / other - 1) });
  }
  return out.sort((x, y) => y.apart - x.apart);
}

/** The ratios the run reported: medians over rounds, the run's own geometric means. */
function reportedRatios(results: Results): Map<string, number> {
  return new Map<string, number>([
    ...results.cases.filter((row) => row.ratio !== undefined).map((row) => [`${row.payload} ${row.format} ${row.direction} ${row.codec}`, row.ratio!] as const),
    ...results.geometricMeans.map((mean) => [`geomean ${mean.format} ${mean.direction} ${mean.codec}`, mean.ratio] as const),
  ]);
}

/**
 * The ratios again from each case's fastest round: the fastest peer's fastest round over the
 * codec's, per payload, format and direction; geometric means over the payloads per codec.
 */
function fastestRoundRatios(results: Results): Map<string, number> {
  const fastest = (row: Row) => Math.min(...row.rounds!);
  const timed = results.cases.filter((row) => row.rounds !== undefined && row.rounds.length > 0);
  const out = new Map<string, number>();
  const logs = new Map<string, number[]>();
  for (const row of timed) {
    const peers = timed.filter((other) => other.origin === 'peer' && other.payload === row.payload && other.format === row.format && other.direction === row.direction);
    if (peers.length === 0) continue;
    const ratio = Math.min(...peers.map(fastest)) / fastest(row);
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
    ...(statistic === 'min' ? ['', 'Scored from each case\'s fastest round (`--statistic min`), not the medians the runs report.'] : []),
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
  const statistic = statisticIndex >= 0 ? args.splice(statisticIndex, 2)[1] : 'median';
  if (args.length !== 2 || (statistic !== 'median' && statistic !== 'min')) {
    console.error('usage: compare-runs <a.json> <b.json> [--statistic median|min] [--out file.md]');
    process.exit(2);
  }
  const [fileA, fileB] = args;
  const a = JSON.parse(readFileSync(fileA, 'utf8')) as Results;
  const b = JSON.parse(readFileSync(fileB, 'utf8')) as Results;
  const text = render(fileA.split('/').pop()!, fileB.split('/').pop()!, a, b, compareRuns(a, b, statistic), 0.1, statistic);
  if (out === undefined) console.log(text);
  else writeFileSync(out, text);
}
