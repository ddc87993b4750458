/**
 * `pnpm --filter @binschema/bench run stability`: does one case settle at the same speed in every
 * process? The mixed bench shows some of our rows moving between two speeds from round to round
 * (generated UBJSON very-large-object encode: 139 or 265 µs/op; json-pack's row beside it stays
 * within 4%). This runs one case alone, in several fresh processes one after another, and prints
 * each process's steady speed (the median of its later blocks), for each set of Node flags asked
 * for: by default none and `--single-threaded` (no concurrent compiler or GC threads), so the two
 * can be compared on the same machine, in the same minute.
 *
 *   pnpm --filter @binschema/bench run stability [--payload large-object] [--format ubjson]
 *     [--direction decode] [--codec ours|ID] [--processes 5] [--blocks 30]
 *     [--flags "" --flags "--single-threaded"]
 *
 * `--codec` takes a registry id (`json-pack`, `cbor-x`…); `ours`, the default, is the ahead-of-time
 * modules. Nothing here is a bar: it is a tool for finding what makes a row bimodal.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { loadPayloads } from './payloads.js';
import { AHEAD_OF_TIME, registry } from './registry.js';
import { asBytes, cloneJson } from './values.js';

interface Settings {
  payload: string;
  format: 'cbor' | 'ubjson';
  direction: 'encode' | 'decode';
  /** A registry id; `ours` is the ahead-of-time modules. */
  codec: string;
  processes: number;
  blocks: number;
  flags: string[];
}

function parse(argv: string[]): Settings {
  const settings: Settings = { payload: 'large-object', format: 'ubjson', direction: 'decode', codec: 'ours', processes: 5, blocks: 30, flags: [] };
  for (let index = 0; index < argv.length; index++) {
    const arg = argv[index];
    const next = () => argv[++index];
    if (arg === '--payload') settings.payload = next();
    else if (arg === '--format') settings.format = next() as Settings['format'];
    else if (arg === '--direction') settings.direction = next() as Settings['direction'];
    else if (arg === '--codec') settings.codec = next();
    else if (arg === '--processes') settings.processes = Number(next());
    else if (arg === '--blocks') settings.blocks = Number(next());
    else if (arg === '--flags') settings.flags.push(next());
    else if (arg !== '--child' && arg !== '--') throw new Error(`unknown argument ${arg}`);
  }
  if (settings.flags.length === 0) settings.flags = ['', '--single-threaded'];
  return settings;
}

/** Child: blocks of 50 timed batches, fresh inputs made outside the timed part; prints each block's median ns/op. */
async function child(settings: Settings): Promise<void> {
  const [payload] = loadPayloads(settings.payload).filter((item) => item.name === settings.payload);
  if (payload === undefined) throw new Error(`no payload ${settings.payload}`);
  const id = settings.codec === 'ours' ? AHEAD_OF_TIME : settings.codec;
  const entry = registry().find((candidate) => candidate.id === id && candidate.format === settings.format);
  if (entry === undefined) throw new Error(`no ${settings.format} codec ${id} in the registry`);
  const codec = (await entry.load([payload]))(payload);
  const bytes = asBytes(codec.encode(cloneJson(payload.value)));
  const input = settings.direction === 'encode' ? () => cloneJson(payload.value) : () => codec.prepare(bytes);
  const run: (input: never) => unknown = settings.direction === 'encode' ? codec.encode : codec.decode;
  const batch = 20;
  const medians: number[] = [];
  for (let block = 0; block < settings.blocks; block++) {
    const samples: number[] = [];
    for (let sample = 0; sample < 50; sample++) {
      const inputs = Array.from({ length: batch }, input) as never[];
      const start = performance.now();
      for (const item of inputs) run(item);
      samples.push(((performance.now() - start) * 1e6) / batch);
    }
    medians.push(median(samples));
  }
  console.log(JSON.stringify(medians));
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[sorted.length >> 1];
}

function parent(argv: string[]): void {
  const settings = parse(argv);
  const script = fileURLToPath(import.meta.url);
  const name = `${settings.codec} ${settings.format} ${settings.payload} ${settings.direction}`;
  console.log(`${name}: ${settings.processes} fresh processes per flag set, ${settings.blocks} blocks of 50 batches of 20 calls each`);
  for (const flags of settings.flags) {
    const steady: number[] = [];
    for (let index = 0; index < settings.processes; index++) {
      const result = spawnSync(process.execPath, [...flags.split(' ').filter(Boolean), '--import', 'tsx', script, '--child', ...argv], { encoding: 'utf8' });
      if (result.status !== 0) throw new Error(`child failed: ${result.stderr}`);
      const blocks = JSON.parse(result.stdout.trim().split('\n').at(-1) ?? '[]') as number[];
      const later = blocks.slice(blocks.length >> 1);
      steady.push(median(later));
      console.log(`  [${flags || 'no flags'}] process ${index + 1}: steady ${median(later).toFixed(0)} ns/op; later blocks ${Math.min(...later).toFixed(0)}–${Math.max(...later).toFixed(0)}`);
    }
    console.log(`  [${flags || 'no flags'}] steady speeds: ${steady.map((ns) => ns.toFixed(0)).join(', ')} ns/op; max/min ${(Math.max(...steady) / Math.min(...steady)).toFixed(2)}`);
  }
}

if (process.argv.includes('--child')) await child(parse(process.argv.slice(2)));
else parent(process.argv.slice(2));
