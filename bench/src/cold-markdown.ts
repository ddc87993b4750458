/**
 * The cold mode's numbers and report (`results/cold.{md,json}`): per cell the median over its
 * processes, ratios to the fastest bar peer, and issue 37's cold bar per format and direction.
 */
import type { ColdCell } from './cold.js';
import type { Machine } from './machine.js';
import { AHEAD_OF_TIME, FORMATS, type Direction, type Format, type Origin } from './registry.js';
import { median } from './timing.js';

/**
 * The peers the cold bars name ("the fastest peer"): cbor-x and json-pack for CBOR, json-pack for
 * UBJSON (issue 24), msgpackr for MessagePack (issue 25's peer to beat). cborg, @shelacek/ubjson,
 * @msgpack/msgpack and json-pack's MessagePack are shown but not in them; JSON is a baseline,
 * never the bar, as in the steady bench.
 */
export const BAR_PEERS: Record<Format, string[]> = { cbor: ['cbor-x', 'json-pack'], ubjson: ['json-pack'], msgpack: ['msgpackr'] };

export interface ColdRow {
  payload: string;
  format: Format;
  direction: Direction;
  codec: string;
  label: string;
  origin: Origin;
  status: 'ok' | 'failing';
  reason?: string;
  /** Bytes given to the decoder (decode rows). */
  size?: number;
  /** Median over the processes of the ms taken by the first `counts[i]` calls. */
  times?: number[];
  /** Per process, the same times. */
  runs: number[][];
  /** Median over the processes of the ms taken to import the codec (not in `times`). */
  importMs?: number;
  /** Per count: the fastest bar peer's time / this codec's (> 1: this codec is faster), and which peer. */
  ratios?: (number | null)[];
  fastestPeers?: (string | null)[];
}

export interface ColdBar {
  format: Format;
  direction: Direction;
  status: 'met' | 'not met' | 'n/a';
  detail: string;
}

export interface ColdReport {
  machine: Machine;
  settings: { mode: string; processes: number; counts: number[]; payload?: string; format?: Format };
  payloads: string[];
  rows: ColdRow[];
  bars: ColdBar[];
  notes: string[];
}

const NOTES = [
  'Each cell (payload × format × direction × codec) runs in its own fresh process: plain `node` (the Node binary running the bench, no loader), which imports only that codec (ours: the ahead-of-time module, which imports the built @binschema/runtime; peers: their package), reads its inputs, then times calls with `process.hrtime.bigint()`. "1st" is the first call alone; the N columns are the first N calls together, counted from the first. The import tables show how long the codec\'s import took before that (its modules loaded and evaluated, median of the processes of both directions); no bar counts it.',
  'Inputs are made with the clock stopped, in chunks of 10 just before they are used (the first call alone): a deep copy of the payload per encode, a copy of the bytes in its own ArrayBuffer per decode (a Buffer for JSON, an ArrayBuffer for @shelacek/ubjson), so nothing can be memoised on identity. All 1,000 copies made up front kept up to ~250 MB alive through the timed calls, and marking them took longer than the calls.',
  'Decoders decode their own codec\'s encoding of the payload (ours: the module\'s own bytes; JSON: the payload\'s text; msgpackr: its MessagePack), made and checked in the parent process and handed to the child in a file, so the child never runs the encoder.',
  'After timing, the child writes its last result to a file; the parent checks it (an encoder\'s bytes decode through the same codec to the payload; a decoded value, through v8.serialize, equals the payload). A child that fails or whose result does not check posts no time: its cell is failing.',
  'Each cell runs in every process round (every cell once, then every cell again), and a cell\'s figure is the median over its processes. Ratios: the fastest bar peer\'s time / ours, > 1 means ours is faster.',
];

export function summariseCold(cells: ColdCell[], head: Pick<ColdReport, 'machine' | 'settings' | 'payloads'>): ColdReport {
  const rows: ColdRow[] = cells.map((cell) => {
    const row: ColdRow = {
      payload: cell.payload, format: cell.format, direction: cell.direction, codec: cell.codec, label: cell.label,
      origin: cell.origin, status: cell.status, reason: cell.reason, size: cell.size, runs: cell.runs,
    };
    if (cell.status === 'ok' && cell.runs.length > 0) {
      row.times = cell.runs[0].map((_, index) => median(cell.runs.map((run) => run[index])));
      if (cell.imports.length > 0) row.importMs = median(cell.imports);
    }
    return row;
  });
  for (const row of rows) {
    if (row.times === undefined) continue;
    const peers = rows.filter((other) => other.payload === row.payload && other.format === row.format && other.direction === row.direction
      && BAR_PEERS[row.format].includes(other.codec) && other.times !== undefined);
    if (peers.length === 0) continue;
    const fastest = row.times.map((_, index) => peers.reduce((best, peer) => (peer.times![index] < best.times![index] ? peer : best)));
    row.fastestPeers = fastest.map((peer) => peer.codec);
    row.ratios = fastest.map((peer, index) => peer.times![index] / row.times![index]);
  }
  return { ...head, rows, bars: judgeColdBars(rows, head.payloads), notes: NOTES };
}

