/** Renders the report as Markdown (`results/<name>.md`) and as the plain-text console summary. */
import type { CheckResult } from './check.js';
import type { CodecEntry } from './registry.js';
import type { Machine } from './machine.js';
import type { Bar } from './bars.js';
import type { ChildRecord } from './processes.js';
import type { GeoMean, Row } from './summary.js';
import { AHEAD_OF_TIME } from './registry.js';
import { groupBy } from './summary.js';
import { alternativeSummary, renderAlternatives } from './markdown-alternatives.js';

export interface ReportInput {
  machine: Machine;
  settings: Record<string, unknown>;
  rows: Row[];
  means: GeoMean[];
  bars: Bar[];
  check: CheckResult;
  entries: CodecEntry[];
  /** The child processes that timed the cases (empty: timed in the reporting process). */
  children: ChildRecord[];
  notes: string[];
}

const number = (value: number, digits = 0) => value.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
const ratio = (value: number | undefined) => (value === undefined ? '–' : `${value.toFixed(2)}x`);
const ns = (value: number) => (value >= 100 ? number(value) : number(value, 1));

/** The slowest round's ns/op: with the median, how far this case moved between rounds. */
function slowest(row: Row): string {
  if (row.rounds === undefined || row.rounds.length < 2) return '–';
  return ns(Math.max(...row.rounds));
}

/** One line per bar; a bar of an earlier issue names it. */
export function renderBars(bars: Bar[]): string[] {
  return bars.map((bar) => `- **${bar.status}**: ${bar.issue === 'issue 37' ? '' : `${bar.issue}: `}${bar.claim} (${bar.detail})`);
}

/**
 * Schema'd layouts and the user's alternatives have their own tables (`renderSchemad`,
 * `renderAlternatives`), apart from the map-layout comparisons with the peers.
 */
const mapLayout = <T extends { origin: string }>(items: T[]): T[] => items.filter((item) => item.origin !== 'schemad' && item.origin !== 'alternative');
/** The hand-written reference is one payload's: no geometric mean, and no row where it is skipped. */
const withoutReferenceMeans = (means: GeoMean[]) => mapLayout(means).filter((mean) => mean.origin !== 'reference');
const withoutReferenceSkips = (rows: Row[]) => mapLayout(rows).filter((row) => row.origin !== 'reference' || row.status !== 'skipped');

function renderMeans(means: GeoMean[]): string[] {
  const lines: string[] = [];
  for (const [key, group] of groupBy(withoutReferenceMeans(means), (mean) => `${mean.format.toUpperCase()} ${mean.direction}`)) {
    lines.push(`### ${key}`, '', '| codec | vs fastest peer (geomean) | by medians | worst payload | payloads |', '| --- | ---: | ---: | ---: | ---: |');
    for (const mean of [...group].sort((a, b) => b.ratio - a.ratio)) {
      lines.push(`| ${mean.label} | ${ratio(mean.ratio)} | ${ratio(mean.medianRatio)} | ${ratio(mean.worst)} ${mean.worstPayload} | ${mean.payloads} |`);
    }
    lines.push('');
  }
  return lines;
}

