/**
 * Where should `writeUtf8` / `readUtf8` (packages/runtime/src/utf8.ts, utf8-decode.ts) switch from the hand loop
 * to `TextEncoder.encodeInto` / `TextDecoder`? This times both paths of the runtime's own code for
 * string lengths 1..256, ASCII and non-ASCII, and prints the crossover: the shortest length from
 * which the platform path wins at every longer length measured. Decoding includes flattening the
 * result (one `charCodeAt`), since the hand path returns a rope that the first use flattens.
 *
 * Each path is forced by loading the built `dist/utf8.js` and `dist/utf8-decode.js` with their threshold constants rewritten
 * (Infinity: always by hand; -1: always the platform), so the code timed is exactly the shipped
 * code and nothing is written twice. Run: `pnpm build && node --expose-gc --import tsx
 * bench/src/utf8-threshold.bench.ts [--quick]`. Writes bench/results/utf8-threshold.md.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describeMachine } from './machine.js';
import { estimate, median, timeRounds, type Budget, type Timed } from './timing.js';

type Utf8Module = Pick<typeof import('@binschema/runtime'), 'writeUtf8' | 'readUtf8'>;
type Path = 'hand' | 'platform';

const LENGTHS = [1, 2, 3, 4, 6, 8, 12, 16, 20, 24, 28, 32, 40, 48, 56, 64, 72, 80, 96, 112, 128, 160, 192, 224, 256];
const KINDS = {
  ascii: 'The quick brown fox jumps over the lazy dog; 0123456789. ',
  // Two-byte (Cyrillic, Latin-1) and three-byte (€, CJK) characters, no surrogate pairs, so the
  // length in UTF-16 units is the length in characters.
  'non-ascii': 'Съешь же ещё этих мягких булок ø € 日本 ',
} as const;
type Kind = keyof typeof KINDS;

/** Imports dist/utf8.js and dist/utf8-decode.js with their thresholds set to force `path`. */
async function loadForced(path: Path): Promise<Utf8Module> {
  const value = path === 'hand' ? 'Number.POSITIVE_INFINITY' : '-1';
  const { writeUtf8 } = (await importPatched('utf8', 'UTF8_ENCODE_THRESHOLD', value, path)) as Pick<Utf8Module, 'writeUtf8'>;
  const { readUtf8 } = (await importPatched('utf8-decode', 'UTF8_DECODE_THRESHOLD', value, path)) as Pick<Utf8Module, 'readUtf8'>;
  return { writeUtf8, readUtf8 };
}

/** Imports a copy of dist/<file>.js (a module without imports) with `export const <name>` set to `value`. */
async function importPatched(file: string, name: string, value: string, path: Path): Promise<unknown> {
  const source = readFileSync(new URL(`../../packages/runtime/dist/${file}.js`, import.meta.url), 'utf8');
  const pattern = new RegExp(`export const ${name} = \\d+;`);
  if (!pattern.test(source)) throw new Error(`dist/${file}.js has no "export const ${name} = <n>;" to rewrite`);
  const dir = new URL('../.generated/', import.meta.url);
  mkdirSync(dir, { recursive: true });
  const copy = new URL(`${file}-${path}.mjs`, dir);
  writeFileSync(copy, source.replace(pattern, `export const ${name} = ${value};`));
  return import(pathToFileURL(fileURLToPath(copy)).href);
}

/**
 * A flat (sequential) string of `length` UTF-16 units, like the strings `JSON.parse` or a decoder
 * makes; `repeat`/`slice` alone would give a rope or a slice, which `charCodeAt` reads slower.
 */
function textOf(kind: Kind, length: number): string {
  const unit = KINDS[kind];
  const rope = unit.repeat(Math.ceil(length / unit.length) + 1).slice(0, length);
  return new TextDecoder().decode(new TextEncoder().encode(rope));
}

interface Probe extends Timed {
  direction: 'encode' | 'decode';
  kind: Kind;
  length: number;
  path: Path;
}

