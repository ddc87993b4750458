/**
 * The cold mode (issue 23, deliverable 4): for the short-lived processes (a CLI run, a serverless
 * call, a worker that handles a few hundred messages). Every cell (payload × format × direction ×
 * codec) runs in fresh Node processes (`cold-child.mjs`, plain `node`, no loader) that import only
 * that codec and time its first call and its first 10, 100 and 1,000 calls together. Each cell
 * runs in `processes` processes, interleaved (every cell once, then every cell again, so drift
 * hits every cell alike); the report takes the median per cell. Issue 37's cold bar is judged on
 * the result (`cold-markdown.ts`).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { isAbsolute, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deserialize } from 'node:v8';
import { moduleFile } from './aot.js';
import { describe } from './check.js';
import { renderColdMarkdown, summariseCold, type ColdReport } from './cold-markdown.js';
import { describeMachine } from './machine.js';
import { loadPayloads, type Payload } from './payloads.js';
import { AHEAD_OF_TIME, FORMATS, registry, Unavailable, type CodecEntry, type Direction, type Format, type PayloadCodec } from './registry.js';
import { asBytes, cloneJson, copyBytes, differs } from './values.js';

export interface ColdOptions {
  /** Substring of a payload name: only those payloads. */
  payload?: string;
  format?: Format;
  /** Processes per cell (at least 3 for committed figures). */
  processes: number;
  /** 1 process, 2 payloads, calls up to 100: a smoke run for CI and tests. */
  quick: boolean;
  /** Base name of the files written to bench/results/, or an absolute path without extension. */
  out?: string;
}

/** The registry ids timed cold, per format, in table order: ours, the peers, the baselines. */
export const COLD_CODECS: Record<Format, string[]> = {
  cbor: [AHEAD_OF_TIME, 'cbor-x', 'json-pack', 'cborg', 'JSON'],
  ubjson: [AHEAD_OF_TIME, 'json-pack', '@shelacek/ubjson', 'JSON'],
  // Ours generic too: issue 25 asks for the generic MessagePack codec in every mode.
  msgpack: [AHEAD_OF_TIME, 'binschema generic', 'msgpackr', '@msgpack/msgpack', 'json-pack', 'JSON'],
};

export const FULL_COUNTS = [1, 10, 100, 1000];
export const QUICK_COUNTS = [1, 10, 100];
/** `--quick` keeps two small payloads (of those the filter leaves). */
const QUICK_PAYLOADS = ['small-object', 'typical-object'];

const CHILD = fileURLToPath(new URL('./cold-child.mjs', import.meta.url));
/** A child that has not printed after this long is stopped and its cell reported failing. */
const CHILD_TIMEOUT_MS = 120_000;

/** A codec as the cold mode runs it: its registry entry (checks in this process) and what the child imports. */
export interface ColdCodec {
  entry: CodecEntry;
  /** A peer id `cold-child.mjs` knows, or a module exporting `encode`/`decode` (ours). */
  child(payload: Payload, format: Format): string | { module: string };
}

/** One payload × format × direction × codec, with one array of cumulative times per process. */
export interface ColdCell {
  payload: string;
  format: Format;
  direction: Direction;
  codec: string;
  label: string;
  origin: CodecEntry['origin'];
  status: 'ok' | 'failing';
  reason?: string;
  /** Bytes the decoder is given (its own codec's encoding; JSON: the payload's text). */
  size?: number;
  /** ms for the first 1, 10, 100, … calls, one array per process. */
  runs: number[][];
  /** ms to import the codec (before the first call), one per process. */
  imports: number[];
  spec?: { codec: string | { module: string }; payload: string; input?: Uint8Array };
  /** Checks the child's result file (encode: bytes, decode: v8-serialized value); throws why not. */
  verify?: (result: Buffer) => void;
}

/** The cold codecs of the registry for the formats asked. */
export function coldCodecs(formats: Format[]): ColdCodec[] {
  return registry()
    .filter((entry) => formats.includes(entry.format) && COLD_CODECS[entry.format].includes(entry.id))
    .sort((a, b) => COLD_CODECS[a.format].indexOf(a.id) - COLD_CODECS[b.format].indexOf(b.id))
    .map((entry) => ({
      entry,
      child: (payload, format) => {
        if (entry.id === AHEAD_OF_TIME) return { module: moduleFile(payload, format) };
        // The generic codec's module exports encode/decode as a generated module does.
        if (entry.id === 'binschema generic') return { module: fileURLToPath(import.meta.resolve(`@binschema/runtime/${format}`)) };
        return entry.id;
      },
    }));
}

