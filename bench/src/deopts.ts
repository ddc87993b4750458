/**
 * `pnpm --filter @binschema/bench run deopts`: are the generated codecs stable in a process that
 * collects garbage? A child process (`node --trace-deopt --expose-gc`) runs every ahead-of-time
 * module (and, unless `--aot-only`, compileCodec's output and the generic codecs, which share
 * the runtime with them) on every payload in a loop, encode and decode, with a `gc()` every few
 * rounds and nothing kept between calls. After a warm-up it prints a marker; this parent reads
 * V8's trace after the marker and reports each deopt of a function declared in a generated module
 * or in the runtime: function, kind, reason, count. It should report none.
 *
 *   pnpm --filter @binschema/bench run deopts [--rounds N] [--warmup N] [--gc-every N] [--payload NAME] [--aot-only]
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { AOT_DIR, generateModules, importModule } from './aot.js';
import { loadPayloads } from './payloads.js';
import { cloneJson, copyBytes } from './values.js';

const MARKER = '=== binschema deopts: warm ===';
const END = '=== binschema deopts: end ===';

interface Settings {
  rounds: number;
  warmup: number;
  gcEvery: number;
  payload?: string;
  aotOnly: boolean;
}

function parse(argv: string[]): Settings {
  const settings: Settings = { rounds: 400, warmup: 300, gcEvery: 10, aotOnly: false };
  for (let index = 0; index < argv.length; index++) {
    const arg = argv[index];
    const next = () => argv[++index];
    if (arg === '--rounds') settings.rounds = Number(next());
    else if (arg === '--warmup') settings.warmup = Number(next());
    else if (arg === '--gc-every') settings.gcEvery = Number(next());
    else if (arg === '--payload') settings.payload = next();
    else if (arg === '--aot-only') settings.aotOnly = true;
    else if (arg !== '--child' && arg !== '--') throw new Error(`unknown argument ${arg}`);
  }
  return settings;
}

interface Work {
  name: string;
  encode: (value: unknown) => Uint8Array;
  decode: (bytes: Uint8Array) => unknown;
  value: unknown;
  bytes: Uint8Array;
}

/** Child: the loop under --trace-deopt. */
async function child(settings: Settings): Promise<void> {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (gc === undefined) throw new Error('run with --expose-gc');
  const payloads = loadPayloads(settings.payload);
  await generateModules(payloads);
  const { compileCodec } = await import('@binschema/compiler');
  const { CborEncoder, CborDecoder } = await import('@binschema/runtime/cbor');
  const { UbjsonEncoder, UbjsonDecoder } = await import('@binschema/runtime/ubjson');
  const work: Work[] = [];
  for (const format of ['cbor', 'ubjson'] as const) {
    const encoder = format === 'cbor' ? new CborEncoder() : new UbjsonEncoder();
    const decoder = format === 'cbor' ? new CborDecoder() : new UbjsonDecoder();
    for (const payload of payloads) {
      const module = await importModule(payload, format);
      const codecs = [{ name: 'aot', encode: module.encode, decode: module.decode }];
      if (!settings.aotOnly) {
        const compiled = compileCodec(payload.schema, { format });
        codecs.push({ name: 'compileCodec', encode: compiled.encode, decode: compiled.decode });
        codecs.push({ name: 'generic', encode: (value) => encoder.encode(value), decode: (bytes) => decoder.decode(bytes) });
      }
      for (const codec of codecs) {
        work.push({ ...codec, name: `${codec.name} ${format} ${payload.name}`, value: payload.value, bytes: copyBytes(codec.encode(cloneJson(payload.value))) });
      }
    }
  }
  const round = () => {
    for (const item of work) {
      item.encode(cloneJson(item.value));
      item.decode(copyBytes(item.bytes));
    }
  };
  for (let index = 0; index < settings.warmup; index++) {
    round();
    if (index % settings.gcEvery === 0) gc();
  }
  console.log(MARKER);
  for (let index = 0; index < settings.rounds; index++) {
    round();
    if (index % settings.gcEvery === 0) gc();
  }
  console.log(END);
}

