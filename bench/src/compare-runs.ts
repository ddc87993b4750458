/**
 * `pnpm --filter @binschema/bench run compare-runs <a.json> <b.json> [--out results/x.md]`: do two
 * runs of the same code on the same machine agree? For every case both runs timed, the ratio to
 * the fastest peer in each and how far apart they are (|a/b − 1|), plus the geometric means; the
 * issue 23 bar is that no ratio moves by more than 10%. Reads the JSON `pnpm bench` writes.
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

/** Every ratio present in both runs (cases, then geometric means), farthest apart first. */
export function compareRuns(a: Results, b: Results): Agreement[] {
  const ratios = (results: Results) => new Map<string, number>([
    ...results.cases.filter((row) => row.ratio !== undefined).map((row) => [`${row.payload} ${row.format} ${row.direction} ${row.codec}`, row.ratio!] as const),
    ...results.geometricMeans.map((mean) => [`geomean ${mean.format} ${mean.direction} ${mean.codec}`, mean.ratio] as const),
  ]);
  const second = ratios(b);
  const out: Agreement[] = [];
  for (const [key, ratio] of ratios(a)) {
    const other = second.get(key);
    if (other !== undefined) out.push({ key, a: ratio, b: other, apart: Math.abs(ratio / other - 1) });
  }
  return out.sort((x, y) => y.apart - x.apart);
}

function render(fileA: string, fileB: string, a: Results, b: Results, agreements: Agreement[], limit: number): string {
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
  if (args.length !== 2) {
    console.error('usage: compare-runs <a.json> <b.json> [--out file.md]');
    process.exit(2);
  }
  const [fileA, fileB] = args;
  const a = JSON.parse(readFileSync(fileA, 'utf8')) as Results;
  const b = JSON.parse(readFileSync(fileB, 'utf8')) as Results;
  const text = render(fileA.split('/').pop()!, fileB.split('/').pop()!, a, b, compareRuns(a, b), 0.1);
  if (out === undefined) console.log(text);
  else writeFileSync(out, text);
}