function expectEqual(expected: unknown, actual: unknown, by: string, codec: PayloadCodec): void {
  const view = codec.view ?? ((value: unknown) => value);
  const difference = differs(view(expected), view(actual));
  if (difference !== undefined) throw new Error(`${by} differs at ${difference}`);
}

/**
 * Loads each codec in this process (not timed: the children stay cold) and makes its cells: the
 * decoder's input is its own codec's encoding of the payload, checked here to round-trip.
 */
export async function makeCells(payloads: Payload[], codecs: ColdCodec[]): Promise<ColdCell[]> {
  const cells: ColdCell[] = [];
  // Each entry loads once for all payloads (ours: one CLI run generates every module).
  const factories = new Map<CodecEntry, ((payload: Payload) => PayloadCodec) | Error>();
  for (const { entry } of codecs) {
    try {
      factories.set(entry, await entry.load(payloads));
    } catch (error) {
      // A codec that does not exist yet (no generated MessagePack) is left out, as in the steady mode.
      if (error instanceof Unavailable) console.log(`skip ${entry.format} ${entry.label}: ${error.message}`);
      factories.set(entry, error instanceof Error ? error : new Error(String(error)));
    }
  }
  for (const format of FORMATS) {
    for (const payload of payloads) {
      for (const { entry, child } of codecs.filter((codec) => codec.entry.format === format && !(factories.get(codec.entry) instanceof Unavailable))) {
        let loaded: PayloadCodec | Error;
        try {
          const factory = factories.get(entry)!;
          if (factory instanceof Error) throw factory;
          loaded = factory(payload);
        } catch (error) {
          loaded = error instanceof Error ? error : new Error(String(error));
        }
        for (const direction of ['encode', 'decode'] as const) {
          const cell: ColdCell = { payload: payload.name, format, direction, codec: entry.id, label: entry.names[direction], origin: entry.origin, status: 'ok', runs: [], imports: [] };
          try {
            if (loaded instanceof Error) throw loaded;
            const codec = loaded;
            const spec = { codec: child(payload, format), payload: payload.schemaFile.replace(/\.schema\.json$/, '.json') };
            if (direction === 'encode') {
              cell.spec = spec;
              cell.verify = (bytes) => expectEqual(payload.value, codec.decode(codec.prepare(copyBytes(bytes))), 'the last output decoded by the same codec', codec);
            } else {
              const input = entry.wire === 'json' ? payload.json : copyBytes(asBytes(codec.encode(cloneJson(payload.value))));
              expectEqual(payload.value, codec.decode(codec.prepare(input)), 'its own encoding decoded in the parent', codec);
              cell.spec = { ...spec, input };
              cell.size = input.length;
              cell.verify = (serialized) => expectEqual(payload.value, deserialize(serialized), 'the last decoded value', codec);
            }
          } catch (error) {
            Object.assign(cell, { status: 'failing', reason: `setup failed: ${describe(error)}` });
          }
          cells.push(cell);
        }
      }
    }
  }
  return cells;
}

/** What a child reported (its codec threw, or it could not start): shown as is. */
class ChildFailure extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ChildFailure';
  }
}

/** Runs one cell in one fresh process; returns its times, or throws with why they do not count. */
function runChild(cell: ColdCell, counts: number[], dir: string, index: number): { times: number[]; importMs: number } {
  const spec = cell.spec!;
  const result = join(dir, `result-${index}.bin`);
  let input: string | undefined;
  if (spec.input !== undefined) {
    input = join(dir, `input-${index}.bin`);
    writeFileSync(input, spec.input);
  }
  const args = JSON.stringify({ format: cell.format, direction: cell.direction, codec: spec.codec, payload: spec.payload, input, counts, result });
  // Plain node: no loader flags from this process, none from the environment.
  const env = { ...process.env };
  delete env.NODE_OPTIONS;
  const child = spawnSync(process.execPath, [CHILD, args], { encoding: 'utf8', env, timeout: CHILD_TIMEOUT_MS, maxBuffer: 1 << 20 });
  const line = child.stdout?.trim().split('\n').pop() ?? '';
  let printed: { times?: unknown; importMs?: unknown; error?: string } = {};
  try {
    printed = JSON.parse(line);
  } catch {
    // Reported below with the exit status and stderr.
  }
  if (printed.error !== undefined) throw new ChildFailure(printed.error);
  if (child.status !== 0 || !Array.isArray(printed.times)) {
    const why = child.error?.message ?? `exit ${child.status ?? child.signal}`;
    const output = (child.stderr || line).trim().split('\n');
    throw new ChildFailure(`child ${why}: ${output.find((text) => /Error/.test(text)) ?? output[0]}`);
  }
  const times = printed.times as number[];
  const importMs = printed.importMs;
  if (times.length !== counts.length || !times.every((time) => Number.isFinite(time) && time >= 0)) throw new Error(`child printed ${line}`);
  if (typeof importMs !== 'number' || !(importMs >= 0)) throw new Error(`child printed ${line}`);
  cell.verify!(readFileSync(result));
  rmSync(result, { force: true });
  return { times, importMs };
}

