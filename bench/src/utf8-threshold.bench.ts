/**
 * Where should `writeUtf8` / `readUtf8` (packages/runtime/src/utf8.ts, utf8-decode.ts) switch from the
 * hand loops to the platform (Node's Buffer utf8Write / utf8Slice, else TextEncoder / TextDecoder)?
 * This times each path of the runtime's own code for string lengths 1..256 in ASCII, mixed
 * two- and three-byte, Georgian and emoji text, and prints the crossover of each threshold
 * constant: the shortest length from which its second path wins at every longer length measured.
 * Decoding includes flattening the result (one `charCodeAt`), since the hand loop returns a rope
 * that the first use flattens.
 *
 * Each path is forced by loading the built `dist/utf8.js` and `dist/utf8-decode.js` with their
 * threshold constants rewritten (see `FORCED`), so the code timed is exactly the shipped code and
 * nothing is written twice. Run: `pnpm build && node --expose-gc --import tsx
 * bench/src/utf8-threshold.bench.ts [--quick] [--out NAME]` under the Node to tune for. Writes
 * bench/results/utf8-threshold.md (or NAME.md).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describeMachine } from './machine.js';
import { estimate, median, timeRounds, type Budget, type Timed } from './timing.js';

const LENGTHS = [1, 2, 3, 4, 6, 8, 12, 16, 20, 24, 28, 32, 40, 48, 56, 64, 72, 80, 96, 112, 128, 160, 192, 224, 256];
const KINDS = {
  ascii: 'The quick brown fox jumps over the lazy dog; 0123456789. ',
  // Two-byte (Cyrillic, Latin-1) and three-byte (€, CJK) characters, no surrogate pairs.
  'non-ascii': 'Съешь же ещё этих мягких булок ø € 日本 ',
  // Three bytes a letter (as in long-strings), and four-byte surrogate pairs (string-ladder).
  georgian: 'გთხოვთ ახლავე გაიაროთ რეგისტრაცია ',
  emoji: '😀😁😂🤣😃😄😅😆😉😊 ',
} as const;
type Kind = keyof typeof KINDS;
const NON_ASCII = ['non-ascii', 'georgian', 'emoji'] as const satisfies readonly Kind[];

type Utf8Module = Pick<typeof import('@binschema/runtime'), 'writeUtf8' | 'readUtf8'>;

/**
 * One way through the code, forced by rewriting its constants: `hand` (the hand loop, for decode
 * the rope of 8-byte pieces), `units` (decode only: the UTF-16 buffer from the first byte),
 * `platform` (Node's `Buffer` utf8Write / utf8Slice from the first byte) and, with `Buffer`
 * hidden from the copy, `units-nb` and `platform-nb` (TextEncoder / TextDecoder): the paths a
 * browser takes.
 */
type Path = 'hand' | 'units' | 'platform' | 'units-nb' | 'platform-nb';
const INFINITY = 'Number.POSITIVE_INFINITY';
interface Forced {
  /** `export const` rewrites in dist/utf8.js; `undefined`: the path does not encode. */
  encode?: Record<string, string>;
  decode: Record<string, string>;
  noBuffer: boolean;
}
const FORCED: Record<Path, Forced> = {
  hand: { encode: { UTF8_ENCODE_THRESHOLD: INFINITY }, decode: { UTF8_DECODE_THRESHOLD: INFINITY, UTF8_UNITS_MIN: INFINITY }, noBuffer: false },
  units: { decode: { UTF8_DECODE_THRESHOLD: INFINITY, UTF8_UNITS_MIN: '0' }, noBuffer: false },
  platform: { encode: { UTF8_ENCODE_THRESHOLD: '-1' }, decode: { UTF8_DECODE_THRESHOLD: '-1', UTF8_PLATFORM_MIN: '0' }, noBuffer: false },
  'units-nb': { decode: { UTF8_DECODE_THRESHOLD: INFINITY, UTF8_UNITS_MIN: '0' }, noBuffer: true },
  'platform-nb': { encode: { UTF8_ENCODE_THRESHOLD: '-1' }, decode: { UTF8_DECODE_THRESHOLD: '-1', UTF8_PLATFORM_MIN: '0' }, noBuffer: true },
};
const PATHS = Object.keys(FORCED) as Path[];

/**
 * Each constant's choice: the two paths it picks between, in which kinds of text. The decode
 * constants count bytes, the encode constant UTF-16 units.
 */