/** Names of the functions declared in the generated modules and in the runtime's build. */
function functionNames(dir: string): Set<string> {
  const names = new Set<string>();
  for (const file of (readdirSync(dir, { recursive: true }) as string[]).filter((name) => name.endsWith('.js'))) {
    for (const match of readFileSync(join(dir, file), 'utf8').matchAll(/(?:function\s+|^\s+(?:static\s+)?)([A-Za-z_$][\w$]*)\s*\(/gm)) names.add(match[1]);
  }
  return names;
}

export interface Deopt {
  function: string;
  kind: string;
  reason: string;
}

/**
 * The deopts in V8's `--trace-deopt` text between the markers: eager/lazy/soft bailouts
 * (`[bailout (kind: deopt-eager, reason: wrong map): begin. deoptimizing … <JSFunction name …`)
 * and code thrown away for a dependency (`[marking dependent code … <SharedFunctionInfo name> …
 * reason: weak objects]`).
 */
export function parseTrace(text: string): Deopt[] {
  const start = text.indexOf(MARKER);
  const end = text.indexOf(END);
  const body = text.slice(start < 0 ? 0 : start, end < 0 ? undefined : end);
  const deopts: Deopt[] = [];
  for (const line of body.split('\n')) {
    const bailout = /^\[bailout \(kind: ([\w-]+), reason: (.*?)\): begin\. deoptimizing \S+ <JSFunction(?: ([^ >(][^ >]*))?/.exec(line);
    if (bailout !== null) {
      deopts.push({ function: bailout[3] || '(anonymous)', kind: bailout[1], reason: bailout[2] });
      continue;
    }
    const marked = /^\[marking dependent code .*?<SharedFunctionInfo ?([^ >]*)>.*reason: ([^\]]*)\]/.exec(line);
    if (marked !== null) deopts.push({ function: marked[1] || '(anonymous)', kind: 'marked', reason: marked[2] });
  }
  return deopts;
}

function parent(argv: string[]): void {
  const settings = parse(argv);
  const script = fileURLToPath(import.meta.url);
  console.log(`running every codec ${settings.warmup} rounds to warm up, then ${settings.rounds} rounds with gc() every ${settings.gcEvery}, under --trace-deopt`);
  const result = spawnSync(process.execPath, ['--trace-deopt', '--expose-gc', '--import', 'tsx', script, '--child', ...argv], {
    encoding: 'utf8',
    maxBuffer: 1 << 30,
    cwd: fileURLToPath(new URL('..', import.meta.url)),
  });
  if (result.status !== 0) throw new Error(`child failed (exit ${result.status ?? result.signal}): ${result.stderr.slice(-2000)}`);
  if (!result.stdout.includes(END)) throw new Error('child ended without its end marker');
  const generated = functionNames(AOT_DIR);
  const runtime = functionNames(fileURLToPath(new URL('../../packages/runtime/dist/', import.meta.url)));
  const counts = new Map<string, number>();
  for (const deopt of parseTrace(result.stdout)) {
    const where = generated.has(deopt.function) ? 'generated' : runtime.has(deopt.function) ? 'runtime' : undefined;
    if (where === undefined) continue;
    const key = `${where} ${deopt.function}: ${deopt.kind}, ${deopt.reason}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  if (counts.size === 0) {
    console.log('no deopts of generated or runtime functions after the warm-up');
    return;
  }
  console.log('deopts after the warm-up (where function: kind, reason × count):');
  for (const [key, count] of [...counts].sort((a, b) => b[1] - a[1])) console.log(`  ${key} × ${count}`);
  process.exitCode = 1;
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  if (process.argv.includes('--child')) await child(parse(process.argv.slice(2)));
  else parent(process.argv.slice(2));
}