/** Issue 37's cold bar: the first N calls' geomean over the payloads at least this ratio to the fastest bar peer… */
export const COLD_GEOMEAN = 1;
/** …and every first call at most this many times the fastest bar peer's first call, or within `FIRST_CALL_SLACK_MS` of it. */
export const FIRST_CALL_TIMES = 2;
export const FIRST_CALL_SLACK_MS = 1;

/**
 * Issue 37's cold bar, per format and direction: the first N calls (N the largest count: 1,000, or
 * 100 in quick mode) against the fastest bar peer's, geomean ≥ 1.0x over the payloads, and every
 * first call at most 2x the fastest bar peer's first call or within 1 ms of it. No single payload
 * has a floor; the worst is reported.
 */
export function judgeColdBars(rows: ColdRow[], payloads: string[]): ColdBar[] {
  const bars: ColdBar[] = [];
  for (const format of FORMATS) {
    for (const direction of ['encode', 'decode'] as const) {
      const ours = rows.filter((row) => row.format === format && row.direction === direction && row.codec === AHEAD_OF_TIME);
      if (ours.length === 0) continue;
      const judged = ours.filter((row) => row.ratios !== undefined);
      if (judged.length === 0) {
        bars.push({ format, direction, status: 'n/a', detail: 'no timings of ours and a bar peer on any payload' });
        continue;
      }
      const last = judged.map((row) => row.ratios![row.ratios!.length - 1]!);
      const geomean = Math.exp(last.reduce((sum, ratio) => sum + Math.log(ratio), 0) / last.length);
      const worst = last.indexOf(Math.min(...last));
      const firstOver = judged.filter((row) => {
        const peer = row.times![0] * row.ratios![0]!;
        return row.times![0] > FIRST_CALL_TIMES * peer && row.times![0] - peer > FIRST_CALL_SLACK_MS;
      }).map((row) => `${row.payload} ${ms(row.times![0])} vs ${ms(row.times![0] * row.ratios![0]!)} ms`);
      const complete = judged.length === payloads.length;
      const met = complete && geomean >= COLD_GEOMEAN && firstOver.length === 0;
      const details = [
        `geomean ${fixed(geomean)}`,
        `worst payload ${judged[worst].payload} ${fixed(last[worst])}`,
        `first call over ${FIRST_CALL_TIMES}x and ${FIRST_CALL_SLACK_MS} ms: ${firstOver.length === 0 ? 'none' : firstOver.join(', ')}`,
        `over ${judged.length}/${payloads.length} payloads${complete ? '' : ' (incomplete)'}`,
      ];
      bars.push({ format, direction, status: met ? 'met' : 'not met', detail: details.join('; ') });
    }
  }
  return bars;
}

const fixed = (ratio: number) => `${ratio.toFixed(2)}x`;