const CHOICES = [
  { direction: 'encode', constant: 'UTF8_ENCODE_THRESHOLD (UTF-16 units)', below: 'hand', above: 'platform' },
  { direction: 'encode', constant: 'UTF8_ENCODE_THRESHOLD without Buffer (UTF-16 units)', below: 'hand', above: 'platform-nb' },
  { direction: 'decode', constant: 'UTF8_DECODE_THRESHOLD (bytes, ASCII text)', below: 'hand', above: 'platform', kinds: ['ascii'] },
  { direction: 'decode', constant: 'UTF8_UNITS_MIN (bytes, non-ASCII text)', below: 'hand', above: 'units', kinds: NON_ASCII },
  { direction: 'decode', constant: 'UTF8_PLATFORM_MIN (bytes, non-ASCII text)', below: 'units', above: 'platform', kinds: NON_ASCII },
  { direction: 'decode', constant: 'UTF8_PLATFORM_MIN without Buffer (bytes, non-ASCII text)', below: 'units-nb', above: 'platform-nb', kinds: NON_ASCII },
] as const satisfies readonly { direction: 'encode' | 'decode'; constant: string; below: Path; above: Path; kinds?: readonly Kind[] }[];

/** Imports dist/utf8.js and dist/utf8-decode.js with their constants set to force `path`. */
async function loadForced(path: Path): Promise<Partial<Utf8Module>> {
  const { encode, decode, noBuffer } = FORCED[path];
  const { writeUtf8 } = encode === undefined ? { writeUtf8: undefined } : ((await importPatched('utf8', encode, noBuffer, path)) as Pick<Utf8Module, 'writeUtf8'>);
  const { readUtf8 } = (await importPatched('utf8-decode', decode, noBuffer, path)) as Pick<Utf8Module, 'readUtf8'>;
  return { writeUtf8, readUtf8 };
}

/**
 * Imports a copy of dist/<file>.js (a module without imports) with each `export const <name>`
 * of `constants` set to its value and, for `noBuffer`, every `globalThis.Buffer` read as
 * `undefined` (as scripts/without-buffer.mjs does for the tests).
 */
async function importPatched(file: string, constants: Record<string, string>, noBuffer: boolean, path: Path): Promise<unknown> {
  let source = readFileSync(new URL(`../../packages/runtime/dist/${file}.js`, import.meta.url), 'utf8');
  for (const [name, value] of Object.entries(constants)) {
    const pattern = new RegExp(`export const ${name} = \\d+;`);
    if (!pattern.test(source)) throw new Error(`dist/${file}.js has no "export const ${name} = <n>;" to rewrite`);
    source = source.replace(pattern, `export const ${name} = ${value};`);
  }
  if (noBuffer) {
    if (!source.includes('globalThis.Buffer')) throw new Error(`dist/${file}.js reads no globalThis.Buffer to hide`);
    source = source.replaceAll('globalThis.Buffer', 'undefined');
  }
  const dir = new URL('../.generated/', import.meta.url);
  mkdirSync(dir, { recursive: true });
  const copy = new URL(`${file}-${path}.mjs`, dir);
  writeFileSync(copy, source);
  return import(pathToFileURL(fileURLToPath(copy)).href);
}

/**
 * A flat (sequential) string of `length` UTF-16 units (one less when a surrogate pair would be
 * cut), like the strings `JSON.parse` or a decoder makes; `repeat`/`slice` alone would give a
 * rope or a slice, which `charCodeAt` reads slower.
 */
function textOf(kind: Kind, length: number): string {
  const unit = KINDS[kind];
  let rope = unit.repeat(Math.ceil(length / unit.length) + 1).slice(0, length);
  if (/[\ud800-\udbff]$/.test(rope)) rope = rope.slice(0, -1);
  return new TextDecoder().decode(new TextEncoder().encode(rope));
}

interface Probe extends Timed {
  direction: 'encode' | 'decode';
  kind: Kind;
  length: number;
  path: Path;
}

function probes(modules: Record<Path, Partial<Utf8Module>>): Probe[] {
  const out: Probe[] = [];
  const target = new Uint8Array(4096);
  for (const kind of Object.keys(KINDS) as Kind[]) {
    for (const length of LENGTHS) {
      const text = textOf(kind, length);
      const bytes = new TextEncoder().encode(text);
      for (const path of PATHS) {
        const { writeUtf8, readUtf8 } = modules[path];
        if (writeUtf8 !== undefined) {
          // From offset 16: the lone-surrogate check of long text borrows the byte before the text.
          const written = writeUtf8(target, 16, text) - 16;
          if (written !== bytes.length || target.subarray(16, 16 + written).some((byte, index) => byte !== bytes[index])) {
            throw new Error(`${path} writeUtf8 fails on ${kind} ${length}`);
          }
          out.push({ direction: 'encode', kind, length, path, makeInput: () => text, run: (input: string) => writeUtf8(target, 16, input) });
        }
        if (readUtf8!(bytes, 0, bytes.length) !== text) throw new Error(`${path} readUtf8 fails on ${kind} ${length}`);
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
        out.push({ direction: 'decode', kind, length, path, makeInput: message, run: (input: Uint8Array) => readUtf8!(input, 16, size)!.charCodeAt(0) });
      }
    }
  }
  return out;
}