function renderCases(rows: Row[]): string[] {
  const lines: string[] = [];
  for (const [key, group] of groupBy(withoutReferenceSkips(rows), (row) => `${row.payload} · ${row.format.toUpperCase()} ${row.direction}`)) {
    lines.push(`### ${key}`, '', '| codec | ops/s | ns/op (fastest round) | median | bytes | vs fastest peer | by medians | slowest round |', '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
    const ordered = [...group].sort((a, b) => (a.nsPerOp ?? Infinity) - (b.nsPerOp ?? Infinity));
    for (const row of ordered) {
      if (row.status !== 'ok') {
        lines.push(`| ${row.label} | ${row.status} | | | ${row.size ?? ''} | | | |`);
        continue;
      }
      lines.push(`| ${row.label} | ${number(row.opsPerSec!)} | ${ns(row.nsPerOp!)} | ${ns(row.medianNs!)} | ${row.size ?? ''} | ${ratio(row.ratio)} | ${ratio(row.medianRatio)} | ${slowest(row)} |`);
    }
    lines.push('');
  }
  return lines;
}

/** One table per format: payloads down, encoders across, bytes in the cells. */
function renderSizes(rows: Row[]): string[] {
  const lines: string[] = [];
  for (const [format, group] of groupBy(withoutReferenceSkips(rows).filter((row) => row.direction === 'encode'), (row) => row.format.toUpperCase())) {
    const codecs = [...new Set(group.map((row) => row.label))];
    lines.push(`### ${format}`, '', `| payload | ${codecs.join(' | ')} |`, `| --- |${' ---: |'.repeat(codecs.length)}`);
    for (const [payload, cells] of groupBy(group, (row) => row.payload)) {
      const size = (label: string) => cells.find((row) => row.label === label)?.size ?? '–';
      lines.push(`| ${payload} | ${codecs.map(size).join(' | ')} |`);
    }
    lines.push('');
  }
  return lines;
}

/**
 * The schema'd layouts (records, Avro, our compact layout) per payload, beside our map-layout
 * ahead-of-time modules: bytes, ns/op each way and the ratio to the fastest CBOR peer; a payload
 * a codec cannot express shows the reason.
 */
export function renderSchemad(rows: Row[]): string[] {
  const schemad = rows.filter((row) => row.origin === 'schemad' || (row.codec === AHEAD_OF_TIME && row.format === 'cbor'));
  if (!schemad.some((row) => row.origin === 'schemad')) return ['No schema\'d layout was checked.', ''];
  const lines = ['| payload | codec | bytes | encode ns/op | decode ns/op | encode vs fastest CBOR peer | decode vs fastest CBOR peer |', '| --- | --- | ---: | ---: | ---: | ---: | ---: |'];
  const skipped: string[] = [];
  for (const [payload, group] of groupBy(schemad, (row) => row.payload)) {
    for (const [codec, pair] of groupBy(group, (row) => row.codec)) {
      const encode = pair.find((row) => row.direction === 'encode');
      const decode = pair.find((row) => row.direction === 'decode');
      const name = codec === AHEAD_OF_TIME ? `${codec} (map layout)` : codec;
      if (encode?.status === 'skipped' || encode?.status === 'failing') {
        skipped.push(`- ${payload}, ${codec}: ${encode.reason}`);
        lines.push(`| ${payload} | ${name} | ${encode.status} | | | | |`);
        continue;
      }
      const time = (row: Row | undefined) => (row?.nsPerOp === undefined ? '–' : ns(row.nsPerOp));
      lines.push(`| ${payload} | ${name} | ${encode?.size ?? '–'} | ${time(encode)} | ${time(decode)} | ${ratio(encode?.ratio)} | ${ratio(decode?.ratio)} |`);
    }
  }
  return [...lines, '', ...(skipped.length === 0 ? [] : ['Skipped or failing:', '', ...skipped, ''])];
}

/** Whose bytes the decoders were timed on, collapsed to one line per format and source. */
function renderReferences(references: Record<string, string>): string[] {
  const bySource = groupBy(Object.entries(references), ([key, label]) => `${key.split('/')[1].toUpperCase()}: ${label}`);
  return [...bySource].map(([source, keys]) => `- ${source} (${keys.map(([key]) => key.split('/')[0]).join(', ')})`);
}

function renderProblems(input: ReportInput): string[] {
  const lines: string[] = [];
  for (const { entry, reason } of input.check.skipped) lines.push(`- skipped ${entry.format.toUpperCase()} ${entry.label}: ${reason}`);
  for (const row of input.rows.filter((item) => item.status === 'failing')) {
    lines.push(`- failing ${row.payload} ${row.format.toUpperCase()} ${row.direction} ${row.label}: ${row.reason}`);
  }
  return lines.length === 0 ? ['None: every registered codec passed the check on every payload.'] : lines;
}

/** Which process timed which format, as one line (the steady mode's children, or this process). */
function renderProcesses(children: ChildRecord[]): string {
  if (children.length === 0) return 'Timed in the process that wrote this report.';
  return `Timed in ${children.length} child process(es), one after another: ${children.map((child) => `run ${child.run} ${child.format ?? 'every format'} (pid ${child.pid})`).join(', ')}.`;
}

/** `svgFile`: the chart written beside the Markdown file. */
export function renderMarkdown(input: ReportInput, svgFile: string): string {
  const { machine, settings } = input;
  const current = input.bars.filter((bar) => bar.issue === 'issue 37');
  const lines = [
    '# binschema benchmark',
    '',
    `${machine.date} · ${machine.cpu} (${machine.cores} cores, ${machine.memoryGiB} GiB) · ${machine.platform} · Node ${machine.node} (V8 ${machine.v8}) · commit ${machine.commit}`,
    '',
    `Settings: ${Object.entries(settings).filter(([, value]) => value !== undefined).map(([key, value]) => `${key} ${JSON.stringify(value)}`).join(', ')}.`,
    renderProcesses(input.children),
    '',
    '## Bars',
    '',
    'Issue 37\'s bars, judged on the ahead-of-time modules (default options) from each case\'s fastest round;',
    'they are to hold on Node 26 and Node 24 in the steady mode (other modes print them too).',
    ...(String(settings.mode).endsWith('quick') ? ['Quick mode: one round of tiny slices, so these check the harness, not the code.'] : []),
    '',
    ...renderBars(current),
    '',
    'Ratios are the fastest peer\'s ns/op divided by the codec\'s (2.00x = twice as fast as the fastest',
    'peer on that payload, format and direction; peers are cbor-x, json-pack, cborg, node-cbor, json-type (CBOR encode), @shelacek/ubjson,',
    'msgpackr and @msgpack/msgpack, never binschema, JSON or a generic codec + ajv). A case\'s ns/op is its fastest round (each round',
    `the median of its samples), the median over rounds beside it${Number(settings.processes) > 1 ? ` (median of the ${settings.processes} processes' medians)` : ''}; "by medians" is the same ratio from the medians.`,
    'Decoders are all timed on the same bytes, made by a peer (see "Decoder input"); encoders\' bytes',
    'are their own output size.',
    '',
    '## Codecs',
    '',
    ...input.entries.map((entry) => `- ${entry.format.toUpperCase()} \`${entry.id}\` (${entry.origin}${entry.encodeOnly ? ', encode only' : ''}): ${entry.label}${entry.notes.length === 0 ? '' : `; ${entry.notes.join('; ')}`}`),
    '',
    '## Geometric means',
    '',
    `![geometric-mean ratio to the fastest peer](${svgFile})`,
    '',
    ...renderMeans(input.means),
    '## Per payload',
    '',
    ...renderCases(input.rows),
    '## Encoded size (bytes)',
    '',
    ...renderSizes(input.rows),
    '## The user\'s alternative: a generic codec + ajv',
    '',
    'What someone who wants checked binary data does today: ajv standalone validation compiled ahead of time',
    'from the payload schema, then the peer\'s encoder; or the peer\'s decoder, then the validation. ns/op are',
    'fastest rounds; the last column is the fastest alternative\'s time over ours.',
    '',
    ...renderAlternatives(input.rows),
    '## Schema\'d layouts',
    '',
    'Codecs whose bytes leave the key names out and need the writer\'s schema or record definitions',
    '(cbor-x and msgpackr records, Avro via avsc, ours in the compact layout): reference points, never',
    'CBOR peers and never in the tables above; each decodes its own encoding. Ours in the map layout',
    '(the ahead-of-time modules) is listed beside them.',
    '',
    ...renderSchemad(input.rows),
    '## Earlier targets',
    '',
    ...renderBars(input.bars.filter((bar) => bar.issue !== 'issue 37')),
    '',
    '## Failing and skipped',
    '',
    ...renderProblems(input),
    '',
    '## Decoder input',
    '',
    ...renderReferences(input.check.references),
    '',
    '## Notes',
    '',
    ...input.notes.map((note) => `- ${note}`),
    '',
  ];
  return lines.join('\n');
}

/** The console version: bars, geomeans and problems, without the per-payload tables. */
export function renderConsole(input: ReportInput): string {
  const lines = ['', 'Geometric mean of the ratio to the fastest peer:'];
  for (const [key, group] of groupBy(withoutReferenceMeans(input.means), (mean) => `${mean.format.toUpperCase()} ${mean.direction}`)) {
    lines.push(`  ${key}`);
    for (const mean of [...group].sort((a, b) => b.ratio - a.ratio)) {
      lines.push(`    ${ratio(mean.ratio).padStart(7)}  worst ${ratio(mean.worst).padStart(6)}  ${mean.label} (${mean.payloads} payloads)`);
    }
  }
  const schemad = input.means.filter((mean) => mean.origin === 'schemad');
  if (schemad.length > 0) {
    lines.push('', 'Schema\'d layouts (geometric mean vs the fastest CBOR peer, over the payloads each expresses):');
    for (const mean of schemad) lines.push(`    ${ratio(mean.ratio).padStart(7)}  ${mean.direction}  ${mean.label} (${mean.payloads} payloads)`);
  }
  lines.push('', 'The user\'s alternative (a generic codec + ajv):', ...alternativeSummary(input.rows).map((line) => `  ${line}`));
  lines.push('', 'Bars:', ...renderBars(input.bars).map((line) => `  ${line.replace(/\*\*/g, '')}`));
  lines.push('', 'Failing and skipped:', ...renderProblems(input).map((line) => `  ${line}`));
  return lines.join('\n');
}