/** Milliseconds with two significant decimals below 10 ms, one below 100, none above. */
export function ms(value: number): string {
  const digits = value < 10 ? 2 : value < 100 ? 1 : 0;
  return value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

const shortName = (codec: string) => (codec === AHEAD_OF_TIME ? 'ours' : codec === 'binschema generic' ? 'ours generic' : codec);

function renderTable(rows: ColdRow[], payloads: string[], counts: number[], format: Format, direction: Direction): string[] {
  const group = rows.filter((row) => row.format === format && row.direction === direction);
  const codecs = [...new Set(group.map((row) => row.codec))];
  const calls = counts[counts.length - 1].toLocaleString('en-US');
  const header = ['payload', ...codecs.flatMap((codec) => [`${shortName(codec)} 1st`, `${shortName(codec)} ${calls}`]), 'ratio 1st', `ratio ${calls}`];
  const lines = [`## ${format.toUpperCase()} ${direction}`, '', `| ${header.join(' | ')} |`, `| --- |${' ---: |'.repeat(header.length - 1)}`];
  const ratios: [number[], number[]] = [[], []];
  for (const payload of payloads) {
    const cells: string[] = [];
    for (const codec of codecs) {
      const row = group.find((item) => item.payload === payload && item.codec === codec);
      if (row?.times === undefined) cells.push(row?.status ?? '–', '');
      else cells.push(ms(row.times[0]), ms(row.times[row.times.length - 1]));
    }
    // Ours: the ahead-of-time module (every format has one).
    const ours = group.find((item) => item.payload === payload && item.codec === AHEAD_OF_TIME);
    for (const [slot, index] of [[0, 0], [1, counts.length - 1]] as const) {
      const ratio = ours?.ratios?.[index];
      if (ratio === undefined || ratio === null) cells.push('–');
      else {
        ratios[slot].push(ratio);
        cells.push(fixed(ratio));
      }
    }
    lines.push(`| ${payload} | ${cells.join(' | ')} |`);
  }
  const geomean = (values: number[]) => (values.length === 0 ? '–' : fixed(Math.exp(values.reduce((sum, value) => sum + Math.log(value), 0) / values.length)));
  lines.push(`| geomean |${' |'.repeat(codecs.length * 2)} ${geomean(ratios[0])} | ${geomean(ratios[1])} |`, '');
  return lines;
}

/**
 * Per payload, how long each codec's import took before its first call (median over the
 * processes of both directions): the part of a short-lived process that no call column shows.
 */
function renderImportTable(rows: ColdRow[], payloads: string[], format: Format): string[] {
  const group = rows.filter((row) => row.format === format && row.importMs !== undefined);
  if (group.length === 0) return [];
  const codecs = [...new Set(group.map((row) => row.codec))];
  const lines = [`## ${format.toUpperCase()} import`, '', `| payload | ${codecs.map(shortName).join(' | ')} |`, `| --- |${' ---: |'.repeat(codecs.length)}`];
  for (const payload of payloads) {
    const cells = codecs.map((codec) => {
      const runs = group.filter((row) => row.payload === payload && row.codec === codec);
      return runs.length === 0 ? '–' : ms(median(runs.map((row) => row.importMs!)));
    });
    lines.push(`| ${payload} | ${cells.join(' | ')} |`);
  }
  lines.push('');
  return lines;
}

export function renderColdMarkdown(report: ColdReport): string {
  const { machine, settings } = report;
  const counts = settings.counts;
  const calls = counts[counts.length - 1].toLocaleString('en-US');
  const failing = report.rows.filter((row) => row.status === 'failing');
  const lines = [
    '# binschema cold benchmark',
    '',
    `Node ${machine.node} · V8 ${machine.v8} · ${machine.cpu} (${machine.cores} cores, ${machine.memoryGiB} GiB) · ${machine.platform}`,
    '',
    `${machine.date} · commit ${machine.commit} · mode ${settings.mode}, ${settings.processes} process(es) per cell, calls ${counts.map((count) => count.toLocaleString('en-US')).join(', ')}${settings.payload === undefined ? '' : `, payloads matching "${settings.payload}"`}${settings.format === undefined ? '' : `, ${settings.format} only`}.`,
    '',
    `Times in ms, medians over the processes: "1st" is a fresh process's first call, "${calls}" its first ${calls} calls together.`,
    `"ratio" is the fastest bar peer's time / ours (> 1: ours is faster; ours: the ahead-of-time module); the bar peers are ${Object.entries(BAR_PEERS).map(([format, peers]) => `${peers.join(' and ')} for ${format.toUpperCase()}`).join(', ')} (issues 24 and 25);`,
    'cborg, @shelacek/ubjson, @msgpack/msgpack and json-pack\'s MessagePack are shown beside them, JSON is a baseline, never the bar.',
    '',
  ];
  for (const format of FORMATS) {
    for (const direction of ['encode', 'decode'] as const) {
      if (report.rows.some((row) => row.format === format && row.direction === direction)) lines.push(...renderTable(report.rows, report.payloads, counts, format, direction));
    }
    lines.push(...renderImportTable(report.rows, report.payloads, format));
  }
  lines.push(
    '## Bars',
    '',
    `Issue 37's cold bar: our first ${calls} calls against the fastest bar peer's, geomean over the payloads ≥ ${fixed(COLD_GEOMEAN)}, and every first call at most ${FIRST_CALL_TIMES}x the fastest bar peer's first call or within ${FIRST_CALL_SLACK_MS} ms of it (committed figures: Node 26, 3 or more fresh processes per cell).`,
    '',
    ...report.bars.map((bar) => `- **${bar.status}**: ${bar.format.toUpperCase()} ${bar.direction} (${bar.detail})`),
    '',
    '## Failing',
    '',
    ...(failing.length === 0 ? ['None: every cell ran and checked in every process.'] : failing.map((row) => `- ${row.payload} ${row.format.toUpperCase()} ${row.direction} ${row.label}: ${row.reason}`)),
    '',
    '## Method',
    '',
    ...report.notes.map((note) => `- ${note}`),
    '',
  );
  return lines.join('\n');
}