/** The shortest measured size from which path `above` is at least as fast as `below` at every larger size. */
function crossover(rows: { size: number; ns: Partial<Record<Path, number>> }[], below: Path, above: Path): number | undefined {
  let answer: number | undefined;
  for (let index = rows.length - 1; index >= 0; index--) {
    if (rows[index].ns[above]! > rows[index].ns[below]!) break;
    answer = rows[index].size;
  }
  return answer;
}

function option(name: string): string | undefined {
  const index = process.argv.indexOf(name);
  return index === -1 ? undefined : process.argv[index + 1];
}

async function main(): Promise<void> {
  const quick = process.argv.includes('--quick');
  const out = option('--out') ?? (quick ? 'utf8-threshold.quick' : 'utf8-threshold');
  const budget: Budget = { timeMs: quick ? 2 : 15, sampleUs: 200, minSamples: quick ? 2 : 6, estimateMs: quick ? 0.5 : 4, gc: !quick, warmupSamples: quick ? 1 : 8 };
  const rounds = quick ? 1 : 5;
  const modules = {} as Record<Path, Partial<Utf8Module>>;
  for (const path of PATHS) modules[path] = await loadForced(path);
  const all = probes(modules);
  const estimates = new Map(all.map((probe) => [probe, estimate(probe, budget)]));
  // One group per direction × kind × length: its paths measured back to back.
  const groups = new Map<string, Probe[]>();
  for (const probe of all) {
    const key = `${probe.direction}/${probe.kind}/${probe.length}`;
    groups.set(key, [...(groups.get(key) ?? []), probe]);
  }
  const { results: timings } = await timeRounds([...groups.values()], estimates, rounds, budget, (round) => console.log(`round ${round + 1}/${rounds}`));
  const machine = describeMachine();
  const lines = [`# UTF-8 threshold`, '', `${machine.date} · ${machine.cpu} (${machine.cores} cores) · Node ${machine.node} · ${rounds} round(s), ${budget.timeMs} ms per case`, ''];
  lines.push('Paths: `hand` the hand loop (decode: pieces of 8 bytes, a rope), `units` the UTF-16 buffer, `platform` Node\'s Buffer utf8Write / utf8Slice, `-nb` with Buffer hidden (TextEncoder / TextDecoder). Crossover: the shortest length (encode: UTF-16 units, decode: bytes) from which the second path is at least as fast at every longer length measured.', '');
  const summary: string[] = ['## Crossovers', '', '| constant | kind | from | to | crossover |', '| --- | --- | --- | --- | ---: |'];
  for (const direction of ['encode', 'decode'] as const) {
    const paths = PATHS.filter((path) => direction === 'decode' || FORCED[path].encode !== undefined);
    for (const kind of Object.keys(KINDS) as Kind[]) {
      const rows = LENGTHS.map((length) => {
        const ns: Partial<Record<Path, number>> = {};
        for (const path of paths) ns[path] = median(timings.get(all.find((probe) => probe.direction === direction && probe.kind === kind && probe.length === length && probe.path === path)!)!);
        const text = textOf(kind, length);
        return { length: text.length, bytes: Buffer.byteLength(text), size: direction === 'encode' ? text.length : Buffer.byteLength(text), ns };
      });
      for (const choice of CHOICES) {
        if (choice.direction !== direction || ('kinds' in choice && !(choice.kinds as readonly Kind[]).includes(kind))) continue;
        const cross = crossover(rows, choice.below, choice.above);
        const shown = cross === undefined ? `not reached by ${rows[rows.length - 1].size}` : `${cross}`;
        summary.push(`| ${choice.constant} | ${kind} | ${choice.below} | ${choice.above} | ${shown} |`);
        console.log(`${direction} ${kind.padEnd(9)} ${choice.below} -> ${choice.above}: ${shown} (${choice.constant})`);
      }
      lines.push(`## ${direction} ${kind}`, '');
      lines.push(`| units | bytes | ${paths.map((path) => `${path} ns`).join(' | ')} |`, `| ---: | ---: | ${paths.map(() => '---:').join(' | ')} |`);
      for (const row of rows) lines.push(`| ${row.length} | ${row.bytes} | ${paths.map((path) => row.ns[path]!.toFixed(1)).join(' | ')} |`);
      lines.push('');
    }
  }
  const dir = new URL('../results/', import.meta.url);
  mkdirSync(dir, { recursive: true });
  writeFileSync(new URL(`${out}.md`, dir), `${[...lines.slice(0, 4), ...summary, '', ...lines.slice(4)].join('\n')}\n`);
  console.log(`wrote bench/results/${out}.md`);
}

await main();