function probes(modules: Record<Path, Utf8Module>): Probe[] {
  const out: Probe[] = [];
  const target = new Uint8Array(4096);
  for (const kind of Object.keys(KINDS) as Kind[]) {
    for (const length of LENGTHS) {
      const text = textOf(kind, length);
      const bytes = new TextEncoder().encode(text);
      for (const path of ['hand', 'platform'] as const) {
        const { writeUtf8, readUtf8 } = modules[path];
        if (readUtf8(bytes, 0, bytes.length) !== text) throw new Error(`${path} readUtf8 fails on ${kind} ${length}`);
        const written = writeUtf8(target, 0, text);
        if (written !== bytes.length || target.subarray(0, written).some((byte, index) => byte !== bytes[index])) {
          throw new Error(`${path} writeUtf8 fails on ${kind} ${length}`);
        }
        out.push({ direction: 'encode', kind, length, path, makeInput: () => text, run: (input: string) => writeUtf8(target, 0, input) });
        // A fresh message per call with the text at offset 16, as a string sits inside a CBOR
        // message, in its own ArrayBuffer (off the V8 heap, like input from a socket). The hand
        // path builds the string with `+=`, which V8 keeps as a rope (from 13 characters) until
        // something reads it; `charCodeAt` flattens it, as any later use would, so that counts.
        const message = () => {
          const copy = new Uint8Array(new ArrayBuffer(bytes.length + 32));
          copy.set(bytes, 16);
          return copy;
        };
        const size = bytes.length;
        out.push({ direction: 'decode', kind, length, path, makeInput: message, run: (input: Uint8Array) => readUtf8(input, 16, size)!.charCodeAt(0) });
      }
    }
  }
  return out;
}

/** The shortest measured length from which the platform path is at least as fast at every longer length. */
function crossover(rows: { length: number; hand: number; platform: number }[]): number | undefined {
  let answer: number | undefined;
  for (let index = rows.length - 1; index >= 0; index--) {
    if (rows[index].platform > rows[index].hand) break;
    answer = rows[index].length;
  }
  return answer;
}

async function main(): Promise<void> {
  const quick = process.argv.includes('--quick');
  const budget: Budget = { timeMs: quick ? 2 : 15, sampleUs: 200, minSamples: quick ? 2 : 6, estimateMs: quick ? 0.5 : 4, gc: !quick, warmupSamples: quick ? 1 : 8 };
  const rounds = quick ? 1 : 5;
  const modules = { hand: await loadForced('hand'), platform: await loadForced('platform') };
  const all = probes(modules);
  const estimates = new Map(all.map((probe) => [probe, estimate(probe, budget)]));
  // One group per direction × kind × length: hand and platform measured back to back.
  const groups = new Map<string, Probe[]>();
  for (const probe of all) {
    const key = `${probe.direction}/${probe.kind}/${probe.length}`;
    groups.set(key, [...(groups.get(key) ?? []), probe]);
  }
  const { results: timings } = await timeRounds([...groups.values()], estimates, rounds, budget, (round) => console.log(`round ${round + 1}/${rounds}`));
  const machine = describeMachine();
  const lines = [`# UTF-8 threshold`, '', `${machine.date} · ${machine.cpu} (${machine.cores} cores) · Node ${machine.node} · ${rounds} round(s), ${budget.timeMs} ms per case`, ''];
  for (const direction of ['encode', 'decode'] as const) {
    const constant = direction === 'encode' ? 'UTF8_ENCODE_THRESHOLD (UTF-16 units)' : 'UTF8_DECODE_THRESHOLD (bytes)';
    for (const kind of Object.keys(KINDS) as Kind[]) {
      const rows = LENGTHS.map((length) => {
        const find = (path: Path) => median(timings.get(all.find((probe) => probe.direction === direction && probe.kind === kind && probe.length === length && probe.path === path)!)!);
        const text = textOf(kind, length);
        return { length, size: direction === 'encode' ? length : Buffer.byteLength(text), hand: find('hand'), platform: find('platform') };
      });
      // The decode constant counts bytes, so report the decode crossover in bytes.
      const cross = crossover(rows.map((row) => ({ ...row, length: row.size })));
      lines.push(`## ${direction} ${kind}: crossover ${cross === undefined ? 'not reached by 256' : `at ${cross}`} (${constant})`, '');
      lines.push('| length | bytes | hand ns | platform ns | hand/platform |', '| ---: | ---: | ---: | ---: | ---: |');
      for (const row of rows) lines.push(`| ${row.length} | ${row.size} | ${row.hand.toFixed(1)} | ${row.platform.toFixed(1)} | ${(row.hand / row.platform).toFixed(2)} |`);
      lines.push('');
      console.log(`${direction} ${kind.padEnd(9)} crossover: ${cross === undefined ? 'not reached by 256' : cross} (${constant})`);
    }
  }
  const dir = new URL('../results/', import.meta.url);
  mkdirSync(dir, { recursive: true });
  writeFileSync(new URL(quick ? 'utf8-threshold.quick.md' : 'utf8-threshold.md', dir), `${lines.join('\n')}\n`);
  console.log(`wrote bench/results/${quick ? 'utf8-threshold.quick.md' : 'utf8-threshold.md'}`);
}

await main();