/**
 * Every cell that passed setup, once per process round: all cells, then all again. A cell whose
 * child fails or whose result does not check is failing from then on and keeps no times.
 */
export function runCells(cells: ColdCell[], counts: number[], processes: number, progress: (text: string) => void = console.log): void {
  const dir = mkdtempSync(join(tmpdir(), 'binschema-cold-'));
  try {
    for (let round = 0; round < processes; round++) {
      const started = Date.now();
      cells.forEach((cell, index) => {
        if (cell.status !== 'ok') return;
        try {
          const { times, importMs } = runChild(cell, counts, dir, index);
          cell.runs.push(times);
          cell.imports.push(importMs);
        } catch (error) {
          Object.assign(cell, { status: 'failing', reason: `process ${round + 1}: ${error instanceof ChildFailure ? error.message : describe(error)}`, runs: [], imports: [] });
          progress(`FAIL ${cell.payload} ${cell.format} ${cell.direction} ${cell.codec}: ${cell.reason}`);
        }
      });
      progress(`processes ${round + 1}/${processes}: ${cells.filter((cell) => cell.status === 'ok').length} cells (${((Date.now() - started) / 1000).toFixed(0)} s)`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function pickPayloads(options: ColdOptions): Payload[] {
  const payloads = loadPayloads(options.payload);
  if (!options.quick) return payloads;
  const small = payloads.filter((payload) => QUICK_PAYLOADS.includes(payload.name));
  return (small.length > 0 ? small : payloads).slice(0, 2);
}

function outputBase(options: ColdOptions): string {
  const name = options.out ?? (options.quick ? 'cold-quick' : options.payload !== undefined || options.format !== undefined ? 'cold-partial' : 'cold');
  return isAbsolute(name) ? name : fileURLToPath(new URL(`../results/${name}`, import.meta.url));
}

/**
 * Runs the cold mode and writes `<out>.md` and `<out>.json` (default bench/results/cold.*;
 * quick and filtered runs write cold-quick.* and cold-partial.*). `codecs`: the codecs to run
 * (default: `COLD_CODECS` from the registry; tests pass others).
 */
export async function runCold(options: ColdOptions, codecs?: ColdCodec[]): Promise<ColdReport> {
  const machine = describeMachine();
  console.log(`cold mode · ${machine.cpu} (${machine.cores} cores) · Node ${machine.node} (V8 ${machine.v8}) · ${process.execPath}`);
  const payloads = pickPayloads(options);
  if (payloads.length === 0) throw new Error(`no payload matches ${options.payload}`);
  const formats: Format[] = options.format === undefined ? [...FORMATS] : [options.format];
  const counts = options.quick ? QUICK_COUNTS : FULL_COUNTS;
  const processes = options.quick ? 1 : options.processes;
  const cells = await makeCells(payloads, codecs ?? coldCodecs(formats));
  for (const cell of cells.filter((item) => item.status === 'failing')) console.log(`FAIL ${cell.payload} ${cell.format} ${cell.direction} ${cell.codec}: ${cell.reason}`);
  console.log(`${cells.length} cells × ${processes} process(es), calls ${counts.join(', ')}`);
  runCells(cells, counts, processes);
  const report = summariseCold(cells, {
    machine,
    settings: { mode: options.quick ? 'quick' : 'full', processes, counts, payload: options.payload, format: options.format },
    payloads: payloads.map((payload) => payload.name),
  });
  const base = outputBase(options);
  mkdirSync(join(base, '..'), { recursive: true });
  writeFileSync(`${base}.md`, renderColdMarkdown(report));
  writeFileSync(`${base}.json`, `${JSON.stringify(report, null, 2)}\n`);
  console.log(`wrote ${base}.md and ${base}.json`);
  return report;
}
